/**
 * What every sync run takes before it starts: the data folder's sync lock (one run at a time
 * across processes: the app, `serve`, `npm run sync`). The run releases it when it ends. The
 * backup of the store comes later, once the run knows it will replace data (sync/pull-worker.ts).
 */
import { takeLock, type HeldLock, type LockTiming } from './process-locks.js';

export function guardSyncRun(dataDir: string, timing?: LockTiming): Promise<HeldLock> {
  return takeLock(dataDir, 'sync', 'sync', undefined, timing);
}
