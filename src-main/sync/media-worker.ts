/**
 * The media step of a sync (media-sync.ts) in a process of its own, at the pull worker's lower
 * priority: reading every picture and document the catalog names, reconciling the media store
 * with them, hashing and writing the files. On the serving thread that work held its event loop
 * 83-87 ms at a time (1.2-1.7 s on a loaded machine; docs/api.md, "Speed and memory (issue 32)").
 * Talks to the serving process with messages (media-worker-protocol.ts) and never outlives it.
 */
import type { MediaSyncStatus } from '../../src-shared/media.js';
import { openStore } from '../store/open-store.js';
import { MediaStore } from '../store/media-store.js';
import { MediaSync } from './media-sync.js';
import type { MediaWorkerCommand, MediaWorkerInput, MediaWorkerMessage } from './media-worker-protocol.js';
import { dieWithParent, hostChannel, lowerEveryThread } from './worker-process-child.js';

const controller = new AbortController();
const channel = hostChannel<MediaWorkerCommand, MediaWorkerMessage>();
lowerEveryThread();
// A timer on this thread is enough (no V8 isolate of its own): the step waits on the network
// between short stretches of work, and a write it finished alone is whole on its own (one file's row).
dieWithParent({ thread: false });
const started = new Promise<MediaWorkerInput>((resolve) => {
  channel.onCommand((m) => {
    if (m.type === 'start') resolve(m.input);
    else if (m.type === 'cancel') controller.abort();
  });
});
const post = (m: MediaWorkerMessage) => channel.post(m);
const PROGRESS_EVERY_MS = 100;
/**
 * Progress comes per file (thousands a run, each a message for the serving thread to decode):
 * the first at once, then the latest at most every 100 ms, and what is pending before the last word.
 */
const status = {
  latest: null as MediaSyncStatus | null,
  sentAt: -Infinity,
  timer: null as NodeJS.Timeout | null,
  update(media: MediaSyncStatus) {
    this.latest = media;
    if (Date.now() - this.sentAt >= PROGRESS_EVERY_MS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), PROGRESS_EVERY_MS - (Date.now() - this.sentAt)).unref();
  },
  flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.latest) return;
    post({ type: 'status', media: this.latest });
    this.latest = null;
    this.sentAt = Date.now();
  },
};

async function main(input: MediaWorkerInput): Promise<void> {
  // The step runs before the pull's write is folded into the database file, after the run
  // (pull-worker-host.ts), and that fold takes this step's rows with it: no checkpoint on this
  // connection's commits, which would fold the pull's gigabyte here, before the run is done.
  // The serving process checked the file when it opened it.
  const store = await openStore(input.dataDir, { check: false });
  store.sqlite.pragma('wal_autocheckpoint = 0');
  try {
    const media = new MediaSync(store.db, new MediaStore(store, input.dataDir), input.tuning);
    const result = await media.run({ upstreamUrl: input.upstreamUrl, key: input.key, signal: controller.signal, report: (m) => status.update(m) });
    status.flush();
    post({ type: 'done', media: result });
  } finally {
    await store.close();
  }
}

/** The step's failure as the serving process hears it, said once. */
let failed = false;
function fail(error: unknown): void {
  if (failed) return;
  failed = true;
  status.flush();
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
process.on('uncaughtException', (error) => fail(error));
process.on('unhandledRejection', (reason) => fail(reason));

// Done or failed, the host ends the process (an open socket could keep it alive).
started.then(main).catch(fail);
