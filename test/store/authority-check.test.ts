/**
 * The authority library's check remembered between starts (store/authority-library.ts): a file
 * changed since the last check is checked again and a bad one refused with its name; files byte
 * for byte the same, under the same build, are read as checked; another build, or none, checks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTHORITIES_FOLDER, loadAuthorityLibrary } from '../../src-main/store/authority-library.js';

const REAL = path.resolve(import.meta.dirname, '../../resources', AUTHORITIES_FOLDER);
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A resources folder holding a copy of the real library (each load of a folder is its own: the library is held per folder). */
function resources(): { dir: string; authorities: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-authorities-'));
  made.push(dir);
  const authorities = path.join(dir, AUTHORITIES_FOLDER);
  fs.cpSync(REAL, authorities, { recursive: true });
  return { dir, authorities };
}

function cacheFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-authority-check-'));
  made.push(dir);
  return path.join(dir, 'authority-check.json');
}

const firstFile = (authorities: string) => fs.readdirSync(authorities).filter((f) => f.endsWith('.json')).sort()[0]!;

describe('the authority library, its check remembered', () => {
  it('checks a file changed since the last check, and refuses a bad one by name', () => {
    const file = cacheFile();
    const first = resources();
    expect(loadAuthorityLibrary(first.dir, { file, build: 'build-1' }).length).toBeGreaterThan(0);
    expect(fs.existsSync(file)).toBe(true);

    // The same library, one file now naming its state in full: not a two-letter state code.
    const changed = resources();
    const name = firstFile(changed.authorities);
    const where = path.join(changed.authorities, name);
    fs.writeFileSync(where, JSON.stringify({ ...JSON.parse(fs.readFileSync(where, 'utf8')), state: 'Maryland' }, null, 2));
    expect(() => loadAuthorityLibrary(changed.dir, { file, build: 'build-1' })).toThrow(new RegExp(`${name}: state`));
  });

  it('refuses a file added since the last check that claims a jurisdiction another authority holds', () => {
    const file = cacheFile();
    loadAuthorityLibrary(resources().dir, { file, build: 'build-1' });
    const added = resources();
    const original = JSON.parse(fs.readFileSync(path.join(added.authorities, firstFile(added.authorities)), 'utf8')) as { key: string };
    fs.writeFileSync(path.join(added.authorities, 'zz-copy.json'), JSON.stringify({ ...original, key: 'zz-copy' }));
    expect(() => loadAuthorityLibrary(added.dir, { file, build: 'build-1' })).toThrow(/claimed by two authorities/);
  });

  it('reads files byte for byte the same, under the same build, as they were checked', () => {
    const file = cacheFile();
    const checked = loadAuthorityLibrary(resources().dir, { file, build: 'build-1' });
    // What the remembered check holds is what is read (marked here to tell it from a new check).
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { digest: string; library: { authority: string }[] };
    kept.library[0]!.authority = 'Read from the remembered check';
    fs.writeFileSync(file, JSON.stringify(kept));
    const again = loadAuthorityLibrary(resources().dir, { file, build: 'build-1' });
    expect(again.length).toBe(checked.length);
    expect(again[0]!.authority).toBe('Read from the remembered check');
  });

  it('checks again under another build, and never remembers without one', () => {
    const file = cacheFile();
    const checked = loadAuthorityLibrary(resources().dir, { file, build: 'build-1' });
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { digest: string; library: { authority: string }[] };
    kept.library[0]!.authority = 'Read from the remembered check';
    fs.writeFileSync(file, JSON.stringify(kept));
    expect(loadAuthorityLibrary(resources().dir, { file, build: 'build-2' })[0]!.authority).toBe(checked[0]!.authority);

    const none = cacheFile();
    expect(loadAuthorityLibrary(resources().dir, { file: none, build: null })[0]!.authority).toBe(checked[0]!.authority);
    expect(fs.existsSync(none)).toBe(false);
  });
});
