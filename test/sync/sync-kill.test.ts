/**
 * The sync process killed with SIGKILL in the middle (while pulling, and while writing): the
 * store passes PRAGMA integrity_check, serves the old data in full, and the next sync completes.
 */
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../../src-main/engine/engine.js';
import { copyTemplateDataDir, startTestServer, tempDir, type TestServer } from '../helpers/api-server.js';
import { spawnCli } from '../helpers/cli-process.js';


let up: TestServer;
let keyFile: string;

beforeAll(async () => {
  up = await startTestServer({ rateLimitPerMinute: 0 });
  const db = new Database(up.engine.store.file);
  db.prepare("update products set short_name = 'GB-250 (central)' where part_number = '4055-007-02'").run();
  db.close();
  keyFile = path.join(tempDir(), 'key');
  fs.writeFileSync(keyFile, up.key, { mode: 0o600 });
}, 60_000);
afterAll(async () => up?.close());

/** Runs `sync` in a child process and kills it with SIGKILL once its output shows `phase`. */
function syncKilledAt(dataDir: string, phase: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // node itself on the compiled command line: SIGKILL must hit the process doing the sync.
    const child = spawnCli(['sync', '--data-dir', dataDir, '--upstream', up.server.url, '--key-file', keyFile]) as ChildProcessByStdio<null, Readable, Readable>;
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(phase) && child.exitCode === null) child.kill('SIGKILL');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(output) : reject(new Error(`sync ended (${code}) before reaching ${phase}:\n${output}`))));
  });
}

async function check(dataDir: string) {
  const db = new Database(path.join(dataDir, 'fieldsizer.db'), { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    // The previous data, whole: the embedded catalog and every embedded project.
    expect(db.prepare("select short_name from products where part_number = '4055-007-02'").pluck().get()).toBe('GB-250');
    expect(db.prepare('select count(*) from projects').pluck().get()).toBeGreaterThan(5000);
    expect(db.prepare("select value from meta where key = 'data_set'").pluck().get()).toBe('embedded');
  } finally {
    db.close();
  }
}

describe('sync killed with SIGKILL', () => {
  for (const phase of ['pulling', 'applying']) {
    it(`while ${phase}: the store is intact and the next sync completes`, async () => {
      const dataDir = copyTemplateDataDir();
      try {
        await syncKilledAt(dataDir, phase);
        await check(dataDir);
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
