/**
 * The data folder's two locks live side by side in one process: a sync run takes and releases
 * the sync lock while the instance lock stays held and refreshed, and a failed sync (a refused
 * key, an upstream that hangs) never ends the process nor lets a second owner in.
 *
 * The locks go stale after 3 s here (20 s in the app), so a refresh that stopped shows within a
 * few seconds. The tests mostly wait (on the refresh intervals, on an upstream that never
 * answers), each over its own folder: they run at the same time, each closing what it opened.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { openOwnedEngine } from '../../src-main/engine/owned-engine.js';
import { startServer } from '../../src-main/http/server.js';
import { LockBusyError, takeLock } from '../../src-main/store/process-locks.js';
import { API_SCOPES } from '../../src-shared/api/scopes.js';
import { copyTemplateDataDir } from '../helpers/api-server.js';

const timing = { staleMs: 3000 };
/** Refreshed every 1.5 s: older than this means the refresh stopped (1.5 s of slack for a loaded machine). */
const FRESH_MS = 3000;
/** What a test opened, closed in reverse order when it ends (its own list: the tests run concurrently). */
function cleanupOf(t: TestContext): (step: () => unknown) => void {
  const steps: Array<() => unknown> = [];
  t.onTestFinished(async () => {
    for (const step of steps.splice(0).reverse()) await step();
  });
  return (step) => void steps.push(step);
}

function folder(cleanup: (step: () => unknown) => void): string {
  const dataDir = copyTemplateDataDir();
  cleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lockAge = (dataDir: string, name: string) => Date.now() - fs.statSync(path.join(dataDir, `${name}.lock`)).mtimeMs;

/** An upstream that answers every request 401, or one that never answers. */
async function upstream(kind: '401' | 'hang', cleanup: (step: () => unknown) => void): Promise<string> {
  const server = http.createServer((_request, response) => {
    if (kind === 'hang') return;
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ object: 'error', status: 401, code: 'invalid_api_key', message: 'The API key is not valid.', param: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe.concurrent('the instance lock and the sync lock in one process', () => {
  it('releasing the sync lock leaves the instance lock held and refreshed', async (t) => {
    const { expect } = t;
    const cleanup = cleanupOf(t);
    const dataDir = folder(cleanup);
    const lost: Error[] = [];
    const instance = await takeLock(dataDir, 'instance', 'serve', (e) => lost.push(e), timing);
    cleanup(() => instance.release());
    const sync = await takeLock(dataDir, 'sync', 'sync', undefined, timing);
    await sync.release();
    // Three refresh intervals: an orphaned refresh timer would have thrown, or let the lock go stale.
    await sleep(5000);
    expect(lost).toEqual([]);
    expect(lockAge(dataDir, 'instance')).toBeLessThan(FRESH_MS);
    await expect(takeLock(dataDir, 'instance', 'serve', undefined, timing)).rejects.toBeInstanceOf(LockBusyError);
    // The sync lock is free again, and its file is gone.
    expect(fs.existsSync(path.join(dataDir, 'sync.lock'))).toBe(false);
    const again = await takeLock(dataDir, 'sync', 'sync', undefined, timing);
    await again.release();
    await instance.release();
    expect(fs.existsSync(path.join(dataDir, 'instance.lock'))).toBe(false);
  });

  for (const kind of ['401', 'hang'] as const) {
    it(`a sync against an upstream that ${kind === '401' ? 'refuses the key' : 'never answers'} leaves the server serving and the folder held`, async (t) => {
      const { expect } = t;
      const cleanup = cleanupOf(t);
      const dataDir = folder(cleanup);
      const lost: Error[] = [];
      const owned = await openOwnedEngine(
        { dataDir, owner: 'serve', lockTiming: timing, onLockLost: (e) => lost.push(e), syncTuning: { timeoutMs: kind === 'hang' ? 6000 : 1500, attempts: 1 } },
        async () => 'quit',
      );
      cleanup(() => owned.lock.release());
      cleanup(() => owned.engine.close());
      const key = (await owned.engine.apiKeys.create('test', API_SCOPES)).key;
      const server = await startServer(owned.engine, 0, { rateLimitPerMinute: 0 });
      cleanup(() => server.close());
      await owned.engine.sync.saveSettings({ upstream_url: await upstream(kind, cleanup), interval_minutes: 0 }, 'central-key');

      const started = await fetch(`${server.url}/api/sync`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
      expect(started.status).toBe(202);
      if (kind === 'hang') {
        // While the run waits on the upstream, the folder stays held.
        await sleep(5000);
        expect(owned.engine.sync.status().state).toBe('running');
        expect(lockAge(dataDir, 'instance')).toBeLessThan(FRESH_MS);
        await expect(takeLock(dataDir, 'instance', 'serve', undefined, timing)).rejects.toThrow(/in use by npm run serve/);
      }
      await owned.engine.sync.syncNow();
      expect(owned.engine.sync.status().state).toBe('failed');
      // Past the point where the old shared lock entry crashed the process (one refresh interval).
      await sleep(5000);
      const answer = await fetch(`${server.url}/api/sync`, { headers: { authorization: `Bearer ${key}` } });
      expect(answer.status).toBe(200);
      expect(lost).toEqual([]);
      expect(lockAge(dataDir, 'instance')).toBeLessThan(FRESH_MS);
      await expect(takeLock(dataDir, 'instance', 'serve', undefined, timing)).rejects.toThrow(/in use by npm run serve/);
    });
  }
});
