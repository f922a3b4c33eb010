/**
 * A sync worker's own side of its process (pull-worker.ts, media-worker.ts): the channel to the
 * serving process, a priority below it, and an end with it. The host's side is
 * worker-process-host.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { WORKER_NICENESS } from './worker-process-host.js';

/** The serving process's end: Electron's utility-process port, or Node's IPC channel. */
export interface HostChannel<Command, Message> {
  post(message: Message): void;
  onCommand(listener: (command: Command) => void): void;
}

export function hostChannel<Command, Message>(): HostChannel<Command, Message> {
  const electronPort = (process as { parentPort?: { postMessage(m: unknown): void; on(event: 'message', listener: (e: { data: unknown }) => void): void } }).parentPort;
  if (electronPort) return { post: (m) => electronPort.postMessage(m), onCommand: (listener) => electronPort.on('message', (e) => listener(e.data as Command)) };
  if (process.send) {
    // The serving process is gone (crashed, killed, or its channel closed): stop at once, as a
    // thread of it would have stopped with it; SQLite rolls back what was not committed.
    process.once('disconnect', () => process.exit(1));
    return { post: (m) => void (process.connected && process.send!(m)), onCommand: (listener) => process.on('message', (m) => listener(m as Command)) };
  }
  throw new Error('A sync worker runs in a process the sync starts (sync/worker-process-host.ts).');
}

/**
 * The fallback for a parent gone without a word (an Electron utility process has no
 * 'disconnect'): every quarter of a second, is the parent the same (an orphan is adopted by
 * another)? If not, the whole process ends outright. `thread`: the check runs on a thread of its
 * own, for a worker whose own thread is busy for long stretches (the pull's write is one long run
 * of statements, during which no event is handled; a write still running is then rolled back,
 * never committed alone); it costs some 10 MB (a V8 isolate). Otherwise it is a timer on the
 * worker's own thread, for a worker that waits on the network most of the time.
 */
export function dieWithParent(options: { thread: boolean }): void {
  if (!options.thread) {
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) process.kill(process.pid, 'SIGKILL');
    }, 250).unref();
    return;
  }
  const watch = `const { workerData } = require('node:worker_threads');
setInterval(() => { if (process.ppid !== workerData) process.kill(process.pid, 'SIGKILL'); }, 250);`;
  const watchdog = new Worker(watch, { eval: true, workerData: process.ppid, stdout: false, stderr: false });
  watchdog.unref();
}

/**
 * Below the serving process, every thread of a process (this one by default): Linux sets a
 * priority per thread, and setPriority on a pid reaches only its main one, not V8's and libuv's
 * threads started with it (threads started later take the priority of the thread that starts them).
 */
export function lowerEveryThread(pid: number | 'self' = 'self', niceness = WORKER_NICENESS): void {
  let tasks: number[] = [pid === 'self' ? 0 : pid];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    // Not Linux: setPriority on the process applies to the whole of it.
  }
  for (const id of tasks) {
    try {
      if (os.getPriority(id) < niceness) os.setPriority(id, niceness);
    } catch {
      // Not allowed here, or a thread already gone: the work goes on at the priority it has.
    }
  }
}
