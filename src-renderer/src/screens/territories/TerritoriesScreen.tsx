/** Which territory a place belongs to: by zip, or by state and county (suggested as you type). */
import { useEffect, useState } from 'react';
import { Combobox } from '../../components/Combobox';
import { Field } from '../../components/Field';
import { ErrorNotice } from '../../components/Notice';
import { useTerritories } from '../../stores/territories-store';

/** The state code a typed text means: a code ("md" is MD, Maryland), a full name, or a name's unique start. */
export function stateCodeOf(text: string, states: { code: string; name: string }[]): string {
  const t = text.trim().toLowerCase();
  if (t === '') return '';
  const byCode = states.find((s) => s.code.toLowerCase() === t);
  if (byCode) return byCode.code;
  const byName = states.find((s) => s.name.toLowerCase() === t);
  if (byName) return byName.code;
  const starts = states.filter((s) => s.name.toLowerCase().startsWith(t));
  return starts.length === 1 ? starts[0]!.code : '';
}

/** `id`: a territory to show at once (a search hit, `#/territories/12`). */
export function TerritoriesScreen(props: { id?: number | null }) {
  const { states, list, result, errors, looking, load, byZip, byCounty, open } = useTerritories();
  const [zip, setZip] = useState('');
  // The state as typed ("md", "Maryland"); the look-up uses the code it reads as.
  const [stateText, setStateText] = useState('');
  const state = stateCodeOf(stateText, states);
  const [county, setCounty] = useState('');

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (props.id) void open(props.id);
  }, [props.id, open]);

  return (
    <section className="screen territories" aria-labelledby="territories-title">
      <header className="screen-header">
        <h1 id="territories-title">Territories</h1>
      </header>
      <ErrorNotice message={errors.form} />
      <div className="lookup-forms">
        <form
          noValidate
          className="card"
          aria-label="Look up by zip code"
          onSubmit={(e) => {
            e.preventDefault();
            void byZip(zip);
          }}
        >
          <h2>By zip code</h2>
          <div className="row">
            <Field label="Zip code" error={errors.zip}>
              {(p) => <input {...p} inputMode="numeric" maxLength={10} value={zip} onChange={(e) => setZip(e.target.value)} placeholder="60601" />}
            </Field>
            <button type="submit" className="primary">
              Find territory
            </button>
          </div>
        </form>
        <form
          noValidate
          className="card"
          aria-label="Look up by state and county"
          onSubmit={(e) => {
            e.preventDefault();
            void byCounty(state, county);
          }}
        >
          <h2>By state and county</h2>
          <div className="row">
            <Field
              label="State"
              error={errors.state ?? (stateText.trim() !== '' && !state ? `No state is called or coded “${stateText.trim()}”.` : null)}
              hint={state ? `${states.find((s) => s.code === state)?.name ?? state} (${state})` : 'A code (MD) or a name (Maryland)'}
            >
              {(p) => <input {...p} list="state-names" size={12} value={stateText} onChange={(e) => setStateText(e.target.value)} placeholder="MD or Maryland" />}
            </Field>
            <datalist id="state-names">
              {states.map((s) => (
                <option key={s.code} value={s.name}>
                  {s.code}
                </option>
              ))}
            </datalist>
            <CountyInput state={state} value={county} onChange={setCounty} error={errors.county} onChoose={(name) => void byCounty(state, name)} />
            <button type="submit" className="primary">
              Find territory
            </button>
          </div>
        </form>
      </div>

      <section className="card territory-result" aria-label="Territory" aria-live="polite" aria-busy={looking}>
        {result ? (
          <>
            <h2>
              {result.code} {result.name ? `· ${result.name}` : ''}
            </h2>
            {result.match && <p data-testid="territory-matched">Matched: {result.match.county}</p>}
            {result.match?.note && (
              <p className="notice notice-info" role="note">
                {result.match.note}
              </p>
            )}
            <dl className="facts">
              <dt>Rep firm</dt>
              <dd>{result.rep_firm}</dd>
              <dt>Manager</dt>
              <dd>
                {result.manager.name}
                {result.manager.email && (
                  <>
                    {' · '}
                    <a href={`mailto:${result.manager.email}`}>{result.manager.email}</a>
                  </>
                )}
              </dd>
              <dt>Population</dt>
              <dd>{result.population.toLocaleString('en-US')}</dd>
              <dt>Counties ({result.counties.length})</dt>
              <dd className="wrap-list">{result.counties.join(' · ')}</dd>
            </dl>
            <details>
              <summary>Zip codes ({result.zip_codes.length.toLocaleString('en-US')})</summary>
              <p className="wrap-list zips">{result.zip_codes.join(' ')}</p>
            </details>
          </>
        ) : (
          <p className="muted">{looking ? 'Looking…' : 'Look up a zip code or a county to see its territory.'}</p>
        )}
      </section>

      <section aria-labelledby="all-territories">
        <h2 id="all-territories">All territories ({list.length})</h2>
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Name</th>
                <th scope="col">Rep firm</th>
                <th scope="col">Manager</th>
              </tr>
            </thead>
            <tbody>
              {list.map((t) => (
                <tr key={t.id}>
                  <td>
                    <button type="button" className="link" onClick={() => void open(t.id)}>
                      {t.code}
                    </button>
                  </td>
                  <td>{t.name ?? '—'}</td>
                  <td>{t.rep_firm}</td>
                  <td>{t.manager.name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </section>
  );
}

/** County, with the state's counties suggested as you type. */
function CountyInput(props: { state: string; value: string; error: string | undefined; onChange: (v: string) => void; onChoose: (name: string) => void }) {
  const { suggestions, suggest, clearSuggestions } = useTerritories();
  const [open, setOpen] = useState(false);
  return (
    <Combobox
      label="County"
      listLabel="Counties"
      value={props.value}
      placeholder={props.state ? 'Start typing a county' : 'Choose a state first'}
      error={props.error}
      items={suggestions}
      open={open}
      itemKey={(s) => `${s.name}-${s.state_code}`}
      renderItem={(s) => (
        <>
          {s.name} <span className="muted">{s.territory ?? 'no territory'}</span>
        </>
      )}
      onInput={(value) => {
        props.onChange(value);
        setOpen(true);
        suggest(props.state, value);
      }}
      onFocus={() => {
        if (props.state) {
          setOpen(true);
          suggest(props.state, props.value);
        }
      }}
      onChoose={(s) => {
        props.onChange(s.name);
        setOpen(false);
        clearSuggestions();
        props.onChoose(s.name);
      }}
      onClose={() => setOpen(false)}
    />
  );
}
