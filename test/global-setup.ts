/**
 * Builds the compiled command line and the prepared start-up store (scripts/build-cli.mjs, as
 * `npm run serve` does: rebuilt only when the code or the data set changed), then one data
 * directory from it; test servers start from a copy of its database file (a real SQLite file
 * each). The first start itself is tested through the command line.
 *
 * Beside it, the central service of the two-server sync tests: the same store with only its first
 * UPSTREAM_PROJECTS projects. A sync asks for each project's detail, so a first sync from all
 * 6,040 took ~6,500 requests (half a minute of CPU, and there are a dozen such syncs); from this
 * one it takes ~800, over several pages of every list all the same. The full-scale sync is the
 * bench's (`npm run bench`). The tests name projects 5, 7, 12, 17, 33 and 290 and users 2 and 5
 * of it: all in the first 400.
 *
 * The three projects (unit, integration, ui) each run this set-up in the same process: the
 * directories are made once and removed after the last project's tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { TestProject } from 'vitest/node';
import { openEngine } from '../src-main/engine/engine.js';
import { DATABASE_FILE } from '../src-main/store/open-store.js';
import { ensureTemplate } from '../scripts/build-cli.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir: string;
    upstreamDataDir: string;
  }
}

export const UPSTREAM_PROJECTS = 400;

interface Prepared {
  templateDataDir: string;
  upstreamDataDir: string;
}

async function prepare(): Promise<Prepared> {
  await ensureTemplate();
  const templateDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-template-'));
  const engine = await openEngine({ dataDir: templateDataDir });
  // Fold the WAL into the main file, so a copy of fieldsizer.db alone is complete.
  engine.store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await engine.close();

  const upstreamDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-upstream-'));
  const file = path.join(upstreamDataDir, DATABASE_FILE);
  fs.copyFileSync(path.join(templateDataDir, DATABASE_FILE), file);
  const db = new Database(file);
  try {
    // Fixtures and notes go with their projects (on delete cascade), the search index by its triggers.
    db.pragma('foreign_keys = ON');
    db.prepare('delete from projects where id > ?').run(UPSTREAM_PROJECTS);
    db.exec('vacuum');
  } finally {
    db.close();
  }
  return { templateDataDir, upstreamDataDir };
}

/** Shared by the projects' set-ups (one module instance each, one process): made once, removed by the last. */
interface Shared {
  prepared: Promise<Prepared> | null;
  users: number;
}
const shared: Shared = ((globalThis as { __fieldsizerTestData?: Shared }).__fieldsizerTestData ??= { prepared: null, users: 0 });

export default async function setup(project: TestProject) {
  shared.users++;
  shared.prepared ??= prepare();
  const prepared = await shared.prepared;
  project.provide('templateDataDir', prepared.templateDataDir);
  project.provide('upstreamDataDir', prepared.upstreamDataDir);
  return () => {
    if (--shared.users > 0) return;
    shared.prepared = null;
    for (const dir of Object.values(prepared)) fs.rmSync(dir, { recursive: true, force: true });
  };
}
