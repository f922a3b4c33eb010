/**
 * Reads the authority library: one JSON file per authority in the resources folder's
 * `authorities/` (src-shared/sizing/authority.ts describes the format). Every file is checked at
 * load, its rules included, so a bad file stops the start with its name rather than sizing wrong.
 */
import fs from 'node:fs';
import path from 'node:path';
import { authorityFileSchema, authorityRules, type AuthorityFile } from '../../src-shared/sizing/authority.js';
import { DEFAULT_JURISDICTION_RULES } from '../../src-shared/sizing/jurisdiction-rules.js';

export const AUTHORITIES_FOLDER = 'authorities';

const loaded = new Map<string, readonly AuthorityFile[]>();

export function loadAuthorityLibrary(resourcesDir: string): readonly AuthorityFile[] {
  const dir = path.join(resourcesDir, AUTHORITIES_FOLDER);
  const cached = loaded.get(dir);
  if (cached) return cached;
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  const library = files.map((file) => {
    const where = path.join(dir, file);
    const parsed = authorityFileSchema.safeParse(JSON.parse(fs.readFileSync(where, 'utf8')));
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
  loaded.set(dir, library);
  return library;
}
