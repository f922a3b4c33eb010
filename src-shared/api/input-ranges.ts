/**
 * The physical range of every numeric input a project write takes: one place, read by the write
 * schemas (project-write.ts) and so by the API, the app's contract and the editor, whose messages
 * come from the engine. Out of range is a 400 `invalid_field` naming the field, and nothing is
 * stored: a fixture 1e300 inches long would otherwise overflow the sizing to Infinity, which JSON
 * serves as null.
 *
 * The bounds are physical, not typical: a kitchen may be unusual, but a value past them is a typo
 * or garbage. Where a bound comes from a published figure, `why` names it
 * (docs/research/sizing-methods.md, section numbers).
 */
import { z } from 'zod';
import { MAX_COMPARTMENTS } from '../sizing/tables.js';

export interface InputRange {
  min: number;
  max: number;
  /** The minimum itself is refused (a length of 0). */
  minExclusive?: boolean;
  integer?: boolean;
  unit: string;
  why: string;
}

export const INPUT_RANGES = {
  servings_per_day: { min: 0, max: 100_000, integer: true, unit: 'meals a day', why: 'a stadium concession serves tens of thousands a day' },
  pump_out_target: {
    min: 1,
    max: 366,
    integer: true,
    unit: 'days',
    why: 'at most a year; pump-outs every 30 to 90 days are usual and the sizing caps the cycle at 90',
  },
  burial_depth: { min: 0, max: 240, unit: 'in', why: 'grade to the access opening: 20 ft is past any riser stack' },
  pipe_size: { min: 0, max: 12, unit: 'in', why: 'the UPC tables run from 2 to 8 in (Table 1014.2.1 to 6 in, Table 703.2 to 8 in); the write also requires one of their sizes' },
  fixture_compartments: { min: 1, max: MAX_COMPARTMENTS, integer: true, unit: 'compartments', why: 'sinks of 1 to 4 compartments' },
  fixture_gpm: { min: 0, max: 500, unit: 'GPM', why: 'the largest interceptor size of the UPC pipe table is 500 GPM (UPC Table 1014.2.1)' },
  fixture_dfu: { min: 0, max: 1000, integer: true, unit: 'DFU', why: 'the UPC gravity table ends at 2,640 DFU for a whole building (UPC Table 1014.3.6); one fixture is a handful' },
  fixture_length: { min: 0, minExclusive: true, max: 120, unit: 'in', why: 'a compartment up to 10 ft; the PDI worked example is a 48 × 24 × 12 in sink (PDI-G101)' },
  fixture_width: { min: 0, minExclusive: true, max: 120, unit: 'in', why: 'as the length' },
  fixture_height: { min: 0, minExclusive: true, max: 48, unit: 'in', why: 'a basin up to 4 ft deep (the PDI example is 12 in)' },
  meals_seats: { min: 0, max: 10_000, integer: true, unit: 'seats', why: 'the largest dining halls seat a few thousand' },
  meals_per_peak_hour: { min: 0, max: 20_000, integer: true, unit: 'meals an hour', why: 'seats × 1.33 at most for fast food (UPC Appendix H), for the largest halls' },
  meals_hours_of_operation: { min: 0, minExclusive: true, max: 24, unit: 'hours a day', why: 'a day has 24 (UPC Appendix H storage factors: 8, 16, 24 h)' },
  meals_retention_hours: { min: 0, minExclusive: true, max: 24, unit: 'hours', why: 'UPC appendix H uses 2.5 h and 1.5 h (UPC Appendix H)' },
  meals_storage_factor: { min: 0, minExclusive: true, max: 10, unit: '', why: 'UPC appendix H uses 1 to 3 (UPC Appendix H)' },
} as const satisfies Record<string, InputRange>;

export type InputRangeName = keyof typeof INPUT_RANGES;

/**
 * The most fixtures one project holds, on every way in (POST and PATCH, `.fieldsizer` imports).
 * Sized from the codes' tables, not from what fits in memory: a kitchen fixture is 1 to 6 DFU
 * (UPC; Wichita's and Austin's published tables, docs/api.md "The fixture limit"), so 200 of them
 * are some 400-1,200 DFU, a 4,000-10,000 gal interceptor by UPC Table 1014.3.6, the table's top
 * rows. A site larger still enters a group of like fixtures as one custom fixture with its total
 * GPM (to 500) or DFU (to 1,000), which reaches the end of every table. A longer list is a mistake
 * or an attack: 40,000 fixtures fit in the 1 MiB body limit.
 */
export const MAX_FIXTURES_PER_PROJECT = 200;

/**
 * Values inside the range that are still unusual enough to ask "is this right?" in the editor
 * (they are accepted and sized as entered).
 */
export const PLAUSIBLE: Partial<Record<InputRangeName, { max: number; why: string }>> = {
  // Our judgement, not a code figure: a busy full-service restaurant serves hundreds to a couple of
  // thousand meals a day; five thousand and more is stadium or institution scale.
  servings_per_day: { max: 5_000, why: 'that is stadium or institution scale, far above a busy restaurant' },
  pump_out_target: { max: 90, why: 'the sizing caps the pump-out cycle at 90 days, so the unit will not be sized to hold longer' },
};

/** The "is this right?" question for a value, or null when it is usual. */
export function implausible(name: InputRangeName, value: number): string | null {
  const p = PLAUSIBLE[name];
  return p && value > p.max ? `${value.toLocaleString('en-US')} is more than ${p.max.toLocaleString('en-US')}: ${p.why}. Is this right?` : null;
}

/** Why a value is outside its range, in words naming the field; null when it is inside. */
export function rangeProblem(field: string, range: InputRange, value: number): string | null {
  const unit = range.unit ? ` ${range.unit}` : '';
  if (!Number.isFinite(value)) return `${field} must be a finite number.`;
  if (range.integer && !Number.isInteger(value)) return `${field} must be a whole number.`;
  if (range.minExclusive ? value <= range.min : value < range.min) return `${field} must be ${range.minExclusive ? 'more than' : 'at least'} ${range.min}${unit}.`;
  if (value > range.max) return `${field} must be at most ${range.max.toLocaleString('en-US')}${unit}.`;
  return null;
}

/** A number within its range (schema of a write field). */
export function rangedNumber(field: string, name: InputRangeName) {
  const range: InputRange = INPUT_RANGES[name];
  return z.number({ error: `${field} must be a number.` }).superRefine((value, ctx) => {
    const problem = rangeProblem(field, range, value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** Adds an issue at `path` when `value` is given and out of range (for checks across an object). */
export function checkRange(ctx: z.RefinementCtx, path: PropertyKey[], field: string, name: InputRangeName, value: number | null | undefined): void {
  if (value === undefined || value === null) return;
  const problem = rangeProblem(field, INPUT_RANGES[name], value);
  // A copy: zod prefixes the parents' keys to an issue's path in place.
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [...path] });
}
