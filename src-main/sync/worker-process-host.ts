/**
 * The serving process's side of the sync's worker processes (the pull, pull-worker-host.ts; the
 * media step, media-worker-host.ts): how a worker's compiled module is started, found and put
 * below the serving process in priority. Under Node a worker is a forked child; in Electron a
 * utility process (src-main/electron/pull-process.ts sets the launcher). Either runs compiled
 * JavaScript, never a TypeScript compiler. The worker's own side is worker-process-child.ts.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appRoot } from '../app-root.js';
import { SyncFailure } from './types.js';

/** A worker's process as its host drives it, whatever started it. */
export interface WorkerProcess<Command, Message> {
  readonly pid: number | undefined;
  send(command: Command): void;
  onMessage(listener: (message: Message) => void): void;
  /** Once, when the process has ended (or could not start: code null). */
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
}

/** Starts a worker's compiled module `entry` with these V8 flags; `title` names it to the system (Electron's service name). */
export type WorkerProcessLauncher = (entry: string, v8Flags: string[], title: string) => WorkerProcess<unknown, unknown>;

/** Node's child_process.fork, over an IPC channel with structured-clone messages (as a thread's were). */
export const forkWorkerProcess: WorkerProcessLauncher = (entry, v8Flags) => {
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
      if (!ended && child.connected) child.send(command as object);
    },
    onMessage: (listener) => child.on('message', (m) => listener(m)),
    onExit: (listener) => void exited.then(listener),
    kill: () => {
      if (!ended) child.kill();
    },
  };
};

let launcher: WorkerProcessLauncher = forkWorkerProcess;

/** How the workers' processes are started (the Electron shell sets its utility process). */
export function setWorkerProcessLauncher(start: WorkerProcessLauncher): void {
  launcher = start;
}

/**
 * The workers' niceness, a few steps below the serving process's 0: when both want a core the
 * serving process gets about twice a worker's share (each step is some 1.25×), and a serving
 * thread that wakes preempts it. Not lower: at 10, on a machine busy with other work (load 15 on
 * 2 cores), the pull worker got a tenth of a fair share and a sync of minutes took most of an hour.
 * Each worker lowers its own threads too (worker-process-child.ts).
 */
export const WORKER_NICENESS = 3;

/**
 * A worker's compiled module: `beside` (a `new URL('./name.js', import.meta.url)` in the module
 * that starts it) when that module is itself built (out/cli/, the command line's build; out/main/,
 * the app's); from the sources (the tests, tsx in development), the command line's build, which
 * `npm run serve|sync|…`, `npm install` and the tests' set-up rebuild when the sources changed.
 */
function workerEntry(beside: URL): string {
  const file = fileURLToPath(beside);
  if (fs.existsSync(file)) return file;
  const built = path.join(appRoot(), 'out', 'cli', path.basename(file));
  if (fs.existsSync(built)) return built;
  throw new SyncFailure('internal_error', `The sync's worker is not built (${built} is missing): run \`npm run build:cli\`.`);
}

/** Below the serving process, on the pid (the worker lowers each of its threads as well). */
function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    os.setPriority(pid, WORKER_NICENESS);
  } catch {
    // Not allowed here, or already gone: the run goes on at the priority it has.
  }
}

/** Starts the worker built from `beside` (see workerEntry) in a process of its own, lowered in priority. */
export function startWorkerProcess<Command, Message>(beside: URL, v8Flags: string[], title: string): WorkerProcess<Command, Message> {
  const worker = launcher(workerEntry(beside), v8Flags, title) as WorkerProcess<Command, Message>;
  lowerPriority(worker.pid);
  return worker;
}
