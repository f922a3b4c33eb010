/**
 * The sync's worker processes (the pull's, the media step's) a process has started, read from Linux's /proc (the tests run
 * on Linux): its children (of every thread) whose command line runs the worker's module.
 */
import fs from 'node:fs';

const read = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** The command line of a live process, its arguments joined by spaces (null: gone). */
export function commandLine(pid: number): string | null {
  return read(`/proc/${pid}/cmdline`)?.split('\0').join(' ').trim() ?? null;
}

export function pullProcessesOf(parent: number): number[] {
  return workerProcessesOf(parent, 'pull-worker');
}

/** The same for the sync's media step (its worker module media-worker.js). */
export function mediaProcessesOf(parent: number): number[] {
  return workerProcessesOf(parent, 'media-worker');
}

function workerProcessesOf(parent: number, worker: 'pull-worker' | 'media-worker'): number[] {
  const tasks = (() => {
    try {
      return fs.readdirSync(`/proc/${parent}/task`);
    } catch {
      return [];
    }
  })();
  const children = tasks.flatMap((task) => (read(`/proc/${parent}/task/${task}/children`) ?? '').trim().split(/\s+/).filter(Boolean).map(Number));
  return children.filter((pid) => (commandLine(pid) ?? '').includes(`/${worker}.js`));
}

/** Gone: no such process, or only its exit status left for its (new) parent to collect. */
export function processGone(pid: number): boolean {
  const stat = read(`/proc/${pid}/stat`);
  if (stat === null) return true;
  // The state follows the command name in parentheses (man 5 proc): Z is a zombie, X dead.
  return /^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
}
