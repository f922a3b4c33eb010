/**
 * The sizing report of a project on screen, and on paper through Print: the same content as the
 * PDF (issue 30), each part's words and rows from src-shared/report-content.ts, in the chosen
 * units and the one date format. The answer first, then project and site, the kitchen, the
 * fixture schedule, the calculation sheet with its citations, the sources, the unit's data sheet
 * (its kept picture or a drawing), the disclaimer and the sign-off. The list price only when the
 * rep ticks it. Its own page (no app chrome); print CSS lays it out on Letter / A4.
 */
import { useEffect, useState } from 'react';
import { ErrorNotice, InfoNotice } from '../../components/Notice';
import { useApp } from '../../stores/app-store';
import { useReport } from '../../stores/report-store';
import { paths } from '../../router';
import { lengthText, type UnitSystem } from '../../../../src-shared/display-units';
import { dimensionDrawingUrl } from '../../../../src-shared/product-drawing';
import { REPORT_DISCLAIMER } from '../../../../src-shared/report-words';
import {
  ACCESSORIES_TITLE,
  accessoryTable,
  answerRows,
  arrangementLine,
  calculationSheet,
  dataSheetRows,
  dataSheetTitle,
  drawingConnection,
  fixtureSchedule,
  fixtureScheduleTitle,
  kitchenRows,
  letterhead,
  NO_ACCESSORIES,
  NO_DRAWING,
  NO_FIXTURES,
  noUnitSuggestions,
  projectRows,
  REPORT_TITLE,
  reportFooter,
  reportSubtitle,
  sheetIntro,
  SIGN_OFF_TITLES,
  signOff,
  sources,
  unitHeadline,
  WHY_THIS_UNIT,
  whyThisUnit,
  type ContentTable,
  type Pair,
} from '../../../../src-shared/report-content';
import type { Product } from '../../../../src-shared/api/catalog';
import type { RepProfile } from '../../../../src-shared/ipc/contract';
import { call } from '../../transport/bridge';

/** Label and value rows, as the PDF's two columns. */
function Pairs(props: { rows: Pair[]; testId?: string; testIds?: Record<string, string> }) {
  return (
    <table className="kv" data-testid={props.testId}>
      <tbody>
        {props.rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td data-testid={props.testIds?.[label]}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One of the report's tables; a row's note reads across the table under it, as on paper. */
function ContentTableView(props: { table: ContentTable; label: string; caption?: string; className?: string; testId?: string }) {
  const { columns, rows } = props.table;
  const align = (i: number) => (columns[i]?.align === 'right' ? 'num' : undefined);
  return (
    <table className={`data-table report-table ${props.className ?? ''}`} aria-label={props.label} data-testid={props.testId}>
      {props.caption && <caption>{props.caption}</caption>}
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th scope="col" key={c.title} className={align(i)} style={{ width: `${c.width}%` }}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      {rows.map((row, n) => (
        <tbody key={n} className="report-row">
          <tr>
            {row.cells.map((c, i) => (
              <td key={i} className={align(i)}>
                {c}
              </td>
            ))}
          </tr>
          {row.note && (
            <tr className="row-note">
              <td colSpan={columns.length} className="muted small">
                {row.note}
              </td>
            </tr>
          )}
        </tbody>
      ))}
    </table>
  );
}

/** The kept dimension picture, else a drawing from the catalog's dimensions with the inlet and outlet marked (as the PDF draws it). */
function UnitPicture(props: { product: Product | null; picture: string | null; units: UnitSystem }) {
  const { product, picture, units } = props;
  const [failed, setFailed] = useState(false);
  if (picture && !failed) return <img className="data-sheet-picture" src={picture} alt={`Dimension picture of ${product?.name ?? 'the unit'}`} data-source="kept" onError={() => setFailed(true)} />;
  const d = product?.base_dimensions?.standard;
  const drawing = d
    ? dimensionDrawingUrl({ length: d.length.value, width: d.width.value, height: d.height.value, unit: d.length.unit }, `Dimension drawing of ${product!.name}`, {
        labels: { length: `L ${lengthText(d.length.value, units)}`, width: `W ${lengthText(d.width.value, units)}`, height: `H ${lengthText(d.height.value, units)}` },
        inletOutlet: { connection: drawingConnection(product) },
      })
    : null;
  if (!drawing) return <p className="data-sheet-picture muted small">{NO_DRAWING}</p>;
  return <img className="data-sheet-picture" src={drawing} alt={`Dimension drawing of ${product!.name}`} data-source="drawing" />;
}

export function ReportScreen(props: { id: number }) {
  const { view, sizing, product, picture, error, exportMessage, load, exportPdf } = useReport();
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
  if (!view || !sizing || rep === undefined) return <p className="loading">Preparing the report…</p>;
  const p = view.project;
  const s = sizing.sizing;
  const r = s.recommendation;
  const repMissing = rep === null || [rep.company, rep.name, rep.email, rep.phone].every((v) => v === '');
  // The same rows and words as the PDF (src-shared/report-content.ts), made today.
  const made = new Date();
  const head = letterhead(rep);
  const schedule = s.fixtures.length > 0 ? fixtureSchedule(s, units) : null;
  const cited = sources(s, units);
  const sheetTitle = dataSheetTitle(s);
  const reasons = whyThisUnit(s, units);
  const accessories = accessoryTable(s, units);
  const arrangement = arrangementLine(s);
  const names = signOff(p, rep);

  return (
    <article className="report" aria-labelledby="report-title" data-ready="true" data-status={p.status}>
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
      {p.status === 'Draft' && (
        <div className="report-watermark" aria-hidden="true">
          DRAFT
        </div>
      )}
      <header className="report-header">
        <p className={`letterhead${head.blank ? ' blank' : ''}`}>
          <strong>{head.title}</strong>
          {head.contact && (
            <>
              <br />
              {head.contact}
            </>
          )}
        </p>
        <p className="brand">{REPORT_TITLE}</p>
        <h1 id="report-title">{p.name}</h1>
        <p className="muted" data-testid="report-subtitle">
          {reportSubtitle(p, made, units)}
        </p>
      </header>

      <section className="report-section report-answer" aria-labelledby="report-unit">
        <h2 id="report-unit">Recommended unit</h2>
        <p className="unit-headline" data-testid="unit-headline">
          <strong>{unitHeadline(s, units)}</strong>
        </p>
        {r.product ? (
          <Pairs rows={answerRows(s, product, units)} testIds={{ 'Governing rule': 'governing-rule' }} />
        ) : (
          <ul>
            {noUnitSuggestions(s, units).map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        )}
      </section>

      <section className="report-section" aria-labelledby="report-site">
        <h2 id="report-site">Project and site</h2>
        <Pairs rows={projectRows(p, s, rep)} />
      </section>

      <section className="report-section" aria-labelledby="report-kitchen">
        <h2 id="report-kitchen">Kitchen and installation</h2>
        <Pairs rows={kitchenRows(p, s, units)} />
      </section>

      <section className="report-section" aria-labelledby="report-fixtures">
        <h2 id="report-fixtures">{fixtureScheduleTitle(s)}</h2>
        {s.fixtures.length === 0 ? (
          <p>{NO_FIXTURES}</p>
        ) : (
          <>
            <ContentTableView table={schedule!} label="Fixture schedule" testId="fixture-schedule" />
            <ul className="table-notes muted small" data-testid="fixture-notes">
              {schedule!.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="report-section" aria-label="Calculation sheet">
        <h2>Calculation sheet</h2>
        <p className="muted small">{sheetIntro(units)}</p>
        {calculationSheet(s, units).map((t) => (
          <ContentTableView key={t.title} table={t} label={t.title} caption={t.title} className="sheet" />
        ))}
      </section>

      <section className="report-section" aria-labelledby="report-sources">
        <h2 id="report-sources">Rules and sources</h2>
        <p className="small">{cited.summary}</p>
        <ul className="small" data-testid="sources">
          {cited.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      {sheetTitle && (
        <section className="report-section data-sheet" aria-labelledby="report-data-sheet">
          <h2 id="report-data-sheet">{sheetTitle}</h2>
          <div className="data-sheet-columns">
            <UnitPicture product={product} picture={picture} units={units} />
            <Pairs rows={dataSheetRows(s, product, units, showPrice)} testId="data-sheet" />
          </div>
          {reasons.length > 0 && (
            <>
              <h3>{WHY_THIS_UNIT}</h3>
              <ul className="small">
                {reasons.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            </>
          )}
          <h3>{ACCESSORIES_TITLE}</h3>
          {accessories.rows.length === 0 ? <p className="small">{NO_ACCESSORIES}</p> : <ContentTableView table={accessories} label={ACCESSORIES_TITLE} testId="accessories" />}
          {arrangement && <p className="small">{arrangement}</p>}
        </section>
      )}

      <section className="report-section" aria-label="Disclaimer and sign-off">
        <h2>Disclaimer and sign-off</h2>
        <p className="muted small">{REPORT_DISCLAIMER}</p>
        <div className="sign-off">
          <div>
            <strong>{SIGN_OFF_TITLES.preparedBy}</strong>
            <p>{names.preparedBy}</p>
            <p className="sign-line">Signature</p>
            <p className="sign-line">Date</p>
          </div>
          <div>
            <strong>{SIGN_OFF_TITLES.engineer}</strong>
            <p>{names.engineer}</p>
            <p className="sign-line">Signature</p>
            <p className="sign-line">Date</p>
          </div>
        </div>
      </section>
      <footer className="report-footer">{reportFooter(p, made, version)}</footer>
    </article>
  );
}
