/**
 * Migration 0009 moves the sync's bookkeeping out of `meta` keys into tables of its own: a store
 * written by an earlier version keeps its pending deletes, conflicts, pushed ids, rejected
 * records and run state. A real SQLite file, migrated to 0008 first, then opened as today.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inCodeMigrations } from '../../src-main/store/migrations/index.js';
import { DATABASE_FILE, openStore } from '../../src-main/store/open-store.js';
import { openSqlite } from '../../src-main/store/sqlite.js';
import { conflicts, counts, listIssues, readRunState, tombstones } from '../../src-main/sync/sync-state.js';
import type { Database } from '../../src-main/store/schema.js';

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-migration-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('migration 0009', () => {
  it('moves the meta keys of the sync into its own tables, and leaves no sync key in meta', async () => {
    const sqlite = openSqlite(path.join(dir, DATABASE_FILE));
    const old = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    const { error } = await new Migrator({ db: old, provider: inCodeMigrations }).migrateTo('0008-local-id-space');
    expect(error).toBeUndefined();
    const conflict = { project_id: 12, name: 'Deli', mine: { name: 'Deli' }, theirs: { name: 'Deli 2' }, detected_at: '2026-01-02T03:04:05.000Z' };
    const lastError = { code: 'offline', message: 'No network.', at: '2026-01-03T00:00:00.000Z' };
    const insert = sqlite.prepare('insert into meta (key, value) values (?, ?)');
    insert.run('sync.deleted.41', '3');
    insert.run('sync.conflict.12', JSON.stringify(conflict));
    insert.run('sync.pushed.2147483650', '905');
    insert.run('sync.queued_reason', 'The central service does not accept project changes.');
    insert.run('sync.full_check', '2026-01-01T00:00:00.000Z');
    insert.run('sync.last_success', '2026-01-02T00:00:00.000Z');
    insert.run('sync.last_error', JSON.stringify(lastError));
    insert.run('sync.rejected', JSON.stringify([{ resource: 'projects', id: '77', reason: 'its engineer (user 9) is not among the users' }]));
    insert.run('sync.settings', JSON.stringify({ upstream_url: 'https://central.example.com', interval_minutes: 30 }));
    await old.destroy();

    const store = await openStore(dir);
    try {
      const db = store.db;
      expect(await tombstones(db)).toEqual([{ project_id: 41, version: 3 }]);
      expect(await conflicts(db)).toEqual([conflict]);
      expect(store.sqlite.prepare('select local_id, upstream_id from sync_pushed').all()).toEqual([{ local_id: 2147483650, upstream_id: 905 }]);
      expect(await listIssues(db)).toEqual([{ kind: 'rejected', resource: 'projects', key: '77', reason: 'its engineer (user 9) is not among the users' }]);
      expect(await readRunState(db)).toEqual({
        last_success: '2026-01-02T00:00:00.000Z',
        last_error: lastError,
        queued_reason: 'The central service does not accept project changes.',
        full_check: '2026-01-01T00:00:00.000Z',
        jurisdictions_endpoint: true,
      });
      expect(await counts(db)).toEqual({ unsynced: 1, conflicts: 1, rejected: 1, warnings: 0 });
      // Only the settings stay in meta.
      expect(store.sqlite.prepare("select key from meta where key like 'sync.%'").pluck().all()).toEqual(['sync.settings']);
    } finally {
      await store.close();
    }
  });
});
