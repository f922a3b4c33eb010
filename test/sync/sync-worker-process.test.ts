/**
 * The pull worker in a real run: a process of its own, started on the compiled module (no
 * TypeScript compiler at run time) below the serving process's priority; it ends as soon as the
 * data is switched, before the media step's process starts (the two processes never hold their
 * memory at once). Its write stays in the WAL, the media step's rows with it, until the run is
 * done; then it is folded into the database file (on a thread of the serving process), and the
 * serving connection's automatic checkpoints, held off meanwhile, come back.
 */
import os from 'node:os';
import { expect, it, vi } from 'vitest';
import { syncPair } from '../helpers/api-server.js';
import { commandLine, processGone, pullProcessesOf } from '../helpers/pull-processes.js';
import { walIndex } from '../helpers/wal-index.js';
import type { SyncStatus } from '../../src-shared/sync.js';

const pair = syncPair();


it('ends before the media step begins; its WAL is folded once the run is done; then checkpoints are handed back', async () => {
  const serving = pair.down.engine.store.sqlite;
  const file = pair.down.engine.store.file;
  const autocheckpoint = () => serving.pragma('wal_autocheckpoint', { simple: true });
  expect(autocheckpoint()).toBe(1000);
  let worker: number | undefined;
  // What the serving side sees as the media step begins (its process not yet started).
  let atMedia: { workerGone: boolean; wal: { frames: number; folded: number }; autocheckpoint: unknown } | undefined;
  let atDone: { wal: { frames: number; folded: number }; autocheckpoint: unknown } | undefined;
  const onStatus = (s: SyncStatus) => {
    if (s.phase === 'media' && !atMedia) atMedia = { workerGone: worker !== undefined && processGone(worker), wal: walIndex(file), autocheckpoint: autocheckpoint() };
    if (s.phase === 'done' && !atDone) atDone = { wal: walIndex(file), autocheckpoint: autocheckpoint() };
  };
  pair.down.engine.sync.on('status', onStatus);
  // A first sync: it always writes, so its worker has a WAL to fold.
  const run = pair.down.engine.sync.syncNow();
  // Held off while the worker lives...
  await expect.poll(autocheckpoint, { timeout: 30_000, interval: 5 }).toBe(0);
  // ...which is a child process of this one (the serving one), on the built JavaScript, and
  // lower in priority (a higher niceness) than this process's thread that serves.
  await vi.waitFor(() => expect((worker = pullProcessesOf(process.pid)[0])).toBeDefined(), { timeout: 30_000, interval: 5 });
  const started = { command: commandLine(worker!), niceness: os.getPriority(worker!) };
  expect(started.command).toMatch(/^\S*node\S* .*\/out\/cli\/pull-worker\.js$/);
  expect(started.command).not.toMatch(/tsx/);
  expect(started.niceness).toBeGreaterThan(os.getPriority());
  await run;
  pair.down.engine.sync.off('status', onStatus);
  expect(pair.down.engine.sync.status().last_error).toBeNull();
  // As the media step began the worker had ended, and nothing had folded its write: the WAL
  // held it, and the serving connection's checkpoints were still held off.
  expect(atMedia).toBeDefined();
  expect(atMedia!.workerGone).toBe(true);
  expect(atMedia!.wal.frames).toBeGreaterThan(atMedia!.wal.folded);
  expect(atMedia!.autocheckpoint).toBe(0);
  // The run was done before the fold, the media step's rows waiting with the pull's write...
  expect(atDone).toBeDefined();
  expect(atDone!.wal.frames).toBeGreaterThanOrEqual(atMedia!.wal.frames);
  expect(atDone!.wal.folded).toBeLessThan(atDone!.wal.frames);
  expect(atDone!.autocheckpoint).toBe(0);
  // ...then the fold put every frame of the run in the database file, none left for the serving
  // thread's next checkpoint, and the serving connection checkpoints again.
  await expect.poll(autocheckpoint, { timeout: 30_000, interval: 20 }).toBe(1000);
  expect(walIndex(file).folded).toBeGreaterThanOrEqual(atDone!.wal.frames);
}, 120_000);
