/**
 * Sync with the central service, as the app and other tools see it: the settings, the observable
 * status (for the status bar, the progress bar and `GET /api/sync`) and the conflict list.
 */
import { z } from 'zod';
import type { MediaSyncStatus } from './media.js';

export const syncSettingsSchema = z
  .object({
    /** Base URL of the central service, e.g. https://sizing.example.com; null = not configured. */
    upstream_url: z.string().url().nullable(),
    /** Minutes between automatic syncs; 0 = only on demand. */
    interval_minutes: z.number().int().min(0).max(24 * 60),
  })
  .strict();
export type SyncSettings = z.infer<typeof syncSettingsSchema>;

export const SYNC_PHASES = ['connecting', 'pushing', 'pulling', 'applying', 'media', 'done'] as const;
export type SyncPhase = (typeof SYNC_PHASES)[number];

export interface SyncProgress {
  /** Resource being pulled: product-types, products, collections, territories, users, projects, jurisdictions. */
  resource: string;
  done: number;
  /** Null until the upstream has told how many there are. */
  total: number | null;
}

/** A resource a run would have emptied (or nearly): held from the central service, and what it would remove. */
export interface MassDeletion {
  /** products, territories, users, projects, jurisdictions. */
  resource: string;
  /** Records of it held from the central service before the run. */
  held: number;
  /** Of those, the ones the central service no longer listed. */
  removing: number;
}

/** What a failure offers to do about it (the sync screen's buttons, the CLI's hints). */
export interface SyncErrorDetails {
  /** The address the central service says it moved to (a permanent redirect to another origin, not followed). */
  moved_to?: string;
  /** Where a redirect to another origin pointed (not followed; no permanent move stated). */
  location?: string;
  /** The resources a run would have emptied: it stopped before the switch; confirming applies it. */
  mass_delete?: MassDeletion[];
}

export interface SyncError {
  /**
   * Stable code: upstream_unreachable, upstream_stalled, unauthorized, forbidden, web_page,
   * not_data, moved_elsewhere, mass_delete, upstream_error, invalid_data, cancelled, busy …
   */
  code: string;
  /** In plain words, for the status bar and the log. */
  message: string;
  at: string;
  details?: SyncErrorDetails;
}

export interface SyncStatus {
  state: 'idle' | 'running' | 'failed' | 'not-configured';
  phase: SyncPhase | null;
  progress: SyncProgress[];
  /** Bytes of the answers received from the upstream in this run, as they travelled (compressed where the service compressed them). */
  bytes: number;
  /** The same answers decoded: the JSON the sync read (equal to `bytes` when nothing came compressed). */
  bytes_decoded: number;
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
  /** Why local changes wait instead of being sent (the central service takes no writes, the key may not write …), or null. */
  waiting: string | null;
  /** Local changes kept here, each with why (a project that needs its engineer's e-mail, a change the central service refused). */
  held: SyncHeldChange[];
  /**
   * The address the central service said in this run (or the last one since the app started)
   * that it has moved to for good (a 301 or 308, followed within its origin), offered to replace
   * the setting; null when it said nothing of the kind.
   */
  moved_to: string | null;
  /**
   * The pictures and documents kept for offline use: the last media step's counts (its failures
   * are retried by the next sync and never fail a run) and the media store's size; null before
   * the engine has read them.
   */
  media: MediaSyncStatus | null;
  upstream_url: string | null;
  has_key: boolean;
  interval_minutes: number;
  next_run: string | null;
}

export interface SyncHeldChange {
  project_id: number;
  /** In plain words: `Project "Deli" needs the engineer's e-mail: …`, or the central service's refusal. */
  reason: string;
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

/** A run's bytes as they travelled, and decoded where the service compressed them: "12.3 MB on the wire (58.1 MB of JSON, compressed 4.7×)". */
export function describeBytes(wire: number, decoded: number): string {
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  return decoded > wire * 1.01 ? `${mb(wire)} on the wire (${mb(decoded)} of JSON, compressed ${(decoded / wire).toFixed(1)}×)` : mb(wire);
}
