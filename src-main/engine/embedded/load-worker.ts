/**
 * A first start's load of the embedded data set (load-embedded.ts), on a thread of its own: the
 * process's main thread keeps answering (the desktop window paints its progress, a second launch
 * brings it forward) while the data set is parsed, sized and written in one transaction on this
 * worker's own connection. Messages: LoadWorkerMessage.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '../../store/open-store.js';
import { isEmpty, loadEmbeddedDataSet, readEmbeddedDataSet } from './load-embedded.js';
import type { LoadWorkerInput, LoadWorkerMessage } from './load-worker-host.js';

const input = workerData as LoadWorkerInput;
const post = (message: LoadWorkerMessage) => parentPort!.postMessage(message);

async function main(): Promise<void> {
  // The engine has just opened (checked and migrated) the store; this connection only loads.
  const store = await openStore(input.dataDir, { check: false });
  try {
    if (!(await isEmpty(store.db))) return;
    post({ type: 'progress', step: 'Reading the embedded data set', percent: 0 });
    const data = readEmbeddedDataSet(input.resourcesDir);
    await loadEmbeddedDataSet(store.db, data, (p) => post({ type: 'progress', ...p }));
  } finally {
    await store.close();
  }
}

main().then(
  () => post({ type: 'done' }),
  (error: unknown) => post({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
