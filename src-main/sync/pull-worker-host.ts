/**
 * Starts the pull worker in a process of its own, at lower priority, and turns its messages into
 * status updates and a result. A process, not a thread: the pull parses a gigabyte of JSON, and
 * as a thread of the serving process its collections and its share of the CPU held the serving
 * thread's event loop (71 ms worst in a full-scale bench run). Under Node it is a forked child;
 * in Electron a utility process (src-main/electron/pull-process.ts registers the launcher).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type SQLite from 'better-sqlite3';
import type { StatusReporter } from './sync-service.js';
import { SyncFailure } from './sync-service.js';
import { PULL_PRIORITY, type PullWorkerCommand, type PullWorkerInput, type PullWorkerMessage } from './pull-worker-protocol.js';

/** The worker's process as the host drives it, whatever started it. */
export interface PullProcess {
  readonly pid: number | undefined;
  send(command: PullWorkerCommand): void;
  onMessage(listener: (message: PullWorkerMessage) => void): void;
  /** Once, when the process has ended (or could not start: code null). */
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
}

/** Starts the worker's module (`file`: built JavaScript, or TypeScript in development) with these V8 flags. */
export type PullProcessLauncher = (file: { path: string; typescript: boolean }, v8Flags: string[]) => PullProcess;

/**
 * The worker's V8 heap. A run parses a gigabyte of short-lived JSON: with a 256 MB young
 * generation and no old-generation limit, V8 let a 100,000-project first sync's heaps grow to
 * 2.3 GB of mostly garbage. The cap is what makes V8 collect; 768 MB left room enough that full
 * collections did not follow each other (at 320 MB one ran every 1.4 s), docs/api.md has the
 * figures. Scavenges run on the worker's own thread: parallel helpers competed with the serving
 * process for a 2-core machine's cores.
 */
const V8_FLAGS = ['--max-old-space-size=768', '--max-semi-space-size=16', '--no-parallel-scavenge'];

/** Node's child_process.fork, over an IPC channel with structured-clone messages (as a thread's were). */
export const forkPullProcess: PullProcessLauncher = (file, v8Flags) => {
  const loader = file.typescript ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];
  const child = fork(file.path, [], { execArgv: [...loader, ...v8Flags], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    pid: child.pid,
    send: (command) => {
      if (child.connected) child.send(command);
    },
    onMessage: (listener) => child.on('message', (m) => listener(m as PullWorkerMessage)),
    onExit: (listener) => {
      let told = false;
      const tell = (code: number | null) => {
        if (!told) listener(code);
        told = true;
      };
      child.once('exit', (code) => tell(code));
      // A process that cannot start (no executable, no memory) says so here, and may never exit.
      child.once('error', () => tell(child.exitCode));
    },
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
};

let launcher: PullProcessLauncher = forkPullProcess;

/** The Electron shell starts the worker as a utility process instead (src-main/electron/pull-process.ts). */
export function setPullProcessLauncher(next: PullProcessLauncher): void {
  launcher = next;
}

/** The built JavaScript beside this file when bundled (out/cli, out/main); else the TypeScript source. */
function workerFile(): { path: string; typescript: boolean } {
  const js = fileURLToPath(new URL('./pull-worker.js', import.meta.url));
  if (fs.existsSync(js)) return { path: js, typescript: false };
  return { path: fileURLToPath(new URL('./pull-worker.ts', import.meta.url)), typescript: true };
}

function startWorker(input: PullWorkerInput): PullProcess {
  const worker = launcher(workerFile(), V8_FLAGS);
  if (worker.pid !== undefined) {
    try {
      os.setPriority(worker.pid, PULL_PRIORITY);
    } catch {
      // Not allowed here (some sandboxes): the worker lowers its own threads too (pull-worker.ts).
    }
  }
  worker.send({ type: 'start', input });
  return worker;
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
  let worker: PullProcess;
  try {
    worker = startWorker(input);
  } catch (error) {
    release();
    throw error;
  }
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
    worker.onExit((code) => {
      release();
      finish(() =>
        reject(signal.aborted ? new SyncFailure('cancelled', 'The sync was cancelled; the data from before it is kept.') : new SyncFailure('internal_error', `The sync worker stopped (exit ${code}).`)),
      );
    });
  });
}
