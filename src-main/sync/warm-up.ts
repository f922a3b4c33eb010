/**
 * Loads the sync's code ahead of its first run, in small steps while the app is otherwise at
 * rest. Loaded by the run itself, it was one stall of the serving thread at the start of each
 * first sync (issue 32): 40-60 ms on a core from the built code, ~110 ms under tsx, the better
 * part of it undici (the HTTP client, ~1 MB) evaluated in one piece, and inside that Node's own
 * bundled undici, which undici's cookie module pulls in by reading `globalThis.Headers`.
 * Each step below is one of those pieces, with a pause between them, so none holds the thread
 * for long; the run later finds them all in the module cache. A failed step is left to the run,
 * which loads the same modules and reports what fails.
 */
const STEPS: (() => unknown)[] = [
  // Node's own undici (Headers, fetch, …), which undici's cookie module reads at load: ~25 ms.
  () => globalThis.Headers,
  // The sync's own code (push, the pull worker's host, state), without the HTTP client.
  () => import('./sync-runner.js'),
  // The HTTP client, undici.
  () => import('./upstream-client.js'),
];

/** How long a step waits after the one before it: time for whatever came meanwhile to be served. */
const PAUSE_MS = 100;

export interface WarmUp {
  /** Settles when every step ran (or was cancelled). */
  readonly done: Promise<void>;
  cancel(): void;
}

/** Starts loading the sync's code `afterMs` from now, one step at a time; nothing keeps the process alive for it. */
export function warmSyncCode(afterMs: number): WarmUp {
  let timer: NodeJS.Timeout | null = null;
  let cancelled = false;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const step = (i: number) => {
    timer = null;
    if (cancelled || i >= STEPS.length) return finish();
    Promise.resolve()
      .then(STEPS[i])
      .catch(() => undefined)
      .then(() => {
        if (cancelled) return finish();
        timer = setTimeout(step, PAUSE_MS, i + 1).unref();
      });
  };
  timer = setTimeout(step, afterMs, 0).unref();
  return {
    done,
    cancel() {
      cancelled = true;
      if (timer) clearTimeout(timer);
      timer = null;
      finish();
    },
  };
}
