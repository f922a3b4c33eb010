/**
 * The sync as the app drives it: settings, the observable status, one run at a time, cancel,
 * the scheduler, and the conflict list. The work of a run is done by SyncRunner (sync-runner.ts).
 */
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { ConflictChoice, SyncConflict, SyncIssue, SyncSettings, SyncStatus } from '../../src-shared/sync.js';
import type { MediaSyncStatus } from '../../src-shared/media.js';
import type { Database } from '../store/schema.js';
import { ApiError } from '../errors.js';
import { LockBusyError, type HeldLock } from '../store/process-locks.js';
import { redactUrlCredentials } from '../logs/scrub.js';
import { heldChanges } from './push.js';
import { removeStaging } from './sync-answers.js';
import { conflicts, counts, forgetUpstream, listIssues, readRunState, replaceStepIssues, writeRunState } from './sync-state.js';
import { readSyncSettings, readUpstreamKey, writeSyncSettings, writeUpstreamKey } from './sync-settings.js';
import { SyncFailure, type RunEnd, type StatusReporter, type SyncRun } from './types.js';

export interface SyncNowOptions {
  /**
   * The rep confirmed that the central service removed more than the guard lets a run remove
   * (see decide.ts isMassDeletion): this run applies it.
   */
  allowMassDelete?: boolean;
}

/**
 * The media step (media-sync.ts), run once the pull is applied: it reports its own progress and
 * never throws for a media failure. Set by the engine.
 */
/**
 * How long the media step waits for the pull's process to end (a fraction of a second once the
 * data is switched); past it, the step starts anyway: only memory is at stake.
 */
const PULL_END_WAIT_MS = 120_000;

export type MediaStep = (options: { upstreamUrl: string; key: string; signal: AbortSignal; report: (media: MediaSyncStatus) => void }) => Promise<MediaSyncStatus>;

export interface SyncServiceEvents {
  status: [SyncStatus];
}

export class SyncService extends EventEmitter<SyncServiceEvents> {
  private current: SyncStatus;
  private running: Promise<void> | null = null;
  /** The last run's fold of its write into the database file, after the run (see `close`). */
  private folding: Promise<void> = Promise.resolve();
  private controller: AbortController | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dataDir: string,
    private readonly runner: SyncRun,
  ) {
    super();
    this.current = {
      state: 'not-configured',
      phase: null,
      progress: [],
      bytes: 0,
      bytes_decoded: 0,
      requests: 0,
      started_at: null,
      last_success: null,
      last_error: null,
      unsynced_changes: 0,
      pushed: 0,
      conflicts: 0,
      rejected: 0,
      warnings: 0,
      waiting: null,
      held: [],
      moved_to: null,
      media: null,
      upstream_url: null,
      has_key: false,
      interval_minutes: 0,
      next_run: null,
    };
  }

  /** Reads the settings and counters; call once after opening the store. */
  async init(): Promise<void> {
    const settings = await readSyncSettings(this.db);
    const state = await readRunState(this.db);
    this.current = {
      ...this.current,
      upstream_url: settings.upstream_url,
      interval_minutes: settings.interval_minutes,
      has_key: readUpstreamKey(this.dataDir) !== null,
      last_success: state.last_success,
      last_error: state.last_error,
    };
    this.current.state = this.configured() ? (this.current.last_error ? 'failed' : 'idle') : 'not-configured';
    await this.refreshCounts();
  }

  /** The status as every reader sees it (any API key, the UI): an address's credentials are not shown. */
  status(): SyncStatus {
    const status = structuredClone(this.current);
    if (status.upstream_url) status.upstream_url = redactUrlCredentials(status.upstream_url);
    if (status.last_error) status.last_error.message = redactUrlCredentials(status.last_error.message);
    return status;
  }

  private configured(): boolean {
    return this.current.upstream_url !== null && this.current.has_key;
  }

  private publishTimer: NodeJS.Timeout | null = null;

  /**
   * Progress arrives thousands of times a run; listeners (the UI, the CLI) get at most ten
   * updates a second, and always the last one.
   */
  private publish(patch: Partial<SyncStatus>, urgent = true): void {
    this.current = { ...this.current, ...patch };
    if (urgent) {
      if (this.publishTimer) clearTimeout(this.publishTimer);
      this.publishTimer = null;
      this.emit('status', this.status());
    } else if (!this.publishTimer) {
      this.publishTimer = setTimeout(() => {
        this.publishTimer = null;
        this.emit('status', this.status());
      }, 100);
    }
  }

  async refreshCounts(): Promise<void> {
    const [n, state, held] = await Promise.all([counts(this.db), readRunState(this.db), heldChanges(this.db)]);
    // The reason stands only while something waits.
    const waiting = n.unsynced > 0 ? state.queued_reason : null;
    this.publish({ unsynced_changes: n.unsynced, conflicts: n.conflicts, rejected: n.rejected, warnings: n.warnings, waiting, held });
  }

  /** What the last run set aside or warned about. */
  async issues(): Promise<SyncIssue[]> {
    return listIssues(this.db);
  }

  async settings(): Promise<SyncSettings & { has_key: boolean }> {
    return { ...(await readSyncSettings(this.db)), has_key: readUpstreamKey(this.dataDir) !== null };
  }

  /** Saves the settings; `key` undefined keeps the stored key, null removes it. */
  async saveSettings(settings: SyncSettings, key?: string | null): Promise<void> {
    if (settings.upstream_url !== this.current.upstream_url) {
      // Another service: what was known of the last one says nothing about this one.
      await forgetUpstream(this.db);
      removeStaging(this.dataDir);
    }
    await writeSyncSettings(this.db, settings);
    if (key !== undefined) writeUpstreamKey(this.dataDir, key);
    this.publish({ upstream_url: settings.upstream_url, interval_minutes: settings.interval_minutes, has_key: readUpstreamKey(this.dataDir) !== null });
    if (!this.running) this.publish({ state: this.configured() ? 'idle' : 'not-configured' });
    this.schedule();
  }

  /**
   * Takes the address the central service says it moved to (a permanent redirect) as the setting.
   * It is the same service at a new address: what is known of it (answers, capabilities, the
   * staging of a cut-off run) is kept, unlike a change of service in the settings.
   */
  async useMovedAddress(url: string): Promise<void> {
    const settings = await readSyncSettings(this.db);
    await writeSyncSettings(this.db, { ...settings, upstream_url: url });
    this.publish({ upstream_url: url, moved_to: null });
    if (this.current.last_error?.code === 'moved_elsewhere') {
      await writeRunState(this.db, { last_error: null });
      this.publish({ last_error: null, ...(this.running ? {} : { state: this.configured() ? 'idle' : 'not-configured' }) });
    }
  }

  /** Starts a sync unless one runs; resolves when it ends (a failure is in the status, not thrown). */
  syncNow(options: SyncNowOptions = {}): Promise<void> {
    if (this.running) return this.running;
    const upstreamUrl = this.current.upstream_url;
    const key = readUpstreamKey(this.dataDir);
    if (!upstreamUrl || !key) {
      throw new ApiError(409, 'sync_not_configured', 'Set the central service address and its key in the settings first.');
    }
    const controller = new AbortController();
    this.controller = controller;
    this.publish({ state: 'running', phase: 'connecting', progress: [], bytes: 0, bytes_decoded: 0, requests: 0, rejected: 0, warnings: 0, pushed: 0, moved_to: null, started_at: new Date().toISOString(), next_run: null });
    const reporter: StatusReporter = { update: (patch) => this.publish(patch, patch.phase !== undefined) };
    let end: RunEnd = { released: Promise.resolve(), written: () => Promise.resolve() };
    this.running = this.guard()
      .catch((error: unknown) => Promise.reject(error instanceof LockBusyError ? new SyncFailure('busy', error.message) : error))
      .then((held) =>
        this.runner
          .run({ upstreamUrl, key, signal: controller.signal, status: reporter, allowMassDelete: options.allowMassDelete === true })
          .then((after) => void (end = after))
          .finally(() => held.release()),
      )
      .then(async () => {
        // The pull is applied: the pictures and documents it names (a media failure is counted, never the run's).
        if (this.mediaStep) {
          // The pull's process ends before the media step's process starts, so the two never hold
          // their memory at once (the pull's stays near its peak until its process ends).
          const waited = new AbortController();
          const fallback = sleep(PULL_END_WAIT_MS, undefined, { ref: false, signal: waited.signal }).catch(() => undefined);
          await Promise.race([end.released, fallback]).finally(() => waited.abort());
          this.publish({ phase: 'media' });
          // A media failure is counted by the step itself; a step that throws is a fault of ours,
          // kept as the run's warning so it is seen (the run itself still succeeds).
          const media = await this.mediaStep({ upstreamUrl, key, signal: controller.signal, report: (m) => this.publish({ media: m }, false) }).catch(async (error: unknown) => {
            const reason = `the pictures and documents could not be checked: ${error instanceof Error ? error.message : String(error)}; tried again next sync`;
            await replaceStepIssues(this.db, 'media', [{ kind: 'warning', resource: 'media', key: '', reason }]);
            return null;
          });
          if (media) this.publish({ media });
        }
        const at = new Date().toISOString();
        await writeRunState(this.db, { last_success: at, last_error: null });
        this.publish({ state: 'idle', phase: 'done', last_success: at, last_error: null });
      })
      .catch(async (error: unknown) => {
        const failure = SyncFailure.from(error, controller.signal.aborted);
        const lastError = { code: failure.code, message: failure.message, at: new Date().toISOString(), ...(failure.details ? { details: failure.details } : {}) };
        await writeRunState(this.db, { last_error: lastError });
        this.publish({ state: 'failed', phase: null, last_error: lastError });
      })
      .finally(async () => {
        this.running = null;
        this.controller = null;
        // The run's writes here and the media step's are done (what follows only reads): the
        // pull's write is folded into the database file now, after the run.
        this.folding = end.written();
        await this.refreshCounts();
        this.schedule();
      });
    return this.running;
  }

  cancel(): void {
    this.controller?.abort();
  }

  /** Runs every `interval_minutes` while configured; `syncNow` between runs is fine. */
  schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const minutes = this.current.interval_minutes;
    if (!this.configured() || minutes <= 0) {
      this.publish({ next_run: null });
      return;
    }
    const at = Date.now() + minutes * 60_000;
    this.timer = setTimeout(() => void this.syncNow().catch(() => undefined), minutes * 60_000);
    this.timer.unref();
    this.publish({ next_run: new Date(at).toISOString() });
  }

  async conflicts(): Promise<SyncConflict[]> {
    return conflicts(this.db);
  }

  /**
   * Keep mine (sent on the next sync) or keep theirs. Keeping theirs where theirs is gone deletes
   * the only copy left, the rep's: refused (409 confirmation_required, saying so) unless `confirmed`.
   */
  async resolve(projectId: number, choice: ConflictChoice, confirmed = false): Promise<void> {
    await this.runner.resolve(projectId, choice, confirmed);
    await this.refreshCounts();
  }

  /** After each applied pull: the media step (set by the engine; null: none). */
  mediaStep: MediaStep | null = null;

  /** The media store's figures, as the status shows them (the engine sets it after a media change outside a run). */
  showMedia(media: MediaSyncStatus): void {
    this.publish({ media });
  }

  /** Taken before each run: the cross-process single-run lock (src-main/store/sync-run-guard.ts; set by the engine). */
  guard: () => Promise<HeldLock> = async () => ({ release: async () => undefined });

  /**
   * Stops the schedule and any run; waits for the last run's fold, so that a process ending
   * right after a sync (the sync command, the app quitting) leaves its store whole in the
   * database file rather than a WAL of a gigabyte for the next start to read and fold.
   */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.cancel();
    await this.running?.catch(() => undefined);
    await this.folding;
  }
}
