/**
 * The pull worker in a real run: a process of its own, started on the compiled module (no
 * TypeScript compiler at run time) below the serving process's priority; after the run it folds
 * the run's WAL into the database file once the serving thread has written the run's own
 * bookkeeping, then ends, and the serving connection's automatic checkpoints (held off while a
 * worker lives) come back.
 */
import fs from 'node:fs';
import os from 'node:os';
import { expect, it, vi } from 'vitest';
import { syncPair } from '../helpers/api-server.js';
import { commandLine, processGone, pullProcessesOf } from '../helpers/pull-processes.js';

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

it('folds the WAL after the run, its bookkeeping on the serving thread included, then hands checkpoints back', async () => {
  const serving = pair.down.engine.store.sqlite;
  const autocheckpoint = () => serving.pragma('wal_autocheckpoint', { simple: true });
  expect(autocheckpoint()).toBe(1000);
  // A first sync: it always writes, so its worker has a WAL to fold.
  const run = pair.down.engine.sync.syncNow();
  // Held off while the worker lives...
  await expect.poll(autocheckpoint, { timeout: 30_000, interval: 5 }).toBe(0);
  // ...which is a child process of this one (the serving one), on the built JavaScript, and
  // lower in priority (a higher niceness) than this process's thread that serves.
  let worker: number | undefined;
  await vi.waitFor(() => expect((worker = pullProcessesOf(process.pid)[0])).toBeDefined(), { timeout: 30_000, interval: 5 });
  const started = { command: commandLine(worker!), niceness: os.getPriority(worker!) };
  expect(started.command).toMatch(/^\S*node\S* .*\/out\/cli\/pull-worker\.js$/);
  expect(started.command).not.toMatch(/tsx/);
  expect(started.niceness).toBeGreaterThan(os.getPriority());
  await run;
  expect(pair.down.engine.sync.status().last_error).toBeNull();
  // ...and back once it has ended: told the bookkeeping is written, it does not wait for its 30 s
  // fallback (the bound here is that, not a speed: the fold of this small store takes milliseconds).
  await expect.poll(autocheckpoint, { timeout: 20_000, interval: 20 }).toBe(1000);
  expect(processGone(worker!)).toBe(true);
  // The fold came after the serving thread's writes for the run (its state, its push issues):
  // every frame is in the database file, none left for the serving thread's next checkpoint.
  const wal = walIndex(pair.down.engine.store.file);
  expect(wal.frames).toBeGreaterThan(0);
  expect(wal.folded).toBe(wal.frames);
}, 120_000);
