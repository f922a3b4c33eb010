/**
 * Local sizing formulas as DATA: a product of factors, each a project input, a constant or a
 * choice by kitchen features. It expresses the city and county formulas the four built-in methods
 * cannot, without code:
 *  - fixture units × GPM per unit × retention minutes (Austin Water: FU × 3 GPM × 12 min;
 *    City of Phoenix: FU × 3 GPM × 12 or 17 min);
 *  - seats × flow factor × retention × storage (Gainesville Regional Utilities:
 *    SC × FF × 2.5 h × 1.5, FF chosen by frying, dishwasher and serving ware);
 *  - full-pipe flow × minutes, or the fixtures' capacity × a factor (GRU: grease trap GPM = CS × 0.4).
 * The rules schema validates a formula like any other rule, and the sync carries it in the
 * jurisdiction's `rules` as it carries the rest.
 */
import { z } from 'zod';

/** What a factor may read from the project, with its unit. */
export const FORMULA_INPUTS = {
  dfu: { label: 'drainage fixture units', unit: 'DFU' },
  fixture_flow_gpm: { label: 'fixture flow (drainage period)', unit: 'GPM' },
  full_pipe_flow_gpm: { label: 'full-pipe flow', unit: 'GPM' },
  design_flow_gpm: { label: 'design flow', unit: 'GPM' },
  fixture_capacity_gal: { label: 'connected fixture capacity', unit: 'gal' },
  seats: { label: 'seats', unit: 'seats' },
  meals_per_peak_hour: { label: 'meals per peak hour', unit: 'meals/h' },
  servings_per_day: { label: 'servings per day', unit: 'meals/day' },
  hours_of_operation: { label: 'hours of operation', unit: 'h' },
} as const;
export type FormulaInput = keyof typeof FORMULA_INPUTS;
const formulaInputKeys = Object.keys(FORMULA_INPUTS) as [FormulaInput, ...FormulaInput[]];

/** Kitchen features a `choose` factor can test. */
const featureCondition = z
  .object({
    fryer: z.boolean().optional(),
    flatware: z.boolean().optional(),
    dishwasher: z.boolean().optional(),
    food_waste_disposer: z.boolean().optional(),
    fast_food: z.boolean().optional(),
  })
  .strict();
export type FeatureCondition = z.infer<typeof featureCondition>;
export type KitchenFeatures = Required<FeatureCondition>;

export const formulaFactorSchema = z.union([
  z.object({ input: z.enum(formulaInputKeys) }).strict(),
  z.object({ constant: z.number().positive().finite(), label: z.string().min(1), unit: z.string() }).strict(),
  z
    .object({
      choose: z.array(z.object({ when: featureCondition, value: z.number().min(0).finite() }).strict()).min(1).max(12),
      otherwise: z.number().min(0).finite(),
      label: z.string().min(1),
      unit: z.string(),
    })
    .strict(),
]);
export type FormulaFactor = z.infer<typeof formulaFactorSchema>;

export const localFormulaSchema = z
  .object({
    /** Shown in the derivation: "Austin Water grease trap liquid capacity". */
    name: z.string().min(1),
    /** The ordinance or worksheet it comes from. */
    source: z.string().min(1),
    factors: z.array(formulaFactorSchema).min(1).max(8),
  })
  .strict();
export type LocalFormula = z.infer<typeof localFormulaSchema>;

export type FormulaValues = Record<FormulaInput, number | null>;

export interface FormulaTerm {
  label: string;
  value: number;
  unit: string;
}

export type FormulaResult = { ok: true; value: number; terms: FormulaTerm[] } | { ok: false; missing: string };

function matches(when: FeatureCondition, features: KitchenFeatures): boolean {
  return (Object.keys(when) as (keyof FeatureCondition)[]).every((key) => when[key] === features[key]);
}

/** The product of the factors; names the first input the project does not provide. */
export function evaluateFormula(formula: LocalFormula, values: FormulaValues, features: KitchenFeatures): FormulaResult {
  const terms: FormulaTerm[] = [];
  for (const factor of formula.factors) {
    if ('input' in factor) {
      const value = values[factor.input];
      const meta = FORMULA_INPUTS[factor.input];
      if (value === null) return { ok: false, missing: meta.label };
      terms.push({ label: meta.label, value, unit: meta.unit });
    } else if ('constant' in factor) {
      terms.push({ label: factor.label, value: factor.constant, unit: factor.unit });
    } else {
      const hit = factor.choose.find((c) => matches(c.when, features));
      terms.push({ label: factor.label, value: hit?.value ?? factor.otherwise, unit: factor.unit });
    }
  }
  return { ok: true, value: terms.reduce((product, t) => product * t.value, 1), terms };
}

/** "FU × 3 GPM/FU × 12 min": the formula in symbols, for the derivation. */
export function describeFormula(formula: LocalFormula): string {
  return formula.factors
    .map((f) => ('input' in f ? FORMULA_INPUTS[f.input].label : 'constant' in f ? `${f.constant} ${f.unit}`.trim() : f.label))
    .join(' × ');
}
