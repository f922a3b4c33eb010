/**
 * The store's backups as the app and the CLI use them: a copy now, the daily copy, the list, how
 * many to keep, and restoring a copy into the open store (the UI's restore, while the engine runs).
 * The files themselves are handled by src-main/store/backups.ts.
 */
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely';
import { ApiError } from './errors.js';
import type { Database } from '../store/schema.js';
import { backupKeep, type Store } from '../store/open-store.js';
import { inCodeMigrations } from '../store/migrations/index.js';
import { openSqlite } from '../store/sqlite.js';
import { BACKUP_KEEP_KEY, backupsDir, checkBackup, createBackup, findBackup, listBackups, type BackupInfo, type BackupReason } from '../store/backups.js';

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
   * Replaces the open store's data with a backup, through SQLite's backup API into the live file
   * (one write transaction: other readers see the old data or the new, never a mix), after a
   * copy of the current data is taken. A copy made before a migration is brought up to date.
   */
  async restore(name: string, busy: () => string | null): Promise<BackupInfo> {
    const backup = findBackup(this.dataDir, name);
    if (!backup) throw new ApiError(404, 'not_found', `There is no backup named "${name}".`, 'name');
    const why = busy();
    if (why) throw new ApiError(409, 'busy', why);
    const check = checkBackup(backup.file);
    if (!check.ok) throw new ApiError(409, 'backup_damaged', `The backup ${backup.name} cannot be used: ${check.problem}.`, 'name');
    const known = new Set(Object.keys(await inCodeMigrations.getMigrations()));
    const unknown = check.migrations.find((m) => !known.has(m));
    if (unknown) throw new ApiError(409, 'backup_newer', `The backup ${backup.name} was made by a newer Fieldsizer (schema step "${unknown}").`, 'name');
    await this.create('before-restore');
    const source = openSqlite(backup.file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(this.store.file);
    } finally {
      source.close();
    }
    const { error } = await new Migrator({ db: this.db(), provider: inCodeMigrations }).migrateToLatest();
    if (error) throw error;
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
