/**
 * What happens to a damaged store: the file (with its WAL) is moved aside into DATA_DIR/damaged/,
 * the unsynced projects that can still be read are salvaged into a `.fieldsizer` file in
 * DATA_DIR/salvaged/, and the last good backup is found. The host (the desktop app, serve, the
 * CLI) offers the choice: restore that backup or start from the embedded data; either way the
 * salvaged projects are imported afterwards, never overwriting anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import type { ExportedProject } from '../../src-shared/transfer/fieldsizer-file.js';
import { ensurePrivateFolder } from '../store/data-folder.js';
import { lastGoodBackup, type BackupInfo } from '../store/backups.js';
import { installPrepared, prepareRestore } from '../store/restore-backup.js';
import { DATABASE_FILE, databaseFiles } from '../store/open-store.js';
import { openSqlite } from '../store/sqlite.js';
import { salvageUnsyncedIds } from '../store/projects.js';
import type { StoreOpenError } from '../store/store-errors.js';
import { openEngine, type Engine, type EngineOptions } from './engine.js';
import { fieldsizerFile, importProjectsText, readExportedProject, type ImportReport } from './projects/project-transfer.js';

export interface DamageReport {
  file: string;
  detail: string;
  /** Where the damaged file now is. */
  movedTo: string;
  /** The salvaged unsynced projects (null when there were none to read). */
  salvageFile: string | null;
  salvaged: number;
  /** Unsynced projects (or stretches of the table) that could not be read. */
  unreadable: number;
  backup: BackupInfo | null;
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** Moves the damaged store aside and salvages what it can; the data folder then holds no store. */
export function setAsideDamaged(dataDir: string, error: StoreOpenError): DamageReport {
  const file = path.join(dataDir, DATABASE_FILE);
  const damagedDir = path.join(dataDir, 'damaged');
  ensurePrivateFolder(damagedDir);
  const movedTo = path.join(damagedDir, `fieldsizer-${stamp()}.db`);
  // The WAL goes along: it may hold the latest commits, which the salvage then reads.
  databaseFiles(file).forEach((f, i) => {
    if (fs.existsSync(f)) fs.renameSync(f, `${movedTo}${['', '-wal', '-shm'][i]}`);
  });
  const { projects, unreadable } = salvageUnsynced(movedTo);
  let salvageFile: string | null = null;
  if (projects.length > 0) {
    const dir = path.join(dataDir, 'salvaged');
    ensurePrivateFolder(dir);
    salvageFile = path.join(dir, `salvaged-${stamp()}.fieldsizer`);
    fs.writeFileSync(salvageFile, JSON.stringify(fieldsizerFile(projects), null, 1), { mode: 0o600 });
  }
  return { file, detail: error.detail, movedTo, salvageFile, salvaged: projects.length, unreadable, backup: lastGoodBackup(dataDir) };
}

/** The message a host shows for a damage report; `choices` says how this host lets the rep go on. */
export function describeDamage(report: DamageReport, choices: string): string {
  return [
    `The database ${report.file} is damaged (${report.detail}).`,
    `It was moved to ${report.movedTo}.`,
    report.salvaged > 0
      ? `${report.salvaged} unsynced project${report.salvaged === 1 ? ' was' : 's were'} read from it and saved to ${report.salvageFile}.`
      : 'It held no unsynced project that could be read.',
    report.unreadable > 0 ? `${report.unreadable} unsynced project${report.unreadable === 1 ? '' : 's'} (or parts of the project table) could not be read.` : '',
    report.backup ? `The last good backup is ${report.backup.name} (${report.backup.created}).` : 'There is no good backup; the app can start again from its embedded data set.',
    choices,
  ]
    .filter(Boolean)
    .join('\n');
}

/** Reads every unsynced project it can from a damaged file, skipping what cannot be read. */
export function salvageUnsynced(file: string): { projects: ExportedProject[]; unreadable: number } {
  let db: SQLite.Database;
  try {
    db = openSqlite(file, { fileMustExist: true });
  } catch {
    return { projects: [], unreadable: 0 };
  }
  try {
    let found: { ids: number[]; unreadable: number };
    try {
      found = salvageUnsyncedIds(db);
    } catch {
      // Not even the schema can be read (a broken first page): nothing to salvage by SQL.
      return { projects: [], unreadable: 0 };
    }
    const { ids, unreadable } = found;
    const projects: ExportedProject[] = [];
    let failed = unreadable;
    for (const id of ids) {
      try {
        const project = readExportedProject(db, id);
        if (project) projects.push(project);
      } catch {
        failed++;
      }
    }
    return { projects, unreadable: failed };
  } finally {
    db.close();
  }
}

export type RecoveryChoice = 'backup' | 'fresh';

/**
 * Goes on after setAsideDamaged: puts the last good backup in place (or nothing, so the engine
 * starts from the embedded data set), opens the engine and imports the salvaged projects.
 */
export async function recoverAndOpen(report: DamageReport, choice: RecoveryChoice, options: EngineOptions): Promise<{ engine: Engine; imported: ImportReport | null }> {
  if (choice === 'backup') {
    if (!report.backup) throw new Error('There is no good backup to restore.');
    installPrepared(await prepareRestore(report.backup, path.dirname(report.file)), report.file);
  }
  const engine = await openEngine(options);
  try {
    let imported: ImportReport | null = null;
    // The rep's own unsynced work: each project on its own, so one that breaks today's rules (said
    // in the report, and kept in the salvage file) does not hold back the others.
    if (report.salvageFile) imported = await importProjectsText(engine, fs.readFileSync(report.salvageFile, 'utf8'), { refuseEach: true });
    return { engine, imported };
  } catch (error) {
    await engine.close();
    throw error;
  }
}
