/** How the sync status reads in plain words (display only). */
import type { SyncStatus } from '../../../../src-shared/sync';

const PHASES: Record<string, string> = {
  connecting: 'Connecting to the central service',
  pushing: 'Sending your changes',
  pulling: 'Receiving updates',
  applying: 'Applying updates',
  done: 'Done',
};

export function phaseLabel(phase: string | null): string {
  return phase ? (PHASES[phase] ?? phase) : '';
}

export function describeState(s: SyncStatus): string {
  switch (s.state) {
    case 'running':
      return `Syncing: ${phaseLabel(s.phase).toLowerCase()}…`;
    case 'failed':
      return `Sync failed: ${s.last_error?.message ?? 'unknown error'}`;
    case 'not-configured':
      return 'Sync is not set up';
    default:
      return s.phase === 'done' ? 'Synced' : 'Ready to sync';
  }
}

export function when(iso: string | null): string {
  if (!iso) return 'never';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}
