/**
 * The sync process killed with SIGKILL in the middle (while pulling, and while writing): its pull
 * worker's process goes with it (nothing is left running on the data folder), the store passes
 * PRAGMA integrity_check, serves the old data in full, and the next sync completes.
 */
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openEngine } from '../../src-main/engine/engine.js';
import { copyTemplateDataDir, startUpstreamServer, tempDir, type TestServer } from '../helpers/api-server.js';
import { spawnCli } from '../helpers/cli-process.js';
import { processGone, pullProcessesOf } from '../helpers/pull-processes.js';


let up: TestServer;
let keyFile: string;

beforeAll(async () => {
  up = await startUpstreamServer();
  const db = new Database(up.engine.store.file);
  db.prepare("update products set short_name = 'GB-250 (central)' where part_number = '4055-007-02'").run();
  db.close();
  keyFile = path.join(tempDir(), 'key');
  fs.writeFileSync(keyFile, up.key, { mode: 0o600 });
}, 60_000);
afterAll(async () => {
  await up?.close();
  if (keyFile) fs.rmSync(path.dirname(keyFile), { recursive: true, force: true });
});

/**
 * Runs `sync` in a child process and kills it with SIGKILL once its output shows `phase` and its
 * pull worker's process is running; resolves with that worker's pid.
 */
function syncKilledAt(dataDir: string, phase: RegExp): Promise<number> {
  return new Promise((resolve, reject) => {
    // node itself on the compiled command line: SIGKILL must hit the process doing the sync.
    const child = spawnCli(['sync', '--data-dir', dataDir, '--upstream', up.server.url, '--key-file', keyFile]) as ChildProcessByStdio<null, Readable, Readable>;
    let output = '';
    let worker: number | undefined;
    // 'pulling' shows before the worker starts: the kill waits for it.
    const killOnceWorking = () => {
      if (child.exitCode !== null || child.signalCode !== null || worker !== undefined) return;
      worker = pullProcessesOf(child.pid!)[0];
      if (worker === undefined) return void setTimeout(killOnceWorking, 10);
      child.kill('SIGKILL');
    };
    const onData = (chunk: Buffer) => {
      const seen = phase.test(output);
      output += chunk.toString();
      if (!seen && phase.test(output)) killOnceWorking();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) =>
      signal === 'SIGKILL' && worker !== undefined ? resolve(worker) : reject(new Error(`sync ended (${code}) before reaching ${phase.source} with its worker running:\n${output}`)),
    );
  });
}

/**
 * The store after the kill: sound, and one data set whole. Killed while pulling, the previous one;
 * killed once the write had begun, the previous one, or the central service's whole when the
 * worker's one transaction committed before the kill landed (a write of this small upstream can
 * take less time than the kill takes to arrive): never a mix of the two.
 */
async function check(dataDir: string, mayHaveCommitted: boolean) {
  const db = new Database(path.join(dataDir, 'fieldsizer.db'), { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const dataSet = db.prepare("select value from meta where key = 'data_set'").pluck().get();
    const shortName = db.prepare("select short_name from products where part_number = '4055-007-02'").pluck().get();
    const projects = db.prepare('select count(*) from projects').pluck().get();
    if (mayHaveCommitted && dataSet === 'upstream') {
      // The central service's data, whole: its catalog and exactly its projects.
      expect(shortName).toBe('GB-250 (central)');
      expect(projects).toBe(up.engine.store.sqlite.prepare('select count(*) from projects').pluck().get());
      return;
    }
    // The previous data, whole: the embedded catalog and every embedded project.
    expect(dataSet).toBe('embedded');
    expect(shortName).toBe('GB-250');
    expect(projects).toBeGreaterThan(5000);
  } finally {
    db.close();
  }
}

/**
 * The progress line (src-main/sync-command.ts: phase, bar, done/total) once the pull has
 * received records, and once the write has begun.
 */
const PHASES = { pulling: /pulling +\S+ [1-9]\d*\//, applying: /applying/ };

describe('sync killed with SIGKILL', () => {
  for (const [name, phase] of Object.entries(PHASES)) {
    it(`while ${name}: the pull worker goes too, the store is intact and the next sync completes`, async () => {
      const dataDir = copyTemplateDataDir();
      try {
        const worker = await syncKilledAt(dataDir, phase);
        // No orphan: the worker ends with the process it served (generous: a loaded machine is slow to schedule it).
        await vi.waitFor(() => expect(processGone(worker), `pull worker ${worker} still running`).toBe(true), { timeout: 30_000, interval: 50 });
        await check(dataDir, name === 'applying');
        const engine = await openEngine({ dataDir });
        try {
          await engine.sync.syncNow();
          expect(engine.sync.status().last_error).toBeNull();
          expect((await engine.catalog.getProduct('4055-007-02', undefined)).short_name).toBe('GB-250 (central)');
        } finally {
          await engine.close();
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }, 180_000);
  }
});
