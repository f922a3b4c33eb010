/**
 * Bulk writes with the full-text index rebuilt once instead of kept by its triggers row by row:
 * search finds exactly what it would have found, the triggers are back for the next write, and
 * a rollback leaves index and triggers as they were. Real SQLite file, migrated store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src-main/store/open-store.js';
import { worthRebuilding, writeWithFtsIndex } from '../../src-main/store/fts-bulk-write.js';

let dir: string;
let store: Store;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-fts-'));
  store = await openStore(dir);
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const insertUsers = (from: number, count: number, company: (id: number) => string) => {
  const insert = store.sqlite.prepare(
    `insert into users (id, service_user, name, email, postal_code, company, registered, last_active, updated, origin)
     values (?, 0, ?, ?, '30301', ?, '2026-01-01', '2026-01-01', '2026-01-01', 'upstream')`,
  );
  for (let id = from; id < from + count; id++) insert.run(id, `User ${id}`, `user${id}@example.com`, company(id));
};
const matches = (query: string) => store.sqlite.prepare('select rowid from users_fts where users_fts match ? order by rowid').pluck().all(query) as number[];
const triggers = () => store.sqlite.prepare("select name from sqlite_master where type = 'trigger' and tbl_name = 'users' order by name").pluck().all() as string[];

describe('writeWithFtsIndex', () => {
  it('rebuilds the index after a big write, so search finds the new rows, and puts the triggers back', async () => {
    const before = triggers();
    expect(before.length).toBeGreaterThanOrEqual(3);
    store.sqlite.exec('begin');
    await writeWithFtsIndex(store.sqlite, 'users', 3000, () => insertUsers(1, 3000, (id) => (id % 3 === 0 ? 'Acme Grease' : 'Borealis Plumbing')));
    store.sqlite.exec('commit');
    expect(triggers()).toEqual(before);
    expect(matches('acme')).toHaveLength(1000);
    expect(matches('borealis')).toHaveLength(2000);
    // FTS5's own check that the index matches the table's content.
    expect(() => store.sqlite.exec("insert into users_fts(users_fts) values ('integrity-check')")).not.toThrow();

    // The restored triggers keep the index for the next, small, write.
    store.sqlite.prepare("update users set company = 'Zephyr Kitchens' where id = 3").run();
    expect(matches('zephyr')).toEqual([3]);
    expect(matches('acme')).toHaveLength(999);
  });

  it('keeps the triggers for a small write, which the index follows row by row', async () => {
    insertUsers(1, 5000, () => 'Borealis');
    store.sqlite.exec('begin');
    let seen: string[] = [];
    await writeWithFtsIndex(store.sqlite, 'users', 10, () => {
      seen = triggers();
      store.sqlite.prepare("update users set company = 'Acme' where id <= 10").run();
    });
    store.sqlite.exec('commit');
    expect(seen).toEqual(triggers());
    expect(matches('acme')).toHaveLength(10);
  });

  it('a failed write rolls back with its transaction: old rows, old index, triggers in place', async () => {
    insertUsers(1, 100, () => 'Borealis');
    const before = triggers();
    store.sqlite.exec('begin');
    await expect(
      writeWithFtsIndex(store.sqlite, 'users', 4000, () => {
        expect(triggers()).toEqual([]);
        insertUsers(101, 4000, () => 'Acme');
        throw new Error('cut off');
      }),
    ).rejects.toThrow('cut off');
    store.sqlite.exec('rollback');
    expect(triggers()).toEqual(before);
    expect(matches('acme')).toEqual([]);
    expect(matches('borealis')).toHaveLength(100);
  });

  it('refuses to run outside a transaction, where dropped triggers could outlive a failure', async () => {
    await expect(writeWithFtsIndex(store.sqlite, 'users', 5000, () => undefined)).rejects.toThrow(/transaction/);
    expect(triggers().length).toBeGreaterThanOrEqual(3);
  });
});

describe('worthRebuilding', () => {
  it('rebuilds for a big share of the table, not for a few rows or a small share', () => {
    expect(worthRebuilding(store.sqlite, 'users', 500)).toBe(false);
    expect(worthRebuilding(store.sqlite, 'users', 3000)).toBe(true);
    insertUsers(1, 50_000, () => 'Borealis');
    expect(worthRebuilding(store.sqlite, 'users', 3000)).toBe(false);
    expect(worthRebuilding(store.sqlite, 'users', 20_000)).toBe(true);
  }, 120_000); // 50,000 rows through the FTS triggers: CPU-bound, slow on a loaded machine
});
