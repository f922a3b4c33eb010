/**
 * The time the host took from each of this machine's cores (steal), in seconds, from /proc/stat
 * (null where there is none: not Linux, or no such file). In a virtual machine the host's other
 * guests take cores in bursts: here up to half a core for tens of seconds, which neither the load
 * average nor a process's own CPU time shows, so the bench reports it beside each timing.
 */
import fs from 'node:fs';
import os from 'node:os';

/** USER_HZ, the unit of /proc/stat and of a process's /proc/<pid>/stat (`getconf CLK_TCK`: 100 on every Linux build the bench runs on). */
export const CLOCK_TICKS_PER_S = 100;

/**
 * Only the head of /proc/stat, where the cores' lines are, into a buffer kept for it: the bench's
 * serving process reads it every 10 ms. Read whole (a line of every interrupt's count) as a new
 * string each time, that process's heap at the whole app's peak was 44 MB instead of 32.
 */
const head = Buffer.alloc(160 * (os.availableParallelism() + 1));

export function coreSteal(): number[] | null {
  try {
    const fd = fs.openSync('/proc/stat', 'r');
    let read: number;
    try {
      read = fs.readSync(fd, head, 0, head.length, 0);
    } finally {
      fs.closeSync(fd);
    }
    const lines = head.toString('latin1', 0, read).split('\n');
    // A line the buffer cut off is not read.
    if (read === head.length) lines.pop();
    return lines.filter((line) => /^cpu\d+ /.test(line)).map((line) => Number(line.split(/\s+/)[8]) / CLOCK_TICKS_PER_S);
  } catch {
    return null;
  }
}

/** Seconds taken from each core since `before` (one decimal), or null. */
export function stolenSince(before: number[] | null): number[] | null {
  const now = coreSteal();
  if (!before || !now) return null;
  return now.map((v, i) => Number((v - (before[i] ?? v)).toFixed(1)));
}

/** "1.2 + 0.4 s" for a table, or "-". */
export const showSteal = (perCore: number[] | null): string => (perCore ? `${perCore.join(' + ')} s` : '-');
