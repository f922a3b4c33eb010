/**
 * The store as the rep's most valuable file: a damaged copy (header, a middle page), a locked one
 * and one from a newer schema each give their message and lose nothing readable; backups round
 * trip with integrity_check ok; migrations are preceded by a backup; the folder and files are
 * private; one long-running process per data folder; one sync run per folder across processes.
 */
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openEngine, type Engine } from '../../src-main/engine/engine.js';
import { openOwnedEngine } from '../../src-main/engine/owned-engine.js';
import { readExportedProject } from '../../src-main/engine/projects/project-transfer.js';
import type { DamageReport } from '../../src-main/engine/recovery.js';
import { checkBackup, listBackups } from '../../src-main/store/backups.js';
import { inCodeMigrations } from '../../src-main/store/migrations/index.js';
import { DATABASE_FILE, openStore } from '../../src-main/store/open-store.js';
import type { Database } from '../../src-main/store/schema.js';
import { takeLock } from '../../src-main/store/process-locks.js';
import { openSqlite } from '../../src-main/store/sqlite.js';
import { spawnCli } from '../helpers/cli-process.js';
import type { Readable } from 'node:stream';
import { addNotes, damageMiddlePage, garbage, makeUnsyncedProjects, openError, overwrite, pageSizeOf, scratchStores } from './helpers.js';

const root = path.resolve(import.meta.dirname, '../..');
const { cleanup, folder, open } = scratchStores();

/** Opens a damaged folder as `serve` would, answering the damage report with "restore the backup". */
async function openChoosingBackup(dataDir: string) {
  let seen: DamageReport | null = null;
  const owned = await openOwnedEngine({ dataDir, owner: 'serve' }, async (report) => {
    seen = report;
    return 'backup';
  });
  cleanup.push(() => owned.lock.release());
  cleanup.push(() => owned.engine.close());
  return { owned, report: seen as unknown as DamageReport };
}

/** Folds the WAL into the file and closes, so byte-level damage hits committed data. */
async function closeFolded(engine: Engine): Promise<void> {
  engine.store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await engine.close();
}

const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('a damaged store', () => {
  it('a broken header: named in the message, moved aside byte for byte, the last good backup restored', async () => {
    const { dataDir, file } = folder();
    const engine = await open(dataDir);
    const before = await makeUnsyncedProjects(engine, 2, 'Before the backup');
    const backup = await engine.backups.create('manual');
    await closeFolded(engine);
    overwrite(file, 0, garbage(100));
    const damagedHash = sha(file);

    const error = await openError(openEngine({ dataDir }));
    expect(error.problem).toBe('damaged');
    expect(error.message).toContain(file);

    const { owned, report } = await openChoosingBackup(dataDir);
    // Nothing is thrown away: the damaged file is kept as it was, for anyone who can do more with it.
    expect(sha(report.movedTo)).toBe(damagedHash);
    expect(report.backup?.name).toBe(backup.name);
    expect(report.salvaged).toBe(0);
    for (const id of before) expect((await owned.engine.projects.get(id, {}, { personal: true })).id).toBe(id);
    expect(owned.engine.store.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('a damaged middle page: the unsynced projects are salvaged and imported equal, after the backup is restored', async () => {
    const { dataDir, file } = folder();
    const engine = await open(dataDir);
    await engine.backups.create('manual');
    const ids = await makeUnsyncedProjects(engine, 3, 'Made after the backup');
    addNotes(engine, ids[0]!, [{ author: 'Inspector', text: 'Needs a sample port.', created: '2026-03-01' }]);
    const originals = ids.map((id) => readExportedProject(engine.store.sqlite, id)!);
    await closeFolded(engine);
    damageMiddlePage(file);

    const error = await openError(openEngine({ dataDir }));
    expect(error.problem).toBe('damaged');
    expect(error.message).toContain(file);

    const { owned, report } = await openChoosingBackup(dataDir);
    expect(report.salvaged).toBe(3);
    expect(fs.existsSync(report.salvageFile!)).toBe(true);
    expect(owned.recovered?.imported?.imported).toBe(3);
    const imported = owned.recovered!.imported!.projects.map((p) => readExportedProject(owned.engine.store.sqlite, p.id!)!);
    const comparable = (p: (typeof originals)[number]) => ({ ...p, source_id: 0 });
    expect(imported.map(comparable)).toEqual(originals.map(comparable));
    // The restored backup is sound, and the salvaged projects wait to be synced.
    expect(owned.engine.store.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(owned.engine.sync.status().unsynced_changes).toBe(3);
  });
});

describe('a store that cannot be opened', () => {
  it('locked by another program: says so, changes nothing, opens once the lock is gone', async () => {
    const { dataDir, file } = folder();
    const holder = spawn(
      process.execPath,
      ['-e', `const D = require('better-sqlite3'); const db = new D(${JSON.stringify(file)}); db.pragma('locking_mode = EXCLUSIVE'); db.exec('begin exclusive'); console.log('held'); process.stdin.resume(); process.stdin.on('end', () => { db.exec('rollback'); db.close(); process.exit(0); });`],
      { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    cleanup.push(() => holder.kill());
    await waitFor(holder, 'held');
    const error = await openError(openStore(dataDir, { busyTimeoutMs: 200 }));
    expect(error.problem).toBe('locked');
    expect(error.message).toContain(file);
    expect(error.message).toMatch(/locked by another program/);
    holder.stdin!.end();
    await new Promise((resolve) => holder.once('exit', resolve));
    const store = await openStore(dataDir);
    expect(store.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    await store.close();
  });

  it('written by a newer schema: names the step and the file, and leaves the file untouched', async () => {
    const { dataDir, file } = folder();
    const raw = openSqlite(file);
    raw.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999-from-a-newer-version', new Date().toISOString());
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    const hash = sha(file);
    const error = await openError(openEngine({ dataDir }));
    expect(error.problem).toBe('newer');
    expect(error.message).toContain(file);
    expect(error.message).toContain('9999-from-a-newer-version');
    expect(sha(file)).toBe(hash);
    expect(listBackups(dataDir)).toEqual([]);
  });
});

describe('backups', () => {
  it('round trip: a backup passes integrity_check, restoring it in the running engine brings its data back, and the replaced data is kept', async () => {
    const { dataDir } = folder();
    const engine = await open(dataDir);
    const [kept] = await makeUnsyncedProjects(engine, 1, 'In the backup');
    const backup = await engine.backups.create('manual');
    expect(checkBackup(backup.file)).toMatchObject({ ok: true });
    const [later] = await makeUnsyncedProjects(engine, 1, 'After the backup');
    expect(engine.sync.status().unsynced_changes).toBe(2);

    await engine.backups.restore(backup.name);
    expect(engine.store.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((await engine.projects.get(kept!, {}, { personal: true })).name).toBe('In the backup 1');
    await expect(engine.projects.get(later!, {}, { personal: true })).rejects.toMatchObject({ status: 404 });
    expect(engine.sync.status().unsynced_changes).toBe(1);

    // What the restore replaced is itself a backup, and restoring it undoes the restore.
    const undo = engine.backups.overview().backups.find((b) => b.reason === 'before-restore')!;
    await engine.backups.restore(undo.name);
    expect((await engine.projects.get(later!, {}, { personal: true })).name).toBe('After the backup 1');
  });

  it('refuses to restore while a sync runs, and a backup that fails its check', async () => {
    const { dataDir } = folder();
    const engine = await open(dataDir);
    const backup = await engine.backups.create('manual');
    // A sync run holds the data folder's sync lock (here taken as a run would).
    const running = await takeLock(dataDir, 'sync', 'sync');
    await expect(engine.backups.restore(backup.name)).rejects.toMatchObject({ status: 409, code: 'busy', message: expect.stringMatching(/^A sync of this data folder is running \(process \d+, since [^)]+\); restore the backup when it has finished\. Nothing was changed\.$/) });
    await running.release();
    const size = pageSizeOf(backup.file);
    overwrite(backup.file, size * 3, garbage(size));
    await expect(engine.backups.restore(backup.name)).rejects.toMatchObject({ status: 409, code: 'backup_damaged' });
    await expect(engine.backups.restore('no-such-backup.db')).rejects.toMatchObject({ status: 404 });
  });

  it('keeps the last N of each kind', async () => {
    const { dataDir } = folder();
    const engine = await open(dataDir);
    await engine.backups.setKeep(2);
    const daily = await engine.backups.create('daily');
    for (let i = 0; i < 3; i++) await engine.backups.create('manual');
    const list = engine.backups.overview().backups;
    expect(list.filter((b) => b.reason === 'manual')).toHaveLength(2);
    expect(list.map((b) => b.name)).toContain(daily.name);
    // The daily copy is due again only a day after the newest backup.
    expect(await engine.backups.dailyIfDue()).toBeNull();
    expect(await engine.backups.dailyIfDue(Date.now() + 25 * 3_600_000)).not.toBeNull();
  });

  it('a migration is preceded by a backup of the store as it was', async () => {
    // A store written by an earlier version: its schema stops at 0007, and it holds a rep's data.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-old-store-'));
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const file = path.join(dataDir, DATABASE_FILE);
    const sqlite = openSqlite(file);
    const old = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    const { error } = await new Migrator({ db: old, provider: inCodeMigrations }).migrateTo('0007-sync-answers');
    expect(error).toBeUndefined();
    sqlite.prepare('insert into meta (key, value) values (?, ?)').run('old.marker', 'written before 0008');
    await old.destroy();

    const store = await openStore(dataDir);
    cleanup.push(() => store.close());
    const [before] = listBackups(dataDir).filter((b) => b.reason === 'before-migration');
    expect(before).toBeDefined();
    const check = checkBackup(before!.file);
    expect(check).toMatchObject({ ok: true });
    expect(check.ok && check.migrations).toContain('0007-sync-answers');
    expect(check.ok && check.migrations).not.toContain('0008-local-id-space');
    const copy = openSqlite(before!.file, { readonly: true });
    expect(copy.prepare("select value from meta where key = 'old.marker'").pluck().get()).toBe('written before 0008');
    copy.close();
    // The live store went on to the latest schema.
    expect(store.sqlite.prepare('select count(*) from local_ids').pluck().get()).toBe(3);
  });
});

describe('the data folder on POSIX', () => {
  it.runIf(process.platform !== 'win32')('is 0700, and the database and its backups 0600', async () => {
    const { dataDir, file } = folder();
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(file, 0o644);
    const engine = await open(dataDir);
    const backup = await engine.backups.create('manual');
    const mode = (f: string) => fs.statSync(f).mode & 0o777;
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(mode(path.dirname(backup.file))).toBe(0o700);
    expect(mode(backup.file)).toBe(0o600);
  });
});

function waitFor(child: ChildProcess, text: string, stream: 'stdout' | 'stderr' = 'stdout'): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const source = child[stream]!;
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(text)) {
        source.off('data', onData);
        resolve(seen);
      }
    };
    source.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited (${code}) before "${text}": ${seen}`)));
  });
}

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawnCli(args) as ChildProcessByStdio<null, Readable, Readable>;
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

// Each test starts processes (the compiled command line): at load 2x the cores one start can take 10 s.
describe('one process per data folder', { timeout: 120_000 }, () => {
  it('a second serve on the folder refuses, naming the process that has it', async () => {
    const { dataDir } = folder();
    const engine = await openEngine({ dataDir });
    await engine.backups.create('manual');
    await engine.close();
    const first = spawnCli(['serve', '--data-dir', dataDir, '--port', '0']);
    cleanup.push(() => first.kill('SIGTERM'));
    await waitFor(first, 'listening on');
    const second = await run(['serve', '--data-dir', dataDir, '--port', '0']);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/The data folder .* is in use by npm run serve \(process \d+, since /);
    expect(second.stderr).toContain(dataDir);
    // A restore would replace the file under the running serve: refused the same way.
    const restore = await run(['restore', '--data-dir', dataDir, '--latest']);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/in use by npm run serve/);
  });

  it('a sync refuses to start while another process syncs the folder', async () => {
    const { dataDir } = folder();
    const engine = await open(dataDir);
    await engine.sync.saveSettings({ upstream_url: 'http://127.0.0.1:9/', interval_minutes: 0 }, 'test-key');
    const holder = spawn(process.execPath, ['--import', 'tsx', 'test/store/fixtures/hold-lock.ts', dataDir, 'sync', 'sync'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
    cleanup.push(() => holder.kill());
    await waitFor(holder, 'held');
    await engine.sync.syncNow();
    expect(engine.sync.status().last_error).toMatchObject({ code: 'busy' });
    expect(engine.sync.status().last_error!.message).toMatch(/^A sync of this data folder is running \(process \d+, since [^)]+\); try again when it has finished\.$/);
    holder.stdin!.end();
    await new Promise((resolve) => holder.once('exit', resolve));
    // Free again: the lock is taken (the run then fails to reach the closed port, a different error).
    await engine.sync.syncNow();
    expect(engine.sync.status().last_error?.code).not.toBe('busy');
    // It failed before replacing anything: no copy was due.
    expect(listBackups(dataDir).some((b) => b.reason === 'before-sync')).toBe(false);
  });

  it('a lock left by a killed process (SIGKILL) is taken over at once', async () => {
    const { dataDir } = folder();
    // node with tsx's loader, not the tsx wrapper: the signal must hit the process holding the lock.
    const holder = spawn(process.execPath, ['--import', 'tsx', 'test/store/fixtures/hold-lock.ts', dataDir, 'sync', 'sync'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
    await waitFor(holder, 'held');
    await expect(takeLock(dataDir, 'sync', 'sync')).rejects.toThrow(/^A sync of this data folder is running/);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(fs.existsSync(path.join(dataDir, 'sync.lock'))).toBe(true);
    const lock = await takeLock(dataDir, 'sync', 'sync');
    await lock.release();
  });

  it('the lock is taken in-process too, and released', async () => {
    const { dataDir } = folder();
    const lock = await takeLock(dataDir, 'instance', 'app');
    await expect(takeLock(dataDir, 'instance', 'serve')).rejects.toThrow(/in use by the Fieldsizer desktop app/);
    await lock.release();
    const again = await takeLock(dataDir, 'instance', 'serve');
    await again.release();
  });
});
