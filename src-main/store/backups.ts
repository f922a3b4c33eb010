/**
 * Backups of the store, made with SQLite's online backup API (a consistent copy while the app
 * keeps reading and writing), in DATA_DIR/backups/, 0600 like the store. Each reason keeps its
 * own last N copies, so a sync every quarter hour cannot push the daily copies out.
 *
 * A copy is written under a temporary name and renamed when complete, so a half-written file never
 * looks like a backup. Copies are kept in rollback-journal mode (one self-contained file each).
 */
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { ensurePrivateFolder, restrictFile } from './data-folder.js';
import { openSqlite } from './sqlite.js';
import { knownSchemaSteps } from './migrations/index.js';

export const BACKUP_DIR = 'backups';
export const DEFAULT_BACKUP_KEEP = 7;
export const BACKUP_KEEP_KEY = 'backup.keep';

export const BACKUP_REASONS = ['daily', 'manual', 'before-migration', 'before-sync', 'before-restore', 'before-import'] as const;
export type BackupReason = (typeof BACKUP_REASONS)[number];

export interface BackupInfo {
  name: string;
  file: string;
  reason: BackupReason;
  /** ISO time the copy was taken. */
  created: string;
  bytes: number;
}

const NAME = /^fieldsizer-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)-([a-z-]+)\.db$/;

const stamp = (date: Date) => date.toISOString().replace(/[:.]/g, '-');
const unstamp = (text: string) => text.replace(/^(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/, '$1:$2:$3.$4Z');

export const backupsDir = (dataDir: string) => path.join(dataDir, BACKUP_DIR);

/**
 * The backups of a data folder, newest first: regular files with a backup's name. A symbolic link
 * is never a backup (it could point anywhere, or nowhere), nor is a folder.
 */
export function listBackups(dataDir: string): BackupInfo[] {
  const dir = backupsDir(dataDir);
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const result: BackupInfo[] = [];
  for (const entry of entries) {
    const match = NAME.exec(entry.name);
    if (!entry.isFile() || !match || !(BACKUP_REASONS as readonly string[]).includes(match[2]!)) continue;
    const file = path.join(dir, entry.name);
    let bytes: number;
    try {
      bytes = fs.lstatSync(file).size;
    } catch {
      continue; // removed since the listing
    }
    result.push({ name: entry.name, file, reason: match[2] as BackupReason, created: unstamp(match[1]!), bytes });
  }
  return result.sort((a, b) => b.created.localeCompare(a.created) || b.name.localeCompare(a.name));
}

/** The backup named `name` in the folder (a bare name, never a path). */
export function findBackup(dataDir: string, name: string): BackupInfo | undefined {
  return listBackups(dataDir).find((b) => b.name === name);
}

/** Copies the open database to backups/ and drops the oldest copies of the same reason beyond `keep`. */
export async function createBackup(sqlite: SQLite.Database, dataDir: string, reason: BackupReason, keep = DEFAULT_BACKUP_KEEP): Promise<BackupInfo> {
  const dir = backupsDir(dataDir);
  ensurePrivateFolder(dir);
  let when = new Date();
  // Two copies in the same millisecond (tests, a quick retry) get distinct names.
  while (fs.existsSync(path.join(dir, `fieldsizer-${stamp(when)}-${reason}.db`))) when = new Date(when.getTime() + 1);
  const name = `fieldsizer-${stamp(when)}-${reason}.db`;
  const file = path.join(dir, name);
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    await sqlite.backup(partial);
    const copy = openSqlite(partial);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    restrictFile(partial);
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  pruneBackups(dataDir, reason, keep);
  return { name, file, reason, created: when.toISOString(), bytes: fs.statSync(file).size };
}

export function pruneBackups(dataDir: string, reason: BackupReason, keep: number): void {
  const own = listBackups(dataDir).filter((b) => b.reason === reason);
  for (const old of own.slice(Math.max(1, keep))) fs.rmSync(old.file, { force: true });
}

export type BackupCheck =
  | { ok: true; migrations: string[]; pageSize: number }
  | {
      ok: false;
      /** damaged: unreadable or failing integrity_check; foreign: not a Fieldsizer store; newer: made by a newer version. */
      kind: 'damaged' | 'foreign' | 'newer';
      problem: string;
    };

/**
 * What a file must be to become the store: a full integrity_check (the thorough check), a
 * Fieldsizer store (its schema steps begin with this version's first one) and no schema step this
 * version does not know (a newer Fieldsizer made it; older copies are brought up to date).
 */
export function checkBackup(file: string): BackupCheck {
  let db: SQLite.Database | null = null;
  try {
    db = openSqlite(file, { readonly: true, fileMustExist: true });
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const problems = rows.map((r) => r.integrity_check).filter((r) => r !== 'ok');
    if (problems.length > 0) return { ok: false, kind: 'damaged', problem: `integrity check: ${problems.slice(0, 3).join('; ')}` };
    const hasMigrations = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get() !== undefined;
    const migrations = hasMigrations ? (db.prepare('select name from kysely_migration order by name').pluck().all() as string[]) : [];
    if (!migrations.includes(knownSchemaSteps[0]!)) {
      return { ok: false, kind: 'foreign', problem: 'it is not a Fieldsizer database (an SQLite file of another program, or an empty one)' };
    }
    const unknown = migrations.find((m) => !knownSchemaSteps.includes(m));
    if (unknown !== undefined) {
      return { ok: false, kind: 'newer', problem: `it was made by a newer version of Fieldsizer (schema step "${unknown}", which this version does not know)` };
    }
    return { ok: true, migrations, pageSize: db.pragma('page_size', { simple: true }) as number };
  } catch (error) {
    return { ok: false, kind: 'damaged', problem: error instanceof Error ? error.message : String(error) };
  } finally {
    db?.close();
  }
}

/** The newest backup that passes the integrity check, or null. */
export function lastGoodBackup(dataDir: string): BackupInfo | null {
  for (const backup of listBackups(dataDir)) if (checkBackup(backup.file).ok) return backup;
  return null;
}
