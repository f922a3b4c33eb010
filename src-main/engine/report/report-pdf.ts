/**
 * The sizing report as a submittal a plan reviewer can check and an engineer can sign (issues 14,
 * 30). Page 1 answers first: the recommended unit with its rating, capacities, connections and
 * dimensions, the rule that governed it in one sentence with its source, the pump-out cycle, the
 * project and site, the rep and the engineer of record. Then the kitchen's inputs and the fixture
 * schedule as a table, the calculation sheet as compact tables grouped by what they decide (flow,
 * volume, grease and pump-out, selection: formula, values, result and a citation each), the
 * sources with their addresses and dates read, the unit's data sheet (data-sheet.ts), a
 * disclaimer and a sign-off block; "Page n of N" on every page and a DRAFT watermark on drafts.
 *
 * Metric (`units`): figures are printed exactly as the screen shows them (display-units.ts: the
 * same conversions and rounding from the US figures, lengths in mm as the editor takes them),
 * with the US figure the code's formula works in beside each step's figures; the formulas stay as
 * the codes write them. Dates in the one format of dates.ts.
 */
import PDFDocument from 'pdfkit';
import { dateText } from '../../../src-shared/dates.js';
import { figure, lengthText, pipeSizeLabel, unitsText } from '../../../src-shared/display-units.js';
import { governingRule, REPORT_DISCLAIMER, SHEET_GROUPS, stepValue, stepValues } from '../../../src-shared/report-words.js';
import { count as plural } from '../../../src-shared/plural.js';
import { projectReference } from '../../../src-shared/project-reference.js';
import { SIZING_METHOD_LABELS } from '../../../src-shared/api/vocabulary.js';
import { UNKNOWN_ENGINEER } from '../../../src-shared/api/project-write.js';
import type { Product } from '../../../src-shared/api/catalog.js';
import type { Project } from '../../../src-shared/api/people.js';
import type { SizingResponse } from '../../../src-shared/api/sizing.js';
import type { RepProfile } from './rep-profile.js';
import { renderDataSheet } from './data-sheet.js';
import { BOLD, FONT_FILES, FOOTER, heading, INK, layout, learnGlyphs, LINE, MARGIN, MUTED, pairs, printable, REGULAR, table, type Doc } from './pdf-kit.js';

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
  /** Print the unit's list price (the rep's choice; off unless asked for). */
  showPrice?: boolean;
  /** A picture of the unit kept offline, shown on the data sheet instead of the drawing (issue 31 keeps them). */
  dimensionImage?: Buffer;
}

/** Inputs a project from the central service did not state may be null (issue 11): printed as "not given". */
type Stated<T> = { [K in keyof T]: T[K] | null };
const NOT_GIVEN = 'not given';

/** The engineer as a reviewer reads it: the placeholder of an engineer not named yet says so. */
function engineerText(p: Project): string {
  if (p.engineer.email === UNKNOWN_ENGINEER.email) return 'not named yet (to be added before submittal)';
  const company = (p.engineer as { company?: { name?: string | null } | null }).company?.name ?? null;
  return [p.engineer.name, company, p.engineer.email].filter(Boolean).join(' · ') || 'not named yet';
}

/** Renders the report; resolves with the PDF's bytes. */
export function renderReportPdf(data: ReportData): Promise<Buffer> {
  const { project: p, sizing, product, rep, units } = data;
  const doc: Doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `Sizing report: ${p.name}`, Author: rep.company || rep.name || 'Fieldsizer', Subject: 'Grease interceptor sizing', Creator: `Fieldsizer ${data.appVersion}` },
  });
  doc.registerFont(REGULAR, FONT_FILES[REGULAR]);
  doc.registerFont(BOLD, FONT_FILES[BOLD]);
  learnGlyphs(doc);
  doc.font(REGULAR);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const l = layout(doc);
  const { width } = l;
  const text = (s: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(printable(s), MARGIN, doc.y, { width, ...options });
  const yes = (b: boolean | null) => (b === null ? NOT_GIVEN : b ? 'yes' : 'no');
  const inputs = p as Stated<typeof p>;
  /** The engine's sentences in the report's units (display-units.ts). */
  const say = (sentence: string) => unitsText(sentence, units);
  const made = dateText(data.made);
  const r = sizing.recommendation;

  // --- Letterhead -------------------------------------------------------------------------------
  const repGiven = [rep.company, rep.name, rep.email, rep.phone].some((v) => v !== '');
  doc.font(BOLD).fontSize(10).fillColor(MUTED);
  text(repGiven ? rep.company || rep.name : 'Prepared by: ______________________________ (rep’s details left blank to fill in by hand)');
  doc.font(REGULAR).fontSize(8.5);
  if (repGiven) text([rep.company ? rep.name : '', rep.email, rep.phone].filter(Boolean).join(' · ') || ' ');
  doc.moveDown(0.5).font(BOLD).fontSize(16).fillColor(INK);
  text('Grease interceptor sizing report');
  doc.fontSize(13);
  text(p.name);
  doc.font(REGULAR).fontSize(8.5).fillColor(MUTED);
  text(`Project ${projectReference(p.id)} · ${p.status} · version ${p.version ?? ''} · report made ${made} · figures in ${units === 'metric' ? 'metric units' : 'US units'}`);
  doc.fillColor(INK);

  // --- The answer ---------------------------------------------------------------------------------
  heading(l, 'Recommended unit', 80);
  if (!r.product) {
    doc.font(BOLD).fontSize(10);
    text(say(r.no_recommendation?.message ?? 'No unit can be recommended for these inputs.'));
    doc.font(REGULAR).fontSize(9);
    for (const s of r.no_fit?.suggestions ?? []) text(`• ${say(s)}`);
  } else {
    const boxTop = doc.y;
    doc.font(BOLD).fontSize(11).fillColor(INK);
    text(`${r.units > 1 ? `${r.units} × ` : ''}${r.product.name}, model ${r.product.part_number}${r.arrangement && r.arrangement !== 'single' ? ` (${r.arrangement})` : ''}`);
    doc.font(REGULAR).fontSize(9).moveDown(0.2);
    const rows: [string, string][] = [];
    if (r.rating) rows.push(['Rating', `${figure(r.rating.flow_gpm, 'GPM', units)} flow, ${figure(r.rating.grease_lbs, 'lb', units)} grease capacity${r.rating.label ? ` (${r.rating.label})` : ''}`]);
    if (product?.liquid_capacity) rows.push(['Liquid capacity', figure(product.liquid_capacity.standard.value, product.liquid_capacity.standard.unit, units)]);
    if (product?.solids_capacity) rows.push(['Solids capacity', figure(product.solids_capacity.standard.value, product.solids_capacity.standard.unit, units)]);
    if (product) {
      const connections = product.options.data.filter((o) => o.option_type === 'connection').map((o) => o.name);
      rows.push(['Inlet / outlet', connections.join('; ') || 'not listed in the catalog']);
      if (product.base_dimensions) {
        const d = product.base_dimensions.standard;
        rows.push(['Dimensions (L × W × H)', `${lengthText(d.length.value, units).replace(/ (in|mm)$/, '')} × ${lengthText(d.width.value, units).replace(/ (in|mm)$/, '')} × ${lengthText(d.height.value, units)}; ${figure(d.weight.value, d.weight.unit, units)}`]);
      }
    }
    rows.push(['Governing rule', governingRule(sizing, units)]);
    rows.push(['Pump-out cycle', sizing.pump_out_cycle === null ? '—' : `every ${plural(sizing.pump_out_cycle, 'day')}${r.pump_out_basis === 'maximum-interval' ? ' (the longest interval allowed: no servings entered)' : ''}`]);
    pairs(l, rows, 120);
    doc.rect(MARGIN - 6, boxTop - 4, width + 12, doc.y - boxTop + 8).strokeColor(LINE).lineWidth(0.8).stroke();
    doc.y += 6;
  }

  heading(l, 'Project and site');
  const a = p.address;
  pairs(l, [
    ['Site address', [a.street, a.street_2, a.city, a.state, a.postal_code].filter(Boolean).join(', ') || 'not entered'],
    ['Jurisdiction', p.jurisdiction ? `${p.jurisdiction.name}${p.jurisdiction.plumbing_code ? ` (${p.jurisdiction.plumbing_code})` : ''}` : 'none: the default rules (UPC)'],
    ['Sizing method', SIZING_METHOD_LABELS[sizing.sizing_method] ?? sizing.sizing_method],
    ['Engineer of record', engineerText(p)],
    ['Prepared by', repGiven ? [rep.name, rep.company, rep.email, rep.phone].filter(Boolean).join(' · ') : '______________________________ (left blank by the rep)'],
    ['Construction', p.construction_type],
  ]);

  // --- Inputs and the fixture schedule ----------------------------------------------------------
  heading(l, 'Kitchen and installation');
  const burial = inputs.burial_depth;
  const depth = inputs.buried && burial ? `, buried ${lengthText(burial.value, units)}` : '';
  const pipe = inputs.pipe_size;
  const period = sizing.derivation.find((s) => s.key === 'flow.period')?.result.value === 'one-minute' ? 'one-minute' : 'two-minute';
  pairs(l, [
    ['Menu', data.labels.menu],
    ['Servings per day', inputs.servings_per_day === null ? NOT_GIVEN : inputs.servings_per_day.toLocaleString('en-US')],
    ['Fryer / flatware / disposer', `${yes(inputs.fryer)} / ${yes(inputs.flatware)} / ${yes(inputs.food_waste_disposer)}`],
    ['Pump-out target', inputs.pump_out_target === null ? NOT_GIVEN : plural(inputs.pump_out_target, 'day')],
    [
      'Installation',
      `${inputs.installation_location ?? NOT_GIVEN}${data.labels.insideLocation ? `, ${data.labels.insideLocation}` : ''}${depth}${inputs.installed_in_traffic_area ? ', traffic area' : ''}${inputs.installed_in_high_water_area ? ', high water table' : ''}`,
    ],
    ['Pipe size', pipe === null ? NOT_GIVEN : pipeSizeLabel(pipe.value, units)],
    ['Drainage period', `${period} (the fixtures’ ${period} flows are used)`],
  ]);

  heading(l, `Fixture schedule (${plural(sizing.fixtures.length, 'fixture')})`);
  if (sizing.fixtures.length === 0) text('No fixtures entered.');
  else fixtureSchedule(doc, l, sizing, units, period);

  // --- Calculation sheet ------------------------------------------------------------------------
  heading(l, 'Calculation sheet', 90);
  doc.fontSize(8).fillColor(MUTED);
  text(
    `Each row: what it decides, the formula, the values used, the result, and the code section or published document behind it. ${
      units === 'metric'
        ? 'Figures in metric, each followed by the US figure in brackets: the formulas are the codes’ own and work in US units (1 in = 25.4 mm, 1 gal = 3.785 L, 1 GPM = 0.0631 L/s, 1 lb = 0.4536 kg).'
        : 'Figures in US units, as the codes state them.'
    }`,
  );
  doc.fillColor(INK).moveDown(0.2);
  for (const g of SHEET_GROUPS) {
    const steps = sizing.derivation.filter((s) => g.groups.includes(s.group));
    if (steps.length === 0) continue;
    l.keep(50);
    doc.moveDown(0.3).font(BOLD).fontSize(9.5).fillColor(INK);
    text(g.title);
    doc.moveDown(0.1);
    table(
      l,
      [
        { title: 'Step', width: 17 },
        { title: 'Formula', width: 21 },
        { title: 'Values', width: 25 },
        { title: 'Result', width: 12 },
        { title: 'Source', width: 25 },
      ],
      steps.map((s) => ({
        cells: [
          s.label,
          s.formula,
          stepValues(s, units),
          stepValue(s.result.value, s.result.unit, units),
          s.source,
        ],
        note: s.note ? say(s.note) : null,
      })),
    );
  }

  // --- Sources ----------------------------------------------------------------------------------
  heading(l, 'Rules and sources');
  doc.fontSize(8.5);
  text(say(sizing.rules_source.summary));
  doc.moveDown(0.3);
  for (const d of sizing.rules_source.documents) {
    const line = `• ${d.title}, ${d.section}. ${d.url} (read ${dateText(d.read)})`;
    l.keep(doc.heightOfString(line, { width }) + 2);
    text(line);
  }
  const codes = ['UPC: International Association of Plumbing and Mechanical Officials, Uniform Plumbing Code (sections and tables as cited).', 'PDI-G101: Plumbing and Drainage Institute, Testing and Rating Procedure for Hydro Mechanical Grease Interceptors.', 'Schier, “Grease Production Sizing”: Schier Products, published sizing guide.'];
  for (const c of codes) {
    l.keep(14);
    text(`• ${c}`);
  }
  doc.fontSize(9);

  // --- The unit's data sheet --------------------------------------------------------------------
  if (r.product) {
    renderDataSheet(doc, l, { sizing, product, units, showPrice: data.showPrice === true, dimensionImage: data.dimensionImage, say });
  }

  // --- Disclaimer and sign-off ------------------------------------------------------------------
  const disclaimer = REPORT_DISCLAIMER;
  heading(l, 'Disclaimer and sign-off', 150);
  doc.fontSize(8).fillColor(MUTED);
  text(disclaimer);
  doc.fontSize(9).fillColor(INK);
  doc.moveDown(0.8);
  l.keep(95);
  const top = doc.y;
  const half = (width - 20) / 2;
  const block = (x: number, title: string, who: string) => {
    doc.font(BOLD).fontSize(8.5).text(title, x, top, { width: half });
    doc.font(REGULAR).fontSize(9).text(printable(who), x, doc.y, { width: half });
    const lineAt = (label: string, y: number) => {
      doc.moveTo(x, y).lineTo(x + half, y).strokeColor(MUTED).lineWidth(0.6).stroke();
      doc.fontSize(8).fillColor(MUTED).text(label, x, y + 2, { width: half });
      doc.fontSize(9).fillColor(INK);
    };
    lineAt('Signature', top + 48);
    lineAt('Date', top + 78);
  };
  block(MARGIN, 'Prepared by', repGiven ? [rep.name, rep.company].filter(Boolean).join(', ') : ' ');
  block(MARGIN + half + 20, 'Reviewed and approved by (engineer of record)', p.engineer.email === UNKNOWN_ENGINEER.email ? ' ' : (p.engineer.name ?? ' '));
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
      doc.font(BOLD).fontSize(110).fillColor('#c0392b').fillOpacity(0.1);
      doc.text('DRAFT', 0, doc.page.height / 2 - 60, { width: doc.page.width, align: 'center', lineBreak: false });
      doc.restore();
    }
    doc.font(REGULAR).fontSize(7.5).fillColor(MUTED).fillOpacity(1);
    doc.text(printable(`${p.name} · project ${projectReference(p.id)} · made ${made} with Fieldsizer ${data.appVersion}`), MARGIN, doc.page.height - MARGIN, {
      width: width - 80,
      lineBreak: false,
      ellipsis: true,
      height: 10,
    });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, MARGIN + width - 80, doc.page.height - MARGIN, { width: 80, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return done;
}

/**
 * The fixture schedule: one row per kind of fixture with the same sizes and figures (a count for
 * repeats, so 200 fixtures stay a short table), the flow column the rules use marked, and why a
 * fixture is not counted. Under it, the formulas and sources of the fixtures' figures.
 */
function fixtureSchedule(doc: Doc, l: ReturnType<typeof layout>, sizing: SizingResponse, units: ReportUnits, period: 'one-minute' | 'two-minute'): void {
  const step = new Map(sizing.derivation.map((s) => [s.key, s]));
  const rows = new Map<string, { cells: string[]; count: number }>();
  const sources = new Set<string>();
  sizing.fixtures.forEach((f, i) => {
    const key = `fixture.${i + 1}`;
    const dims = f.dimensions?.standard ?? null;
    const shown = (inches: number) => lengthText(inches, units).replace(/ (in|mm)$/, '');
    const size = dims ? `${shown(dims.length.value)} × ${shown(dims.width.value)} × ${lengthText(dims.height.value, units)}${f.compartments && f.compartments > 1 ? ` × ${f.compartments}` : ''}${f.uses_typical_dimensions ? ' (typical)' : ''}` : '—';
    const volume = step.get(`${key}.volume`);
    const load = step.get(`${key}.load`);
    const flowStep = step.get(`${key}.flow`);
    const dfuStep = step.get(`${key}.dfu`);
    for (const s of [flowStep, dfuStep]) if (s && !s.key.endsWith('.volume')) sources.add(s.source);
    const num = (v: unknown, unit: string) => (typeof v === 'number' ? figure(v, unit, units) : '—');
    const excluded = flowStep?.note?.startsWith('Left out') ? flowStep.note.replace(/^Left out of the interceptor's load: ?/, '') : null;
    const cells = [
      f.name,
      size,
      num(volume?.result.value, 'gal'),
      num(load?.result.value, 'gal'),
      figure(f.flow_rate.one_minute.standard.value, 'GPM', units),
      figure(f.flow_rate.two_minute.standard.value, 'GPM', units),
      dfuStep?.result.value === null ? '—' : String(f.flow_rate.dfu),
      excluded ? `no: ${excluded}` : 'yes',
    ];
    const id = cells.join('\u0000');
    const row = rows.get(id);
    if (row) row.count += 1;
    else rows.set(id, { cells, count: 1 });
  });
  const used = (p: 'one-minute' | 'two-minute', title: string) => (p === period ? `${title} (used)` : title);
  table(
    l,
    [
      { title: 'Fixture', width: 15 },
      { title: 'Count', width: 6, align: 'right' },
      { title: `L × W × D${units === 'metric' ? ' (mm)' : ' (in)'}`, width: 17 },
      { title: 'Volume', width: 10, align: 'right' },
      { title: 'Drainage load', width: 10, align: 'right' },
      { title: used('one-minute', '1-min flow'), width: 11, align: 'right' },
      { title: used('two-minute', '2-min flow'), width: 11, align: 'right' },
      { title: 'DFU', width: 5, align: 'right' },
      { title: 'Counted', width: 15 },
    ],
    [...rows.values()].map((r) => ({ cells: [r.cells[0]!, String(r.count), ...r.cells.slice(1)] })),
  );
  doc.moveDown(0.3).font(REGULAR).fontSize(7.5).fillColor(MUTED);
  const notes = [
    'Basins: volume = L × W × D × compartments ÷ 231 (gal); drainage load = 75 % of the volume; flow = load ÷ drainage period (PDI-G101). DFU: UPC Table 702.1 unless noted.',
    ...[...sources].map((s) => `Flow or DFU: ${s}`),
  ];
  for (const n of notes) {
    const t = printable(units === 'metric' ? unitsText(n, units) : n);
    l.keep(doc.heightOfString(t, { width: l.width }) + 1);
    doc.text(t, MARGIN, doc.y, { width: l.width });
  }
  doc.fillColor(INK).fontSize(9);
}
