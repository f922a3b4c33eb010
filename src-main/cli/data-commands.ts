/**
 * The data-safety commands: `backup`, `restore`, `export` and `import` (npm run backup / restore /
 * export / import). Restore replaces the database file, so it takes the data folder's lock and
 * refuses while the app or `serve` has the folder open; the others work beside a running app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { openEngine } from '../engine/engine.js';
import { defaultDataDir } from '../engine/data-dir.js';
import type { ImportReport } from '../engine/projects/project-transfer.js';
import { createBackup, lastGoodBackup, listBackups, type BackupInfo } from '../store/backups.js';
import { backupKeep, DATABASE_FILE, openStore } from '../store/open-store.js';
import { takeLock } from '../store/process-locks.js';
import { installPrepared, prepareRestore } from '../store/restore-backup.js';
import { StoreOpenError } from '../store/store-errors.js';
import { FIELDSIZER_FILE_EXTENSION } from '../../src-shared/transfer/file-names.js';
import { MAX_IMPORT_FILE_BYTES } from '../../src-shared/ipc/data-safety.js';

// Each command loads what it runs: `serve` registers these commands too, and starts without them.
const transfer = () => import('../engine/projects/project-transfer.js');

const dataDirOption = () => new Option('--data-dir <dir>', 'data directory').default(defaultDataDir());

function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > Number.MAX_SAFE_INTEGER) throw new InvalidArgumentError('expected a whole number from 1');
  return Number(value);
}

const collect = (value: string, previous: number[]) => [...previous, positiveInt(value)];

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const describe = (b: BackupInfo) => `${b.name}\t${b.reason}\t${b.created}\t${mb(b.bytes)}`;

export function printImportReport(report: ImportReport, print: (line: string) => void = console.log): void {
  for (const p of report.projects) print(`${p.outcome}\t${p.name}: ${p.message}`);
  print(`imported ${report.imported}, already here ${report.already_here}, refused ${report.refused}`);
}

/**
 * Before a restore replaces the store: a copy of the current data (before-restore), or where it
 * cannot be opened (damaged, or newer), the file set aside whole and its unsynced projects
 * salvaged. Returns the salvage file, if one was written.
 */
async function setAsideCurrent(dataDir: string): Promise<string | null> {
  try {
    const store = await openStore(dataDir);
    try {
      const copy = await createBackup(store.sqlite, dataDir, 'before-restore', backupKeep(store.sqlite));
      console.log(`the current data was backed up to ${copy.file}`);
      return null;
    } finally {
      await store.close();
    }
  } catch (error) {
    if (!(error instanceof StoreOpenError) || (error.problem !== 'damaged' && error.problem !== 'newer')) throw error;
    const { setAsideDamaged } = await import('../engine/recovery.js');
    const report = setAsideDamaged(dataDir, error);
    console.log(`the current database (${error.problem}) was moved to ${report.movedTo}${report.salvaged ? `; ${report.salvaged} unsynced projects salvaged` : ''}`);
    return report.salvageFile;
  }
}

export function registerDataCommands(program: Command): void {
  program
    .command('backup')
    .description('back up the store now (SQLite online backup, safe while the app runs), or list the backups')
    .addOption(dataDirOption())
    .option('--list', 'list the backups instead, newest first')
    .addOption(new Option('--keep <n>', 'keep the last N backups of each kind from now on').argParser(positiveInt))
    .action(async (options: { dataDir: string; list?: boolean; keep?: number }) => {
      if (options.list) {
        const backups = listBackups(options.dataDir);
        if (backups.length === 0) console.log('no backups');
        for (const b of backups) console.log(describe(b));
        return;
      }
      const engine = await openEngine({ dataDir: options.dataDir });
      try {
        if (options.keep !== undefined) await engine.backups.setKeep(options.keep);
        const made = await engine.backups.create('manual');
        console.log(`backed up to ${made.file} (${mb(made.bytes)}); keeping the last ${engine.backups.overview().keep} of each kind`);
      } finally {
        await engine.close();
      }
    });

  program
    .command('restore')
    .description('replace the store with a backup (the current data is backed up first, or set aside if damaged)')
    .addOption(dataDirOption())
    .option('--list', 'list the backups')
    .option('--latest', 'restore the newest backup that passes the integrity check')
    .option('--name <name>', 'restore this backup (a name from --list)')
    .action(async (options: { dataDir: string; list?: boolean; latest?: boolean; name?: string }) => {
      const backups = listBackups(options.dataDir);
      if (options.list || (!options.latest && !options.name)) {
        if (backups.length === 0) console.log(`no backups in ${path.join(options.dataDir, 'backups')}`);
        for (const b of backups) console.log(describe(b));
        if (!options.list) console.log('restore one with --name NAME, or the newest good one with --latest');
        return;
      }
      const chosen = options.latest ? lastGoodBackup(options.dataDir) : backups.find((b) => b.name === options.name);
      if (!chosen) throw new Error(options.latest ? 'There is no backup that passes the integrity check.' : `There is no backup named "${options.name}" (see --list).`);
      // The folder lock keeps serve and the app out; the sync lock keeps out a sync or an import
      // from the command line, which would otherwise write into the file being replaced.
      const lock = await takeLock(options.dataDir, 'instance', 'restore');
      let salvageFile: string | null = null;
      try {
        const writers = await takeLock(options.dataDir, 'sync', 'restore');
        try {
          const file = path.join(options.dataDir, DATABASE_FILE);
          // Checked and brought up to date on a copy first: a refused backup leaves the store as it was.
          const prepared = await prepareRestore(chosen, options.dataDir);
          try {
            if (fs.existsSync(file)) salvageFile = await setAsideCurrent(options.dataDir);
            installPrepared(prepared, file);
          } finally {
            prepared.discard();
          }
        } finally {
          await writers.release();
        }
      } finally {
        await lock.release();
      }
      const engine = await openEngine({ dataDir: options.dataDir });
      try {
        console.log(`restored ${chosen.name} (${chosen.reason}, ${chosen.created})`);
        // The rep's own unsynced work: each project on its own (one that breaks today's rules is said, not the whole file).
        if (salvageFile) printImportReport(await (await transfer()).importProjectsText(engine, fs.readFileSync(salvageFile, 'utf8'), { refuseEach: true }));
      } finally {
        await engine.close();
      }
    });

  program
    .command('export')
    .description(`write projects to a .${FIELDSIZER_FILE_EXTENSION} file (with fixtures, notes and sizing inputs)`)
    .addOption(dataDirOption())
    .option('--project <id>', 'a project to export (repeat for more)', collect, [] as number[])
    .option('--unsynced', 'every project with changes not yet synced')
    .requiredOption('--out <file>', `the file to write (.${FIELDSIZER_FILE_EXTENSION})`)
    .action(async (options: { dataDir: string; project: number[]; unsynced?: boolean; out: string }) => {
      if (!options.unsynced && options.project.length === 0) throw new Error('Say which projects: --project ID (repeatable) or --unsynced.');
      const engine = await openEngine({ dataDir: options.dataDir });
      try {
        const { file, skipped } = (await transfer()).exportProjects(engine, { ids: options.project, unsynced: options.unsynced });
        const out = options.out.endsWith(`.${FIELDSIZER_FILE_EXTENSION}`) ? options.out : `${options.out}.${FIELDSIZER_FILE_EXTENSION}`;
        fs.writeFileSync(out, JSON.stringify(file, null, 1), { mode: 0o600 });
        console.log(`exported ${file.projects.length} project${file.projects.length === 1 ? '' : 's'} to ${out}`);
        // What could not be read is said, and the exit code says the export is not whole.
        for (const s of skipped) console.error(`not exported: ${s.reason}`);
        if (skipped.length > 0) process.exitCode = 1;
      } finally {
        await engine.close();
      }
    });

  program
    .command('import')
    .description(`import the projects of a .${FIELDSIZER_FILE_EXTENSION} file (sized again with this catalog; nothing is overwritten)`)
    .addOption(dataDirOption())
    .argument('<file>', `a .${FIELDSIZER_FILE_EXTENSION} file`)
    .action(async (file: string, options: { dataDir: string }) => {
      // The app's own limit (src-shared/transfer/fieldsizer-file.ts), before the file is read.
      if (fs.statSync(file).size > MAX_IMPORT_FILE_BYTES) throw new Error(`${file} is larger than ${MAX_IMPORT_FILE_BYTES / 1e6} MB: no .${FIELDSIZER_FILE_EXTENSION} file is that large.`);
      const text = fs.readFileSync(file, 'utf8');
      const engine = await openEngine({ dataDir: options.dataDir });
      try {
        const report = await (await transfer()).importProjectsText(engine, text);
        printImportReport(report);
        if (report.refused > 0) process.exitCode = 1;
      } finally {
        await engine.close();
      }
    });
}
