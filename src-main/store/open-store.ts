/**
 * Opens (creating if needed) the SQLite store of a data directory: WAL, foreign keys, a busy
 * timeout, and every migration applied before anything else touches it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
import { inCodeMigrations } from './migrations/index.js';
import { withStatementCache } from './statement-cache.js';
import { openSqlite } from './sqlite.js';

export const DATABASE_FILE = 'fieldsizer.db';

export interface Store {
  db: Kysely<Database>;
  /** The raw connection, for pragmas and bulk statements Kysely has no words for. */
  sqlite: SQLite.Database;
  file: string;
  /**
   * Changes whenever committed data may have changed: commits by other connections (SQLite's
   * data_version) or by this one (markChanged). Caches of derived data key on it.
   */
  dataVersion(): string;
  /** Called after this connection commits catalog or territory changes. */
  markChanged(): void;
  close(): Promise<void>;
}

export async function openStore(dataDir: string): Promise<Store> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATABASE_FILE);
  const sqlite = openSqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL makes NORMAL durable against application crashes; only a power cut can lose the last commit.
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const { error, results } = await new Migrator({ db, provider: inCodeMigrations }).migrateToLatest();
  if (error) {
    await db.destroy();
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Could not migrate ${file}${failed ? ` (step ${failed.migrationName})` : ''}: ${String(error)}`);
  }
  let closed = false;
  let localChanges = 0;
  const dataVersionStatement = sqlite.prepare('PRAGMA data_version').pluck();
  return {
    db,
    sqlite,
    file,
    dataVersion: () => `${dataVersionStatement.get() as number}.${localChanges}`,
    markChanged: () => {
      localChanges++;
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
