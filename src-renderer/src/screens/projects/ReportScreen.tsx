/**
 * The printable sizing report of a project: inputs, results and the recommended products. Its
 * own page (no app chrome); print CSS lays it out on Letter / A4.
 */
import { useEffect } from 'react';
import { ErrorNotice, InfoNotice } from '../../components/Notice';
import { MeasurePair } from '../../components/Measure';
import { useApp } from '../../stores/app-store';
import { useReport } from '../../stores/report-store';
import { paths } from '../../router';
import { SizingDetails } from './SizingResults';
import { days } from '../../../../src-shared/plural';
import { lengthText, pipeSizeLabel } from '../../../../src-shared/display-units';

export function ReportScreen(props: { id: number }) {
  const { view, sizing, product, error, exportMessage, load, exportPdf } = useReport();
  const vocabulary = useApp((s) => s.vocabulary);
  const units = useApp((s) => s.units);
  const version = useApp((s) => s.info?.version ?? '');
  useEffect(() => {
    void load(props.id);
  }, [props.id, load]);

  if (error) return <ErrorNotice message={error} />;
  if (!view || !sizing || !vocabulary) return <p className="loading">Preparing the report…</p>;
  const p = view.project;
  const menu = vocabulary.menu_tiers.flatMap((t) => t.menu_types.map((m) => ({ ...m, tier: t.label }))).find((m) => m.key === p.menu_type);
  const inside = vocabulary.inside_trap_locations.find((l) => l.key === p.inside_trap_location)?.label;
  const yes = (b: boolean | null) => (b === null ? '—' : b ? 'Yes' : 'No');

  return (
    <article className="report" aria-labelledby="report-title" data-ready="true">
      <nav className="report-tools no-print" aria-label="Report">
        <a href={paths.project(p.id)}>← Back to the project</a>
        <button type="button" className="primary" onClick={() => void exportPdf()}>
          Export PDF
        </button>
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
        <InfoNotice message={exportMessage} />
      </nav>
      <header className="report-header">
        <p className="brand">Fieldsizer · Grease interceptor sizing report</p>
        <h1 id="report-title">{p.name}</h1>
        <p>
          Project {p.id} · {p.status} · updated {p.updated} · engineer {p.engineer.name ?? '—'}
        </p>
      </header>

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

      {product && (
        <section className="report-section">
          <h2>Recommended product</h2>
          <p>
            <strong>{product.name}</strong> · model {product.part_number} · {product.type} · list price ${product.price.list}
          </p>
          <p>{product.short_description}</p>
          {product.base_dimensions && (
            <p>
              Dimensions (L × W × H): {product.base_dimensions[units].length.value} × {product.base_dimensions[units].width.value} ×{' '}
              {product.base_dimensions[units].height.value} {product.base_dimensions[units].length.unit}, {product.base_dimensions[units].weight.value}{' '}
              {product.base_dimensions[units].weight.unit}
            </p>
          )}
        </section>
      )}
      <footer className="report-footer">Sized with Fieldsizer {version}. Figures follow the jurisdiction's rules as stored on this device.</footer>
    </article>
  );
}
