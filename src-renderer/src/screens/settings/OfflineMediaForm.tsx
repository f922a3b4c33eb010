/**
 * "Make available offline" (issue 31): which documents the sync keeps on this computer, per kind,
 * and the most room pictures and documents may take (documents are let go first when it is
 * reached, pictures last). Applied by the next sync.
 */
import { useEffect, useState } from 'react';
import { DOCUMENT_KINDS, DOCUMENT_LABELS, type MediaSettings } from '../../../../src-shared/media';
import { Check, Field } from '../../components/Field';
import { call, messageOf } from '../../transport/bridge';
import { useSync } from '../../stores/sync-store';
import { describeSize } from '../catalog/ProductMedia';

export function OfflineMediaForm() {
  const [settings, setSettings] = useState<MediaSettings | null>(null);
  const [budgetGb, setBudgetGb] = useState('');
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const media = useSync((s) => s.status?.media ?? null);

  useEffect(() => {
    void call('media.settings', {}).then(
      (s) => {
        setSettings(s);
        setBudgetGb(String(s.budget_bytes / 1e9));
      },
      (error: unknown) => setMessage({ error: true, text: messageOf(error) }),
    );
  }, []);

  if (!settings) return message ? <p role="alert">{message.text}</p> : null;
  const save = async (next: MediaSettings) => {
    try {
      const saved = await call('media.setSettings', next);
      setSettings(saved);
      setMessage({ error: false, text: 'Saved: the next sync applies it.' });
    } catch (error) {
      setMessage({ error: true, text: messageOf(error) });
    }
  };
  const gb = Number(budgetGb);
  const budgetError = budgetGb.trim() === '' || !Number.isFinite(gb) || gb < 0 || gb > 1000 ? 'Enter the room in GB, from 0 to 1000 (e.g. 1 or 0.5).' : null;
  return (
    <form
      noValidate
      className="card"
      aria-labelledby="offline-media-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (!budgetError) void save({ ...settings, budget_bytes: Math.round(gb * 1e9) });
      }}
    >
      <h2 id="offline-media-title">Make available offline</h2>
      <p className="muted">
        Product pictures are always kept on this computer by the sync. Choose which documents are kept too, so they open at a job site without a network.
      </p>
      <div className="row checks" role="group" aria-label="Documents kept offline">
        {DOCUMENT_KINDS.map((kind) => (
          <Check key={kind} label={DOCUMENT_LABELS[kind]} checked={settings.documents[kind]} onChange={(checked) => void save({ ...settings, documents: { ...settings.documents, [kind]: checked } })} />
        ))}
      </div>
      <div className="row">
        <Field label="Room for pictures and documents (GB)" error={budgetError} hint="When it is full, documents are let go first, the least used first; pictures last.">
          {(props) => <input {...props} inputMode="decimal" value={budgetGb} onChange={(e) => setBudgetGb(e.target.value)} />}
        </Field>
        <button type="submit" disabled={budgetError !== null}>
          Save
        </button>
      </div>
      {media && (
        <p className="muted" data-testid="media-store-size">
          Kept now: {media.store_files.toLocaleString('en-US')} files, {describeSize(media.store_bytes) || '0 kB'} of {describeSize(media.budget_bytes)}.
        </p>
      )}
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'field-error' : 'muted'}>
          {message.text}
        </p>
      )}
    </form>
  );
}
