/** Starts the pull worker and turns its messages into status updates and a result. */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { StatusReporter } from './sync-service.js';
import { SyncFailure } from './sync-service.js';
import type { PullWorkerInput, PullWorkerMessage } from './pull-worker-protocol.js';

/**
 * Starts the worker: the built JavaScript beside this file when bundled; else the TypeScript
 * source, after registering tsx's loader inside the worker (its hooks are per thread), as in
 * development and tests.
 */
function startWorker(input: PullWorkerInput): Worker {
  const js = new URL('./pull-worker.js', import.meta.url);
  if (fs.existsSync(fileURLToPath(js))) return new Worker(js, { workerData: input });
  const ts = new URL('./pull-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(ts)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: input });
}

export function runPullWorker(input: PullWorkerInput, signal: AbortSignal, onStatus: StatusReporter['update']): Promise<Extract<PullWorkerMessage, { type: 'done' }>> {
  const worker = startWorker(input);
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => {
      worker.postMessage({ type: 'cancel' });
      // A worker busy in a long statement is stopped outright; its transaction rolls back.
      setTimeout(() => void worker.terminate(), 2000).unref();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: PullWorkerMessage) => {
      if (m.type === 'status') onStatus(m.patch);
      // The worker's work is over: end the thread (open sockets would keep it alive).
      else if (m.type === 'done') finish(() => (resolve(m), void worker.terminate()));
      else finish(() => (reject(new SyncFailure(m.code, m.message)), void worker.terminate()));
    });
    worker.on('error', (error) => finish(() => reject(new SyncFailure('internal_error', `The sync worker failed: ${error.message}`))));
    worker.on('exit', (code) =>
      finish(() =>
        reject(signal.aborted ? new SyncFailure('cancelled', 'The sync was cancelled; the data from before it is kept.') : new SyncFailure('internal_error', `The sync worker stopped (exit ${code}).`)),
      ),
    );
  });
}
