/**
 * A user's clone is the whole project: nothing in it may read the team's research folder that
 * sits beside the repository in the team's workspace only. Every tracked file is scanned, the
 * docs included (they name the in-repo copies instead).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Tracked files when this is a git checkout, else every file outside the build and install folders. */
function repoFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  } catch {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const rel = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (!['node_modules', 'out', 'release', '.git', 'test-results'].includes(entry.name)) walk(rel);
        } else files.push(rel);
      }
    };
    walk('');
    return files;
  }
}

// The folder's name built from parts, so this file does not match itself.
const folder = ['sha', 'red'].join('');
const patterns = [new RegExp(`\\.\\./${folder}\\b`), new RegExp(`'\\.\\.',\\s*'${folder}'`), new RegExp(`/work/${folder}\\b`)];

describe('the repository stands alone', () => {
  it('no tracked file reads or names the research folder outside the repo', () => {
    const offenders: string[] = [];
    for (const file of repoFiles()) {
      const full = path.join(root, file);
      if (!fs.existsSync(full) || fs.statSync(full).size > 5_000_000) continue;
      const text = fs.readFileSync(full, 'utf8');
      text.split('\n').forEach((line, i) => {
        if (patterns.some((p) => p.test(line))) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it('holds the copies the build, the tests and the docs use', () => {
    for (const file of ['scripts/sources/catalog-facts.json', 'docs/research/sizing-methods.md', 'docs/service-api.md']) {
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    }
    const facts = JSON.parse(fs.readFileSync(path.join(root, 'scripts/sources/catalog-facts.json'), 'utf8')) as unknown[];
    expect(facts).toHaveLength(34);
  });
});
