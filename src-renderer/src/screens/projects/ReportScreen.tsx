/**
 * The printable sizing report of a project: inputs, results and the recommended products. Its
 * own page (no app chrome); print CSS lays it out on Letter / A4.
 */
import { useEffect, useState } from 'react';
import { ErrorNotice, InfoNotice } from '../../components/Notice';
import { MeasurePair } from '../../components/Measure';
import { useApp } from '../../stores/app-store';
import { useReport } from '../../stores/report-store';
import { paths } from '../../router';
import { SizingDetails } from './SizingResults';
import { days } from '../../../../src-shared/plural';
import { figure, lengthText, pipeSizeLabel, unitsText } from '../../../../src-shared/display-units';
import { dateText } from '../../../../src-shared/dates';
import { projectReference } from '../../../../src-shared/project-reference';
import { governingRule, REPORT_DISCLAIMER, SHEET_GROUPS, stepValue, stepValues } from '../../../../src-shared/report-words';
import { UNKNOWN_ENGINEER } from '../../../../src-shared/api/project-write';
import type { RepProfile } from '../../../../src-shared/ipc/contract';
import { call } from '../../transport/bridge';

/** The engineer as a reviewer reads it: the placeholder of an engineer not named yet says so. */
function engineerWords(e: { name: string | null; email: string | null }): string {
  if (e.email === UNKNOWN_ENGINEER.email) return 'not named yet (to be added before submittal)';
  return [e.name, e.email].filter(Boolean).join(' · ') || 'not named yet';
}

export function ReportScreen(props: { id: number }) {
  const { view, sizing, product, error, exportMessage, load, exportPdf } = useReport();
  const vocabulary = useApp((s) => s.vocabulary);
  const units = useApp((s) => s.units);
  const version = useApp((s) => s.info?.version ?? '');
  // undefined while the rep's details load (the report waits for them: Export depends on them); null when they cannot be read.
  const [rep, setRep] = useState<RepProfile | null | undefined>(undefined);
  const [showPrice, setShowPrice] = useState(false);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    void load(props.id);
    void call('report.profile', {}).then(setRep, () => setRep(null));
  }, [props.id, load]);

  if (error) return <ErrorNotice message={error} />;
  if (!view || !sizing || !vocabulary || rep === undefined) return <p className="loading">Preparing the report…</p>;
  const p = view.project;
  const s = sizing.sizing;
  const r = s.recommendation;
  const repMissing = rep === null || [rep.company, rep.name, rep.email, rep.phone].every((v) => v === '');
  const menu = vocabulary.menu_tiers.flatMap((t) => t.menu_types.map((m) => ({ ...m, tier: t.label }))).find((m) => m.key === p.menu_type);
  const inside = vocabulary.inside_trap_locations.find((l) => l.key === p.inside_trap_location)?.label;
  const yes = (b: boolean | null) => (b === null ? '—' : b ? 'Yes' : 'No');

  return (
    <article className="report" aria-labelledby="report-title" data-ready="true">
      <nav className="report-tools no-print" aria-label="Report">
        <a href={paths.project(p.id)}>← Back to the project</a>
        <button type="button" className="primary" onClick={() => (repMissing ? setAsking(true) : void exportPdf(showPrice))}>
          Export PDF
        </button>
        <label className="inline-check">
          <input type="checkbox" checked={showPrice} onChange={(e) => setShowPrice(e.target.checked)} /> Show the list price
        </label>
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
        <InfoNotice message={exportMessage} />
        {asking && (
          <div role="alertdialog" aria-labelledby="rep-missing-title" className="notice notice-warning">
            <p id="rep-missing-title">
              <strong>Your details are empty.</strong> The report names who prepared it (Settings → Your details on reports).
            </p>
            <a className="button primary" href={paths.settings()}>
              Fill in my details
            </a>{' '}
            <button
              type="button"
              onClick={() => {
                setAsking(false);
                void exportPdf(showPrice);
              }}
            >
              Export with a blank to fill by hand
            </button>{' '}
            <button type="button" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        )}
      </nav>
      <header className="report-header">
        <p className="brand">Fieldsizer · Grease interceptor sizing report</p>
        <h1 id="report-title">{p.name}</h1>
        <p>
          Project {projectReference(p.id)} · {p.status} · updated {dateText(p.updated)} · engineer of record {engineerWords(p.engineer)}
        </p>
      </header>

      <section className="report-section" aria-label="Recommended unit">
        <h2>Recommended unit</h2>
        {r.product ? (
          <table className="kv">
            <tbody>
              <tr>
                <th scope="row">Unit</th>
                <td>
                  <strong>
                    {r.units > 1 ? `${r.units} × ` : ''}
                    {r.product.name}, model {r.product.part_number}
                  </strong>
                </td>
              </tr>
              {r.rating && (
                <tr>
                  <th scope="row">Rating</th>
                  <td>
                    {figure(r.rating.flow_gpm, 'GPM', units)} flow, {figure(r.rating.grease_lbs, 'lb', units)} grease capacity
                  </td>
                </tr>
              )}
              {product?.liquid_capacity && (
                <tr>
                  <th scope="row">Liquid capacity</th>
                  <td>{figure(product.liquid_capacity.standard.value, product.liquid_capacity.standard.unit, units)}</td>
                </tr>
              )}
              {product?.solids_capacity && (
                <tr>
                  <th scope="row">Solids capacity</th>
                  <td>{figure(product.solids_capacity.standard.value, product.solids_capacity.standard.unit, units)}</td>
                </tr>
              )}
              {product && (
                <tr>
                  <th scope="row">Inlet / outlet</th>
                  <td>{product.options.data.filter((o) => o.option_type === 'connection').map((o) => o.name).join('; ') || 'not listed in the catalog'}</td>
                </tr>
              )}
              {product?.base_dimensions && (
                <tr>
                  <th scope="row">Dimensions (L × W × H)</th>
                  <td>
                    {lengthText(product.base_dimensions.standard.length.value, units)} × {lengthText(product.base_dimensions.standard.width.value, units)} ×{' '}
                    {lengthText(product.base_dimensions.standard.height.value, units)}; {figure(product.base_dimensions.standard.weight.value, product.base_dimensions.standard.weight.unit, units)}
                  </td>
                </tr>
              )}
              <tr>
                <th scope="row">Governing rule</th>
                <td data-testid="governing-rule">{governingRule(s, units)}</td>
              </tr>
              <tr>
                <th scope="row">Pump-out cycle</th>
                <td>{s.pump_out_cycle === null ? '—' : `every ${days(s.pump_out_cycle)}`}</td>
              </tr>
              {showPrice && product && (
                <tr>
                  <th scope="row">List price</th>
                  <td>${product.price.list}</td>
                </tr>
              )}
            </tbody>
          </table>
        ) : (
          <p>{unitsText(r.no_recommendation?.message ?? 'No unit can be recommended for these inputs.', units)}</p>
        )}
      </section>

      <section className="report-section">
        <h2>Site and kitchen</h2>
        <table className="kv">
          <tbody>
            <tr>
              <th scope="row">Address</th>
              <td>{[p.address.street, p.address.street_2, p.address.city, p.address.state, p.address.postal_code].filter(Boolean).join(', ') || '—'}</td>
            </tr>
            <tr>
              <th scope="row">Jurisdiction</th>
              <td>{p.jurisdiction ? `${p.jurisdiction.name}${p.jurisdiction.plumbing_code ? ` (${p.jurisdiction.plumbing_code})` : ''}` : 'None (default rules)'}</td>
            </tr>
            <tr>
              <th scope="row">Engineer of record</th>
              <td>{engineerWords(p.engineer)}</td>
            </tr>
            <tr>
              <th scope="row">Prepared by</th>
              <td>{repMissing ? 'left blank (Settings → Your details on reports)' : [rep!.name, rep!.company, rep!.email, rep!.phone].filter(Boolean).join(' · ')}</td>
            </tr>
            <tr>
              <th scope="row">Construction</th>
              <td>{p.construction_type}</td>
            </tr>
            <tr>
              <th scope="row">Menu</th>
              <td>{menu ? `${menu.label} (${menu.tier})` : p.menu_type}</td>
            </tr>
            <tr>
              <th scope="row">Servings per day</th>
              <td>{p.servings_per_day}</td>
            </tr>
            <tr>
              <th scope="row">Fryer / flatware / disposer</th>
              <td>
                {yes(p.fryer)} / {yes(p.flatware)} / {yes(p.food_waste_disposer)}
              </td>
            </tr>
            <tr>
              <th scope="row">Installation</th>
              <td>
                {p.installation_location}
                {inside ? ` · ${inside}` : ''}
                {p.buried && p.burial_depth ? ` · buried ${lengthText(p.burial_depth.value, units)}` : ''}
                {p.installed_in_traffic_area ? ' · traffic area' : ''}
                {p.installed_in_high_water_area ? ' · high water table' : ''}
              </td>
            </tr>
            <tr>
              <th scope="row">Pipe size</th>
              <td>
                {p.pipe_size ? pipeSizeLabel(p.pipe_size.value, units) : '—'}
              </td>
            </tr>
            <tr>
              <th scope="row">Pump-out target</th>
              <td>{days(p.pump_out_target)}</td>
            </tr>
          </tbody>
        </table>
      </section>

      <section className="report-section">
        <h2>Fixtures</h2>
        {(p.fixtures?.data.length ?? 0) === 0 ? (
          <p>No fixtures.</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Fixture</th>
                <th scope="col">Compartments</th>
                <th scope="col">One-minute flow</th>
                <th scope="col">Two-minute flow</th>
                <th scope="col">DFU</th>
              </tr>
            </thead>
            <tbody>
              {p.fixtures!.data.map((f, i) => (
                <tr key={i}>
                  <td>{f.name}</td>
                  <td>{f.compartments ?? '—'}</td>
                  <td>
                    <MeasurePair value={f.flow_rate.one_minute} />
                  </td>
                  <td>
                    <MeasurePair value={f.flow_rate.two_minute} />
                  </td>
                  <td>{f.flow_rate.dfu}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="report-section report-results">
        <h2>Results</h2>
        <SizingDetails view={sizing} compact />
      </section>

      <section className="report-section" aria-label="Calculation sheet">
        <h2>Calculation sheet</h2>
        {SHEET_GROUPS.map((g) => {
          const steps = s.derivation.filter((step) => g.groups.includes(step.group));
          if (steps.length === 0) return null;
          return (
            <table className="data-table sheet" key={g.title} aria-label={g.title}>
              <caption>{g.title}</caption>
              <thead>
                <tr>
                  <th scope="col">Step</th>
                  <th scope="col">Formula</th>
                  <th scope="col">Values</th>
                  <th scope="col">Result</th>
                  <th scope="col">Source</th>
                </tr>
              </thead>
              <tbody>
                {steps.map((step) => (
                  <tr key={step.key}>
                    <td>
                      {step.label}
                      {step.note && <div className="muted small">{unitsText(step.note, units)}</div>}
                    </td>
                    <td>{step.formula}</td>
                    <td>{stepValues(step, units)}</td>
                    <td>{stepValue(step.result.value, step.result.unit, units)}</td>
                    <td>{step.source}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        })}
      </section>

      {product && (
        <section className="report-section">
          <h2>Recommended product</h2>
          <p>
            <strong>{product.name}</strong> · model {product.part_number} · {product.type}
            {showPrice ? ` · list price $${product.price.list}` : ''}
          </p>
          <p>{product.short_description}</p>
          <p>Certifications: {product.certifications.map((c) => c.name).join('; ') || 'none listed in the catalog'}</p>
        </section>
      )}
      <section className="report-section" aria-label="Disclaimer and sign-off">
        <h2>Disclaimer and sign-off</h2>
        <p className="muted small">{REPORT_DISCLAIMER}</p>
        <div className="sign-off">
          <div>
            <strong>Prepared by</strong>
            <p>{repMissing ? ' ' : [rep!.name, rep!.company].filter(Boolean).join(', ')}</p>
            <p className="sign-line">Signature</p>
            <p className="sign-line">Date</p>
          </div>
          <div>
            <strong>Reviewed and approved by (engineer of record)</strong>
            <p>{p.engineer.email === UNKNOWN_ENGINEER.email ? ' ' : p.engineer.name}</p>
            <p className="sign-line">Signature</p>
            <p className="sign-line">Date</p>
          </div>
        </div>
      </section>
      <footer className="report-footer">Sized with Fieldsizer {version}. Figures follow the jurisdiction's rules as stored on this device.</footer>
    </article>
  );
}
