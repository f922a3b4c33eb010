/**
 * The WAL's fold on a thread of its own (store/wal-fold.ts): every frame a connection left in the
 * WAL ends up in the database file, the serving connection keeps working meanwhile, and a fold
 * that cannot run says why instead of throwing. The WAL's state is read from its index (the -shm file).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DATABASE_FILE, openStore, type Store } from '../../src-main/store/open-store.js';
import { foldWal } from '../../src-main/store/wal-fold.js';
import { copyTemplateDataDir } from '../helpers/api-server.js';
import { walIndex } from '../helpers/wal-index.js';

let store: Store | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await store?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  store = undefined;
  dataDir = undefined;
});

it('folds every frame left in the WAL into the database file while the connection that wrote them stays open and usable', async () => {
  dataDir = copyTemplateDataDir();
  store = await openStore(dataDir, { check: false });
  const sqlite = store.sqlite;
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.exec('create table scratch_rows (id integer primary key, body text)');
  const insert = sqlite.prepare('insert into scratch_rows (body) values (?)');
  sqlite.transaction(() => {
    for (let i = 0; i < 2000; i++) insert.run('x'.repeat(2000));
  })();
  const before = walIndex(store.file);
  expect(before.frames).toBeGreaterThan(before.folded);

  // Lowered in priority, the fold's thread leaves the calling (serving) thread's as it was.
  const priority = os.getPriority();
  const result = await foldWal(store.file, priority + 5);
  expect(os.getPriority()).toBe(priority);
  expect(result).toEqual({ folded: before.frames, left: 0 });
  expect(walIndex(store.file)).toEqual({ frames: before.frames, folded: before.frames });
  // The database file alone now holds the rows: a copy of it without its WAL reads them all.
  const copy = path.join(dataDir, 'copy.db');
  fs.copyFileSync(store.file, copy);
  const { default: SQLite } = await import('better-sqlite3');
  const alone = new SQLite(copy);
  try {
    expect(alone.prepare('select count(*) from scratch_rows').pluck().get()).toBe(2000);
  } finally {
    alone.close();
  }
  // The connection that wrote them goes on (its next write starts the WAL afresh).
  insert.run('after the fold');
  expect(sqlite.prepare('select count(*) from scratch_rows').pluck().get()).toBe(2001);
}, 60_000);

it('says why when it cannot fold (no such store), and never throws', async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-fold-'));
  const result = await foldWal(path.join(dataDir, DATABASE_FILE), 0);
  expect(result).toMatchObject({ failed: expect.stringMatching(/\S/) });
}, 60_000);
