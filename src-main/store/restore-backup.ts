/**
 * A backup becomes the store in two steps, so that a refused restore changes nothing:
 * 1. prepareRestore copies the backup into the data folder and checks the copy (checkBackup: a
 *    Fieldsizer store, schema steps this version knows, integrity_check ok), brings it up to this
 *    version's schema and to the store's page size. A refusal or a failure removes the copy.
 * 2. The caller then replaces the store with the prepared copy: installPrepared renames it over a
 *    closed store; copyPreparedInto writes it into the open store's file through SQLite's backup
 *    API (which cannot change the page size of a WAL file, hence step 1's VACUUM).
 */
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { checkBackup, type BackupInfo } from './backups.js';
import { restrictFile } from './data-folder.js';
import { inCodeMigrations } from './migrations/index.js';
import { DATABASE_FILE, databaseFiles } from './open-store.js';
import type { Database } from './schema.js';
import { openSqlite, PAGE_SIZE } from './sqlite.js';

/** Why a backup cannot become the store; nothing was changed. */
export class RestoreRefused extends Error {
  constructor(
    readonly reason: 'damaged' | 'foreign' | 'newer' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface PreparedRestore {
  backup: BackupInfo;
  /** The checked, migrated copy in the data folder. */
  file: string;
  /** Removes the copy (after it was put in place, or when the restore is abandoned). */
  discard(): void;
}

/** The page size of an SQLite connection's main database. */
export const pageSizeOf = (sqlite: SQLite.Database): number => sqlite.pragma('page_size', { simple: true }) as number;

/**
 * Checks `backup` and makes the copy that will replace the store of `dataDir`, at `pageSize`
 * (the open store's own; a closed store is replaced whole, so the size of new files).
 */
export async function prepareRestore(backup: BackupInfo, dataDir: string, pageSize = PAGE_SIZE): Promise<PreparedRestore> {
  const check = checkBackup(backup.file);
  if (!check.ok) throw new RestoreRefused(check.kind, `The backup ${backup.name} cannot be restored: ${check.problem}. Nothing was changed.`);
  const file = path.join(dataDir, `${DATABASE_FILE}.restoring`);
  const discard = () => {
    for (const f of databaseFiles(file)) fs.rmSync(f, { force: true });
  };
  discard();
  try {
    const source = openSqlite(backup.file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(file);
    } finally {
      source.close();
    }
    restrictFile(file);
    const copy = openSqlite(file, { fileMustExist: true });
    // Kysely's destroy() closes `copy`.
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: copy }) });
    try {
      copy.pragma('journal_mode = DELETE');
      if (pageSizeOf(copy) !== pageSize) {
        copy.pragma(`page_size = ${pageSize}`);
        copy.exec('VACUUM');
      }
      const { error, results } = await new Migrator({ db, provider: inCodeMigrations }).migrateToLatest();
      if (error) {
        const step = results?.find((r) => r.status === 'Error')?.migrationName;
        throw new RestoreRefused('failed', `The backup ${backup.name} could not be brought up to this version${step ? ` (schema step ${step})` : ''}: ${String(error)}. Nothing was changed.`);
      }
    } finally {
      await db.destroy();
    }
    return { backup, file, discard };
  } catch (error) {
    discard();
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused('failed', `The backup ${backup.name} could not be copied for the restore: ${error instanceof Error ? error.message : String(error)}. Nothing was changed.`);
  }
}

/** Puts the prepared copy in place of a closed store `target`, its old WAL and shared memory removed. */
export function installPrepared(prepared: PreparedRestore, target: string): void {
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.renameSync(prepared.file, target);
  prepared.discard();
}

/**
 * Writes the prepared copy into the open store's file (one write transaction: other readers see
 * the old data or the new, never a mix); the caller holds the store's writers off meanwhile.
 */
export async function copyPreparedInto(prepared: PreparedRestore, liveFile: string): Promise<void> {
  const source = openSqlite(prepared.file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(liveFile);
  } finally {
    source.close();
    prepared.discard();
  }
}
