/**
 * Starts the pull worker in a process of its own, a few steps lower in priority, and turns its
 * messages into status updates and a result. A process, not a thread of the serving one: the
 * pull parses a gigabyte of JSON, and as a thread its collections and its share of the CPU held
 * the serving thread's event loop (71 ms worst in a full-scale bench run), and its heap counted
 * in the serving process's memory. Under Node it is a forked child; in Electron a utility process
 * (src-main/electron/pull-process.ts sets the launcher). Either runs compiled JavaScript, never
 * a TypeScript compiler.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type SQLite from 'better-sqlite3';
import { appRoot } from '../app-root.js';
import type { StatusReporter } from './types.js';
import { SyncFailure } from './types.js';
import { PULL_NICENESS, type PullWorkerCommand, type PullWorkerInput, type PullWorkerMessage } from './pull-worker-protocol.js';

/** The worker's process as the host drives it, whatever started it. */
export interface PullProcess {
  readonly pid: number | undefined;
  send(command: PullWorkerCommand): void;
  onMessage(listener: (message: PullWorkerMessage) => void): void;
  /** Once, when the process has ended (or could not start: code null). */
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
}

/** Starts the worker's compiled module `entry` with these V8 flags. */
export type PullProcessLauncher = (entry: string, v8Flags: string[]) => PullProcess;

/**
 * The worker's V8 heap. A run parses a gigabyte of short-lived JSON: with a 256 MB young
 * generation and no old-generation limit, V8 let a 100,000-project first sync's heaps grow to
 * 2.3 GB of mostly garbage. The cap is what makes V8 collect; 768 MB left room enough that full
 * collections did not follow each other (at 320 MB one ran every 1.4 s; docs/api.md has the
 * figures). Scavenges run on the worker's main thread alone: V8's parallel helpers competed with
 * the serving process for a 2-core machine's cores and delayed its event loop by 30-80 ms.
 */
const V8_FLAGS = ['--max-old-space-size=768', '--max-semi-space-size=16', '--no-parallel-scavenge'];

/** Node's child_process.fork, over an IPC channel with structured-clone messages (as a thread's were). */
export const forkPullProcess: PullProcessLauncher = (entry, v8Flags) => {
  // execArgv replaces the serving process's own (a loader such as tsx's is not passed on).
  const child = fork(entry, [], { execArgv: v8Flags, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let ended = false;
  const exited = new Promise<number | null>((resolve) => {
    const end = (code: number | null) => {
      ended = true;
      resolve(code);
    };
    child.once('exit', end);
    child.once('error', () => end(null));
  });
  return {
    get pid() {
      return child.pid;
    },
    send: (command) => {
      if (!ended && child.connected) child.send(command);
    },
    onMessage: (listener) => child.on('message', (m) => listener(m as PullWorkerMessage)),
    onExit: (listener) => void exited.then(listener),
    kill: () => {
      if (!ended) child.kill();
    },
  };
};

let launcher: PullProcessLauncher = forkPullProcess;

/** How the worker's process is started (the Electron shell sets its utility process). */
export function setPullProcessLauncher(start: PullProcessLauncher): void {
  launcher = start;
}

/**
 * The worker's compiled module: beside this file when it is itself built (out/cli/, the command
 * line's build; out/main/, the app's); from the sources (the tests, tsx in development), the
 * command line's build, which `npm run serve|sync|…`, `npm install` and the tests' set-up rebuild
 * when the sources changed.
 */
function workerEntry(): string {
  const beside = fileURLToPath(new URL('./pull-worker.js', import.meta.url));
  if (fs.existsSync(beside)) return beside;
  const built = path.join(appRoot(), 'out', 'cli', 'pull-worker.js');
  if (fs.existsSync(built)) return built;
  throw new SyncFailure('internal_error', `The sync's worker is not built (${built} is missing): run \`npm run build:cli\`.`);
}

/**
 * Below the serving process. The worker lowers each of its own threads too (Linux keeps a
 * priority per thread, and V8's exist before this reaches the process).
 */
function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    os.setPriority(pid, PULL_NICENESS);
  } catch {
    // Not allowed here, or already gone: the run goes on at the priority it has.
  }
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
 * Runs the pull in the worker's process. Resolves when the data is switched, with the worker's
 * result and `written`, to be called once the run's own bookkeeping on the serving thread is
 * written: only then does the worker fold the gigabyte-sized WAL into the database file and flush
 * it. The serving thread's writes (some statements, a lock file removed) waited up to a fifth of
 * a second on the disk when they met that flush (in about one full-scale first sync in three).
 */
export function runPullWorker(
  input: PullWorkerInput,
  serving: SQLite.Database,
  signal: AbortSignal,
  onStatus: StatusReporter['update'],
): Promise<{ result: Extract<PullWorkerMessage, { type: 'done' }>; written: () => void }> {
  const release = holdCheckpoints(serving);
  let worker: PullProcess;
  try {
    worker = launcher(workerEntry(), V8_FLAGS);
  } catch (error) {
    release();
    throw error;
  }
  lowerPriority(worker.pid);
  worker.onExit(release);
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
      // The data is switched: the run is over for the app; the worker still tidies its files.
      else if (m.type === 'done') finish(() => resolve({ result: m, written: () => worker.send({ type: 'tidy' }) }));
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
