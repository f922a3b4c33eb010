/** The status bar: whether the central service answers, the last sync, unsynced changes, conflicts, Sync now. */
import { useSync } from '../../stores/sync-store';
import { count } from '../../../../src-shared/plural';
import { paths } from '../../router';
import { describeState, plainSyncError, when } from './sync-words';

const REACH_WORDS: Record<string, string> = {
  reachable: 'Central service reachable',
  unreachable: 'Central service unreachable',
  'not-configured': 'No central service set',
  unknown: 'Checking the central service…',
};

export function SyncStatusBar() {
  const { status, reachability, error, syncNow } = useSync();
  const running = status?.state === 'running';
  // A failed connection is never shown next to "reachable": until a sync works again, the dot says so.
  const connectionFailed = status?.state === 'failed' && ['offline', 'upstream_unreachable', 'timeout', 'upstream_error'].includes(status.last_error?.code ?? '');
  const reach = connectionFailed ? 'unreachable' : (reachability?.state ?? 'unknown');
  return (
    <footer className="status-bar" aria-label="Sync status">
      <span className={`dot ${reach}`} aria-hidden="true" />
      <span data-testid="reachability" data-state={reach} title={connectionFailed ? plainSyncError(status.last_error) : (reachability?.message ?? undefined)}>
        {REACH_WORDS[reach]}
      </span>
      <span className="sep" aria-hidden="true">
        ·
      </span>
      <a href={paths.sync()} className="status-text">
        {status ? describeState(status) : 'Sync status unknown'}
      </a>
      {status && (
        <>
          <span className="sep" aria-hidden="true">
            ·
          </span>
          <span>Last sync: {when(status.last_success)}</span>
          <span className="sep" aria-hidden="true">
            ·
          </span>
          <span>
            {count(status.unsynced_changes, 'unsynced change')}
            {status.waiting && status.unsynced_changes > 0 ? ` (${status.waiting})` : ''}
          </span>
          {status.conflicts > 0 && (
            <a href={paths.sync()} className="warning">
              {count(status.conflicts, 'conflict')}
            </a>
          )}
        </>
      )}
      {error && <span className="field-error">{error}</span>}
      <span className="grow" />
      <button type="button" className="small" onClick={() => void syncNow()} disabled={running}>
        {running ? 'Syncing…' : 'Sync now'}
      </button>
    </footer>
  );
}
