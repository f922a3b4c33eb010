/**
 * Builds the compiled command line and the prepared start-up store (scripts/build-cli.mjs, as
 * `npm run serve` does: rebuilt only when the code or the data set changed), then one data
 * directory from it; test servers start from a copy of its database file (a real SQLite file
 * each). The first start itself is tested through the command line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openEngine } from '../src-main/engine/engine.js';
import { ensureTemplate } from '../scripts/build-cli.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  await ensureTemplate();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-template-'));
  const engine = await openEngine({ dataDir: dir });
  // Fold the WAL into the main file, so a copy of fieldsizer.db alone is complete.
  engine.store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await engine.close();
  project.provide('templateDataDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
