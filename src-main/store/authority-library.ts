/**
 * Reads the authority library: one JSON file per authority in the resources folder's
 * `authorities/` (src-shared/sizing/authority.ts describes the format). Every file is checked at
 * load, its rules included, so a bad file stops the start with its name rather than sizing wrong.
 *
 * The check (some 30 ms of a start) can be remembered: given a cache file and the code's build,
 * a library whose files are byte for byte the ones last checked, by the same build, is read as it
 * was checked then (`AuthorityCheckCache`). Any change to a file, a file added or removed, or
 * another build, and every file is checked again.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { authorityFileSchema, authorityRules, type AuthorityFile } from '../../src-shared/sizing/authority.js';
import { DEFAULT_JURISDICTION_RULES } from '../../src-shared/sizing/jurisdiction-rules.js';

export const AUTHORITIES_FOLDER = 'authorities';
/** In the data folder: the last check of the library (AuthorityCheckCache). */
export const AUTHORITY_CHECK_FILE = 'authority-check.json';

const loaded = new Map<string, readonly AuthorityFile[]>();

/** Where a checked library is remembered, and the build whose check it was (null: never remembered). */
export interface AuthorityCheckCache {
  file: string;
  build: string | null;
}

interface CachedCheck {
  /** sha256 of the build, and of every file's name and bytes. */
  digest: string;
  library: AuthorityFile[];
}

export function loadAuthorityLibrary(resourcesDir: string, cache?: AuthorityCheckCache): readonly AuthorityFile[] {
  const dir = path.join(resourcesDir, AUTHORITIES_FOLDER);
  const held = loaded.get(dir);
  if (held) return held;
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  const texts = files.map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
  const digest = cache?.build ? digestOf(cache.build, files, texts) : null;
  const remembered = digest ? readCheck(cache!.file, digest) : null;
  const library = remembered ?? checkLibrary(dir, files, texts);
  if (digest && !remembered) writeCheck(cache!.file, { digest, library });
  loaded.set(dir, library);
  return library;
}

function digestOf(build: string, files: string[], texts: string[]): string {
  const hash = createHash('sha256').update(`${build}\0`);
  files.forEach((file, i) => hash.update(`${file}\0${texts[i]}\0`));
  return hash.digest('hex');
}

function readCheck(file: string, digest: string): AuthorityFile[] | null {
  try {
    const cached = JSON.parse(fs.readFileSync(file, 'utf8')) as CachedCheck;
    return cached.digest === digest && Array.isArray(cached.library) ? cached.library : null;
  } catch {
    return null; // none yet, or unreadable: check the files
  }
}

function writeCheck(file: string, check: CachedCheck): void {
  try {
    // Whole or not at all: a file cut short is unreadable, and the next start checks again.
    const part = `${file}.${process.pid}.part`;
    fs.writeFileSync(part, JSON.stringify(check), { mode: 0o600 });
    fs.renameSync(part, file);
  } catch {
    // Only a start's speed depends on it.
  }
}

/** Every file through its schema, its rules read, and no jurisdiction name claimed twice. */
function checkLibrary(dir: string, files: string[], texts: string[]): AuthorityFile[] {
  const library = files.map((file, i) => {
    const where = path.join(dir, file);
    const parsed = authorityFileSchema.safeParse(JSON.parse(texts[i]!));
    if (!parsed.success) throw new Error(`${where}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    if (`${parsed.data.key}.json` !== file) throw new Error(`${where}: its key is "${parsed.data.key}", not the file's name`);
    try {
      authorityRules(parsed.data, DEFAULT_JURISDICTION_RULES);
    } catch (error) {
      throw new Error(`${where}: its rules do not read: ${(error as Error).message}`);
    }
    return parsed.data;
  });
  const names = new Map<string, string>();
  for (const a of library) {
    for (const n of a.jurisdictions) {
      const key = `${a.state}:${n.toLowerCase()}`;
      const other = names.get(key);
      if (other !== undefined && other !== a.key) throw new Error(`${n} (${a.state}) is claimed by two authorities: ${other} and ${a.key}`);
      names.set(key, a.key);
    }
  }
  return library;
}
