/** Settings: the central service (address, key, interval), the local API, its API keys, backups and the update address. */
import { dateText, dateTimeText } from '../../../../src-shared/dates';
import { portNote } from '../../../../src-shared/local-api-words';
import { useEffect, useState } from 'react';
import { SCOPE_DESCRIPTIONS, type ApiScope } from '../../../../src-shared/api/scopes';
import { Check, Field } from '../../components/Field';
import { InfoNotice } from '../../components/Notice';
import { useApp } from '../../stores/app-store';
import { useSettings } from '../../stores/settings-store';
import { BackupsSection } from './BackupsSection';
import { UpdatesForm } from './UpdatesForm';
import { RepProfileForm } from './RepProfileForm';
import { OfflineMediaForm } from './OfflineMediaForm';

export function SettingsScreen() {
  const { sync, app, notice, load, forgetCreatedKey } = useSettings();
  useEffect(() => {
    void load();
    // The secret of a new key is shown once: leaving the screen forgets it.
    return () => forgetCreatedKey();
  }, [load, forgetCreatedKey]);

  return (
    <section className="screen settings" aria-labelledby="settings-title">
      <header className="screen-header">
        <h1 id="settings-title">Settings</h1>
      </header>
      <InfoNotice message={notice} />
      <UnitsForm />
      <RepProfileForm />
      {sync && <SyncSettingsForm key={`${sync.upstream_url}-${sync.interval_minutes}-${sync.has_key}`} />}
      <OfflineMediaForm />
      {app && <LocalApiForm key={`${app.api.enabled}-${app.api.port}`} />}
      <ApiKeys />
      <BackupsSection />
      <UpdatesForm />
    </section>
  );
}

/** Metric mode: what the editor's inputs, the results and the report PDF are in (the sidebar switches it too). */
function UnitsForm() {
  const { units, setUnits } = useApp();
  return (
    <section className="card" aria-labelledby="units-title">
      <h2 id="units-title">Units</h2>
      <p className="muted">Inputs are typed, results shown and reports printed in these units; projects are stored in US units either way.</p>
      <div className="row checks" role="radiogroup" aria-labelledby="units-title">
        <label className="radio">
          <input type="radio" name="units-setting" checked={units === 'standard'} onChange={() => setUnits('standard')} />
          US (in, GPM, gal, lb)
        </label>
        <label className="radio">
          <input type="radio" name="units-setting" checked={units === 'metric'} onChange={() => setUnits('metric')} />
          Metric (mm, L/s, L, kg)
        </label>
      </div>
    </section>
  );
}

function SyncSettingsForm() {
  const { sync, syncErrors: errors, saveSync } = useSettings();
  const [url, setUrl] = useState(sync?.upstream_url ?? '');
  const [interval, setMinutes] = useState(String(sync?.interval_minutes ?? 30));
  const [key, setKey] = useState('');
  return (
    <form
      noValidate
      className="card"
      aria-labelledby="sync-settings-title"
      onSubmit={(e) => {
        e.preventDefault();
        void saveSync({ upstream_url: url, interval_minutes: interval, key: key.trim() === '' ? undefined : key }).then((ok) => ok && setKey(''));
      }}
    >
      <h2 id="sync-settings-title">Central service</h2>
      <div className="row">
        <Field label="Central service address" error={errors.upstream_url} className="grow">
          {(p) => <input {...p} type="url" placeholder="https://sizing.example.com" value={url} onChange={(e) => setUrl(e.target.value)} />}
        </Field>
        <Field label="Sync every (minutes)" error={errors.interval_minutes} hint="0: only when you press Sync now">
          {(p) => <input {...p} inputMode="numeric" size={6} value={interval} onChange={(e) => setMinutes(e.target.value)} />}
        </Field>
      </div>
      <div className="row">
        <Field label="API key of the central service" error={errors.key} className="grow" hint={sync?.has_key ? 'A key is saved; type a new one to replace it.' : 'No key saved yet.'}>
          {(p) => <input {...p} type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} />}
        </Field>
      </div>
      <div className="actions">
        <button type="submit" className="primary">
          Save sync settings
        </button>
        {sync?.has_key && (
          <button type="button" onClick={() => void saveSync({ upstream_url: url, interval_minutes: interval, key: null })}>
            Remove key
          </button>
        )}
      </div>
    </form>
  );
}

function LocalApiForm() {
  const { app, appErrors: errors, saveApp } = useSettings();
  const apiUrl = useApp((s) => s.info?.apiUrl ?? null);
  const transport = useApp((s) => s.info?.transport ?? null);
  const apiMoved = useApp((s) => s.info?.apiMoved ?? null);
  const [enabled, setEnabled] = useState(app?.api.enabled ?? true);
  const [port, setPort] = useState(String(app?.api.port ?? 8737));
  const note = app ? portNote(apiUrl, app.api.port, transport, apiMoved) : null;
  return (
    <form
      noValidate
      className="card"
      aria-labelledby="local-api-title"
      onSubmit={(e) => {
        e.preventDefault();
        void saveApp({ enabled, port });
      }}
    >
      <h2 id="local-api-title">Local API</h2>
      <p className="muted">Other programs on this computer (estimating sheets, CAD plug-ins, scripts) can read the same data with an API key. {apiUrl ? `Now serving at ${apiUrl}.` : ''}</p>
      {note && (
        <p className="notice notice-info" data-testid="port-explained">
          {note}
        </p>
      )}
      <div className="row">
        <Check label="Serve the local API" checked={enabled} onChange={setEnabled} />
        <Field label="Port" error={errors['api.port']}>
          {(p) => <input {...p} inputMode="numeric" size={7} value={port} onChange={(e) => setPort(e.target.value)} />}
        </Field>
      </div>
      <button type="submit" className="primary">
        Save local API settings
      </button>
    </form>
  );
}

function ApiKeys() {
  const vocabulary = useApp((s) => s.vocabulary);
  const { keys, createdKey, keyErrors: errors, createKey, revokeKey } = useSettings();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['catalog', 'territories']);
  const [expires, setExpires] = useState('');
  const toggle = (scope: ApiScope, on: boolean) => setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));
  return (
    <section className="card" aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void createKey(name, scopes, expires).then((ok) => {
            if (ok) {
              setName('');
              setExpires('');
            }
          });
        }}
      >
        <div className="row">
          <Field label="Key name" error={errors.name} className="grow">
            {(p) => <input {...p} placeholder="e.g. estimating sheet" value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Field label="Expires on" error={errors.expires} hint="Optional; empty: never">
            {(p) => <input {...p} type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />}
          </Field>
        </div>
        <fieldset className="scopes">
          <legend>Scopes</legend>
          {vocabulary?.scopes.map((s) => (
            <Check key={s} label={s} hint={SCOPE_DESCRIPTIONS[s]} checked={scopes.includes(s)} onChange={(on) => toggle(s, on)} />
          ))}
          {errors.scopes && (
            <p className="field-error" role="alert">
              {errors.scopes}
            </p>
          )}
        </fieldset>
        <button type="submit" className="primary">
          Create key
        </button>
      </form>
      {createdKey && (
        <div className="notice notice-info new-key" role="status">
          <p>
            Key “{createdKey.name}” created. Copy it now: it is shown only once.
          </p>
          <code data-testid="created-key">{createdKey.key}</code>
          <CopyButton text={createdKey.key} />
        </div>
      )}
      {errors.keys && <p className="field-error">{errors.keys}</p>}
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Scopes</th>
            <th scope="col">Last used</th>
            <th scope="col">Expires</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.id} className={k.revoked_at ? 'revoked' : undefined}>
              <td>{k.name}</td>
              <td>
                <code>{k.prefix}…</code>
              </td>
              <td>{k.scopes.join(', ')}</td>
              <td>{k.revoked_at ? `revoked ${dateText(new Date(k.revoked_at))}` : k.last_used_at ? dateTimeText(k.last_used_at) : 'never'}</td>
              <td>{expiryText(k.expires_at)}</td>
              <td>
                {!k.revoked_at && (
                  <button
                    type="button"
                    className="small danger"
                    aria-label={`Revoke key ${k.name}`}
                    onClick={() => {
                      // A revoked key stops at once for every program using it: ask first.
                      if (window.confirm(`Revoke the key “${k.name}”? Programs using it stop working at once, and it cannot be turned back on.`)) void revokeKey(k.id);
                    }}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Copies the text and says so (or says that copying is not allowed here). */
function CopyButton(props: { text: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          if (!navigator.clipboard) return setCopied('Copying is not allowed here: select the key and copy it by hand.');
          navigator.clipboard.writeText(props.text).then(
            () => setCopied('Copied to the clipboard.'),
            () => setCopied('Copying is not allowed here: select the key and copy it by hand.'),
          );
        }}
      >
        Copy
      </button>
      {copied && (
        <span role="status" className="copied">
          {copied}
        </span>
      )}
    </>
  );
}

/** A key's expiry as the list shows it: the UTC date (as entered), and whether it has passed. */
function expiryText(expiresAt: string | null): string {
  if (expiresAt === null) return 'never';
  const day = expiresAt.slice(0, 10);
  return Date.parse(expiresAt) <= Date.now() ? `expired ${day}` : day;
}
