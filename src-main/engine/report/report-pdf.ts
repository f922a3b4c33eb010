/**
 * The sizing report as a PDF a plan reviewer can check and an engineer can sign (issue 14): the
 * rep's letterhead, the date made, the project and site, every input with the fixtures' sizes,
 * the calculation sheet (the sizing's derivation, each step with its formula, values and code
 * section), the recommended unit with its rating, capacities, connections, dimensions and
 * certifications, the accessories, a disclaimer and a sign-off block; "Page n of N" on every
 * page and a DRAFT watermark on drafts. Laid out with pdfkit (Letter); blocks are kept whole and
 * only move to a new page when they do not fit, so no page is left half empty by a forced break.
 */
import PDFDocument from 'pdfkit';
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

/**
 * The standard PDF fonts cover WinAnsi only: symbols outside it are written in ASCII (≥ as >=),
 * so the text stays readable and searchable instead of turning into blanks.
 */
const ASCII_FOR: Record<string, string> = { '≥': '>=', '≤': '<=', '−': '-', '→': '->', '≈': '~', '√': 'sqrt ', '²': '2', '³': '3', '≠': '!=' };
export function pdfText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[^\x00-\xff’‘“”–—…•€™]/g, (c) => ASCII_FOR[c] ?? '?');
}

/** Inputs a project from the central service did not state may be null (issue 11): printed as "not given". */
type Stated<T> = { [K in keyof T]: T[K] | null };
const NOT_GIVEN = 'not given';

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
const plural = (n: number, one: string, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;

/** Renders the report; resolves with the PDF's bytes. */
export function renderReportPdf(data: ReportData): Promise<Buffer> {
  const { project: p, sizing, product, rep, units } = data;
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: pdfText(`Sizing report: ${p.name}`), Author: pdfText(rep.company || 'Fieldsizer'), Subject: 'Grease interceptor sizing', Creator: `Fieldsizer ${data.appVersion}` },
  });
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
  const text = (s: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(pdfText(s), options);
  const heading = (s: string) => {
    keep(60);
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(13).fillColor(INK);
    text(s, { x: MARGIN, width } as PDFKit.Mixins.TextOptions);
    const y = doc.y + 2;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).strokeColor(LINE).lineWidth(0.7).stroke();
    doc.moveDown(0.4).font('Helvetica').fontSize(9.5).fillColor(INK);
  };
  /** A two-column table of labels and values; each row kept whole. */
  const pairs = (rows: [string, string][]) => {
    const labelWidth = 150;
    for (const [label, value] of rows) {
      const h = Math.max(doc.heightOfString(pdfText(value), { width: width - labelWidth }), 12) + 3;
      keep(h);
      const y = doc.y;
      doc.font('Helvetica-Bold').fillColor(MUTED).text(pdfText(label), MARGIN, y, { width: labelWidth - 8 });
      doc.font('Helvetica').fillColor(INK).text(pdfText(value), MARGIN + labelWidth, y, { width: width - labelWidth });
      doc.x = MARGIN;
      doc.y = Math.max(doc.y, y + h);
    }
  };
  const yes = (b: boolean | null) => (b === null ? NOT_GIVEN : b ? 'yes' : 'no');
  const inputs = p as Stated<typeof p>;
  const side = <T>(pair: { standard: T; metric: T }) => pair[units];
  const m = (v: { value: number; unit: string }) => `${fmt(v.value)} ${v.unit === 'lbs' ? 'lb' : v.unit}`;

  // --- Letterhead ----------------------------------------------------------------------------
  doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED);
  text(rep.company || 'Company not set (Settings → Your details on reports)', { width });
  doc.font('Helvetica').fontSize(9);
  const contact = [rep.name, rep.email, rep.phone].filter(Boolean).join(' · ');
  text(contact || 'Contact not set', { width });
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(18).fillColor(INK);
  text('Grease interceptor sizing report', { width });
  doc.font('Helvetica-Bold').fontSize(14);
  text(p.name, { width });
  doc.font('Helvetica').fontSize(9.5).fillColor(MUTED);
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
    ['Construction', p.construction_type],
  ]);

  // --- Inputs ---------------------------------------------------------------------------------
  heading('Inputs');
  const burial = inputs.burial_depth;
  const depth = inputs.buried && burial ? `, buried ${units === 'metric' ? `${fmt(burial.value * 2.54)} cm` : `${fmt(burial.value)} in`}` : '';
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
    ['Pipe size', pipe === null ? NOT_GIVEN : units === 'metric' ? `${fmt(pipe.value * 25.4)} mm` : `${fmt(pipe.value)} in`],
  ]);
  doc.moveDown(0.4);
  keep(40);
  doc.font('Helvetica-Bold').fillColor(INK);
  text(`Fixtures (${sizing.fixtures.length})`, { x: MARGIN, width } as PDFKit.Mixins.TextOptions);
  doc.font('Helvetica');
  if (sizing.fixtures.length === 0) text('No fixtures entered.', { width });
  sizing.fixtures.forEach((f, i) => {
    const dims = f.dimensions ? side(f.dimensions) : null;
    const size = dims ? `${fmt(dims.length.value)} × ${fmt(dims.width.value)} × ${fmt(dims.height.value)} ${dims.length.unit} (L × W × D)${f.uses_typical_dimensions ? ', typical' : ''}` : 'no basin';
    const flow = side(f.flow_rate.one_minute);
    const line = `${i + 1}. ${f.name}${f.compartments ? `, ${plural(f.compartments, 'compartment')}` : ''} · ${size} · one-minute flow ${m(flow)} · ${plural(f.flow_rate.dfu, 'DFU', 'DFU')}`;
    keep(doc.heightOfString(pdfText(line), { width }) + 2);
    text(line, { width });
  });
  for (const x of sizing.excluded_fixtures.filter((e) => !e.included)) text(`Not counted: ${x.name}: ${x.reason ?? ''}`, { width });

  // --- Calculation sheet ------------------------------------------------------------------------
  heading(`Calculation sheet (${sizing.derivation.length} steps)`);
  doc.fontSize(8.5).fillColor(MUTED);
  text('Each step: what it computes, the formula, the values used, the result, and the code section or guide behind it. Figures in US units, as the codes state them.', { width });
  doc.fillColor(INK).fontSize(9.5).moveDown(0.3);
  sizing.derivation.forEach((s, i) => {
    const value = (v: string | number | boolean | null, unit: string | null) => `${v === null ? '—' : typeof v === 'number' ? fmt(v) : String(v)}${unit ? ` ${unit}` : ''}`;
    const inputs = s.inputs.map((q) => `${q.name} = ${value(q.value, q.unit)}`).join('; ');
    const lines = [`Formula: ${s.formula}`, inputs ? `Values: ${inputs}` : null, `Result: ${value(s.result.value, s.result.unit)}`, `Source: ${s.source}`, s.note ? `Note: ${s.note}` : null].filter(
      (l): l is string => l !== null,
    );
    doc.fontSize(9.5).font('Helvetica-Bold');
    const title = `${i + 1}. ${s.label}`;
    doc.font('Helvetica').fontSize(8.5);
    const h = doc.heightOfString(pdfText(title), { width }) + lines.reduce((sum, l) => sum + doc.heightOfString(pdfText(l), { width: width - 14 }), 0) + 6;
    keep(h);
    doc.font('Helvetica-Bold').fontSize(9.5);
    text(title, { x: MARGIN, width } as PDFKit.Mixins.TextOptions);
    doc.font('Helvetica').fontSize(8.5);
    for (const l of lines) text(l, { x: MARGIN + 14, width: width - 14 } as PDFKit.Mixins.TextOptions);
    doc.moveDown(0.3);
  });
  doc.fontSize(9.5);

  // --- Recommendation ---------------------------------------------------------------------------
  const r = sizing.recommendation;
  heading('Recommended unit');
  if (!r.product) {
    text(r.no_recommendation?.message ?? 'No unit can be recommended for these inputs.', { width });
    for (const s of r.no_fit?.suggestions ?? []) text(`• ${s}`, { width });
  } else {
    doc.font('Helvetica-Bold');
    text(`${r.units > 1 ? `${r.units} × ` : ''}${r.product.name}, model ${r.product.part_number}${r.arrangement && r.arrangement !== 'single' ? ` (${r.arrangement})` : ''}`, { width });
    doc.font('Helvetica');
    const rows: [string, string][] = [];
    if (r.rating) rows.push(['Rating', `${fmt(r.rating.flow_gpm)} GPM, ${fmt(r.rating.grease_lbs)} lb grease capacity${r.rating.label ? ` (${r.rating.label})` : ''}`]);
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
      doc.font('Helvetica-Bold');
      text('Why this unit', { x: MARGIN, width } as PDFKit.Mixins.TextOptions);
      doc.font('Helvetica');
      for (const reason of r.reasons) text(`• ${reason}`, { width });
    }
  }

  heading('Accessories');
  if (sizing.recommended_accessories.length === 0) text('None required for this installation.', { width });
  for (const acc of sizing.recommended_accessories) {
    const what = acc.product ? `${acc.quantity ?? 1} × ${acc.product.name}, model ${acc.product.part_number}` : `${acc.kind}: none in the catalog${acc.note ? ` (${acc.note})` : ''}`;
    const line = `• ${what}: ${acc.reason}`;
    keep(doc.heightOfString(pdfText(line), { width }) + 2);
    text(line, { width });
  }
  if (sizing.warnings.length > 0) {
    heading('Code notes');
    for (const w of sizing.warnings) text(`• ${w.message} (${w.source})`, { width });
  }

  // --- Disclaimer and sign-off ------------------------------------------------------------------
  heading('Disclaimer');
  doc.fontSize(8.5).fillColor(MUTED);
  text(
    'This sizing follows the plumbing code and the jurisdiction rules as stored on the preparing device on the date above, and the manufacturer ratings of the catalog then. It is a recommendation for review: the engineer of record confirms the design against the code in force and the local authority having jurisdiction before installation.',
    { width },
  );
  doc.fontSize(9.5).fillColor(INK);
  doc.moveDown(0.6);
  keep(120);
  const top = doc.y;
  const half = (width - 20) / 2;
  const block = (x: number, title: string, who: string) => {
    doc.font('Helvetica-Bold').text(pdfText(title), x, top, { width: half });
    doc.font('Helvetica').text(pdfText(who), x, doc.y, { width: half });
    const lineAt = (label: string, y: number) => {
      doc.moveTo(x, y).lineTo(x + half, y).strokeColor(MUTED).lineWidth(0.6).stroke();
      doc.fontSize(8).fillColor(MUTED).text(label, x, y + 2, { width: half });
      doc.fontSize(9.5).fillColor(INK);
    };
    lineAt('Signature', top + 60);
    lineAt('Date', top + 95);
  };
  block(MARGIN, 'Prepared by', [rep.name, rep.company].filter(Boolean).join(', ') || ' ');
  block(MARGIN + half + 20, 'Reviewed and approved by (engineer of record)', p.engineer.name ?? ' ');
  doc.x = MARGIN;
  doc.y = top + 115;

  // --- On every page: page numbers and the draft watermark --------------------------------------
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing in the margin must not start a new page
    if (p.status === 'Draft') {
      doc.save();
      doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc.font('Helvetica-Bold').fontSize(110).fillColor('#c0392b').fillOpacity(0.12);
      doc.text('DRAFT', 0, doc.page.height / 2 - 60, { width: doc.page.width, align: 'center', lineBreak: false });
      doc.restore();
    }
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).fillOpacity(1);
    doc.text(pdfText(`${p.name} · made ${data.made.toISOString().slice(0, 10)} with Fieldsizer ${data.appVersion}`), MARGIN, doc.page.height - MARGIN, {
      width: width - 80,
      lineBreak: false,
    });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, MARGIN + width - 80, doc.page.height - MARGIN, { width: 80, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return done;
}
