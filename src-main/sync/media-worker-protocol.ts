/** Messages between the serving process and the media step's process (media-worker-host.ts). */
import type { MediaSyncStatus } from '../../src-shared/media.js';
import type { MediaTuning } from './media-sync.js';

export interface MediaWorkerInput {
  dataDir: string;
  upstreamUrl: string;
  key: string;
  tuning: MediaTuning;
}

export type MediaWorkerMessage =
  /** Progress: the step's counts and the store's size so far (at most ten a second). */
  | { type: 'status'; media: MediaSyncStatus }
  /** The step is over (a cancelled one too, with what it did): its counts, saved as the last run's. */
  | { type: 'done'; media: MediaSyncStatus }
  /** The step failed as a whole (a fault of ours; a file that fails is only counted). */
  | { type: 'failed'; message: string };

/** From the serving process: the step to do, then perhaps stop it. */
export type MediaWorkerCommand = { type: 'start'; input: MediaWorkerInput } | { type: 'cancel' };
