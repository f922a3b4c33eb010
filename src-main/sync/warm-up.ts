/**
 * Loads the sync's code ahead of its first run, in small steps while the app is otherwise at
 * rest. Loaded by the run itself, it was one stall of the serving thread at the start of each
 * first sync (issue 32): 40-60 ms on a core from the built code, ~110 ms under tsx, the better
 * part of it undici (the HTTP client, ~1 MB) evaluated in one piece, and inside that Node's own
 * bundled undici, which undici's cookie module pulls in by reading `globalThis.Headers`.
 * Each step below is one of those pieces, with a pause between them, so none holds the thread
 * for long; the run then finds them all in the module cache.
 */
const STEPS: (() => unknown)[] = [
  // Node's own undici (Headers, fetch, …), which undici's cookie module reads at load: ~25 ms.
  () => globalThis.Headers,
  // The sync's own code (push, the pull worker's host, state), without the HTTP client.
  () => import('./sync-runner.js'),
  // undici in parts, by the inner paths its index requires (each evaluated once, here or there):
  // its HTTP/1 client (~10 ms), its fetch (~13 ms), its WebSocket; an undici whose files moved
  // fails these steps, and its index is then loaded in one piece by the last.
  () => import('undici/lib/dispatcher/client.js'),
  () => import('undici/lib/web/fetch/index.js'),
  () => import('undici/lib/web/websocket/websocket.js'),
  // The HTTP client, undici's index and the rest of it.
  () => import('./upstream-client.js'),
];

/** How long a step waits after the one before it: time for whatever came meanwhile to be served. */
const PAUSE_MS = 50;

let loading: Promise<void> | null = null;

/**
 * Loads the sync's code one step at a time, once per process (a later call shares the first's
 * steps). The first run awaits it too: a run started before the warm-up loads it in the same
 * steps. The pauses hold the process open (a `sync` command waits on them), 0.3 s in all.
 */
export function loadSyncCodeInSteps(): Promise<void> {
  return (loading ??= (async () => {
    for (const step of STEPS) {
      try {
        await step();
      } catch {
        // Left to the run, which imports the same modules and reports what fails.
      }
      // After the last step too: the run that waits goes on in a task of its own.
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  })());
}

export interface WarmUp {
  /** Settles when the steps ran, or at once when cancelled before they began. */
  readonly done: Promise<void>;
  cancel(): void;
}

/** Starts loadSyncCodeInSteps `afterMs` from now; the wait keeps nothing alive (an engine closed meanwhile cancels it). */
export function warmSyncCode(afterMs: number): WarmUp {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const timer = setTimeout(() => void loadSyncCodeInSteps().then(finish), afterMs).unref();
  return {
    done,
    cancel() {
      clearTimeout(timer);
      finish();
    },
  };
}
