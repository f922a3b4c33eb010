/**
 * The pull worker in a real run: a process of its own, started on the compiled module (no
 * TypeScript compiler at run time) below the serving process's priority; after the run it folds
 * the run's WAL into the database file once the serving thread has written the run's own
 * bookkeeping, then ends, before the media step's process starts (the two processes never hold
 * their memory at once), and the serving connection's automatic checkpoints (held off while a
 * worker lives) come back.
 */
import fs from 'node:fs';
import os from 'node:os';
import { expect, it, vi } from 'vitest';
import { syncPair } from '../helpers/api-server.js';
import { commandLine, processGone, pullProcessesOf } from '../helpers/pull-processes.js';
import type { SyncStatus } from '../../src-shared/sync.js';

const pair = syncPair();

/**
 * What the WAL index says (SQLite's shared-memory file, https://sqlite.org/walformat.html): the
 * frames in the WAL (mxFrame, bytes 16-19 of the header) and how many of them a checkpoint has
 * folded into the database (nBackfill, bytes 96-99); in the machine's byte order.
 */
function walIndex(dbFile: string): { frames: number; folded: number } {
  const shm = fs.readFileSync(`${dbFile}-shm`);
  const u32 = (at: number) => (os.endianness() === 'LE' ? shm.readUInt32LE(at) : shm.readUInt32BE(at));
  return { frames: u32(16), folded: u32(96) };
}

it('folds the WAL once the run is written, and ends before the media step begins; then hands checkpoints back', async () => {
  const serving = pair.down.engine.store.sqlite;
  const file = pair.down.engine.store.file;
  const autocheckpoint = () => serving.pragma('wal_autocheckpoint', { simple: true });
  expect(autocheckpoint()).toBe(1000);
  let worker: number | undefined;
  // What the serving side sees as the media step begins (its process not yet started).
  let atMedia: { workerGone: boolean; wal: { frames: number; folded: number }; autocheckpoint: unknown } | undefined;
  const onStatus = (s: SyncStatus) => {
    if (s.phase === 'media' && !atMedia) atMedia = { workerGone: worker !== undefined && processGone(worker), wal: walIndex(file), autocheckpoint: autocheckpoint() };
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
  // As the media step began, the worker had ended (told the bookkeeping was written, it did not
  // wait for its 30 s fallback), its fold came after the serving thread's writes for the run (its
  // state, its push issues): every frame of the WAL was in the database file, none left for the
  // serving thread's next checkpoint, and the serving connection checkpoints again.
  expect(atMedia).toBeDefined();
  expect(atMedia!.workerGone).toBe(true);
  expect(atMedia!.wal.frames).toBeGreaterThan(0);
  expect(atMedia!.wal.folded).toBe(atMedia!.wal.frames);
  expect(atMedia!.autocheckpoint).toBe(1000);
}, 120_000);
