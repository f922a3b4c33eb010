/**
 * What the sync screen remembers of the current run: the highest percentage shown (so the bar
 * never goes backwards when a newly counted kind of record adds to the total) and the unsynced
 * changes at its start (so the summary can say how many were sent).
 */
import type { SyncStatus } from '../../../../src-shared/sync';

let run: { started: string | null; percent: number; unsyncedAtStart: number } = { started: null, percent: 0, unsyncedAtStart: 0 };

export function trackRun(status: SyncStatus, reportedPercent: number): { percent: number; sent: number } {
  if (status.started_at !== run.started) run = { started: status.started_at, percent: 0, unsyncedAtStart: status.unsynced_changes };
  run.percent = Math.max(run.percent, reportedPercent);
  return { percent: run.percent, sent: Math.max(0, run.unsyncedAtStart - status.unsynced_changes) };
}
