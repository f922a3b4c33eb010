/**
 * Migration 0032 lets a contact made here have no e-mail yet (users.email loses its NOT NULL by a
 * table rebuild, https://www.sqlite.org/lang_altertable.html#otheralter). A real SQLite file at the
 * previous schema (0031) with users, a project naming one and their full-text rows, opened as today:
 * every row, index, trigger and full-text entry is still there and still works.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inCodeMigrations } from '../../src-main/store/migrations/index.js';
import { DATABASE_FILE, openStore } from '../../src-main/store/open-store.js';
import { openSqlite } from '../../src-main/store/sqlite.js';
import type { Database } from '../../src-main/store/schema.js';

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-migration-0032-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const USERS = [
  { id: 7, service_user: 1, name: 'José Ramírez', email: 'jose@firm.example', phone_number: '312-555-0100', position: 'PE', company: 'Ramírez Ingeniería', postal_code: '60601', type: 'engineerArchitect', registered: '2025-01-02T00:00:00.000Z', last_active: '2025-02-03T00:00:00.000Z', updated: '2025-02-03T00:00:00.000Z', origin: 'upstream', extra: '{"badge":"gold"}' },
  { id: 2147483650, service_user: 0, name: 'Ana Gonzaga', email: 'ana@firm.example', phone_number: null, position: null, company: null, postal_code: '', type: 'engineerArchitect', registered: '2026-01-01T00:00:00.000Z', last_active: '2026-01-01T00:00:00.000Z', updated: '2026-01-01T00:00:00.000Z', origin: 'local', extra: '{}' },
];

const dependents = (sqlite: ReturnType<typeof openSqlite>) =>
  sqlite.prepare("select type, name, sql from sqlite_schema where tbl_name = 'users' and type in ('index', 'trigger') order by name").all();

describe('migration 0032', () => {
  it('keeps every user row, index, trigger and full-text entry, and lets a contact have no e-mail', async () => {
    const sqlite = openSqlite(path.join(dir, DATABASE_FILE));
    const old = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    const { error } = await new Migrator({ db: old, provider: inCodeMigrations }).migrateTo('0031-media-store');
    expect(error).toBeUndefined();
    const insertUser = sqlite.prepare(`insert into users (${Object.keys(USERS[0]!).join(', ')}) values (${Object.keys(USERS[0]!).map((k) => `@${k}`).join(', ')})`);
    for (const u of USERS) insertUser.run(u);
    sqlite
      .prepare(
        `insert into projects (id, user_id, name, status, created, updated, construction_type, inputs, sizing, unique_local_requirements, origin)
         values (2147483649, 2147483650, 'Deli', 'Draft', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'newConstruction', '{}', '{}', 0, 'local')`,
      )
      .run();
    const usersBefore = sqlite.prepare('select * from users order by id').all();
    const before = dependents(sqlite);
    // The e-mail's unique index, two indexes of 0002, one of 0003 and the full-text index's three triggers.
    expect(before.map((d) => (d as { name: string }).name)).toEqual(['sqlite_autoindex_users_1', 'users_by_id', 'users_fts_delete', 'users_fts_insert', 'users_fts_update', 'users_postal_code', 'users_type']);
    expect(() => sqlite.prepare('update users set email = null where id = 7').run()).toThrow(/NOT NULL/);
    await old.destroy();

    const store = await openStore(dir);
    try {
      const s = store.sqlite;
      expect(s.prepare('select * from users order by id').all()).toEqual(usersBefore);
      expect(dependents(s)).toEqual(before);
      expect(s.prepare("select name from kysely_migration where name = '0032-engineer-email-later'").pluck().get()).toBe('0032-engineer-email-later');
      // Foreign keys are on again and hold: the project still names its engineer, and no row points nowhere.
      expect(s.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(s.prepare('pragma foreign_key_check').all()).toEqual([]);
      expect(s.prepare('select user_id from projects where id = 2147483649').pluck().get()).toBe(2147483650);
      expect(() => s.prepare('delete from users where id = 2147483650').run()).toThrow(/FOREIGN KEY/);
      // The full-text index kept its rows (accents folded) and its triggers follow changes.
      const match = (q: string) => s.prepare('select rowid from users_fts where users_fts match ? order by rowid').pluck().all(q);
      expect(match('jose')).toEqual([7]);
      expect(match('ramirez')).toEqual([7]);
      s.prepare("update users set name = 'Ana Gonzaga-Ortiz', company = 'Ortiz PE' where id = 2147483650").run();
      expect(match('ortiz')).toEqual([2147483650]);
      // Now: contacts without an e-mail, as many as needed; an e-mail is still unique.
      s.prepare("insert into users (id, service_user, name, email, postal_code, registered, last_active, updated, origin) values (2147483651, 0, 'R. Alvarez', null, '', 'x', 'x', 'x', 'local')").run();
      s.prepare("insert into users (id, service_user, name, email, postal_code, registered, last_active, updated, origin) values (2147483652, 0, 'M. Chen', null, '', 'x', 'x', 'x', 'local')").run();
      expect(match('alvarez')).toEqual([2147483651]);
      expect(() => s.prepare("insert into users (id, service_user, name, email, postal_code, registered, last_active, updated, origin) values (2147483653, 0, 'Twin', 'jose@firm.example', '', 'x', 'x', 'x', 'local')").run()).toThrow(/UNIQUE/);
      expect(s.prepare('pragma integrity_check').pluck().get()).toBe('ok');
    } finally {
      await store.close();
    }
  });
});
