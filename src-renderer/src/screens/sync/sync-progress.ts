/**
 * What the sync screen remembers of the current run: the highest percentage shown, so the bar
 * never goes backwards when a newly counted kind of record adds to the total. (How many changes
 * were sent is the engine's own count, `SyncStatus.pushed`.)
 */
import type { SyncStatus } from '../../../../src-shared/sync';

let run: { started: string | null; percent: number } = { started: null, percent: 0 };

export function trackRun(status: SyncStatus, reportedPercent: number): number {
  if (status.started_at !== run.started) run = { started: status.started_at, percent: 0 };
  run.percent = Math.max(run.percent, reportedPercent);
  return run.percent;
}
