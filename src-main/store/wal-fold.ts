/**
 * Folds the store's WAL into its database file: a PASSIVE checkpoint (it waits for no reader or
 * writer), then the file flushed. After a sync's big write that is a second or two of disk work
 * (a full-scale first sync leaves some 850 MB in the WAL), so it runs on a worker thread with a
 * connection of its own (wal-fold-worker.ts), below the serving thread in priority: on the
 * serving thread it would hold the event loop, and in the pull's process it kept that process
 * (and its memory) alive until done. Never rejects: a fold that fails leaves the WAL to SQLite's
 * next checkpoint.
 */
import { startModuleWorker } from './module-worker.js';

export interface WalFoldWorkerData {
  file: string;
  /** The thread's priority (a niceness). */
  niceness: number;
}

/** Frames folded and left (a write made meanwhile stays for the next checkpoint), or why it failed. */
export type WalFoldResult = { folded: number; left: number } | { failed: string };

export function foldWal(file: string, niceness: number): Promise<WalFoldResult> {
  return new Promise((resolve) => {
    let worker: ReturnType<typeof startModuleWorker>;
    try {
      worker = startModuleWorker(import.meta.url, 'wal-fold-worker', { workerData: { file, niceness } satisfies WalFoldWorkerData });
    } catch (error) {
      resolve({ failed: error instanceof Error ? error.message : String(error) });
      return;
    }
    // A process that ends meanwhile does not wait for it: SQLite keeps the WAL whole either way.
    worker.unref();
    worker.once('message', (result: WalFoldResult) => resolve(result));
    worker.once('error', (error) => resolve({ failed: error.message }));
    worker.once('exit', (code) => resolve({ failed: `the fold's thread stopped (exit ${code})` }));
  });
}
