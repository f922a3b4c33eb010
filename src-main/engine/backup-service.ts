/**
 * The store's backups as the app and the CLI use them: a copy now, the daily copy, the list, how
 * many to keep, and restoring a copy into the open store (the UI's restore, while the engine runs).
 * The files themselves are handled by src-main/store/backups.ts.
 */
import type { Kysely } from 'kysely';
import { ApiError } from './errors.js';
import type { Database } from '../store/schema.js';
import { backupKeep, type Store } from '../store/open-store.js';
import { BACKUP_KEEP_KEY, backupsDir, createBackup, findBackup, listBackups, type BackupInfo, type BackupReason } from '../store/backups.js';
import { describeBusy, LockBusyError, takeLock, type LockTiming } from '../store/process-locks.js';
import { copyPreparedInto, pageSizeOf, prepareRestore, RestoreRefused } from '../store/restore-backup.js';

/** The error code of each reason a restore is refused. */
const RESTORE_CODES: Record<RestoreRefused['reason'], string> = {
  damaged: 'backup_damaged',
  foreign: 'backup_foreign',
  newer: 'backup_newer',
  failed: 'restore_failed',
};

const DAY_MS = 86_400_000;
/** How often the daily copy is looked at (a laptop asleep at the due time catches up on wake). */
const DAILY_CHECK_MS = 3_600_000;

export interface BackupOverview {
  keep: number;
  folder: string;
  backups: BackupInfo[];
}

export class BackupService {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: Store,
    private readonly dataDir: string,
    /** Called after a restore replaced the data (caches and the sync status reload). */
    private readonly afterRestore: () => Promise<void>,
    private readonly lockTiming?: LockTiming,
  ) {}

  overview(): BackupOverview {
    return { keep: backupKeep(this.store.sqlite), folder: this.folder(), backups: listBackups(this.dataDir) };
  }

  private folder(): string {
    return backupsDir(this.dataDir);
  }

  async setKeep(keep: number): Promise<BackupOverview> {
    const value = String(keep);
    await this.db()
      .insertInto('meta')
      .values({ key: BACKUP_KEEP_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    return this.overview();
  }

  create(reason: BackupReason = 'manual'): Promise<BackupInfo> {
    return createBackup(this.store.sqlite, this.dataDir, reason, backupKeep(this.store.sqlite));
  }

  /** Makes the daily copy if the newest backup of any kind is a day old (or there is none). */
  async dailyIfDue(now = Date.now()): Promise<BackupInfo | null> {
    const newest = listBackups(this.dataDir)[0];
    if (newest && now - Date.parse(newest.created) < DAY_MS) return null;
    return this.create('daily');
  }

  /** Checks for the daily copy a minute after start (not in the way of the first screen), then hourly. */
  startDaily(onError: (error: unknown) => void, firstCheckMs = 60_000): void {
    const tick = () => void this.dailyIfDue().catch(onError);
    this.stop();
    this.timer = setTimeout(() => {
      tick();
      this.timer = setInterval(tick, DAILY_CHECK_MS);
      this.timer.unref();
    }, firstCheckMs);
    this.timer.unref();
  }

  /**
   * Replaces the open store's data with a backup. The sync lock keeps every sync run (here or in
   * another process) out meanwhile, and holding the store's one connection holds this process's
   * writes until the restore ends: each write lands in the before-restore copy or in the restored
   * data, none in between. A backup that cannot become the store is refused before anything is
   * touched (store/restore-backup.ts).
   */
  async restore(name: string): Promise<BackupInfo> {
    const backup = findBackup(this.dataDir, name);
    if (!backup) throw new ApiError(404, 'not_found', `There is no backup named "${name}".`, 'name');
    const lock = await takeLock(this.dataDir, 'sync', 'restore', undefined, this.lockTiming).catch((error: unknown) => {
      if (!(error instanceof LockBusyError)) throw error;
      throw new ApiError(409, 'busy', `${describeBusy(error.holder)}; restore the backup when it has finished. Nothing was changed.`);
    });
    try {
      const prepared = await prepareRestore(backup, this.dataDir, pageSizeOf(this.store.sqlite)).catch((error: unknown) => {
        if (!(error instanceof RestoreRefused)) throw error;
        throw new ApiError(409, RESTORE_CODES[error.reason], error.message, 'name');
      });
      try {
        await this.store.db.connection().execute(async () => {
          await this.create('before-restore');
          await copyPreparedInto(prepared, this.store.file);
        });
      } finally {
        prepared.discard();
      }
    } finally {
      await lock.release();
    }
    this.store.markChanged();
    await this.afterRestore();
    return backup;
  }

  private db(): Kysely<Database> {
    return this.store.db;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
