/** One jurisdiction: its code, its sizing rules and their sources, zips and contacts. */
import { useEffect } from 'react';
import { ErrorNotice } from '../../components/Notice';
import { usePeople } from '../../stores/people-store';
import { JurisdictionRules } from './JurisdictionRules';

export function JurisdictionScreen(props: { id: number }) {
  const { jurisdiction: j, jurisdictionError, openJurisdiction } = usePeople();
  useEffect(() => {
    void openJurisdiction(props.id);
  }, [props.id, openJurisdiction]);
  if (jurisdictionError) return <ErrorNotice message={jurisdictionError} />;
  if (!j || j.id !== props.id) return <p className="loading">Loading…</p>;
  return (
    <section className="screen" aria-labelledby="jurisdiction-title">
      <header className="screen-header">
        <div>
          <h1 id="jurisdiction-title">{j.name}</h1>
          <p className="subtitle">
            {j.kind === 'city' ? 'City' : 'County'} · {j.county ? `${j.county}, ` : ''}
            {j.state}
          </p>
        </div>
      </header>
      <div className="card">
        <dl className="facts">
          <dt>Plumbing code</dt>
          <dd>{j.plumbing_code ?? '—'}</dd>
          <dt>Rules</dt>
          <dd>{j.rules_source.verified ? `read from ${j.rules_source.authority ?? 'the authority'}` : 'not read from the authority: the plumbing code’s'}</dd>
          {j.unique_local_requirements && (
            <>
              <dt>Unique local requirements</dt>
              <dd>{j.unique_local_requirements_reason ?? 'Yes'}</dd>
            </>
          )}
          <dt>Zip codes ({j.zip_codes.length})</dt>
          <dd className="wrap-list">{j.zip_codes.join(' ')}</dd>
        </dl>
      </div>
      <JurisdictionRules jurisdiction={j} />
      {j.contacts && j.contacts.data.length > 0 && (
        <section className="card" aria-label="Contacts">
          <h2>Contacts</h2>
          <ul className="linked">
            {j.contacts.data.map((c) => (
              <li key={c.id}>
                <strong>{c.name}</strong> · {c.title}, {c.department}
                {c.email && (
                  <>
                    {' · '}
                    <a href={`mailto:${c.email}`}>{c.email}</a>
                  </>
                )}
                {c.primary_phone_number ? ` · ${c.primary_phone_number}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
