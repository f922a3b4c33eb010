/** Sync: progress with phase and counts, errors in plain words with retry, and the conflicts. */
import { useEffect } from 'react';
import { count } from '../../../../src-shared/plural';
import { ErrorNotice } from '../../components/Notice';
import { useSync } from '../../stores/sync-store';
import { paths } from '../../router';
import { describeBytes } from '../../../../src-shared/sync';
import { describeMedia, describeState, phaseLabel, plainSyncError, progressByKind, resourceLabel, when } from './sync-words';
import { trackRun } from './sync-progress';

export function SyncScreen() {
  const { status, reachability, conflicts, error, syncNow, cancel, loadConflicts, resolve, adoptMovedAddress } = useSync();
  useEffect(() => {
    void loadConflicts();
  }, [loadConflicts]);

  const running = status?.state === 'running';
  // Where the central service no longer has the project, keeping theirs deletes the only copy: asked first, in those words.
  const keepTheirs = (c: (typeof conflicts)[number]) => {
    const gone = 'deleted' in c.theirs;
    if (!gone) return void resolve(c.project_id, 'theirs');
    if (window.confirm(`Keeping theirs deletes "${c.name}" here: the central service no longer has it, so this is your only copy. Delete it?`)) void resolve(c.project_id, 'theirs', true);
  };
  // Only the kinds whose total the central service told count toward the share (one that gives no
  // totals still counts its records, but could push the bar past its end).
  const totals = status?.progress.reduce((acc, p) => (p.total === null ? acc : { done: acc.done + Math.min(p.done, p.total), total: acc.total + p.total }), { done: 0, total: 0 });
  // Progress as the engine reports it; 100 % only once it says the run is done.
  const reported = status?.phase === 'done' ? 100 : totals && totals.total > 0 ? Math.min(99, Math.floor((100 * totals.done) / totals.total)) : 0;
  // Never backwards within a run (sync-progress.ts).
  const percent = status ? trackRun(status, reported) : 0;
  // The engine's own count of the changes the central service accepted (SyncStatus.pushed).
  const sent = status?.pushed ?? 0;
  const kinds = status ? progressByKind(status.progress) : [];
  const received = kinds.reduce((sum, k) => sum + k.done, 0);
  // What the last failure offers to do: confirm a mass deletion the guard held back, or take a new address.
  const held = status?.state === 'failed' ? status.last_error?.details?.mass_delete : undefined;
  const movedTo = status?.moved_to ?? (status?.state === 'failed' ? status.last_error?.details?.moved_to : undefined) ?? null;
  const applyRemovals = () => {
    if (window.confirm('Apply the sync, removing the records the central service no longer lists? A copy of the data as it is now is kept in the backups.')) void syncNow({ allowMassDelete: true });
  };

  return (
    <section className="screen sync" aria-labelledby="sync-title">
      <header className="screen-header">
        <h1 id="sync-title">Sync</h1>
        <div className="actions">
          {running ? (
            <button type="button" onClick={() => void cancel()}>
              Cancel
            </button>
          ) : (
            <button type="button" className="primary" onClick={() => void syncNow()}>
              Sync now
            </button>
          )}
        </div>
      </header>
      {reachability?.state === 'unreachable' && status?.state !== 'failed' && (
        <p className="notice notice-info">
          {reachability.message} A sync will fail until it answers; everything else works offline.
        </p>
      )}
      <ErrorNotice message={error} action={status?.state === 'not-configured' ? { label: 'Open settings', run: () => (window.location.hash = paths.settings()) } : undefined} />
      {status && (
        <div className="card">
          <p className="big" role="status" data-testid="sync-state" data-state={status.state} data-phase={status.phase ?? ''}>
            {describeState(status)}
          </p>
          {(running || status.phase === 'done') && (
            <>
              <progress aria-label="Sync progress" max={100} value={percent} />
              <span className="muted"> {percent} %</span>
              <p>{phaseLabel(status.phase)}</p>
              {kinds.length > 0 && (
                <table className="kv" aria-label="Progress by kind of record">
                  <tbody>
                    {kinds.map((k) => (
                      <tr key={k.label}>
                        <th scope="row">{k.label}</th>
                        <td>
                          {k.done.toLocaleString('en-US')} / {k.total === null ? '…' : k.total.toLocaleString('en-US')}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {status.phase === 'done' && !running && (
                <p data-testid="sync-summary">
                  Received {count(received, 'record')} · sent {count(sent, 'change')} · {status.unsynced_changes} waiting to be sent · {count(status.conflicts, 'conflict')}
                </p>
              )}
              {status.bytes > 0 && (
                <p className="muted" data-testid="sync-bytes">
                  Downloaded {describeBytes(status.bytes, status.bytes_decoded)}
                </p>
              )}
              {status.media && status.media.total > 0 && (
                <p className="muted" data-testid="sync-media">
                  {describeMedia(status.media)}
                </p>
              )}
            </>
          )}
          {status.state === 'failed' && status.last_error && (
            <div className="notice notice-error" role="alert" data-testid="sync-error">
              <span>{plainSyncError(status.last_error)}</span>
              <button type="button" onClick={() => void syncNow()}>
                Retry
              </button>
            </div>
          )}
          {held && held.length > 0 && (
            <div className="notice notice-info" data-testid="sync-mass-delete">
              <table className="kv" aria-label="What the sync would remove">
                <tbody>
                  {held.map((r) => (
                    <tr key={r.resource}>
                      <th scope="row">{resourceLabel(r.resource)}</th>
                      <td>
                        {r.held.toLocaleString('en-US')} here, {r.removing.toLocaleString('en-US')} to be removed
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <button type="button" onClick={applyRemovals}>
                Apply anyway: remove them
              </button>
            </div>
          )}
          {movedTo && movedTo !== status.upstream_url && (
            <p className="notice notice-info" role="status" data-testid="sync-moved">
              The central service says it has moved to {movedTo}.{' '}
              <button type="button" onClick={() => void adoptMovedAddress(movedTo)}>
                Use the new address
              </button>
            </p>
          )}
          {status.waiting && status.unsynced_changes > 0 && (
            <p className="notice notice-info" role="status" data-testid="sync-waiting">
              {status.waiting}: {count(status.unsynced_changes, 'local change')} kept here until {status.waiting.includes('does not accept changes') ? 'it does' : 'then'}.
            </p>
          )}
          {status.held.length > 0 && (
            <div className="notice notice-info" role="status" data-testid="sync-held">
              <div>
                <p>Kept here, not sent yet:</p>
                <ul>
                  {status.held.map((h, i) => (
                    <li key={`${h.project_id}-${i}`}>{h.reason}</li>
                  ))}
                </ul>
              </div>
            </div>
          )}
          <dl className="facts">
            <dt>Central service</dt>
            <dd>{status.upstream_url ?? 'not set'}</dd>
            <dt>Key</dt>
            <dd>{status.has_key ? 'saved' : 'not set'}</dd>
            <dt>Last sync</dt>
            <dd>{when(status.last_success)}</dd>
            <dt>Next automatic sync</dt>
            <dd>{!status.upstream_url || !status.has_key ? 'none: set the central service and its key first' : status.next_run ? when(status.next_run) : status.interval_minutes > 0 ? 'after the next start' : 'only on demand'}</dd>
            <dt>Unsynced changes</dt>
            <dd>{status.unsynced_changes}</dd>
            {status.rejected > 0 && (
              <>
                <dt>Set aside</dt>
                <dd>{status.rejected} records failed validation in the last run</dd>
              </>
            )}
            {status.warnings > 0 && (
              <>
                <dt>Warnings</dt>
                <dd>{status.warnings} records kept with a warning in the last run (GET /api/sync/issues lists them)</dd>
              </>
            )}
          </dl>
        </div>
      )}
      <section aria-labelledby="conflicts-title">
        <h2 id="conflicts-title">Conflicts ({conflicts.length})</h2>
        {conflicts.length === 0 ? (
          <p className="muted">No conflicts: nothing was changed both here and on the central service.</p>
        ) : (
          <ul className="conflicts">
            {conflicts.map((c) => (
              <li key={c.project_id} className="card">
                <strong>{c.name}</strong> <span className="muted">
                  project {c.project_id}, {'deleted' in c.mine ? 'deleted here and changed on the central service' : 'changed on both sides'} ({when(c.detected_at)})
                </span>
                <div className="actions">
                  <button type="button" onClick={() => void resolve(c.project_id, 'mine')}>
                    Keep mine
                  </button>
                  <button type="button" onClick={() => keepTheirs(c)}>
                    Keep theirs
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
