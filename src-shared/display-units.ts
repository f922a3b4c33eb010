/**
 * Metric mode: how a figure the engine holds in US units (GPM, gal, lb, in: the units the codes
 * state and the engine computes in, src-shared/sizing/units.ts) is typed, shown and printed in
 * the chosen unit system. The store and the API keep the US (canonical) value; this only converts
 * at the edges: the editor's inputs, the engine's sentences and calculation steps on screen, and
 * the report PDF. Pure and zod-free, so the renderer bundles it.
 *
 * Lengths a rep types (fixture sizes, burial depth) are in mm in metric, pipes by their DN
 * (ISO 6708 nominal size, the metric name of the same pipe), flows in L/s, volumes in L, weights
 * in kg. Conversion factors come from the one table of the sizing (units.ts, NIST definitions).
 */
import { CONVERSIONS, LITRES_PER_GALLON, KILOGRAMS_PER_POUND, roundForDisplay, roundTo } from './sizing/units.js';

export type UnitSystem = 'standard' | 'metric';

export const MILLIMETRES_PER_INCH = 25.4;

/** The inputs a rep types with a unit: the unit in each system and metric = standard × factor. */
export const INPUT_UNITS = {
  // Whole mm: the API shows lengths to 0.01 in (0.25 mm), so a length typed in mm reads back as typed.
  length: { standard: 'in', metric: 'mm', factor: MILLIMETRES_PER_INCH, decimals: { standard: 3, metric: 0 } },
  flow: { standard: 'GPM', metric: 'L/s', factor: CONVERSIONS.flow.factor, decimals: { standard: 3, metric: 3 } },
} as const;
export type InputQuantity = keyof typeof INPUT_UNITS;

/** The unit an input is typed in ("in", "mm", "GPM", "L/s"). */
export const inputUnit = (quantity: InputQuantity, units: UnitSystem): string => INPUT_UNITS[quantity][units];

/**
 * A canonical (US) value as the input shows it in `units`, rounded to what a rep types (1 mm,
 * 0.001 L/s; 0.001 in for a length typed in mm and shown in inches).
 */
export function toShownInput(quantity: InputQuantity, canonical: number, units: UnitSystem): number {
  const q = INPUT_UNITS[quantity];
  return roundTo(units === 'standard' ? canonical : canonical * q.factor, q.decimals[units]);
}

/** A value typed in `units` as the canonical (US) value the store keeps. */
export function toCanonicalInput(quantity: InputQuantity, typed: number, units: UnitSystem): number {
  return units === 'standard' ? typed : typed / INPUT_UNITS[quantity].factor;
}

/** A length kept in inches as the editor shows it: "24 in", or "610 mm" in metric. */
export function lengthText(inches: number, units: UnitSystem): string {
  return `${toShownInput('length', inches, units).toLocaleString('en-US')} ${inputUnit('length', units)}`;
}

/**
 * The DN (ISO 6708 nominal size) of a US nominal pipe size: the same pipe's metric designation
 * (ASME B36.10M lists NPS 2 = DN 50, 3 = DN 80, 4 = DN 100 …). Sizes not listed have no DN here.
 */
export const PIPE_DN: Readonly<Record<number, number>> = { 1.25: 32, 1.5: 40, 2: 50, 2.5: 65, 3: 80, 4: 100, 5: 125, 6: 150, 8: 200 };

/** "4 in" or, in metric, "DN 100 (4 in)": the pipe keeps its US size beside its DN, as the code tables list it. */
export function pipeSizeLabel(inches: number, units: UnitSystem): string {
  const dn = PIPE_DN[inches];
  if (units === 'standard') return `${number(inches)} in`;
  return dn === undefined ? `${number(inches * MILLIMETRES_PER_INCH)} mm (${number(inches)} in)` : `DN ${dn} (${number(inches)} in)`;
}

/**
 * Metric per US unit, for the units the engine writes (and "lbs", the API's spelling of lb).
 * Lengths come to whole mm: the engine's figures are rounded to 0.01 in (0.25 mm), so a length
 * typed in whole mm reads back as typed (610 mm, not 610.11 mm).
 */
const METRIC_OF: Record<string, { unit: string; factor: number; decimals?: number }> = {
  GPM: { unit: 'L/s', factor: CONVERSIONS.flow.factor },
  gal: { unit: 'L', factor: LITRES_PER_GALLON },
  lb: { unit: 'kg', factor: KILOGRAMS_PER_POUND },
  lbs: { unit: 'kg', factor: KILOGRAMS_PER_POUND },
  in: { unit: 'mm', factor: MILLIMETRES_PER_INCH, decimals: 0 },
  'sq in': { unit: 'sq cm', factor: CONVERSIONS.area.factor },
};

/**
 * The metric unit and factor of a US unit, also of a ratio ("GPM/FU" → "L/s/FU", "lb/gal" →
 * "kg/L"); null when nothing in it converts (DFU, days, min).
 */
export function metricUnitOf(unit: string): { unit: string; factor: number; decimals?: number } | null {
  const direct = METRIC_OF[unit];
  if (direct) return direct;
  const slash = unit.indexOf('/');
  if (slash <= 0) return null;
  const top = METRIC_OF[unit.slice(0, slash)];
  const bottom = METRIC_OF[unit.slice(slash + 1)];
  if (!top && !bottom) return null;
  return { unit: `${top?.unit ?? unit.slice(0, slash)}/${bottom?.unit ?? unit.slice(slash + 1)}`, factor: (top?.factor ?? 1) / (bottom?.factor ?? 1) };
}

const number = (n: number, decimals?: number): string =>
  (decimals === undefined ? roundForDisplay(n) : roundTo(n, decimals)).toLocaleString('en-US', { maximumFractionDigits: 3 });
const unitWord = (unit: string) => (unit === 'lbs' ? 'lb' : unit);

/** A named figure of a calculation step: a pipe size reads as a pipe ("DN 100 (4 in)"), the rest as `figure`. */
export function stepFigure(name: string, value: number, unit: string | null, units: UnitSystem): string {
  return unit === 'in' && /\bpipe\b/i.test(name) ? pipeSizeLabel(value, units) : figure(value, unit, units);
}

/**
 * A figure with its unit as shown in `units`: "35 GPM"; in metric "2.21 L/s (35 GPM)": the US
 * figure stays beside it, because the code's formulas (÷ 231, × 7.3 lb/gal …) work in US units
 * and a reviewer checks a step with them. Units with nothing to convert are shown as they are.
 */
export function figure(value: number, unit: string | null, units: UnitSystem): string {
  const us = `${number(value)}${unit ? ` ${unitWord(unit)}` : ''}`;
  if (units === 'standard' || !unit) return us;
  const metric = metricUnitOf(unit);
  return metric ? `${number(value * metric.factor, metric.decimals)} ${metric.unit} (${us})` : us;
}

// --- The engine's sentences ------------------------------------------------------------------

const N = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const read = (text: string) => Number(text.replace(/,/g, ''));
const metricAmount = (value: number, unit: string) => {
  const m = METRIC_OF[unit]!;
  return `${number(value * m.factor, m.decimals)} ${m.unit}`;
};
const KG_PER_LPS = KILOGRAMS_PER_POUND / CONVERSIONS.flow.factor;

/**
 * The engine's sentences ("Rated 35 GPM ≥ 30 GPM required.", "Holds 70 lb of grease …") with
 * their figures in metric. Rules, in order: a grease-per-flow rate ("2 lb per GPM", "2 lb × 35 GPM")
 * converts as a rate (kg per L/s), so the arithmetic still holds; a pipe ("a 4 in pipe") is named
 * by its DN; a range ("1.5–2.0 GPM") converts both ends; any other figure with a unit converts on its own. Words without a figure ("per GPM",
 * "¼ in/ft") are left as written. Standard: the text as it is.
 */
export function unitsText(text: string, units: UnitSystem): string {
  if (units === 'standard') return text;
  const pattern = new RegExp(
    [
      String.raw`(?<rate>${N}) lb (?<rateWord>per|×) (?:(?<flow>${N}) |(?<rated>rated) )?GPM\b`,
      String.raw`(?<pipe>${N}) in (?<pipeWord>pipe|drain|line)\b`,
      String.raw`(?<from>${N})–(?<to>${N}) ?(?<rangeUnit>GPM|gal|lbs|lb|in)(?![\w/])`,
      String.raw`(?<value>${N}) ?(?<unit>GPM|gal|lbs|lb|in)(?![\w/])`,
    ].join('|'),
    'g',
  );
  return text.replace(pattern, (whole, ...args) => {
    const g = args.at(-1) as Record<string, string | undefined>;
    if (g.rate !== undefined) {
      const rate = `${number(read(g.rate) * KG_PER_LPS)} kg per L/s`;
      if (g.flow !== undefined) return `${rate} × ${metricAmount(read(g.flow), 'GPM')}`;
      return g.rated !== undefined ? `${rate} × rated L/s` : rate;
    }
    if (g.pipe !== undefined) return `${pipeSizeLabel(read(g.pipe), 'metric')} ${g.pipeWord}`;
    if (g.from !== undefined && g.to !== undefined && g.rangeUnit !== undefined) {
      // A range ("1.5–2.0 GPM"): both ends convert, the unit once.
      const m = METRIC_OF[g.rangeUnit]!;
      return `${number(read(g.from) * m.factor, m.decimals)}–${metricAmount(read(g.to), g.rangeUnit)}`;
    }
    if (g.value !== undefined && g.unit !== undefined) {
      // "in" is a word too: only a figure directly before it is a length ("24 in of burial", "(6 in)").
      return metricAmount(read(g.value), g.unit);
    }
    return whole;
  });
}
