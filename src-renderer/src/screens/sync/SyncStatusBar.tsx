/** The status bar: online or offline, the last sync, unsynced changes, conflicts, Sync now. */
import { useSync } from '../../stores/sync-store';
import { paths } from '../../router';
import { describeState, when } from './sync-words';

export function SyncStatusBar() {
  const { status, online, error, syncNow } = useSync();
  const running = status?.state === 'running';
  return (
    <footer className="status-bar" aria-label="Sync status">
      <span className={`dot ${online ? 'online' : 'offline'}`} aria-hidden="true" />
      <span>{online ? 'Online' : 'Offline'}</span>
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
            {status.unsynced_changes} unsynced change{status.unsynced_changes === 1 ? '' : 's'}
            {status.waiting && status.unsynced_changes > 0 ? ` (${status.waiting})` : ''}
          </span>
          {status.conflicts > 0 && (
            <a href={paths.sync()} className="warning">
              {status.conflicts} conflict{status.conflicts === 1 ? '' : 's'}
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
