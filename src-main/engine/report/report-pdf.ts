/**
 * The sizing report as a PDF a plan reviewer can check and an engineer can sign (issue 14): the
 * rep's letterhead, the date made, the project and site, every input with the fixtures' sizes,
 * the calculation sheet (the sizing's derivation, each step with its formula, values and code
 * section), the recommended unit with its rating, capacities, connections, dimensions and
 * certifications, the accessories, a disclaimer and a sign-off block; "Page n of N" on every
 * page and a DRAFT watermark on drafts. Laid out with pdfkit (Letter); blocks are kept whole and
 * only move to a new page when they do not fit, so no page is left half empty by a forced break.
 *
 * Metric (`units`): every figure, the calculation sheet's included, is printed in metric with the
 * US figure the code's formula works in beside it; the formulas stay as the codes write them
 * (src-shared/display-units.ts, docs/sizing.md "Metric mode").
 *
 * Text is set in DejaVu Sans Condensed (the npm package dejavu-fonts-ttf, Bitstream Vera licence: free to
 * redistribute), embedded, so "≥", "−", "→", "¼" … print as written; the 14 standard PDF fonts
 * cover Latin-1 only.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { figure, lengthText, pipeSizeLabel, stepFigure, toShownInput, unitsText } from '../../../src-shared/display-units.js';
import { count as plural } from '../../../src-shared/plural.js';
import type { Product } from '../../../src-shared/api/catalog.js';
import type { Project } from '../../../src-shared/api/people.js';
import type { SizingResponse } from '../../../src-shared/api/sizing.js';
import type { RepProfile } from './rep-profile.js';

export type ReportUnits = 'standard' | 'metric';

export interface ReportData {
  project: Project;
  sizing: SizingResponse;
  product: Product | null;
  rep: RepProfile;
  /** When the report was made (printed on it). */
  made: Date;
  units: ReportUnits;
  appVersion: string;
  /** Labels of the vocabulary keys (menu type, inside location …). */
  labels: { menu: string; insideLocation: string | null };
}

const MARGIN = 54;
const FOOTER = 30;
const INK = '#1f2933';
const MUTED = '#52606d';
const LINE = '#cbd2d9';

/** The embedded fonts (TrueType files of the dejavu-fonts-ttf dependency, read by pdfkit through fontkit). */
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const REGULAR = 'Body';
const BOLD = 'Body-Bold';

/** Inputs a project from the central service did not state may be null (issue 11): printed as "not given". */
type Stated<T> = { [K in keyof T]: T[K] | null };
const NOT_GIVEN = 'not given';

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Renders the report; resolves with the PDF's bytes. */
export function renderReportPdf(data: ReportData): Promise<Buffer> {
  const { project: p, sizing, product, rep, units } = data;
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `Sizing report: ${p.name}`, Author: rep.company || 'Fieldsizer', Subject: 'Grease interceptor sizing', Creator: `Fieldsizer ${data.appVersion}` },
  });
  doc.registerFont(REGULAR, fontFile('DejaVuSansCondensed.ttf'));
  doc.registerFont(BOLD, fontFile('DejaVuSansCondensed-Bold.ttf'));
  doc.font(REGULAR);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  /** Moves to a new page when `height` points do not fit on this one. */
  const keep = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const text = (s: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(s, options);
  const heading = (s: string) => {
    keep(60);
    doc.moveDown(0.6).font(BOLD).fontSize(13).fillColor(INK);
    text(s, { x: MARGIN, width } as PDFKit.Mixins.TextOptions);
    const y = doc.y + 2;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).strokeColor(LINE).lineWidth(0.7).stroke();
    doc.moveDown(0.4).font(REGULAR).fontSize(9.5).fillColor(INK);
  };
  /** A two-column table of labels and values; each row kept whole. */
  const pairs = (rows: [string, string][]) => {
    const labelWidth = 150;
    for (const [label, value] of rows) {
      const h = Math.max(doc.heightOfString(value, { width: width - labelWidth }), 12) + 3;
      keep(h);
      const y = doc.y;
      doc.font(BOLD).fillColor(MUTED).text(label, MARGIN, y, { width: labelWidth - 8 });
      doc.font(REGULAR).fillColor(INK).text(value, MARGIN + labelWidth, y, { width: width - labelWidth });
      doc.x = MARGIN;
      doc.y = Math.max(doc.y, y + h);
    }
  };
  const yes = (b: boolean | null) => (b === null ? NOT_GIVEN : b ? 'yes' : 'no');
  const inputs = p as Stated<typeof p>;
  const side = <T>(pair: { standard: T; metric: T }) => pair[units];
  const m = (v: { value: number; unit: string }) => `${fmt(v.value)} ${v.unit === 'lbs' ? 'lb' : v.unit}`;
  /** The engine's sentences in the report's units (display-units.ts). */
  const say = (sentence: string) => unitsText(sentence, units);

  // --- Letterhead ----------------------------------------------------------------------------
  doc.font(BOLD).fontSize(10).fillColor(MUTED);
  text(rep.company || 'Company not set (Settings → Your details on reports)', { width });
  doc.font(REGULAR).fontSize(9);
  const contact = [rep.name, rep.email, rep.phone].filter(Boolean).join(' · ');
  text(contact || 'Contact not set', { width });
  doc.moveDown(0.8).font(BOLD).fontSize(18).fillColor(INK);
  text('Grease interceptor sizing report', { width });
  doc.font(BOLD).fontSize(14);
  text(p.name, { width });
  doc.font(REGULAR).fontSize(9.5).fillColor(MUTED);
  text(
    `Project ${p.id} · ${p.status} · version ${p.version ?? ''} · report made ${data.made.toISOString().slice(0, 10)} · figures in ${units === 'metric' ? 'metric units' : 'US units'}`,
    { width },
  );
  doc.fillColor(INK);

  // --- Project and site -------------------------------------------------------------------------
  heading('Project and site');
  const a = p.address;
  pairs([
    ['Engineer', [p.engineer.name, p.engineer.email].filter(Boolean).join(' · ') || 'not known yet'],
    ['Site address', [a.street, a.street_2, a.city, a.state, a.postal_code].filter(Boolean).join(', ') || 'not entered'],
    ['Jurisdiction', p.jurisdiction ? `${p.jurisdiction.name}${p.jurisdiction.plumbing_code ? ` (${p.jurisdiction.plumbing_code})` : ''}` : 'none: default rules'],
    ['Sizing method', `${sizing.sizing_method} · rules of ${sizing.jurisdiction.name}`],
    ['Local rules', `${sizing.rules_source.verified ? 'Read from the authority.' : sizing.rules_source.status === 'default' ? 'No jurisdiction.' : 'Not read from the authority.'} ${sizing.rules_source.summary}`],
    ...sizing.rules_source.documents.map((d, i): [string, string] => [i === 0 ? 'Sources' : '', `${d.title}, ${d.section}: ${d.url} (read ${d.read})`]),
    ['Construction', p.construction_type],
  ]);

  // --- Inputs ---------------------------------------------------------------------------------
  heading('Inputs');
  const burial = inputs.burial_depth;
  const depth = inputs.buried && burial ? `, buried ${lengthText(burial.value, units)}` : '';
  const pipe = inputs.pipe_size;
  pairs([
    ['Menu', data.labels.menu],
    ['Servings per day', inputs.servings_per_day === null ? NOT_GIVEN : fmt(inputs.servings_per_day)],
    ['Fryer / flatware / disposer', `${yes(inputs.fryer)} / ${yes(inputs.flatware)} / ${yes(inputs.food_waste_disposer)}`],
    ['Pump-out target', inputs.pump_out_target === null ? NOT_GIVEN : plural(inputs.pump_out_target, 'day')],
    [
      'Installation',
      `${inputs.installation_location ?? NOT_GIVEN}${data.labels.insideLocation ? `, ${data.labels.insideLocation}` : ''}${depth}${inputs.installed_in_traffic_area ? ', traffic area' : ''}${inputs.installed_in_high_water_area ? ', high water table' : ''}`,
    ],
    ['Pipe size', pipe === null ? NOT_GIVEN : pipeSizeLabel(pipe.value, units)],
  ]);
  doc.moveDown(0.4);
  keep(40);
  doc.font(BOLD).fillColor(INK);
  text(`Fixtures (${sizing.fixtures.length})`, { x: MARGIN, width } as PDFKit.Mixins.TextOptions);
  doc.font(REGULAR);
  if (sizing.fixtures.length === 0) text('No fixtures entered.', { width });
  sizing.fixtures.forEach((f, i) => {
    // Sizes as the editor takes them (mm in metric; the API's metric side is in cm).
    const dims = f.dimensions?.standard ?? null;
    const mm = (inches: number) => fmt(toShownInput('length', inches, units));
    const size = dims
      ? `${mm(dims.length.value)} × ${mm(dims.width.value)} × ${mm(dims.height.value)} ${units === 'metric' ? 'mm' : 'in'} (L × W × D)${f.uses_typical_dimensions ? ', typical' : ''}`
      : 'no basin';
    const flow = side(f.flow_rate.one_minute);
    const line = `${i + 1}. ${f.name}${f.compartments ? `, ${plural(f.compartments, 'compartment')}` : ''} · ${size} · one-minute flow ${m(flow)} · ${plural(f.flow_rate.dfu, 'DFU', 'DFU')}`;
    keep(doc.heightOfString(line, { width }) + 2);
    text(line, { width });
  });
  for (const x of sizing.excluded_fixtures.filter((e) => !e.included)) text(`Not counted: ${x.name}: ${say(x.reason ?? '')}`, { width });

  // --- Calculation sheet ------------------------------------------------------------------------
  heading(`Calculation sheet (${sizing.derivation.length} steps)`);
  doc.fontSize(8.5).fillColor(MUTED);
  text(
    `Each step: what it computes, the formula, the values used, the result, and the code section or guide behind it. ${
      units === 'metric'
        ? 'Figures in metric, each followed by the US figure in brackets: the formulas are the codes’ own and work in US units (1 in = 25.4 mm, 1 gal = 3.785 L, 1 GPM = 0.0631 L/s, 1 lb = 0.4536 kg).'
        : 'Figures in US units, as the codes state them.'
    }`,
    { width },
  );
  doc.fillColor(INK).fontSize(9.5).moveDown(0.3);
  sizing.derivation.forEach((s, i) => {
    const value = (v: string | number | boolean | null, unit: string | null) =>
      typeof v === 'number' ? figure(v, unit, units) : `${v === null ? '—' : String(v)}${unit && v !== null ? ` ${unit}` : ''}`;
    const inputs = s.inputs.map((q) => `${q.name} = ${typeof q.value === 'number' ? stepFigure(q.name, q.value, q.unit, units) : value(q.value, q.unit)}`).join('; ');
    const lines = [`Formula: ${s.formula}`, inputs ? `Values: ${inputs}` : null, `Result: ${value(s.result.value, s.result.unit)}`, `Source: ${s.source}`, s.note ? `Note: ${say(s.note)}` : null].filter(
      (l): l is string => l !== null,
    );
    doc.fontSize(9.5).font(BOLD);
    const title = `${i + 1}. ${s.label}`;
    doc.font(REGULAR).fontSize(8.5);
    const h = doc.heightOfString(title, { width }) + lines.reduce((sum, l) => sum + doc.heightOfString(l, { width: width - 14 }), 0) + 6;
    keep(h);
    doc.font(BOLD).fontSize(9.5);
    text(title, { x: MARGIN, width } as PDFKit.Mixins.TextOptions);
    doc.font(REGULAR).fontSize(8.5);
    for (const l of lines) text(l, { x: MARGIN + 14, width: width - 14 } as PDFKit.Mixins.TextOptions);
    doc.moveDown(0.3);
  });
  doc.fontSize(9.5);

  // --- Recommendation ---------------------------------------------------------------------------
  const r = sizing.recommendation;
  heading('Recommended unit');
  if (!r.product) {
    text(say(r.no_recommendation?.message ?? 'No unit can be recommended for these inputs.'), { width });
    for (const s of r.no_fit?.suggestions ?? []) text(`• ${say(s)}`, { width });
  } else {
    doc.font(BOLD);
    text(`${r.units > 1 ? `${r.units} × ` : ''}${r.product.name}, model ${r.product.part_number}${r.arrangement && r.arrangement !== 'single' ? ` (${r.arrangement})` : ''}`, { width });
    doc.font(REGULAR);
    const rows: [string, string][] = [];
    if (r.rating) rows.push(['Rating', `${figure(r.rating.flow_gpm, 'GPM', units)}, ${figure(r.rating.grease_lbs, 'lb', units)} grease capacity${r.rating.label ? ` (${r.rating.label})` : ''}`]);
    rows.push(['Pump-out cycle', sizing.pump_out_cycle === null ? '—' : plural(sizing.pump_out_cycle, 'day')]);
    if (product) {
      const rating = product.ratings[0];
      if (rating) rows.push(['Rated flow / grease', `${m(side(rating.flow_rate))} / ${m(side(rating.grease_capacity.weight))} (${m(side(rating.grease_capacity.volume))})`]);
      if (product.liquid_capacity) rows.push(['Liquid capacity', m(side(product.liquid_capacity))]);
      if (product.solids_capacity) rows.push(['Solids capacity', m(side(product.solids_capacity))]);
      const connections = product.options.data.filter((o) => o.option_type === 'connection').map((o) => o.name);
      rows.push(['Inlet / outlet', connections.join('; ') || 'see the spec sheet']);
      if (product.base_dimensions) {
        const d = side(product.base_dimensions);
        rows.push(['Dimensions (L × W × H)', `${fmt(d.length.value)} × ${fmt(d.width.value)} × ${fmt(d.height.value)} ${d.length.unit}, ${m(d.weight)}`]);
      }
      rows.push(['Certifications', product.certifications.map((c) => c.name).join('; ') || 'none listed']);
      rows.push(['Type', product.type]);
    }
    pairs(rows);
    if (r.reasons.length > 0) {
      doc.moveDown(0.3);
      keep(30);
      doc.font(BOLD);
      text('Why this unit', { x: MARGIN, width } as PDFKit.Mixins.TextOptions);
      doc.font(REGULAR);
      for (const reason of r.reasons) text(`• ${say(reason)}`, { width });
    }
  }

  heading('Accessories');
  if (sizing.recommended_accessories.length === 0) text('None required for this installation.', { width });
  for (const acc of sizing.recommended_accessories) {
    const what = acc.product ? `${acc.quantity ?? 1} × ${acc.product.name}, model ${acc.product.part_number}` : `${acc.kind}: none in the catalog${acc.note ? ` (${say(acc.note)})` : ''}`;
    const line = `• ${what}: ${say(acc.reason)}`;
    keep(doc.heightOfString(line, { width }) + 2);
    text(line, { width });
  }
  if (sizing.warnings.length > 0) {
    heading('Code notes');
    for (const w of sizing.warnings) text(`• ${say(w.message)} (${w.source})`, { width });
  }

  // --- Disclaimer and sign-off ------------------------------------------------------------------
  const disclaimer =
    'This sizing follows the plumbing code and the jurisdiction rules as stored on the preparing device on the date above, and the manufacturer ratings of the catalog then. It is a recommendation for review: the engineer of record confirms the design against the code in force and the local authority having jurisdiction before installation.';
  // The disclaimer and the sign-off stay on one page: a signature never stands alone on the last one.
  doc.fontSize(8.5);
  keep(50 + doc.heightOfString(disclaimer, { width }) + 100);
  heading('Disclaimer');
  doc.fontSize(8.5).fillColor(MUTED);
  text(disclaimer, { width });
  doc.fontSize(9.5).fillColor(INK);
  doc.moveDown(0.6);
  keep(95);
  const top = doc.y;
  const half = (width - 20) / 2;
  const block = (x: number, title: string, who: string) => {
    doc.font(BOLD).fontSize(8.5).text(title, x, top, { width: half });
    doc.fontSize(9.5);
    doc.font(REGULAR).text(who, x, doc.y, { width: half });
    const lineAt = (label: string, y: number) => {
      doc.moveTo(x, y).lineTo(x + half, y).strokeColor(MUTED).lineWidth(0.6).stroke();
      doc.fontSize(8).fillColor(MUTED).text(label, x, y + 2, { width: half });
      doc.fontSize(9.5).fillColor(INK);
    };
    lineAt('Signature', top + 48);
    lineAt('Date', top + 78);
  };
  block(MARGIN, 'Prepared by', [rep.name, rep.company].filter(Boolean).join(', ') || ' ');
  block(MARGIN + half + 20, 'Reviewed and approved by (engineer of record)', p.engineer.name ?? ' ');
  doc.x = MARGIN;
  doc.y = top + 95;

  // --- On every page: page numbers and the draft watermark --------------------------------------
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing in the margin must not start a new page
    if (p.status === 'Draft') {
      doc.save();
      doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc.font(BOLD).fontSize(110).fillColor('#c0392b').fillOpacity(0.12);
      doc.text('DRAFT', 0, doc.page.height / 2 - 60, { width: doc.page.width, align: 'center', lineBreak: false });
      doc.restore();
    }
    doc.font(REGULAR).fontSize(8).fillColor(MUTED).fillOpacity(1);
    doc.text(`${p.name} · made ${data.made.toISOString().slice(0, 10)} with Fieldsizer ${data.appVersion}`, MARGIN, doc.page.height - MARGIN, {
      width: width - 80,
      lineBreak: false,
    });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, MARGIN + width - 80, doc.page.height - MARGIN, { width: 80, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return done;
}
