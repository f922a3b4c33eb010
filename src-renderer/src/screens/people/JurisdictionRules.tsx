/**
 * A jurisdiction's sizing rules and where they come from (issue 29): the authority's documents
 * (address, section, date read) and what was not read, or, where its own rules were not read, the
 * plain statement that these are its plumbing code's.
 */
import type { Jurisdiction } from '../../../../src-shared/api/people';
import { SIZING_METHOD_LABELS } from '../../../../src-shared/api/vocabulary';
import { jurisdictionRulesSchema, type JurisdictionRules } from '../../../../src-shared/sizing/jurisdiction-rules';
import { describeFormula } from '../../../../src-shared/sizing/local-formula';
import { FIXTURE_LIBRARY, type FixtureKind } from '../../../../src-shared/sizing/tables';

const fixture = (kind: FixtureKind) => FIXTURE_LIBRARY[kind].label.toLowerCase();
const words = (key: string) => key.replace(/-/g, ' ');
const gal = (v: number) => `${v.toLocaleString('en-US')} gal`;

const ACTION_WORDS: Record<string, string> = {
  allow: 'allowed',
  warn: 'only with the authority’s permission',
  exclude: 'kept off the interceptor (drains elsewhere)',
  'solids-interceptor': 'through a solids interceptor first',
  refuse: 'not allowed',
};

/** The rules as facts a rep or plan reviewer reads: one row per rule that says something. */
function ruleFacts(r: JurisdictionRules): [string, string][] {
  const rows: [string, string][] = [
    ['Indoor sizing', SIZING_METHOD_LABELS[r.sizing_methods.indoor] ?? r.sizing_methods.indoor],
    ['Outdoor sizing', SIZING_METHOD_LABELS[r.sizing_methods.outdoor] ?? r.sizing_methods.outdoor],
    ['Drainage period', r.drainage_period === 'one-minute' ? 'one minute' : 'two minutes'],
  ];
  const methods = [r.sizing_methods.indoor, r.sizing_methods.outdoor, r.hydromechanical_limits?.otherwise];
  if (methods.includes('gravity-by-peak-flow') || methods.includes('gravity-by-dfu')) rows.push(['Gravity retention', `${r.gravity_retention_minutes} minutes of peak flow`]);
  if (r.local_formulas.volume) rows.push(['Volume formula', `${describeFormula(r.local_formulas.volume)} (${r.local_formulas.volume.source})`]);
  if (r.local_formulas.flow) rows.push(['Flow formula', `${describeFormula(r.local_formulas.flow)} (${r.local_formulas.flow.source})`]);
  const dfu = Object.entries(r.dfu_table) as [FixtureKind, number][];
  if (dfu.length > 0) rows.push(['Fixture units', dfu.map(([k, v]) => `${fixture(k)} ${v}`).join(', ')]);
  if (r.hydromechanical_limits) {
    const l = r.hydromechanical_limits;
    const parts = [l.max_fixtures !== null ? `${l.max_fixtures} fixtures or fewer` : null, l.not_with.length > 0 ? `no ${l.not_with.map(fixture).join(' or ')}` : null].filter((x) => x !== null);
    rows.push(['Hydromechanical interceptors', `only with ${parts.join(' and ')}; otherwise ${(SIZING_METHOD_LABELS[l.otherwise] ?? l.otherwise).toLowerCase()} (${l.source})`]);
  }
  if (r.hgi_min_rating) rows.push(['Smallest hydromechanical rating', `${r.hgi_min_rating.flow_gpm} GPM with ${r.hgi_min_rating.grease_lbs} lb of grease`]);
  const { min, max } = r.gravity_unit_volume_gal;
  if (min !== null || max !== null) rows.push(['Gravity unit size', [min !== null ? `at least ${gal(min)}` : null, max !== null ? `at most ${gal(max)} per unit` : null].filter((x) => x !== null).join(', ')]);
  if (r.required_compartments.length > 0) rows.push(['Compartments', r.required_compartments.map((c) => `${c.compartments} from ${gal(c.from_volume_gal)}`).join('; ')]);
  rows.push(['Units combined', `up to ${r.max_identical_units} identical units${r.max_units_in_series !== null ? `; up to ${r.max_units_in_series} in series` : ''}`]);
  if (r.excluded_fixtures.length > 0) rows.push(['Left out of the load', r.excluded_fixtures.map((e) => `${fixture(e.kind)} (${e.reason})`).join('; ')]);
  rows.push(['Food waste disposers', r.food_waste_disposer.hydromechanical === r.food_waste_disposer.gravity ? ACTION_WORDS[r.food_waste_disposer.gravity]! : `hydromechanical: ${ACTION_WORDS[r.food_waste_disposer.hydromechanical]}; gravity: ${ACTION_WORDS[r.food_waste_disposer.gravity]}`]);
  rows.push(['Dishwashers', r.dishwasher.hydromechanical === r.dishwasher.gravity ? ACTION_WORDS[r.dishwasher.gravity]! : `hydromechanical: ${ACTION_WORDS[r.dishwasher.hydromechanical]}; gravity: ${ACTION_WORDS[r.dishwasher.gravity]}`]);
  const accessories = [...r.required_accessories.map(words), ...r.required_accessories_from_volume.map((a) => `${words(a.kind)} from ${gal(a.from_volume_gal)}`)];
  rows.push(['Required accessories', accessories.length > 0 ? accessories.join(', ') : 'none beyond the installation’s']);
  const byKind = (['hydromechanical', 'gravity'] as const).filter((k) => r.pump_out_max_days_by_kind[k] !== null).map((k) => `${k} interceptors at least every ${r.pump_out_max_days_by_kind[k]} days`);
  rows.push(['Pump-out', `every ${r.pump_out_days.min}–${r.pump_out_days.max} days${byKind.length > 0 ? ` (${byKind.join('; ')})` : ''}${r.pump_out_accumulation_limit !== null ? `, sooner when grease and solids reach ${Math.round(r.pump_out_accumulation_limit * 100)} % of the liquid depth` : ''}`]);
  rows.push(['Hydromechanical sizes', `${r.hgi_size_ladder === 'ipc' ? 'IPC Table 1003.3.5.1' : 'PDI-G101 / ASME A112.14.3'} sizes${r.fixture_capacity_cap_factor !== null ? `; connected fixtures hold at most ${r.fixture_capacity_cap_factor} × the rated GPM (UPC 1014.2.1)` : ''}`]);
  return rows;
}

export function JurisdictionRules(props: { jurisdiction: Jurisdiction }) {
  const j = props.jurisdiction;
  const parsed = jurisdictionRulesSchema.safeParse(j.rules);
  const s = j.rules_source;
  return (
    <>
      <section className="card" aria-label="Sizing rules">
        <h2>Sizing rules</h2>
        <p className={`rules-source ${s.verified ? 'verified' : 'unverified'}`} data-testid="rules-source">
          <strong>{s.verified ? 'Local rules read from the authority.' : 'Local rules not read.'}</strong> {s.summary}
        </p>
        {parsed.success ? (
          <dl className="facts" data-testid="rule-facts">
            {ruleFacts(parsed.data).map(([k, v]) => (
              <div key={k} className="fact">
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="warning">These rules are in a form this version cannot read.</p>
        )}
      </section>
      {(s.documents.length > 0 || s.not_read.length > 0) && (
        <section className="card" aria-label="Sources">
          <h2>Sources</h2>
          <ul className="linked sources">
            {s.documents.map((d) => (
              <li key={`${d.url} ${d.section}`}>
                <a href={d.url} target="_blank" rel="noreferrer">
                  {d.title}
                </a>
                , {d.section}. <span className="muted">Read {d.read}: {d.read_from}.</span>
                <ul className="reasons">
                  {d.sets.map((x) => (
                    <li key={x}>{x}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {s.not_read.length > 0 && (
            <>
              <h3>Not read, or not modelled</h3>
              <ul className="reasons" aria-label="Not read">
                {s.not_read.map((x) => (
                  <li key={x}>{x}</li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </>
  );
}
