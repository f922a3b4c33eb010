/**
 * Opens (creating if needed) the SQLite store of a data directory: WAL, foreign keys, a busy
 * timeout, and every migration applied before anything else touches it. Before that it checks
 * the file (quick_check finds a damaged page, or an early check begun by the host found this very
 * file sound: store-check.ts; a schema step this version does not know means a newer Fieldsizer
 * wrote it) and backs it up when migrations are pending. Any failure is a
 * StoreOpenError naming the file and what to do (store-errors.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
import { inCodeMigrations } from './migrations/index.js';
import { withStatementCache } from './statement-cache.js';
import { useDirectReads } from './prepared-query.js';
import { openSqlite, PAGE_SIZE } from './sqlite.js';
import { DATABASE_FILE, ensurePrivateFolder, restrictFile } from './data-folder.js';
import { BACKUP_KEEP_KEY, createBackup, DEFAULT_BACKUP_KEEP } from './backups.js';
import { classifyOpenError, damaged, newerVersion, StoreOpenError } from './store-errors.js';
import { describeBusy, LockBusyError, takeLock, type HeldLock } from './process-locks.js';
import { checkedEarly, quickCheckProblems, type EarlyStoreCheck } from './store-check.js';

export { DATABASE_FILE };

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

export interface OpenStoreOptions {
  /** How long a statement waits for another connection's lock (ms). */
  busyTimeoutMs?: number;
  /** quick_check at open (the sync's worker opens a store the engine has just checked). */
  check?: boolean;
  /** The same check begun earlier on another thread (store-check.ts): its "ok" for this file stands in for the open's own. */
  earlyCheck?: EarlyStoreCheck | null;
}

/** The files SQLite keeps for one database. */
export const databaseFiles = (file: string) => [file, `${file}-wal`, `${file}-shm`];

export async function openStore(dataDir: string, options: OpenStoreOptions = {}): Promise<Store> {
  const file = path.join(dataDir, DATABASE_FILE);
  let sqlite: SQLite.Database;
  try {
    ensurePrivateFolder(dataDir);
    const cutShort = truncation(file);
    if (cutShort) throw damaged(file, cutShort);
    sqlite = openSqlite(file);
  } catch (error) {
    throw classifyOpenError(file, error);
  }
  let db: Kysely<Database> | null = null;
  try {
    sqlite.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
    // Before WAL: a new file takes it now; in WAL mode the size is fixed.
    sqlite.pragma(`page_size = ${PAGE_SIZE}`);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    // WAL makes NORMAL durable against application crashes; only a power cut can lose the last commit.
    sqlite.pragma('synchronous = NORMAL');
    if (options.check !== false && !(await checkedEarly(options.earlyCheck, file))) quickCheck(sqlite, file);
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    const migrator = new Migrator({ db, provider: inCodeMigrations });
    const known = await migrator.getMigrations().catch(() => null);
    const ran = executedSteps(sqlite);
    const knownNames = new Set(Object.keys(await inCodeMigrations.getMigrations()));
    const unknown = ran.find((name) => !knownNames.has(name));
    if (unknown !== undefined) throw newerVersion(file, unknown);
    let writers: HeldLock | null = null;
    try {
      if (ran.length > 0 && known && known.some((m) => m.executedAt === undefined)) {
        // The schema is about to change: no sync or import of another process may write meanwhile,
        // and a copy of the store as it was comes first.
        writers = await takeLock(dataDir, 'sync', 'migration').catch((lockError: unknown) => {
          if (!(lockError instanceof LockBusyError)) throw lockError;
          throw new StoreOpenError(
            'locked',
            file,
            `The database ${file} needs an update to this version of Fieldsizer, which waits: ${describeBusy(lockError.holder)}. Start again when it has finished. Nothing was changed.`,
            lockError.message,
          );
        });
        await createBackup(sqlite, dataDir, 'before-migration', backupKeep(sqlite));
      }
      const { error, results } = await migrator.migrateToLatest();
      if (error) {
        const failed = results?.find((r) => r.status === 'Error');
        throw Object.assign(new Error(`Could not migrate ${file}${failed ? ` (step ${failed.migrationName})` : ''}: ${String(error)}`), { code: (error as { code?: unknown }).code });
      }
    } finally {
      await writers?.release();
    }
    for (const f of databaseFiles(file)) restrictFile(f);
  } catch (error) {
    if (db) await db.destroy();
    else sqlite.close();
    throw classifyOpenError(file, error);
  }
  let closed = false;
  let localChanges = 0;
  const dataVersionStatement = sqlite.prepare('PRAGMA data_version').pluck();
  useDirectReads(db, sqlite);
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

/**
 * Why an existing store file is shorter than a database (null when it is not): SQLite would take
 * an empty file for a new database and start afresh over the rep's data, and reads missing pages
 * of a cut-off file as empty. A store in WAL mode has its header page from the moment it is made.
 */
function truncation(file: string): string | null {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return null; // no file yet: a first start (or an error openSqlite names)
  }
  try {
    const size = fs.fstatSync(fd).size;
    if (size === 0) return 'the file is empty (0 bytes): it was cut short, by a full disk, a crash or an unfinished copy';
    const header = Buffer.alloc(100);
    if (fs.readSync(fd, header, 0, 100, 0) < 100 || header.toString('latin1', 0, 16) !== 'SQLite format 3\0') return null; // SQLite names it
    const pageSize = header.readUInt16BE(16) === 1 ? 65536 : header.readUInt16BE(16);
    const pages = header.readUInt32BE(28);
    // The header's page count holds only while its change counter matches (SQLite's rule).
    const countValid = header.readUInt32BE(24) === header.readUInt32BE(92);
    if (countValid && pages * pageSize > size) return `the file is cut short: ${size} bytes of ${pages * pageSize}`;
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

/** PRAGMA quick_check: every page and index entry readable, without cross-checking indexes (fast). */
function quickCheck(sqlite: SQLite.Database, file: string): void {
  const problems = quickCheckProblems(sqlite);
  if (problems.length > 0) throw damaged(file, problems.join('; '));
}

/** The schema steps already applied to this file (none for a new one). */
function executedSteps(sqlite: SQLite.Database): string[] {
  const exists = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get() !== undefined;
  return exists ? (sqlite.prepare('select name from kysely_migration').pluck().all() as string[]) : [];
}

/** The number of copies kept per backup reason (meta `backup.keep`), read straight from SQLite. */
export function backupKeep(sqlite: SQLite.Database): number {
  try {
    const value = sqlite.prepare('select value from meta where key = ?').pluck().get(BACKUP_KEEP_KEY) as string | undefined;
    const keep = Number(value);
    return Number.isInteger(keep) && keep >= 1 ? keep : DEFAULT_BACKUP_KEEP;
  } catch {
    return DEFAULT_BACKUP_KEEP;
  }
}
