/** Shared steps of the store-safety tests: a store with unsynced projects, and byte-level damage. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import { openEngine, type Engine } from '../../src-main/engine/engine.js';
import { DATABASE_FILE } from '../../src-main/store/open-store.js';
import { copyTemplateDataDir } from '../helpers/api-server.js';
import { projectCreateBody } from '../../src-shared/api/project-write.js';
import { openSqlite } from '../../src-main/store/sqlite.js';
import { StoreOpenError } from '../../src-main/store/store-errors.js';

/**
 * Scratch data folders (copies of the prepared store) and engines on them, removed and closed
 * after each test, with `cleanup` for the test's own steps (run last-in first-out).
 */
export function scratchStores() {
  const cleanup: Array<() => unknown> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const folder = (): { dataDir: string; file: string } => {
    const dataDir = copyTemplateDataDir();
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    return { dataDir, file: path.join(dataDir, DATABASE_FILE) };
  };
  const open = async (dataDir: string): Promise<Engine> => {
    const engine = await openEngine({ dataDir });
    cleanup.push(() => engine.close());
    return engine;
  };
  return { cleanup, folder, open };
}

/** Creates `count` Drafts with fixtures (unsynced, dirty) through the engine; returns their ids. */
export async function makeUnsyncedProjects(engine: Engine, count: number, label = 'Salvage test'): Promise<number[]> {
  const user = engine.store.sqlite.prepare('select id from users order by id limit 1').pluck().get() as number;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const body = projectCreateBody.parse({
      name: `${label} ${i + 1}`,
      engineer: { id: user },
      servings_per_day: 200 + i * 50,
      address: { street: `${100 + i} Main St`, city: 'Springfield', state: 'IL', postal_code: '62701' },
      fixtures: [
        { type: 'three-compartment-sink' },
        { type: 'dishwasher', gpm: 6 + i },
      ],
    });
    const created = await engine.projects.create(body as never, { personal: true });
    ids.push(created.id);
  }
  return ids;
}

/** Adds administrator notes to a project directly (the UI has no note editor; sync brings them). */
export function addNotes(engine: Engine, projectId: number, notes: { author: string; text: string; created: string }[]): void {
  const insert = engine.store.sqlite.prepare('insert into project_notes (project_id, author, text, created) values (?, ?, ?, ?)');
  for (const n of notes) insert.run(projectId, n.author, n.text, n.created);
}

/** The page number of a leaf page of `table` (SQLite's dbstat table). */
export function leafPageOf(file: string, table: string): number {
  const db = openSqlite(file, { readonly: true });
  try {
    const pages = db.prepare("select pageno from dbstat where name = ? and pagetype = 'leaf' order by pageno").pluck().all(table) as number[];
    return pages[Math.floor(pages.length / 2)]!;
  } finally {
    db.close();
  }
}

/** The page size of a database file (new stores take src-main/store/sqlite.ts PAGE_SIZE). */
export function pageSizeOf(file: string): number {
  const db = openSqlite(file, { readonly: true });
  try {
    return db.pragma('page_size', { simple: true }) as number;
  } finally {
    db.close();
  }
}

/** Overwrites bytes of a file in place. */
export function overwrite(file: string, offset: number, bytes: Buffer): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, bytes, 0, bytes.length, offset);
  } finally {
    fs.closeSync(fd);
  }
}

/** Bytes that are no SQLite page (a fixed pattern, so a failure is reproducible). */
export const garbage = (length: number) => Buffer.alloc(length, 0xa5);

/** Overwrites a leaf page of zip_codes in the middle of the file: quick_check finds it, the header is intact. */
export function damageMiddlePage(file: string): void {
  const page = leafPageOf(file, 'zip_codes');
  const size = pageSizeOf(file);
  overwrite(file, (page - 1) * size, garbage(size));
}

/** The StoreOpenError an open is refused with (fails the test when it opens, or fails otherwise). */
export async function openError(promise: Promise<unknown>): Promise<StoreOpenError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreOpenError);
  return error as StoreOpenError;
}
