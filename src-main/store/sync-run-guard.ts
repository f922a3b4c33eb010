/**
 * What every sync run takes before it starts: the data folder's sync lock (one run at a time
 * across processes: the app, `serve`, `npm run sync`) and a backup of the store as it was, since
 * the run may replace data. The run releases the lock when it ends.
 */
import { createBackup } from './backups.js';
import { backupKeep, type Store } from './open-store.js';
import { takeLock, type HeldLock } from './process-locks.js';

export async function guardSyncRun(store: Store, dataDir: string): Promise<HeldLock> {
  const lock = await takeLock(dataDir, 'sync', 'sync');
  try {
    await createBackup(store.sqlite, dataDir, 'before-sync', backupKeep(store.sqlite));
    return lock;
  } catch (error) {
    await lock.release();
    throw error;
  }
}
