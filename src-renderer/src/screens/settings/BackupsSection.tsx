/** The settings screen's backups: back up now, how many to keep, and restore one (confirmed). */
import { useEffect, useState } from 'react';
import { dateTimeText } from '../../../../src-shared/dates';
import { ErrorNotice, InfoNotice } from '../../components/Notice';
import { useBackups } from '../../stores/backups-store';

const REASONS: Record<string, string> = {
  daily: 'Daily',
  manual: 'Made by hand',
  'before-migration': 'Before an update of the data format',
  'before-sync': 'Before a sync',
  'before-restore': 'Before a restore',
  'before-import': 'Before an import',
};

const when = dateTimeText;
const size = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

export function BackupsSection() {
  const { overview, busy, notice, error, load, backUpNow, setKeep, restore } = useBackups();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [keep, setKeepText] = useState('');
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="card" aria-labelledby="backups-title">
      <h2 id="backups-title">Backups</h2>
      <p className="muted">
        Copies of all data, made before each sync and each update of the data format, daily, and when you ask. {overview && <>Folder: {overview.folder}</>}
      </p>
      <InfoNotice message={notice} />
      <ErrorNotice message={error} />
      <div className="row">
        <button type="button" onClick={() => void backUpNow()} disabled={busy}>
          Back up now
        </button>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number(keep);
            if (keep !== '') void setKeep(n);
          }}
        >
          <label>
            Keep of each kind{' '}
            <input type="number" min={1} max={100} value={keep || String(overview?.keep ?? '')} onChange={(e) => setKeepText(e.target.value)} style={{ width: '5em' }} />
          </label>
          <button type="submit" className="small" disabled={busy}>
            Save
          </button>
        </form>
      </div>
      {overview && overview.backups.length === 0 && <p className="muted">No backups yet.</p>}
      {overview && overview.backups.length > 0 && (
        <table className="data-table" aria-label="Backup list">
          <thead>
            <tr>
              <th>Made</th>
              <th>Why</th>
              <th>Size</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {overview.backups.map((b) => (
              <tr key={b.name}>
                <td>{when(b.created)}</td>
                <td>{REASONS[b.reason] ?? b.reason}</td>
                <td>{size(b.bytes)}</td>
                <td>
                  {confirming === b.name ? (
                    <span role="group" aria-label="Confirm restore">
                      Replace all data with this backup?{' '}
                      <button
                        type="button"
                        className="small danger"
                        disabled={busy}
                        onClick={() => {
                          setConfirming(null);
                          void restore(b.name);
                        }}
                      >
                        Yes, restore
                      </button>{' '}
                      <button type="button" className="small" onClick={() => setConfirming(null)}>
                        Cancel
                      </button>
                    </span>
                  ) : (
                    <button type="button" className="small" aria-label={`Restore the backup of ${when(b.created)}`} disabled={busy} onClick={() => setConfirming(b.name)}>
                      Restore…
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
