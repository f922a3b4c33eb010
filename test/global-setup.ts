/**
 * Builds one data directory with the embedded data set before the tests run; test servers start
 * from a copy of its database file (a real SQLite file each), instead of each loading and sizing
 * the whole data set again. The first start itself is tested through the CLI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openEngine } from '../src-main/engine/engine.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-template-'));
  const engine = await openEngine({ dataDir: dir });
  // Fold the WAL into the main file, so a copy of fieldsizer.db alone is complete.
  engine.store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await engine.close();
  project.provide('templateDataDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
