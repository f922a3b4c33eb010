/**
 * The compiled command line (scripts/build-cli.mjs) holds every worker thread the engine starts:
 * a worker missing from src-main/worker-entries.json would have no compiled file beside the
 * command line, and its job (a report, an import, a sync, a first start's load) would fail there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import workerEntries from '../src-main/worker-entries.json' with { type: 'json' };
import { CLI, root } from './helpers/cli-process.js';

/** The worker modules the sources start, by the name they start them under. */
function startedWorkers(dir: string): string[] {
  const names: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const text = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const m of text.matchAll(/startModuleWorker\(import\.meta\.url, '([\w-]+)'|new URL\('\.\/([\w-]+-worker)\.js', import\.meta\.url\)/g)) names.push(m[1] ?? m[2]!);
  }
  return [...new Set(names)].sort();
}

describe('the compiled command line', () => {
  it('lists every worker the engine starts, and holds a compiled file for each beside it', () => {
    const started = startedWorkers(path.join(root, 'src-main'));
    expect(started.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(workerEntries).sort()).toEqual(started);
    for (const [name, source] of Object.entries(workerEntries)) {
      expect(fs.existsSync(path.join(root, source)), source).toBe(true);
      expect(fs.existsSync(path.join(path.dirname(CLI), `${name}.js`)), `${name}.js`).toBe(true);
    }
  });
});
