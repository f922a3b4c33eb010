/**
 * Restores as a careless user or another program on the machine would meet them: a file that is
 * not a Fieldsizer store under a backup's name, a backup from a newer version, a backup with
 * another page size, a restore while a sync runs in another process, writes arriving during a
 * restore in the app, an empty store file beside good backups, and symbolic links in backups/.
 * A refused restore leaves the store byte for byte as it was.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEngine } from '../../src-main/engine/engine.js';
import { openOwnedEngine } from '../../src-main/engine/owned-engine.js';
import { importProjectsText, exportProjects } from '../../src-main/engine/projects/project-transfer.js';
import { recoverAndOpen, setAsideDamaged, type DamageReport } from '../../src-main/engine/recovery.js';
import { damaged } from '../../src-main/store/store-errors.js';
import { takeLock, takeSharedLock } from '../../src-main/store/process-locks.js';
import { backupsDir, listBackups } from '../../src-main/store/backups.js';
import { openSqlite } from '../../src-main/store/sqlite.js';
import { startTestServer, tempDir } from '../helpers/api-server.js';
import { makeUnsyncedProjects, scratchStores } from './helpers.js';
import { runCli } from '../helpers/cli-process.js';

/** Tests that run the command line in processes of their own: generous on a loaded machine. */
const SPAWN_MS = 180_000;
const { cleanup, folder, open } = scratchStores();

/** The store's bytes: the main file and its WAL. */
function storeHash(file: string): string {
  const hash = createHash('sha256');
  for (const f of [file, `${file}-wal`]) if (fs.existsSync(f)) hash.update(fs.readFileSync(f));
  return hash.digest('hex');
}

const run = runCli;

/** A file named as a backup would be, in the folder's backups/. */
function backupName(reason = 'manual', when = new Date()): string {
  return `fieldsizer-${when.toISOString().replace(/[:.]/g, '-')}-${reason}.db`;
}

const projectNames = (file: string): string[] => {
  const db = openSqlite(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('select name from projects').pluck().all() as string[];
  } finally {
    db.close();
  }
};

// Each test starts processes (the compiled command line): at load 2x the cores one start can take 10 s.
describe('a backup that cannot become the store', { timeout: 120_000 }, () => {
  it('a foreign SQLite file under a backup name is refused in the app and by the command, the store byte for byte as it was', async () => {
    const { dataDir, file } = folder();
    const engine = await open(dataDir);
    await makeUnsyncedProjects(engine, 1, 'Mine');
    engine.store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    fs.mkdirSync(backupsDir(dataDir), { recursive: true });
    const name = backupName();
    const foreign = openSqlite(path.join(backupsDir(dataDir), name));
    foreign.exec("create table contacts (name text); insert into contacts values ('someone')");
    foreign.close();
    const before = storeHash(file);

    await expect(engine.backups.restore(name)).rejects.toMatchObject({ status: 409, code: 'backup_foreign', message: expect.stringMatching(/not a Fieldsizer database.*Nothing was changed/) });
    expect(storeHash(file)).toBe(before);
    expect(listBackups(dataDir).filter((b) => b.reason === 'before-restore')).toEqual([]);
    expect(fs.existsSync(`${file}.restoring`)).toBe(false);
    await engine.close();

    const cli = await run(['restore', '--data-dir', dataDir, '--name', name]);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/cannot be restored: it is not a Fieldsizer database/);
    expect(storeHash(file)).toBe(before);
    // --latest passes over it: there is no other backup.
    const latest = await run(['restore', '--data-dir', dataDir, '--latest']);
    expect(latest.code).toBe(1);
    expect(latest.stderr).toMatch(/no backup that passes/);
    expect(storeHash(file)).toBe(before);
    expect(projectNames(file)).toContain('Mine 1');
  }, SPAWN_MS);

  it('a backup from a newer version is refused before anything is replaced, and the store still opens', async () => {
    const { dataDir, file } = folder();
    const engine = await open(dataDir);
    const backup = await engine.backups.create('manual');
    const future = openSqlite(backup.file);
    future.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999-from-a-newer-version', new Date().toISOString());
    future.close();
    engine.store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const before = storeHash(file);

    await expect(engine.backups.restore(backup.name)).rejects.toMatchObject({ status: 409, code: 'backup_newer', message: expect.stringMatching(/9999-from-a-newer-version/) });
    expect(storeHash(file)).toBe(before);
    await engine.close();

    const cli = await run(['restore', '--data-dir', dataDir, '--name', backup.name]);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/newer version of Fieldsizer .*9999-from-a-newer-version.*Nothing was changed/);
    expect(storeHash(file)).toBe(before);
    // The store was never replaced, so it opens as before.
    const again = await open(dataDir);
    expect(again.firstStart).toBe(false);
  }, SPAWN_MS);

  it('a valid backup with 4 KB pages restores into the open 16 KB store', async () => {
    const { dataDir } = folder();
    const engine = await open(dataDir);
    const [kept] = await makeUnsyncedProjects(engine, 1, 'Small pages');
    const backup = await engine.backups.create('manual');
    const copy = openSqlite(backup.file);
    copy.pragma('page_size = 4096');
    copy.exec('VACUUM');
    expect(copy.pragma('page_size', { simple: true })).toBe(4096);
    copy.close();
    await makeUnsyncedProjects(engine, 1, 'After');
    const storePageSize = engine.store.sqlite.pragma('page_size', { simple: true });

    const restored = await engine.backups.restore(backup.name);
    expect(restored.name).toBe(backup.name);
    expect((await engine.projects.get(kept!, {}, { personal: true })).name).toBe('Small pages 1');
    expect(engine.store.sqlite.pragma('page_size', { simple: true })).toBe(storePageSize);
    expect(engine.store.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});

// Each test starts processes (the compiled command line): at load 2x the cores one start can take 10 s.
describe('a restore never meets a writer', { timeout: 120_000 }, () => {
  it('the restore and import commands are refused while a sync runs, and the sync goes on into the same store', async () => {
    const { dataDir, file } = folder();
    const engine = await open(dataDir);
    await engine.backups.create('manual');
    const exported = path.join(dataDir, 'one.fieldsizer');
    const [id] = await makeUnsyncedProjects(engine, 1, 'To import');
    fs.writeFileSync(exported, JSON.stringify(exportProjects(engine, { ids: [id!] }).file));
    // An upstream that holds every request: the sync stays running, holding the sync lock.
    const hanging = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => {
      hanging.closeAllConnections();
      return new Promise((resolve) => hanging.close(resolve));
    });
    await engine.sync.saveSettings({ upstream_url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`, interval_minutes: 0 }, 'central-key');
    const projectsBefore = projectNames(file).length;
    const syncing = engine.sync.syncNow();
    cleanup.push(() => {
      engine.sync.cancel();
      return syncing;
    });
    await expect.poll(() => fs.existsSync(path.join(dataDir, 'sync.lock.json')), { timeout: 30_000 }).toBe(true);

    const restore = await run(['restore', '--data-dir', dataDir, '--latest']);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/A sync of this data folder is running \(process \d+, since [^)]+\); try again when it has finished/);
    const imported = await run(['import', '--data-dir', dataDir, exported]);
    expect(imported.code).toBe(1);
    expect(imported.stderr).toMatch(/A sync of this data folder is running \(process \d+, since [^)]+\); import the file when it has finished\. Nothing was imported/);
    expect(engine.sync.status().state).toBe('running');
    // Nothing replaced the file under the sync, and nothing was imported.
    expect(projectNames(file).length).toBe(projectsBefore);
    expect(listBackups(dataDir).filter((b) => b.reason === 'before-restore')).toEqual([]);
  }, SPAWN_MS);

  it('writes arriving during a restore in the app land in the restored data or in the copy taken before it, never between', async () => {
    const t = await startTestServer({ rateLimitPerMinute: 0 });
    cleanup.push(() => t.close());
    const engineer = t.engine.store.sqlite.prepare('select id from users order by id limit 1').pluck().get() as number;
    const backup = await t.engine.backups.create('manual');
    const post = (i: number) =>
      t.request('POST', '/api/projects', { body: JSON.stringify({ name: `During restore ${i}`, engineer: { id: engineer }, fixtures: [{ type: 'three-compartment-sink' }] }) });
    // Four writers keep writing from before the restore starts until after it ends.
    const answers: { status: number; body: unknown }[] = [];
    let done = false;
    let next = 0;
    const writer = async () => {
      while (!done || next < 8) {
        const i = next++;
        answers[i] = await post(i);
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    // Five writes landed before the restore starts; under load they can take far longer than the default 1 s.
    await expect.poll(() => answers.filter(Boolean).length, { timeout: 30_000 }).toBeGreaterThan(4);
    await t.engine.backups.restore(backup.name);
    done = true;
    await Promise.all(writers);
    const beforeRestore = listBackups(t.dataDir).find((b) => b.reason === 'before-restore')!;
    const inCopy = new Set(projectNames(beforeRestore.file));
    const inStore = new Set(projectNames(t.engine.store.file));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    for (const [i, answer] of answers.entries()) {
      const name = `During restore ${i}`;
      if (answer.status === 201) expect(inStore.has(name) || inCopy.has(name), `${name} was acknowledged`).toBe(true);
      else expect(answer.body).toMatchObject({ object: 'error', status: answer.status });
    }
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(8);
  });
});

// Each test starts processes (the compiled command line): at load 2x the cores one start can take 10 s.
describe("the rep's own work across a restore", { timeout: 120_000 }, () => {
  it("a salvage imports each project on its own: one that breaks today's rules is said, the others come back", async () => {
    const { dataDir, file } = folder();
    const engine = await openEngine({ dataDir });
    await engine.backups.create('manual');
    const [kept, tooBig] = await makeUnsyncedProjects(engine, 2, 'Salvaged');
    // A project with more fixtures than a write may hold (as an older version could have stored).
    const insert = engine.store.sqlite.prepare('insert into project_fixtures (project_id, position, input) values (?, ?, ?)');
    const input = engine.store.sqlite.prepare('select input from project_fixtures where project_id = ? limit 1').pluck().get(tooBig) as string;
    for (let position = 2; position < 201; position++) insert.run(tooBig, position, input);
    await engine.close();

    const report = setAsideDamaged(dataDir, damaged(file, 'a test'));
    expect(report.salvaged).toBe(2);
    const { engine: restored, imported } = await recoverAndOpen(report, 'backup', { dataDir });
    cleanup.push(() => restored.close());
    expect(imported).toMatchObject({ imported: 1, refused: 1 });
    const refused = imported!.projects.find((p) => p.outcome === 'refused')!;
    expect(refused.name).toBe('Salvaged 2');
    expect(refused.message).toMatch(/fixtures/);
    expect(projectNames(file)).toContain('Salvaged 1');
    expect(projectNames(file)).not.toContain('Salvaged 2');
    // Nothing is lost: the salvage file keeps both.
    expect(fs.readFileSync(report.salvageFile!, 'utf8')).toContain('"Salvaged 2"');
    expect(kept).toBeGreaterThan(0);
  });

  it('a restore in the app waits for no import: refused while imports hold the folder, which share it', async () => {
    const { dataDir } = folder();
    const engine = await open(dataDir);
    const backup = await engine.backups.create('manual');
    // Two imports queued in this process, as the import worker's queue holds them.
    const first = await takeSharedLock(dataDir, 'sync', 'import');
    const second = await takeSharedLock(dataDir, 'sync', 'import');
    const refusal = { status: 409, code: 'busy', message: expect.stringMatching(/^An import of projects into this data folder is running \(process \d+/) };
    await expect(engine.backups.restore(backup.name)).rejects.toMatchObject(refusal);
    await first.release();
    await expect(engine.backups.restore(backup.name)).rejects.toMatchObject(refusal);
    await second.release();
    expect((await engine.backups.restore(backup.name)).name).toBe(backup.name);
  });

  it('an import in the app waits for no sync: refused while one holds the folder, nothing imported', async () => {
    const { dataDir, file } = folder();
    const engine = await open(dataDir);
    const [id] = await makeUnsyncedProjects(engine, 1, 'To import');
    const { file: exported } = exportProjects(engine, { ids: [id!] });
    const text = JSON.stringify({ ...exported, projects: [{ ...exported.projects[0]!, name: 'Imported during a sync' }] });
    const running = await takeLock(dataDir, 'sync', 'sync');
    await expect(importProjectsText(engine, text)).rejects.toMatchObject({ status: 409, code: 'busy', message: expect.stringMatching(/^A sync of this data folder is running .*Nothing was imported\.$/) });
    expect(projectNames(file)).not.toContain('Imported during a sync');
    await running.release();
    expect((await importProjectsText(engine, text)).imported).toBe(1);
    expect(projectNames(file)).toContain('Imported during a sync');
  });
});

// Each test starts processes (the compiled command line): at load 2x the cores one start can take 10 s.
describe('a store file that is not what it should be', { timeout: 120_000 }, () => {
  it('an empty (0-byte) store beside good backups is damage: set aside, the backup offered, never a first start', async () => {
    const { dataDir, file } = folder();
    const engine = await openEngine({ dataDir });
    await makeUnsyncedProjects(engine, 1, 'Backed up');
    await engine.backups.create('manual');
    await engine.close();
    fs.writeFileSync(file, '');
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });

    let seen: DamageReport | null = null;
    const owned = await openOwnedEngine({ dataDir, owner: 'serve' }, async (report) => {
      seen = report;
      return 'backup';
    });
    cleanup.push(() => owned.lock.release());
    cleanup.push(() => owned.engine.close());
    const report = seen as unknown as DamageReport;
    expect(report.detail).toMatch(/empty \(0 bytes\)/);
    expect(report.backup?.reason).toBe('manual');
    expect(fs.statSync(report.movedTo).size).toBe(0);
    expect(owned.engine.firstStart).toBe(false);
    expect(projectNames(file)).toContain('Backed up 1');
  });

  it('symbolic links in backups/ are never backups: dangling or pointing outside, they are skipped and cannot be restored', async () => {
    const { dataDir } = folder();
    const engine = await open(dataDir);
    const real = await engine.backups.create('manual');
    const outside = tempDir('fieldsizer-outside-');
    cleanup.push(() => fs.rmSync(outside, { recursive: true, force: true }));
    const elsewhere = path.join(outside, 'other.db');
    fs.copyFileSync(real.file, elsewhere);
    const dangling = backupName('daily', new Date(Date.now() + 60_000));
    const pointing = backupName('manual', new Date(Date.now() + 120_000));
    fs.symlinkSync(path.join(outside, 'missing.db'), path.join(backupsDir(dataDir), dangling));
    fs.symlinkSync(elsewhere, path.join(backupsDir(dataDir), pointing));

    expect(engine.backups.overview().backups.map((b) => b.name)).toEqual([real.name]);
    const another = await engine.backups.create('manual');
    expect(another.reason).toBe('manual');
    await expect(engine.backups.restore(pointing)).rejects.toMatchObject({ status: 404 });
    await expect(engine.backups.restore(dangling)).rejects.toMatchObject({ status: 404 });
    // An import takes a before-import copy, which prunes the folder: the links do not stop it.
    const [id] = await makeUnsyncedProjects(engine, 1, 'Import me');
    const { file } = exportProjects(engine, { ids: [id!] });
    const report = await importProjectsText(engine, JSON.stringify({ ...file, projects: [{ ...file.projects[0]!, name: 'Imported copy' }] }));
    expect(report.imported).toBe(1);
    // The links are left as they were: nothing followed them.
    expect(fs.lstatSync(path.join(backupsDir(dataDir), pointing)).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(elsewhere).equals(fs.readFileSync(real.file))).toBe(true);
  });
});
