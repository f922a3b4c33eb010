/**
 * Starts the pull worker in a process of its own, a few steps lower in priority, and turns its
 * messages into status updates and a result. A process, not a thread of the serving one: the
 * pull parses a gigabyte of JSON, and as a thread its collections and its share of the CPU held
 * the serving thread's event loop (71 ms worst in a full-scale bench run), and its heap counted
 * in the serving process's memory. How the process is started (a forked Node child, an Electron
 * utility process) is worker-process-host.ts's, shared with the media step's worker.
 */
import type SQLite from 'better-sqlite3';
import path from 'node:path';
import { DATABASE_FILE } from '../store/open-store.js';
import { foldWal } from '../store/wal-fold.js';
import type { RunEnd, StatusReporter } from './types.js';
import { SyncFailure } from './types.js';
import type { PullWorkerCommand, PullWorkerInput, PullWorkerMessage } from './pull-worker-protocol.js';
import { startWorkerProcess, WORKER_NICENESS, type WorkerProcess } from './worker-process-host.js';

/** The worker's process as the host drives it, whatever started it. */
export type PullProcess = WorkerProcess<PullWorkerCommand, PullWorkerMessage>;

/**
 * The worker's V8 heap. A run parses a gigabyte of short-lived JSON: with a 256 MB young
 * generation and no old-generation limit, V8 let a 100,000-project first sync's heaps grow to
 * 2.3 GB of mostly garbage. The cap is what makes V8 collect; 768 MB left room enough that full
 * collections did not follow each other (at 320 MB one ran every 1.4 s; docs/api.md has the
 * figures). Scavenges run on the worker's main thread alone: V8's parallel helpers competed with
 * the serving process for a 2-core machine's cores and delayed its event loop by 30-80 ms.
 * 8 MB semi-spaces (16 until the connections moved to a thread of their own): twice the
 * scavenges, which no longer hold up the connections, for the memory that thread takes.
 */
const V8_FLAGS = ['--max-old-space-size=768', '--max-semi-space-size=8', '--no-parallel-scavenge'];

/**
 * The worker's big transaction stays in the WAL until the run is over, then a thread folds it
 * into the database file (store/wal-fold.ts; a first sync's ~850 MB takes a second or two).
 * Until then the serving connection must not start that checkpoint on its next commit (SQLite
 * checkpoints on the commit that finds the WAL over its limit), which would stall the thread that
 * serves: its automatic checkpoints are off from the worker's start until that fold is done.
 */
const workersOf = new WeakMap<SQLite.Database, number>();
function holdCheckpoints(serving: SQLite.Database): () => void {
  const live = workersOf.get(serving) ?? 0;
  workersOf.set(serving, live + 1);
  if (live === 0) serving.pragma('wal_autocheckpoint = 0');
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (workersOf.get(serving) ?? 1) - 1;
    workersOf.set(serving, left);
    if (left === 0 && serving.open) serving.pragma('wal_autocheckpoint = 1000');
  };
}

/**
 * Runs the pull in the worker's process. Resolves when the data is switched, with the worker's
 * result, `released`, settled once the worker's process has ended (its memory given back), and
 * `written`, to be called once the run's writes on the serving thread (and the media step's) are
 * done: only then is the gigabyte-sized WAL folded into the database file and flushed. The serving
 * thread's writes (some statements, a lock file removed) waited up to a fifth of a second on the
 * disk when they met that flush (in about one full-scale first sync in three). `written` resolves
 * once the fold is done (or failed: the WAL is then left to SQLite's next checkpoint).
 */
export function runPullWorker(
  input: PullWorkerInput,
  serving: SQLite.Database,
  signal: AbortSignal,
  onStatus: StatusReporter['update'],
): Promise<{ result: Extract<PullWorkerMessage, { type: 'done' }> } & RunEnd> {
  const release = holdCheckpoints(serving);
  let worker: PullProcess;
  try {
    worker = startWorkerProcess(new URL('./pull-worker.js', import.meta.url), V8_FLAGS, 'Fieldsizer sync');
  } catch (error) {
    release();
    throw error;
  }
  /** The data switched: the WAL holds the run's write until the fold after the run. */
  let switched = false;
  worker.onExit(() => {
    if (!switched) release();
  });
  const released = new Promise<void>((resolve) => worker.onExit(() => resolve()));
  let folded: Promise<void> | null = null;
  const written = () =>
    (folded ??= released
      .then(() => foldWal(path.join(input.dataDir, DATABASE_FILE), WORKER_NICENESS))
      .then(() => undefined)
      .finally(release));
  worker.send({ type: 'start', input });
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => {
      worker.send({ type: 'cancel' });
      // A worker busy in a long statement is stopped outright; its transaction rolls back.
      setTimeout(() => worker.kill(), 2000).unref();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    worker.onMessage((m) => {
      if (m.type === 'status') onStatus(m.patch);
      // The data is switched: the run is over for the app; the worker still closes its files.
      else if (m.type === 'done') {
        switched = true;
        finish(() => resolve({ result: m, released, written }));
      }
      // The worker's work is over: end the process (open sockets would keep it alive).
      else if (m.type === 'closed') worker.kill();
      else if (m.type === 'failed') {
        finish(() => reject(new SyncFailure(m.code, m.message, m.details)));
        worker.kill();
      }
    });
    worker.onExit((code) =>
      finish(() =>
        reject(signal.aborted ? new SyncFailure('cancelled', 'The sync was cancelled; the data from before it is kept.') : new SyncFailure('internal_error', `The sync worker stopped (exit ${code}).`)),
      ),
    );
  });
}
