/** Messages between the serving process and the pull worker's process (pull-worker-host.ts). */
import type { SyncErrorDetails, SyncStatus } from '../../src-shared/sync.js';
import type { ClientTuning } from './upstream-client.js';
import type { FoundConflict } from './sync-state.js';

export interface PullWorkerInput {
  dataDir: string;
  upstreamUrl: string;
  key: string;
  tuning: ClientTuning;
  pushedLocalIds: number[];
  /** Something was pushed: apply even if every answer was "not modified". */
  mustApply: boolean;
  /** The upstream takes no writes (or not from this key): local edits wait and never become conflicts. */
  readOnly: boolean;
  /** The shared back-off the push's client was asked for (ms since the epoch): the pull honours it too. */
  pausedUntil: number;
  /** The rep confirmed a run that removes more than the mass-deletion guard allows. */
  allowMassDelete: boolean;
}

export type PullWorkerMessage =
  | { type: 'status'; patch: Partial<Pick<SyncStatus, 'phase' | 'progress' | 'bytes' | 'bytes_decoded' | 'requests' | 'rejected' | 'moved_to'>> }
  /** `renumbered`: projects made here that moved to another local id in this run, as [from, to]. */
  | { type: 'done'; conflicts: FoundConflict[]; rejected: number; warnings: number; applied: boolean; requests: number; renumbered: [number, number][] }
  | { type: 'failed'; code: string; message: string; details?: SyncErrorDetails }
  /** After 'done': the worker has closed its files (its write's WAL is the host's to fold). */
  | { type: 'closed' };

/** From the serving process: first the run to do; then, maybe, stop it. */
export type PullWorkerCommand = { type: 'start'; input: PullWorkerInput } | { type: 'cancel' };
