/**
 * What the report says in the same words on screen (ReportScreen) and on paper (report-pdf.ts):
 * the rule that governed the unit's size in one sentence with its source, the calculation sheet's
 * groups, a step's values. Pure, so the renderer bundles it.
 */
import { figure, stepFigure, unitsText, type UnitSystem } from './display-units.js';
import { count as plural } from './plural.js';
import type { SizingResponse } from './api/sizing.js';
import type { DerivationGroup, DerivationStep } from './sizing/derivation.js';

/** The calculation sheet's tables, by what their steps decide; the fixtures' own steps are the fixture schedule. */
export const SHEET_GROUPS: { title: string; groups: DerivationGroup[] }[] = [
  { title: 'Flow', groups: ['flow'] },
  { title: 'Volume', groups: ['volume'] },
  { title: 'Grease and pump-out', groups: ['grease', 'pump-out'] },
  { title: 'Selection', groups: ['selection'] },
];

type Step = Pick<DerivationStep, 'key' | 'inputs' | 'formula' | 'source' | 'note'>;
type Design = Pick<SizingResponse['recommendation']['design'], 'required_volume_gal' | 'required_volume_basis' | 'required_rating_gpm' | 'sized_by_gpm' | 'required_grease_lbs' | 'pump_out_target_days'>;
/** What the sentences read of a sizing (the API's response or the engine's own). */
export interface SheetSizing {
  derivation: readonly Step[];
  recommendation: { design: Design };
}

/** A step's value as printed: figures in the chosen units, yes/no for a flag, a dash for none. */
export function stepValue(v: string | number | boolean | null, unit: string | null, units: UnitSystem): string {
  if (typeof v === 'number') return figure(v, unit, units);
  if (v === null) return '—';
  return `${typeof v === 'boolean' ? (v ? 'yes' : 'no') : v}${unit ? ` ${unit}` : ''}`;
}

/** A step's values; the same value repeated (34 prep sinks in a sum) is shown once with its count. */
export function stepValues(s: Step, units: UnitSystem): string {
  const counted = new Map<string, number>();
  for (const q of s.inputs) {
    const v = `${q.name} = ${typeof q.value === 'number' ? stepFigure(q.name, q.value, q.unit, units) : stepValue(q.value, q.unit, units)}`;
    counted.set(v, (counted.get(v) ?? 0) + 1);
  }
  return [...counted].map(([v, n]) => (n > 1 ? `${n} × ${v}` : v)).join('; ') || '—';
}

/** The one sentence of the rule that decided the unit's size, with its source. */
export function governingRule(sizing: SheetSizing, units: UnitSystem): string {
  const say = (s: string) => unitsText(s, units);
  const step = (key: string) => sizing.derivation.find((s) => s.key === key);
  const d = sizing.recommendation.design;
  const volume = step('volume.required');
  if (d.required_volume_gal !== null && volume) {
    // The basis reads "<rule's name>: <figures>"; the sentence keeps the figures and names the document.
    const basis = say((d.required_volume_basis ?? volume.note ?? '').replace(/^[^:]*: /, ''));
    return `Liquid capacity of at least ${figure(d.required_volume_gal, 'gal', units)}${basis ? ` (${basis})` : ''}: ${volume.source.split(': ')[0]}.`;
  }
  const design = step('flow.design');
  const grease = step('grease.over-target');
  const flowPart = `a flow rating of at least ${figure(d.required_rating_gpm, 'GPM', units)} for a design flow of ${figure(d.sized_by_gpm, 'GPM', units)}${design ? ` (${design.formula}; ${design.source})` : ''}`;
  const greasePart = `grease capacity for ${figure(d.required_grease_lbs, 'lb', units)} over ${plural(d.pump_out_target_days, 'day')}${grease ? ` (${grease.source})` : ''}`;
  return `${flowPart[0]!.toUpperCase()}${flowPart.slice(1)}, then ${greasePart}.`;
}

/** The disclaimer above the sign-off. */
export const REPORT_DISCLAIMER =
  'This sizing follows the plumbing code and the local authority’s published rules as cited above, as stored on the preparing device on the date above, and the manufacturer ratings of the catalog then. It is a recommendation for review: the engineer of record confirms the design against the code in force and the local authority having jurisdiction before installation.';
