/**
 * A run's status patches, merged and passed on at most once per interval; a phase change at once.
 * The pull worker reports per list page, per user and per 50 records, and where answers need no
 * request (a list's last pages, decisions to skip) that is thousands of reports in a few
 * milliseconds. Each one sent is a message the serving thread must receive and decode: such
 * floods held its event loop 30-60 ms (docs/api.md, "Progress from the worker").
 */
import type { StatusReporter } from './types.js';

type Patch = Parameters<StatusReporter['update']>[0];

export class ThrottledStatus implements StatusReporter {
  private pending: Patch | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastSent = -Infinity;

  constructor(
    private readonly send: (patch: Patch) => void,
    private readonly everyMs = 100,
  ) {}

  update(patch: Patch): void {
    // Merged in place (it is called per answer received): the object is handed on only at a send.
    this.pending = Object.assign(this.pending ?? {}, patch);
    if (patch.phase !== undefined || Date.now() - this.lastSent >= this.everyMs) return this.flush();
    // The last patch of a burst is sent once the interval is over, not held until the next one.
    this.timer ??= setTimeout(() => this.flush(), this.everyMs - (Date.now() - this.lastSent)).unref();
  }

  /** Sends what is pending now: before the run's last message, so no progress is lost. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending === null) return;
    const patch = this.pending;
    this.pending = null;
    this.lastSent = Date.now();
    this.send(patch);
  }
}
