/**
 * Every file the app leaves in a data folder is its owner's only (0600, folders 0700), whichever
 * part made it: the store and its WAL, the sync's staging, backups, logs, keys, the lock files,
 * the sign-in and address files, a restore's copy. Checked after a real sync, a backup, a restore,
 * an import and a log, by walking the folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureApiKey } from '../../src-main/engine/data-dir.js';
import { openOwnedEngine } from '../../src-main/engine/owned-engine.js';
import { exportProjects, importProjectsText } from '../../src-main/engine/projects/project-transfer.js';
import { announceApiAddress, writeOpenAppPage } from '../../src-main/http/announce.js';
import { openAppLog } from '../../src-main/logs/app-log.js';
import { startUpstreamServer, tempDir, type TestServer } from '../helpers/api-server.js';
import { makeUnsyncedProjects } from './helpers.js';
import { StagedAnswers } from '../../src-main/sync/sync-answers.js';

// The central service of the sync; the folder under test is made from nothing by a first start.
let up: TestServer;
const parent = tempDir();
beforeAll(async () => {
  up = await startUpstreamServer();
});
afterAll(async () => {
  await up?.close();
  fs.rmSync(parent, { recursive: true, force: true });
});

function walk(dir: string): { file: string; mode: number; dir: boolean }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    const mode = fs.lstatSync(file).mode & 0o777;
    return entry.isDirectory() ? [{ file, mode, dir: true }, ...walk(file)] : [{ file, mode, dir: false }];
  });
}

describe.runIf(process.platform !== 'win32')('the data folder', () => {
  it('holds nothing another user of the machine can read', async () => {
    const dataDir = path.join(parent, 'fresh');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    // A first start in an empty folder, as serve makes it.
    const owned = await openOwnedEngine({ dataDir, owner: 'serve' }, async () => 'quit');
    try {
      const engine = owned.engine;
      await ensureApiKey(engine);
      const log = openAppLog(dataDir);
      log.info('started');
      announceApiAddress(dataDir, 'http://127.0.0.1:1', 1);
      writeOpenAppPage(dataDir, 'http://127.0.0.1:1/#session=x');
      const [id] = await makeUnsyncedProjects(engine, 1, 'Mode check');
      const backup = await engine.backups.create('manual');
      await engine.sync.saveSettings({ upstream_url: up.server.url, interval_minutes: 0 }, up.key);
      await engine.sync.syncNow();
      expect(engine.sync.status().last_error).toBeNull();
      await engine.backups.restore(backup.name);
      const { file } = exportProjects(engine, { ids: [id!] });
      await importProjectsText(engine, JSON.stringify({ ...file, projects: [{ ...file.projects[0]!, name: 'Mode check copy' }] }));
      await log.close();
      // The sync's staging stays only after a cut-off run: opened here as a run opens it.
      StagedAnswers.open(dataDir).close();

      const entries = walk(dataDir);
      const names = entries.map((e) => path.relative(dataDir, e.file));
      // The parts that make files each left theirs.
      for (const expected of ['fieldsizer.db', 'api-key', 'upstream-key', 'sync-staging.db', 'instance.lock', 'local-api.json', 'open-app.html', path.join('logs', 'fieldsizer.log')]) {
        expect(names).toContain(expected);
      }
      expect(names.some((n) => n.startsWith(`backups${path.sep}`) && n.endsWith('-before-restore.db'))).toBe(true);
      const open = entries.filter((e) => (e.mode & 0o077) !== 0).map((e) => `${path.relative(dataDir, e.file)} ${e.mode.toString(8)}`);
      expect(open).toEqual([]);
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    } finally {
      await owned.engine.close();
      await owned.lock.release();
    }
  }, 180_000);
});
