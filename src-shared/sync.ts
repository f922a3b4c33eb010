/**
 * Sync with the central service, as the app and other tools see it: the settings, the observable
 * status (for the status bar, the progress bar and `GET /api/sync`) and the conflict list.
 */
import { z } from 'zod';

export const syncSettingsSchema = z
  .object({
    /** Base URL of the central service, e.g. https://sizing.example.com; null = not configured. */
    upstream_url: z.string().url().nullable(),
    /** Minutes between automatic syncs; 0 = only on demand. */
    interval_minutes: z.number().int().min(0).max(24 * 60),
  })
  .strict();
export type SyncSettings = z.infer<typeof syncSettingsSchema>;

export const SYNC_PHASES = ['connecting', 'pushing', 'pulling', 'applying', 'done'] as const;
export type SyncPhase = (typeof SYNC_PHASES)[number];

export interface SyncProgress {
  /** Resource being pulled: product-types, products, collections, territories, users, projects, jurisdictions. */
  resource: string;
  done: number;
  /** Null until the upstream has told how many there are. */
  total: number | null;
}

export interface SyncError {
  /** Stable code: offline, unauthorized, forbidden, upstream_error, timeout, invalid_data, cancelled, no_upstream … */
  code: string;
  /** In plain words, for the status bar and the log. */
  message: string;
  at: string;
}

export interface SyncStatus {
  state: 'idle' | 'running' | 'failed' | 'not-configured';
  phase: SyncPhase | null;
  progress: SyncProgress[];
  /** Bytes received from the upstream in this run. */
  bytes: number;
  /** Requests made to the upstream in this run. */
  requests: number;
  started_at: string | null;
  last_success: string | null;
  last_error: SyncError | null;
  /** Local project changes not yet accepted by the upstream. */
  unsynced_changes: number;
  /** Local project changes (creates, edits, deletes) the upstream accepted in this run, or the last one; 0 as a run starts. */
  pushed: number;
  /** Projects changed on both sides, waiting for the user to choose. */
  conflicts: number;
  /** Records the last run set aside because they failed validation. */
  rejected: number;
  /** What the last run kept but worth knowing (a detail that answered 404, a list that ignores paging …). */
  warnings: number;
  /** Why local changes wait instead of being sent (the central service takes no writes), or null. */
  waiting: string | null;
  upstream_url: string | null;
  has_key: boolean;
  interval_minutes: number;
  next_run: string | null;
}

export interface SyncConflict {
  project_id: number;
  name: string;
  /** The local version (edited here) and the upstream's, as project resources. */
  mine: Record<string, unknown>;
  theirs: Record<string, unknown>;
  detected_at: string;
}

export type ConflictChoice = 'mine' | 'theirs';

/** A record the last sync set aside (`rejected`), or kept with something worth knowing (`warning`). */
export interface SyncIssue {
  kind: 'rejected' | 'warning';
  /** products, projects, users, territories, … */
  resource: string;
  /** The record's key (id, part number, path). */
  key: string;
  reason: string;
}
