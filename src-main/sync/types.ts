/**
 * What the sync's parts share: a run as the service drives it, the status reporter a run writes
 * to, and the failure a rep can act on. In a module of its own so the service (sync-service.ts)
 * sits above the runner, the pull, the apply and the push it drives, and none of them imports it.
 */
import type { ConflictChoice, SyncErrorDetails, SyncStatus } from '../../src-shared/sync.js';

export interface SyncRun {
  /** Does one sync; reports progress through `status`; throws a SyncFailure on failure. */
  run(options: { upstreamUrl: string; key: string; signal: AbortSignal; status: StatusReporter; allowMassDelete: boolean }): Promise<RunEnd>;
  /** Keep mine or keep theirs; `confirmed` when the user agreed to lose their only copy. */
  resolve(projectId: number, choice: ConflictChoice, confirmed: boolean): Promise<void>;
}

/** What is left of a run once its data is switched (see `runPullWorker`). */
export interface RunEnd {
  /** Settles once the pull's process has ended, its memory given back. */
  released: Promise<void>;
  /**
   * To call once the run's writes here (and the media step's) are done: the heavy disk work after
   * a run waits for that. Its promise settles when that work is done.
   */
  written: () => Promise<void>;
}

export interface StatusReporter {
  update(patch: Partial<Pick<SyncStatus, 'phase' | 'progress' | 'bytes' | 'bytes_decoded' | 'requests' | 'rejected' | 'warnings' | 'pushed' | 'moved_to'>>): void;
}

/** A failure the user can act on; `code` is stable, `message` plain words, `details` what the UI offers to do about it. */
export class SyncFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: SyncErrorDetails,
  ) {
    super(message);
    this.name = 'SyncFailure';
  }

  /** Whatever stopped a run, as the status reports it: cancelled, or unexpected, in plain words. */
  static from(error: unknown, cancelled: boolean): SyncFailure {
    if (error instanceof SyncFailure) return error;
    if (cancelled) return new SyncFailure('cancelled', 'The sync was cancelled; the data from before it is kept.');
    return new SyncFailure('internal_error', `The sync stopped on an unexpected error: ${error instanceof Error ? error.message : String(error)}`);
  }
}
