/**
 * Runs a sync's media step (media-sync.ts) in a process of its own (media-worker.ts), started as
 * the pull worker is (worker-process-host.ts: a forked Node child, an Electron utility process,
 * below the serving process in priority), so the serving thread only relays its progress.
 */
import type { MediaSyncStatus } from '../../src-shared/media.js';
import type { MediaWorkerCommand, MediaWorkerInput, MediaWorkerMessage } from './media-worker-protocol.js';
import { startWorkerProcess } from './worker-process-host.js';

/**
 * The step's heap: a catalog's media list and a few files in flight. Bounded well below the
 * pull's (a full-scale catalog of 10,000 products names some 70,000 URLs, a few MB), so V8
 * collects early rather than growing the app's memory; scavenges on its own thread alone, as the
 * pull worker's (their parallel helpers delayed the serving thread on a 2-core machine).
 */
const V8_FLAGS = ['--max-old-space-size=256', '--max-semi-space-size=2', '--no-parallel-scavenge'];

/** How long a cancelled step may take to stop (it stops between files) before its process is ended. */
const CANCEL_GRACE_MS = 2000;

/**
 * Runs the step; resolves with its counts. A cancel stops it where it is (what was fetched stays),
 * resolving with what it did. Rejects when the step failed as a whole, or its process ended without
 * a word; a file that fails is only counted in the result.
 */
export function runMediaWorker(input: MediaWorkerInput, signal: AbortSignal, report: (media: MediaSyncStatus) => void): Promise<MediaSyncStatus> {
  const worker = startWorkerProcess<MediaWorkerCommand, MediaWorkerMessage>(new URL('./media-worker.js', import.meta.url), V8_FLAGS, 'Fieldsizer media');
  worker.send({ type: 'start', input });
  let last: MediaSyncStatus | null = null;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      fn();
      // Its work is over: end the process (undici's sockets could keep it alive for a while).
      worker.kill();
    };
    const onAbort = () => {
      worker.send({ type: 'cancel' });
      setTimeout(() => finish(() => (last ? resolve(last) : reject(new Error('the step was cancelled before it began')))), CANCEL_GRACE_MS).unref();
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    worker.onMessage((m) => {
      if (m.type === 'status') {
        last = m.media;
        report(m.media);
      } else if (m.type === 'done') finish(() => resolve(m.media));
      else if (m.type === 'failed') finish(() => reject(new Error(m.message)));
    });
    worker.onExit((code) => finish(() => (signal.aborted && last ? resolve(last) : reject(new Error(`the media step's process stopped (exit ${code})`)))));
  });
}
