/**
 * The sizing of the inputs on screen, as the engine computed it: flows, grease, the recommended
 * unit with its reasons, accessories, local requirements, and the units that failed and why.
 */
import type { SizingPreview } from '../../../../src-shared/ipc/contract';
import { Measure, MeasurePair, unitWord, useSide } from '../../components/Measure';
import { markedFieldCount, sizingInputMarked, useEditor } from '../../stores/project-editor-store';
import { useApp } from '../../stores/app-store';
import { paths } from '../../router';
import { figure, stepFigure, unitsText, type UnitSystem } from '../../../../src-shared/display-units';
import { count, days } from '../../../../src-shared/plural';
import { SIZING_METHOD_LABELS } from '../../../../src-shared/api/vocabulary';
import { accessoryKindWords } from '../../../../src-shared/sizing/jurisdiction-rules';

export function SizingResults() {
  const view = useEditor((s) => s.sizing);
  const stale = useEditor((s) => s.stale);
  const problems = useEditor(markedFieldCount);
  const holdsBack = useEditor(sizingInputMarked);
  return (
    <aside className={`results${stale ? ' stale' : ''}`} aria-label="Sizing results" aria-busy={stale}>
      {stale && view && holdsBack && (
        <p className="stale-note" role="status" data-testid="results-not-current">
          Not current: these results are for earlier inputs. Fix the {problems === 1 ? 'marked field' : count(problems, 'marked field')} to update them.
        </p>
      )}
      {view ? <SizingDetails view={view} /> : <p className="muted">Sizing…</p>}
    </aside>
  );
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** "$4,920 list (+$1,210 vs. the recommended unit)": what choosing it instead would cost. */
function priceAndDifference(prices: Record<string, number | null>, alt: { id: string | number; units: number }, chosen: { id: string | number; units: number } | null): string {
  const each = prices[String(alt.id)];
  if (each === null || each === undefined) return 'no list price';
  const total = each * alt.units;
  const base = chosen ? prices[String(chosen.id)] : null;
  if (base === null || base === undefined || !chosen) return `${usd.format(total)} list`;
  const diff = total - base * chosen.units;
  return `${usd.format(total)} list (${diff === 0 ? 'same price' : `${diff > 0 ? '+' : '−'}${usd.format(Math.abs(diff))}`} vs. the recommended unit)`;
}


/**
 * The results in one line, kept in view at the top of the form where the window is too narrow for
 * the results column (CSS shows it below 1100 px): the unit, the pump-out cycle, the design flow,
 * and whether they are current.
 */
export function CompactResults() {
  const view = useEditor((s) => s.sizing);
  const stale = useEditor((s) => s.stale);
  const problems = useEditor(markedFieldCount);
  const holdsBack = useEditor(sizingInputMarked);
  const flow = useSide(view?.sizing.flow_rate.sized_by ?? null, view?.sizing.flow_rate_metric.sized_by ?? null);
  const units = useApp((s) => s.units);
  if (!view) return null;
  const r = view.sizing.recommendation;
  return (
    <div className={`compact-results${stale ? ' stale' : ''}`} role="status" aria-label="Results summary" data-testid="compact-results">
      {r.product ? (
        <>
          <strong>
            {r.units > 1 ? `${r.units} × ` : ''}
            {r.product.name}
          </strong>{' '}
          <span className="muted">{r.product.part_number}</span> · pump-out {days(view.sizing.pump_out_cycle)} · sized by <Measure value={flow} />
        </>
      ) : (
        <span className="warning">{unitsText(r.no_recommendation?.message ?? 'No unit can be recommended for these inputs.', units)}</span>
      )}
      {stale && holdsBack && <span className="stale-tag"> · not current: fix the {problems === 1 ? 'marked field' : count(problems, 'marked field')}</span>}
    </div>
  );
}

const ARRANGEMENT: Record<string, string> = { single: '', parallel: 'in parallel', series: 'in series' };

type NoFitView = NonNullable<SizingPreview['sizing']['recommendation']['no_fit']>;

/** What would give a unit, each found by sizing the project again with one input changed; a button applies it to the form. */
function WaysOut(props: { ways: NoFitView['ways_out'] }) {
  const set = useEditor((s) => s.set);
  const apply = (way: NoFitView['ways_out'][number]) => {
    for (const c of way.changes) {
      if (c.input === 'buried' || c.input === 'installed_in_traffic_area') set(c.input, c.value === true);
      else if (c.input === 'installation_location') set('installation_location', String(c.value));
      else if (c.input === 'pump_out_target') set('pump_out_target', String(c.value));
    }
  };
  return (
    <>
      <p>The way out:</p>
      <ul className="reasons ways-out" aria-label="The way out">
        {props.ways.map((w) => (
          <li key={w.label}>
            {w.message}
            {w.changes.every((c) => c.input !== 'units') && (
              <>
                {' '}
                <button type="button" className="small primary" onClick={() => apply(w)}>
                  Apply: {w.label}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Where the rules come from, in the same words as the API's rules_source and the report. */
export function RulesSourceNote(props: { source: SizingPreview['sizing']['rules_source'] }) {
  const s = props.source;
  return (
    <p className={`small rules-source ${s.verified ? 'verified' : 'unverified'}`} data-testid="rules-source">
      <strong>{s.verified ? 'Local rules read from the authority.' : s.status === 'default' ? 'No jurisdiction.' : 'Local rules not read.'}</strong> {s.summary}
    </p>
  );
}

export function SizingDetails(props: { view: SizingPreview }) {
  const { sizing, failed_total, recommended_rating, prices } = props.view;
  const r = sizing.recommendation;
  const flow = useSide(sizing.flow_rate, sizing.flow_rate_metric);
  const grease = useSide(sizing.grease, sizing.grease_metric);
  const units = useApp((s) => s.units);
  /** The engine's sentences in the chosen units (display-units.ts). */
  const say = (text: string) => unitsText(text, units);
  return (
    <>
      <section className="result-card recommended" aria-label="Recommended unit">
        <h2>Recommended unit</h2>
        {r.product ? (
          <>
            <p className="big" data-testid="recommended-product">
              {r.units > 1 ? `${r.units} × ` : ''}
              <a href={paths.product(r.product.part_number)}>{r.product.name}</a>
              <span className="muted"> {r.product.part_number}</span> {r.arrangement ? ARRANGEMENT[r.arrangement] : ''}
            </p>
            {recommended_rating && (
              <p>
                Rated <MeasurePair value={recommended_rating.flow} /> with <MeasurePair value={recommended_rating.grease_weight} /> (
                <MeasurePair value={recommended_rating.grease_volume} />) of grease
                {recommended_rating.label ? ` · ${recommended_rating.label}` : ''}
              </p>
            )}
            <p className="big" data-testid="pump-out-cycle">
              Pump-out cycle: {days(sizing.pump_out_cycle)}
            </p>
            <ul className="reasons">
              {r.reasons.map((reason) => (
                <li key={reason}>{say(reason)}</li>
              ))}
            </ul>
          </>
        ) : (
          <>
            <p className="warning" data-testid="recommended-product">
              {say(r.no_fit ? `No unit fits. ${r.no_fit.message}` : (r.no_recommendation?.message ?? 'No unit can be recommended for these inputs.'))}
            </p>
            {r.no_fit && r.no_fit.ways_out.length > 0 && <WaysOut ways={r.no_fit.ways_out} />}
            {r.no_fit && r.no_fit.catalog_gaps.length > 0 && (
              <>
                <p>Gaps in the catalog data:</p>
                <ul className="reasons" aria-label="Gaps in the catalog data">
                  {r.no_fit.catalog_gaps.map((g) => (
                    <li key={String(g.id)}>{say(g.message)}</li>
                  ))}
                </ul>
              </>
            )}
            {r.no_fit && r.no_fit.suggestions.length > 0 && (
              <>
                <p>What would fit:</p>
                <ul className="reasons" aria-label="What would fit">
                  {r.no_fit.suggestions.map((s) => (
                    <li key={s}>{say(s)}</li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </section>

      {(sizing.warnings.length > 0 || sizing.excluded_fixtures.length > 0) && (
        <section className="result-card warning-card" aria-label="Code notes">
          <h2>Code notes</h2>
          <ul className="reasons">
            {sizing.warnings.map((w) => (
              <li key={w.code}>
                {say(w.message)} <span className="muted">({w.source})</span>
              </li>
            ))}
            {sizing.excluded_fixtures.map((f, i) => (
              <li key={`${f.name}-${i}`}>
                {f.name} left out: {say(f.reason ?? '')}
              </li>
            ))}
          </ul>
        </section>
      )}

      {sizing.unique_local_requirements && (
        <section className="result-card warning-card" role="note" aria-label="Local requirements">
          <h2>Local requirements</h2>
          <p>{say(sizing.unique_local_requirements_reason ?? 'This jurisdiction has requirements of its own: check with the inspector.')}</p>
        </section>
      )}

      <section className="result-card" aria-label="Flow rates">
        <h2>Flow rates</h2>
        <table className="kv">
          <tbody>
            <tr>
              <th scope="row">One-minute drainage</th>
              <td>
                <Measure value={flow.one_minute} />
              </td>
            </tr>
            <tr>
              <th scope="row">Two-minute drainage</th>
              <td>
                <Measure value={flow.two_minute} />
              </td>
            </tr>
            <tr>
              <th scope="row">Pipe capacity</th>
              <td>
                <Measure value={flow.pipe} />
              </td>
            </tr>
            <tr>
              <th scope="row">Sized by</th>
              <td>
                <strong>
                  <Measure value={flow.sized_by} />
                </strong>
              </td>
            </tr>
            <tr>
              <th scope="row">Drainage fixture units</th>
              <td>{sizing.flow_rate.dfu}</td>
            </tr>
          </tbody>
        </table>
        <p className="muted small">
          Method: {SIZING_METHOD_LABELS[sizing.sizing_method] ?? sizing.sizing_method} · jurisdiction: {sizing.jurisdiction.name}
        </p>
        <RulesSourceNote source={sizing.rules_source} />
        {sizing.required_volume && (
          <p>
            Required volume: <MeasurePair value={sizing.required_volume.volume} /> <span className="muted">({say(sizing.required_volume.basis)})</span>
          </p>
        )}
      </section>

      <section className="result-card" aria-label="Grease production">
        <h2>Grease production</h2>
        <table className="kv">
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Weight</th>
              <th scope="col">Volume</th>
            </tr>
          </thead>
          <tbody>
            {(
              [
                ['per_day', 'Per day'],
                ['per_30_days', '30 days'],
                ['per_60_days', '60 days'],
                ['per_90_days', '90 days'],
              ] as const
            ).map(([key, label]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                <td>
                  <Measure value={grease[key].weight} />
                </td>
                <td>
                  <Measure value={grease[key].volume} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="result-card" aria-label="Accessories">
        <h2>Accessories</h2>
        {sizing.recommended_accessories.length === 0 ? (
          <p className="muted">None needed for this installation.</p>
        ) : (
          <ul className="accessories">
            {sizing.recommended_accessories.map((a) => (
              <li key={a.kind}>
                <strong>{a.quantity !== null ? `${a.quantity} × ` : ''}</strong>
                {a.product ? (
                  <>
                    <a href={paths.product(a.product.part_number)}>{a.product.name}</a> <span className="muted">{a.product.part_number}</span>
                  </>
                ) : (
                  <span>{accessoryKindWords(a.kind)}: none in this catalog fits the unit, order one separately</span>
                )}
                <span className="muted"> · {say(a.reason)}</span>
                {a.product && a.note && <span className="muted"> {say(a.note)}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <Derivation steps={sizing.derivation} units={units} />

      {r.alternatives.length > 0 && (
        <details className="result-card">
          <summary>Also fits ({r.alternatives.length})</summary>
          <ul>
            {r.alternatives.map((a) => (
              <li key={`${a.id}-${a.units}`}>
                {a.units > 1 ? `${a.units} × ` : ''}
                {a.name} <span className="muted">{a.part_number}</span> · pump-out {days(a.pump_out_days)} ·{' '}
                <span data-testid="alternative-price">{priceAndDifference(prices, a, r.chosen)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}

      {r.failed.length > 0 && (
        <details className="result-card failed">
          <summary>Units that do not fit ({failed_total}, nearest in size first)</summary>
          <ul>
            {r.failed.map((c) => (
              <li key={`${c.id}-${c.units}`}>
                <strong>
                  {c.units > 1 ? `${c.units} × ` : ''}
                  {c.name}
                </strong>{' '}
                <span className="muted">{c.part_number}</span>
                <ul>
                  {c.failures.map((f) => (
                    <li key={f.code}>{say(f.message)}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {failed_total > r.failed.length && <p className="muted">…and {failed_total - r.failed.length} more.</p>}
        </details>
      )}
    </>
  );
}

type Step = SizingPreview['sizing']['derivation'][number];

const shownValue = (v: Step['result']['value']): string => (v === null ? '—' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v));
/** A step's figure: in metric the metric figure with the US one the formula works in beside it (display-units.ts). */
const withUnit = (v: Step['result']['value'], unit: string | null, units: UnitSystem): string =>
  typeof v === 'number' ? figure(v, unit, units) : `${shownValue(v)}${unit && v !== null ? ` ${unitWord(unit)}` : ''}`;

/** The engine's calculation, step by step, as an inspector would check it (derivation.ts). */
function Derivation(props: { steps: Step[]; units: UnitSystem }) {
  const { units } = props;
  return (
    <details className="result-card derivation" data-testid="derivation">
      <summary>How this was sized ({props.steps.length} steps)</summary>
      {units === 'metric' && <p className="muted small">Figures in metric, each with the US figure the code’s formula works in (in brackets).</p>}
      <ol>
        {props.steps.map((s) => (
          <li key={s.key} data-step={s.key}>
            <strong>{s.label}</strong>: <span className="formula">{s.formula}</span>
            {s.inputs.length > 0 && <span className="muted"> ({s.inputs.map((i) => `${i.name} ${typeof i.value === 'number' ? stepFigure(i.name, i.value, i.unit, units) : withUnit(i.value, i.unit, units)}`).join('; ')})</span>}
            {' = '}
            <strong className="step-result">{withUnit(s.result.value, s.result.unit, units)}</strong>
            <div className="muted small">{s.source}</div>
            {s.note && <div className="small">{unitsText(s.note, units)}</div>}
          </li>
        ))}
      </ol>
    </details>
  );
}
