/** Starts the pull worker and turns its messages into status updates and a result. */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import type { StatusReporter } from './sync-service.js';
import { SyncFailure } from './sync-service.js';
import type { PullWorkerCommand, PullWorkerInput, PullWorkerMessage } from './pull-worker-protocol.js';

/**
 * Starts the worker: the built JavaScript beside this file when bundled; else the TypeScript
 * source, after registering tsx's loader inside the worker (its hooks are per thread), as in
 * development and tests.
 */
function startWorker(input: PullWorkerInput): Worker {
  // A run parses a gigabyte of short-lived JSON. The heap is bounded: with a 256 MB young
  // generation and no old-generation limit, V8 let a 100,000-project first sync's heaps grow to
  // 2.3 GB of mostly garbage. The cap is what makes V8 collect; it also sets how much room V8
  // leaves above the live heap (about 130 MB through a 100,000-project run) before the next full
  // collection: the growing factor rises with the cap, so at 320 MB the worker ran a full
  // collection every 1.4 s (traced); 768 MB left more room and took a tenth to a fifth less time
  // for some 20 MB more peak memory (docs/api.md has the figures). A 64 MB young generation only
  // made the full collections more frequent.
  const options = { workerData: input, resourceLimits: { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 768 } };
  // The worker collects its young generation several times a second. V8's parallel scavenge
  // sends helper threads in with it, and on a 2-core machine those delayed the serving thread's
  // event loop by 30-80 ms; scavenging on the worker's own thread removed most such stalls, and
  // the syncs ran faster on average (docs/api.md, "The serving thread while the worker
  // collects"). V8 flags are per process: the serving thread's own scavenges run on it alone
  // too; its young generation is small.
  setFlagsFromString('--no-parallel-scavenge');
  const js = new URL('./pull-worker.js', import.meta.url);
  if (fs.existsSync(fileURLToPath(js))) return new Worker(js, options);
  const ts = new URL('./pull-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(ts)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * The worker folds its big transaction's WAL into the database file itself, after it reports
 * done (the data is switched by then; folding a first sync's ~600 MB takes seconds). Meanwhile the
 * serving connection must not start that checkpoint on its next commit (SQLite checkpoints on the
 * commit that finds the WAL over its limit), which would stall the thread that serves: its
 * automatic checkpoints are off while a worker lives.
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
 * Runs the pull in a worker. Resolves when the data is switched, with the worker's result and
 * `written`, to be called once the run's own bookkeeping on the serving thread is written: only
 * then does the worker fold the gigabyte-sized WAL into the database file and flush it. The
 * serving thread's writes (some statements, a lock file removed) waited up to a fifth of a second
 * on the disk when they met that flush (in about one full-scale first sync in three).
 */
export function runPullWorker(
  input: PullWorkerInput,
  serving: SQLite.Database,
  signal: AbortSignal,
  onStatus: StatusReporter['update'],
): Promise<{ result: Extract<PullWorkerMessage, { type: 'done' }>; written: () => void }> {
  const release = holdCheckpoints(serving);
  let worker: Worker;
  try {
    worker = startWorker(input);
  } catch (error) {
    release();
    throw error;
  }
  worker.once('exit', release);
  const command = (c: PullWorkerCommand) => worker.postMessage(c);
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => {
      command({ type: 'cancel' });
      // A worker busy in a long statement is stopped outright; its transaction rolls back.
      setTimeout(() => void worker.terminate(), 2000).unref();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: PullWorkerMessage) => {
      if (m.type === 'status') onStatus(m.patch);
      // The data is switched: the run is over for the app; the worker still tidies its files.
      else if (m.type === 'done') finish(() => resolve({ result: m, written: () => command({ type: 'tidy' }) }));
      // The worker's work is over: end the thread (open sockets would keep it alive).
      else if (m.type === 'closed') void worker.terminate();
      else if (m.type === 'failed') {
        finish(() => reject(new SyncFailure(m.code, m.message, m.details)));
        void worker.terminate();
      }
    });
    worker.on('error', (error) => finish(() => reject(new SyncFailure('internal_error', `The sync worker failed: ${error.message}`))));
    worker.on('exit', (code) =>
      finish(() =>
        reject(signal.aborted ? new SyncFailure('cancelled', 'The sync was cancelled; the data from before it is kept.') : new SyncFailure('internal_error', `The sync worker stopped (exit ${code}).`)),
      ),
    );
  });
}
