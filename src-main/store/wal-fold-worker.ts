/**
 * Worker thread: folds the store's WAL into its database file (wal-fold.ts) on a connection of
 * its own, at a lower priority than the thread that serves, and says how it went.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite } from './sqlite.js';
import type { WalFoldResult, WalFoldWorkerData } from './wal-fold.js';

function flushFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function fold({ file, niceness }: WalFoldWorkerData): WalFoldResult {
  // On Linux a priority set on pid 0 is the calling thread's alone; elsewhere (macOS, Windows) it
  // is the whole process's, the serving thread's with it: there the fold keeps the priority it has.
  if (process.platform === 'linux') {
    try {
      os.setPriority(0, niceness);
    } catch {
      // Not allowed here: the fold runs at the priority it has.
    }
  }
  try {
    const sqlite = openSqlite(file, { fileMustExist: true });
    try {
      const [result] = sqlite.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
      // SQLite flushes the database file only when the pass reaches the WAL's end, and a write
      // the serving thread made meanwhile stops it short. The pass's gigabyte would then stay
      // unflushed until the serving thread's next automatic checkpoint, which would stall it for
      // most of a second: the flush is done here in every case (cheap when SQLite has just done it).
      flushFile(file);
      return { folded: result?.checkpointed ?? 0, left: (result?.log ?? 0) - (result?.checkpointed ?? 0) };
    } finally {
      sqlite.close();
    }
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

parentPort!.postMessage(fold(workerData as WalFoldWorkerData));
