/** Where the desktop app looks for updates: the company's release folder, or the built-in address. */
import { useEffect, useRef, useState } from 'react';
import { Field } from '../../components/Field';
import { InfoNotice } from '../../components/Notice';
import { call, CallError, messageOf } from '../../transport/bridge';

export function UpdatesForm() {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // What the rep types before the saved address arrives (a busy machine) is kept, not overwritten by it.
  const typed = useRef(false);
  useEffect(() => {
    void call('updates.settings', {}).then(
      (s) => {
        if (!typed.current) setUrl(s.url ?? '');
      },
      (e: unknown) => setError(messageOf(e)),
    );
  }, []);
  const save = async (value: string | null) => {
    setError(null);
    setNotice(null);
    try {
      const saved = await call('updates.setSettings', { url: value });
      setUrl(saved.url ?? '');
      setNotice(saved.url ? 'Update address saved; it is used from the next start.' : 'The address built into the app is used from the next start.');
    } catch (e) {
      setError(e instanceof CallError ? e.message : messageOf(e));
    }
  };
  return (
    <form
      noValidate
      className="card"
      aria-labelledby="updates-title"
      onSubmit={(e) => {
        e.preventDefault();
        void save(url.trim() === '' ? null : url);
      }}
    >
      <h2 id="updates-title">Updates</h2>
      <p className="muted">The installed app checks for a new version at start and from Help → Check for Updates, downloads it in the background and installs it when you quit.</p>
      <InfoNotice message={notice} />
      <Field label="Update address (empty: the one built into the app)" error={error}>
        {(p) => (
          <input
            {...p}
            type="url"
            placeholder="https://updates.example.com/fieldsizer"
            value={url}
            onChange={(e) => {
              typed.current = true;
              setUrl(e.target.value);
            }}
          />
        )}
      </Field>
      <button type="submit" className="primary">
        Save update address
      </button>
    </form>
  );
}
