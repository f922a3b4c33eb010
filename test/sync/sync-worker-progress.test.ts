/**
 * The pull worker's progress on its way to the serving thread: every message is work for the
 * thread that serves, and in the full-scale bench bursts of them (thousands of reports in a few
 * milliseconds, where answers need no request) held its event loop 30-60 ms. The worker merges
 * its reports and sends at most ten a second, and its last word on each list is the whole list.
 */
import { expect, it } from 'vitest';
import type { SyncProgress } from '../../src-shared/sync.js';
import { runPullWorker } from '../../src-main/sync/pull-worker-host.js';
import { syncPair } from '../helpers/api-server.js';

const pair = syncPair();

it('sends the serving thread at most ten progress messages a second, and the final counts', async () => {
  const received: { phase?: string | null; progress?: SyncProgress[]; requests?: number }[] = [];
  const started = performance.now();
  const { result, written } = await runPullWorker(
    { dataDir: pair.down.dataDir, upstreamUrl: pair.up.server.url, key: pair.up.key, tuning: {}, pushedLocalIds: [], mustApply: false, readOnly: false, pausedUntil: 0, allowMassDelete: false },
    pair.down.engine.store.sqlite,
    new AbortController().signal,
    (patch) => received.push(patch),
  );
  const seconds = (performance.now() - started) / 1000;
  written();
  expect(result.applied).toBe(true);
  // One message per tenth of a second the run lasted, the first (sent at once), the phase change
  // to 'applying' and the closing counts.
  expect(received.length).toBeLessThanOrEqual(Math.floor(seconds * 10) + 3);
  // Nothing is lost by the merging: the last progress names every list, each complete...
  const last = received.findLast((m) => m.progress !== undefined)!.progress!;
  expect(last.map((p) => p.resource)).toEqual(expect.arrayContaining(['products', 'territories', 'users', 'projects']));
  for (const p of last) expect(p.done, p.resource).toBe(p.total ?? p.done);
  // ...and the last request count is the run's.
  expect(received.findLast((m) => m.requests !== undefined)!.requests).toBe(result.requests);
  // Once the worker has ended its write is folded, and the serving connection's checkpoints come back.
  await expect.poll(() => pair.down.engine.store.sqlite.pragma('wal_autocheckpoint', { simple: true }), { timeout: 20_000, interval: 20 }).toBe(1000);
}, 120_000);
