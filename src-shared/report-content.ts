/**
 * What the sizing report says, built once for both places it is read (issue 30): the report
 * screen (and its Print) and the PDF (src-main/engine/report). Each part is plain text in rows and
 * cells, in the report's units and its one date format; the PDF lays the same strings out with
 * pdfkit and the screen with HTML, so a plan reviewer reads the same words in both. The list price
 * is only in the rows when the rep chose to show it. Pure, so the renderer bundles it.
 */
import { dateText } from './dates.js';
import { figure, lengthText, pipeSizeLabel, unitsText, type UnitSystem } from './display-units.js';
import { count as plural } from './plural.js';
import { projectReference } from './project-reference.js';
import { governingRule, SHEET_GROUPS, stepValue, stepValues } from './report-words.js';
import { INSIDE_TRAP_LOCATION_LABELS, SIZING_METHOD_LABELS } from './api/vocabulary.js';
import { UNKNOWN_ENGINEER } from './api/project-write.js';
import { MENU_TYPES } from './sizing/tables.js';
import { accessoryKindWords } from './sizing/jurisdiction-rules.js';
import type { Product } from './api/catalog.js';
import type { Project } from './api/people.js';
import type { SizingResponse } from './api/sizing.js';
import type { MediaItem } from './media.js';

type SizingBody = Omit<SizingResponse, 'object'>;
type Listed = Omit<SizingBody['recommendation']['alternatives'][number], 'checks'>;
/**
 * The sizing as the report reads it: the API's response, or the screen's copy of it (whose
 * alternatives and failed units come without their checks; the report prints neither).
 */
export type ReportSizing = Omit<SizingBody, 'recommendation'> & {
  recommendation: Omit<SizingBody['recommendation'], 'alternatives' | 'failed'> & { alternatives: Listed[]; failed: Listed[] };
};
/** A label and its value. */
export type Pair = [string, string];
/** The rep's details printed on the report (Settings → Your details on reports). */
export interface ReportRep {
  company: string;
  name: string;
  email: string;
  phone: string;
}

export interface TableColumn {
  title: string;
  /** Share of the table's width, in per cent (the PDF's layout; the screen lets the browser size it). */
  width: number;
  align?: 'left' | 'right';
}
export interface ContentTable {
  columns: TableColumn[];
  rows: { cells: string[]; note?: string | null }[];
}

/** Inputs a project from the central service did not state may be null (issue 11): printed as "not given". */
type Stated<T> = { [K in keyof T]: T[K] | null };
const NOT_GIVEN = 'not given';
const NO_UNIT = 'No unit can be recommended for these inputs.';

const repGiven = (rep: ReportRep | null): rep is ReportRep => rep !== null && [rep.company, rep.name, rep.email, rep.phone].some((v) => v !== '');

/** The letterhead's lines: the rep's company and contact, or the blank the rep chose to fill by hand. */
export function letterhead(rep: ReportRep | null): { title: string; contact: string | null; blank: boolean } {
  if (!repGiven(rep)) return { title: 'Prepared by: ______________________________ (rep’s details left blank to fill in by hand)', contact: null, blank: true };
  return { title: rep.company || rep.name, contact: [rep.company ? rep.name : '', rep.email, rep.phone].filter(Boolean).join(' · ') || null, blank: false };
}

export const REPORT_TITLE = 'Grease interceptor sizing report';

/** The line under the project's name: reference, status, version, the day the report was made, the units. */
export function reportSubtitle(p: Pick<Project, 'id' | 'status' | 'version'>, made: Date, units: UnitSystem): string {
  return `Project ${projectReference(p.id)} · ${p.status} · version ${p.version ?? ''} · report made ${dateText(made)} · figures in ${units === 'metric' ? 'metric units' : 'US units'}`;
}

/** The line at the foot of every page. */
export function reportFooter(p: Pick<Project, 'id' | 'name'>, made: Date, appVersion: string): string {
  return `${p.name} · project ${projectReference(p.id)} · made ${dateText(made)} with Fieldsizer ${appVersion}`;
}

/**
 * The kept picture the data sheet shows (the media store's copies, issue 31): the dimension
 * picture, the larger size first, and only a PNG or JPEG (what the PDF embeds); else the drawing.
 */
export function keptDataSheetPicture(items: readonly Pick<MediaItem, 'field' | 'path' | 'content_type'>[]): string | null {
  for (const field of ['images.dimension.md', 'images.dimension.sm']) {
    const item = items.find((i) => i.field === field);
    if (item?.path && /^image\/(png|jpeg)\b/i.test(item.content_type ?? '')) return item.path;
  }
  return null;
}

/** The engineer as a reviewer reads it: the placeholder of an engineer not named yet says so. */
export function engineerText(p: Pick<Project, 'engineer'>): string {
  if (p.engineer.email === UNKNOWN_ENGINEER.email) return 'not named yet (to be added before submittal)';
  const company = (p.engineer as { company?: { name?: string | null } | null }).company?.name ?? null;
  return [p.engineer.name, company, p.engineer.email].filter(Boolean).join(' · ') || 'not named yet';
}

/** The recommended unit in one line ("2 × Big Dipper, model W-250-IS (parallel)"), or why there is none. */
export function unitHeadline(sizing: ReportSizing, units: UnitSystem): string {
  const r = sizing.recommendation;
  if (!r.product) return unitsText(r.no_recommendation?.message ?? NO_UNIT, units);
  return `${r.units > 1 ? `${r.units} × ` : ''}${r.product.name}, model ${r.product.part_number}${r.arrangement && r.arrangement !== 'single' ? ` (${r.arrangement})` : ''}`;
}

/** What would give a unit when none fits. */
export function noUnitSuggestions(sizing: ReportSizing, units: UnitSystem): string[] {
  return sizing.recommendation.product ? [] : (sizing.recommendation.no_fit?.suggestions ?? []).map((s) => unitsText(s, units));
}

const connectionsOf = (product: Product | null) => product?.options.data.filter((o) => o.option_type === 'connection').map((o) => o.name) ?? [];
const bare = (inches: number, units: UnitSystem) => lengthText(inches, units).replace(/ (in|mm)$/, '');

/** Page 1's answer: rating, capacities, connections, dimensions, the governing rule with its source, the pump-out cycle. */
export function answerRows(sizing: ReportSizing, product: Product | null, units: UnitSystem): Pair[] {
  const r = sizing.recommendation;
  if (!r.product) return [];
  const rows: Pair[] = [];
  if (r.rating) rows.push(['Rating', `${figure(r.rating.flow_gpm, 'GPM', units)} flow, ${figure(r.rating.grease_lbs, 'lb', units)} grease capacity${r.rating.label ? ` (${r.rating.label})` : ''}`]);
  if (product?.liquid_capacity) rows.push(['Liquid capacity', figure(product.liquid_capacity.standard.value, product.liquid_capacity.standard.unit, units)]);
  if (product?.solids_capacity) rows.push(['Solids capacity', figure(product.solids_capacity.standard.value, product.solids_capacity.standard.unit, units)]);
  if (product) {
    rows.push(['Inlet / outlet', connectionsOf(product).join('; ') || 'not listed in the catalog']);
    if (product.base_dimensions) {
      const d = product.base_dimensions.standard;
      rows.push(['Dimensions (L × W × H)', `${bare(d.length.value, units)} × ${bare(d.width.value, units)} × ${lengthText(d.height.value, units)}; ${figure(d.weight.value, d.weight.unit, units)}`]);
    }
  }
  rows.push(['Governing rule', governingRule(sizing, units)]);
  rows.push(['Pump-out cycle', sizing.pump_out_cycle === null ? '—' : `every ${plural(sizing.pump_out_cycle, 'day')}${r.pump_out_basis === 'maximum-interval' ? ' (the longest interval allowed: no servings entered)' : ''}`]);
  return rows;
}

/** Project and site: address, jurisdiction, method, engineer of record, who prepared it, construction. */
export function projectRows(p: Project, sizing: ReportSizing, rep: ReportRep | null): Pair[] {
  const a = p.address;
  return [
    ['Site address', [a.street, a.street_2, a.city, a.state, a.postal_code].filter(Boolean).join(', ') || 'not entered'],
    ['Jurisdiction', p.jurisdiction ? `${p.jurisdiction.name}${p.jurisdiction.plumbing_code ? ` (${p.jurisdiction.plumbing_code})` : ''}` : 'none: the default rules (UPC)'],
    ['Sizing method', SIZING_METHOD_LABELS[sizing.sizing_method] ?? sizing.sizing_method],
    ['Engineer of record', engineerText(p)],
    ['Prepared by', repGiven(rep) ? [rep.name, rep.company, rep.email, rep.phone].filter(Boolean).join(' · ') : '______________________________ (left blank by the rep)'],
    ['Construction', p.construction_type],
  ];
}

/** The drainage period whose fixture flows the rules use. */
export function drainagePeriod(sizing: ReportSizing): 'one-minute' | 'two-minute' {
  return sizing.derivation.find((s) => s.key === 'flow.period')?.result.value === 'one-minute' ? 'one-minute' : 'two-minute';
}

/** The kitchen and its installation, as entered. */
export function kitchenRows(p: Project, sizing: ReportSizing, units: UnitSystem): Pair[] {
  const inputs = p as Stated<Project>;
  const yes = (b: boolean | null) => (b === null ? NOT_GIVEN : b ? 'yes' : 'no');
  const menu = inputs.menu_type === null ? NOT_GIVEN : (MENU_TYPES.find((t) => t.key === inputs.menu_type)?.label ?? inputs.menu_type);
  const indoors = inputs.installation_location?.toLowerCase().startsWith('indoor') ?? false;
  const inside = indoors && inputs.inside_trap_location ? (INSIDE_TRAP_LOCATION_LABELS[inputs.inside_trap_location] ?? null) : null;
  const burial = inputs.burial_depth;
  const depth = inputs.buried && burial ? `, buried ${lengthText(burial.value, units)}` : '';
  const period = drainagePeriod(sizing);
  return [
    ['Menu', menu],
    ['Servings per day', inputs.servings_per_day === null ? NOT_GIVEN : inputs.servings_per_day.toLocaleString('en-US')],
    ['Fryer / flatware / disposer', `${yes(inputs.fryer)} / ${yes(inputs.flatware)} / ${yes(inputs.food_waste_disposer)}`],
    ['Pump-out target', inputs.pump_out_target === null ? NOT_GIVEN : plural(inputs.pump_out_target, 'day')],
    [
      'Installation',
      `${inputs.installation_location ?? NOT_GIVEN}${inside ? `, ${inside}` : ''}${depth}${inputs.installed_in_traffic_area ? ', traffic area' : ''}${inputs.installed_in_high_water_area ? ', high water table' : ''}`,
    ],
    ['Pipe size', inputs.pipe_size === null ? NOT_GIVEN : pipeSizeLabel(inputs.pipe_size.value, units)],
    ['Drainage period', `${period} (the fixtures’ ${period} flows are used)`],
  ];
}

export const NO_FIXTURES = 'No fixtures entered.';

export const fixtureScheduleTitle = (sizing: ReportSizing): string => `Fixture schedule (${plural(sizing.fixtures.length, 'fixture')})`;

/**
 * The fixture schedule: one row per kind of fixture with the same sizes and figures (a count for
 * repeats, so 200 fixtures stay a short table), the flow column the rules use marked, and why a
 * fixture is not counted. Under it (`notes`), the formulas and sources of the fixtures' figures.
 */
export function fixtureSchedule(sizing: ReportSizing, units: UnitSystem): ContentTable & { notes: string[] } {
  const period = drainagePeriod(sizing);
  const step = new Map(sizing.derivation.map((s) => [s.key, s]));
  const rows = new Map<string, { cells: string[]; count: number }>();
  const sources = new Set<string>();
  sizing.fixtures.forEach((f, i) => {
    const key = `fixture.${i + 1}`;
    const dims = f.dimensions?.standard ?? null;
    const size = dims ? `${bare(dims.length.value, units)} × ${bare(dims.width.value, units)} × ${lengthText(dims.height.value, units)}${f.compartments && f.compartments > 1 ? ` × ${f.compartments}` : ''}${f.uses_typical_dimensions ? ' (typical)' : ''}` : '—';
    const volume = step.get(`${key}.volume`);
    const load = step.get(`${key}.load`);
    const flowStep = step.get(`${key}.flow`);
    const dfuStep = step.get(`${key}.dfu`);
    for (const s of [flowStep, dfuStep]) if (s) sources.add(s.source);
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
      excluded ? `no: ${unitsText(excluded, units)}` : 'yes',
    ];
    const id = cells.join('\u0000');
    const row = rows.get(id);
    if (row) row.count += 1;
    else rows.set(id, { cells, count: 1 });
  });
  const used = (p: 'one-minute' | 'two-minute', title: string) => (p === period ? `${title} (used)` : title);
  const notes = [
    'Basins: volume = L × W × D × compartments ÷ 231 (gal); drainage load = 75 % of the volume; flow = load ÷ drainage period (PDI-G101). DFU: UPC Table 702.1 unless noted.',
    ...[...sources].map((s) => `Flow or DFU: ${s}`),
  ].map((n) => unitsText(n, units));
  return {
    columns: [
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
    rows: [...rows.values()].map((r) => ({ cells: [r.cells[0]!, String(r.count), ...r.cells.slice(1)] })),
    notes,
  };
}

/** The sentence above the calculation sheet. */
export function sheetIntro(units: UnitSystem): string {
  return `Each row: what it decides, the formula, the values used, the result, and the code section or published document behind it. ${
    units === 'metric'
      ? 'Figures in metric, each followed by the US figure in brackets: the formulas are the codes’ own and work in US units (1 in = 25.4 mm, 1 gal = 3.785 L, 1 GPM = 0.0631 L/s, 1 lb = 0.4536 kg).'
      : 'Figures in US units, as the codes state them.'
  }`;
}

/** The calculation sheet: one table per group of what the steps decide, each row with its citation. */
export function calculationSheet(sizing: ReportSizing, units: UnitSystem): (ContentTable & { title: string })[] {
  const columns: TableColumn[] = [
    { title: 'Step', width: 17 },
    { title: 'Formula', width: 21 },
    { title: 'Values', width: 25 },
    { title: 'Result', width: 12 },
    { title: 'Source', width: 25 },
  ];
  return SHEET_GROUPS.flatMap((g) => {
    const steps = sizing.derivation.filter((s) => g.groups.includes(s.group));
    if (steps.length === 0) return [];
    return [
      {
        title: g.title,
        columns,
        rows: steps.map((s) => ({
          cells: [s.label, s.formula, stepValues(s, units), stepValue(s.result.value, s.result.unit, units), s.source],
          note: s.note ? unitsText(s.note, units) : null,
        })),
      },
    ];
  });
}

/** The codes and guides the calculation cites, by their full titles. */
const CODES = [
  'UPC: International Association of Plumbing and Mechanical Officials, Uniform Plumbing Code (sections and tables as cited).',
  'PDI-G101: Plumbing and Drainage Institute, Testing and Rating Procedure for Hydro Mechanical Grease Interceptors.',
  'Schier, “Grease Production Sizing”: Schier Products, published sizing guide.',
];

/** Rules and sources: where the rules come from, the authority's documents with address and date read, the codes' full titles. */
export function sources(sizing: ReportSizing, units: UnitSystem): { summary: string; items: string[] } {
  return {
    summary: unitsText(sizing.rules_source.summary, units),
    items: [...sizing.rules_source.documents.map((d) => `${d.title}, ${d.section}. ${d.url} (read ${dateText(d.read)})`), ...CODES],
  };
}

export const dataSheetTitle = (sizing: ReportSizing): string | null => {
  const p = sizing.recommendation.product;
  return p ? `Unit data sheet: ${p.name}, model ${p.part_number}` : null;
};

/** The unit's figures beside its picture or drawing; the list price only when the rep chose it. */
export function dataSheetRows(sizing: ReportSizing, product: Product | null, units: UnitSystem, showPrice: boolean): Pair[] {
  const r = sizing.recommendation;
  if (!r.product) return [];
  if (!product) return [['Model', r.product.part_number]];
  const rows: Pair[] = [['Type', product.type]];
  if (r.rating) rows.push(['Rated flow', figure(r.rating.flow_gpm, 'GPM', units)], ['Grease capacity', figure(r.rating.grease_lbs, 'lb', units)]);
  if (product.liquid_capacity) rows.push(['Liquid capacity', figure(product.liquid_capacity.standard.value, product.liquid_capacity.standard.unit, units)]);
  if (product.solids_capacity) rows.push(['Solids capacity', figure(product.solids_capacity.standard.value, product.solids_capacity.standard.unit, units)]);
  if (product.base_dimensions) {
    const d = product.base_dimensions.standard;
    rows.push(['Length', lengthText(d.length.value, units)], ['Width', lengthText(d.width.value, units)], ['Height', lengthText(d.height.value, units)], ['Weight', figure(d.weight.value, d.weight.unit, units)]);
  }
  rows.push(['Inlet / outlet', connectionsOf(product).join('; ') || 'not listed in the catalog']);
  if (product.installation_options) rows.push(['Installs', product.installation_options.location_as_text + (product.installation_options.traffic_area ? '; traffic-rated' : '')]);
  rows.push(['Certifications', product.certifications.map((c) => c.name).join('; ') || 'none listed in the catalog']);
  if (product.spec_sheet.pdf) rows.push(['Manufacturer’s spec sheet', product.spec_sheet.pdf]);
  if (showPrice && product.price) rows.push(['List price', `$${product.price.list}`]);
  return rows;
}

/** The first connection: what the drawing marks at its inlet and outlet. */
export const drawingConnection = (product: Product | null): string | null => connectionsOf(product)[0] ?? null;

/** "Why this unit": the engine's reasons in the report's units. */
export const whyThisUnit = (sizing: ReportSizing, units: UnitSystem): string[] => sizing.recommendation.reasons.map((r) => unitsText(r, units));

export const NO_ACCESSORIES = 'None needed for this installation.';
export const ACCESSORIES_TITLE = 'Accessories and flow control';
export const WHY_THIS_UNIT = 'Why this unit';
export const NO_DRAWING = 'No dimensions in the catalog: see the manufacturer’s spec sheet.';

/** Accessories and flow control with their part numbers and why each is needed. */
export function accessoryTable(sizing: ReportSizing, units: UnitSystem): ContentTable {
  return {
    columns: [
      { title: 'Qty', width: 6, align: 'right' },
      { title: 'Item', width: 30 },
      { title: 'Part number', width: 16 },
      { title: 'Why', width: 48 },
    ],
    rows: sizing.recommended_accessories.map((a) => ({
      cells: [
        a.quantity === null ? '—' : String(a.quantity),
        a.product ? a.product.name : `${accessoryKindWords(a.kind)}: none in this catalog fits the unit`,
        a.product ? a.product.part_number : 'order separately',
        [unitsText(a.reason, units), a.note ? unitsText(a.note, units) : null].filter(Boolean).join(' '),
      ],
    })),
  };
}

/** "2 units in parallel." under the accessories, when more than one unit is needed. */
export function arrangementLine(sizing: ReportSizing): string | null {
  const r = sizing.recommendation;
  return r.units > 1 ? `${plural(r.units, 'unit')} in ${r.arrangement ?? 'parallel'}.` : null;
}

/** The names over the two signature lines; a blank where the rep or the engineer is not named yet. */
export function signOff(p: Pick<Project, 'engineer'>, rep: ReportRep | null): { preparedBy: string; engineer: string } {
  return {
    preparedBy: repGiven(rep) ? [rep.name, rep.company].filter(Boolean).join(', ') : ' ',
    engineer: p.engineer.email === UNKNOWN_ENGINEER.email ? ' ' : (p.engineer.name ?? ' '),
  };
}

export const SIGN_OFF_TITLES = { preparedBy: 'Prepared by', engineer: 'Reviewed and approved by (engineer of record)' } as const;
