/**
 * The store's check at every start (`PRAGMA quick_check`), and a head start for it: a host that
 * knows its data folder before its code has loaded (`serve`, the desktop app) begins the check on a
 * second, read-only connection in a worker thread, so on a machine with two cores it runs while
 * the main thread still loads and sets up. The store's open (open-store.ts) then takes that
 * verdict in place of its own check, only when it says "ok" for the very file it opens (the same
 * inode, size and modification time as when it was checked); anything else (damage, an error, a
 * file replaced or written since, a check that never ran) and the open checks the file itself,
 * as before. A damaged store is therefore refused exactly as without the head start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { DATABASE_FILE } from './data-folder.js';
import { startModuleWorker } from './module-worker.js';

/** quick_check's findings: none when it answers "ok" (at most 5, as a start needs no more). */
export function quickCheckProblems(sqlite: SQLite.Database): string[] {
  const rows = sqlite.pragma('quick_check(5)') as { quick_check: string }[];
  return rows.map((r) => r.quick_check).filter((r) => r !== 'ok');
}

/** What says a file is still the one checked: replaced (another inode) or written, it differs. */
export interface FileIdentity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
}

export function fileIdentity(file: string): FileIdentity | null {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat ? { dev: stat.dev, ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs } : null;
}

export const sameFile = (a: FileIdentity | null, b: FileIdentity | null): boolean =>
  a !== null && b !== null && a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

/** The worker's answer: the file as it was throughout the check and what the check found, or why there is no verdict. */
export type StoreCheckVerdict = { file: string; identity: FileIdentity; problems: string[] } | { file: string; failed: string };

export interface StoreCheckWorkerData {
  file: string;
}

export interface EarlyStoreCheck {
  /** The database file being checked. */
  readonly file: string;
  /** The worker's verdict (never rejects: a worker that fails says so as `failed`). */
  verdict(): Promise<StoreCheckVerdict>;
}

/**
 * Whether a head start can gain anything: a worker thread costs some 40-50 ms of CPU of its own,
 * which only pays while a core is spare. On the 2-core bench machine at a load of 8-10 the start
 * took more CPU with it and no less time; with a core idle it saves most of the check's wall time.
 * Where the system keeps no load average (Windows: zeros) a spare core is assumed.
 */
export function spareCore(cores = os.availableParallelism(), load = os.loadavg()[0]!): boolean {
  return cores > 1 && load + 1 <= cores;
}

/** Begins the check of `dataDir`'s store in a worker thread; the open takes its verdict (`checkedEarly`). */
export function startStoreCheck(dataDir: string): EarlyStoreCheck {
  const file = path.resolve(dataDir, DATABASE_FILE);
  const worker = startModuleWorker(import.meta.url, 'store-check-worker', { workerData: { file } satisfies StoreCheckWorkerData });
  // A start that ends before it opens the store (`serve --help`, a bad argument) does not wait for it.
  worker.unref();
  const verdict = new Promise<StoreCheckVerdict>((resolve) => {
    worker.once('message', (message: StoreCheckVerdict) => resolve(message));
    worker.once('error', (error) => resolve({ file, failed: error.message }));
    worker.once('exit', (code) => resolve({ file, failed: `the check's worker stopped (exit ${code})` }));
  });
  return {
    file,
    verdict: async () => {
      // Whoever waits for the verdict keeps the process alive until it comes.
      worker.ref();
      try {
        return await verdict;
      } finally {
        worker.unref();
      }
    },
  };
}

/**
 * True when an early check found `file`, as it is now, sound: the open may skip its own check.
 * False (the open checks the file itself) for any other verdict, another file, or none.
 */
export async function checkedEarly(check: EarlyStoreCheck | null | undefined, file: string): Promise<boolean> {
  if (!check || check.file !== path.resolve(file)) return false;
  const verdict = await check.verdict();
  return 'problems' in verdict && verdict.problems.length === 0 && sameFile(verdict.identity, fileIdentity(file));
}
