/**
 * Required liquid volume of a gravity interceptor, by the gravity methods: UPC DFU table (§4,
 * UPC 1014.3.6), UPC Appendix H meals formula (§5), IPC-style peak GPM × retention minutes (§4,
 * Chicago 18-29-1003.3.7) and the jurisdiction's own formula (local-formula.ts). Each method
 * returns the steps of its derivation with the volume.
 */
import { z } from 'zod';
import { quantity, step, type DerivationStep } from './derivation';
import type { CombinedFixtures } from './fixtures';
import { maxDfuForPipe } from './flow';
import type { JurisdictionRules, SizingMethod } from './jurisdiction-rules';
import { rulesCitation } from './rules-source';
import { describeFormula, evaluateFormula, type FormulaValues, type KitchenFeatures } from './local-formula';
import {
  MEAL_FACTORS,
  MEAL_SERVICE_TYPES,
  MEALS_METHOD,
  UPC_GGI_DFU_TABLE,
  UPC_GGI_MAX_TABULATED_GAL,
  type KitchenService,
  type MealServiceType,
} from './tables';
import { roundForDisplay } from './units';

/** Volume (gal) for a DFU count from the UPC table; null beyond the table's last row. */
export function dfuTableVolumeGal(dfu: number): number | null {
  return UPC_GGI_DFU_TABLE.find((row) => dfu <= row.max_dfu)?.volume_gal ?? null;
}

/** Volume (gal) that holds a flow for the retention time: GPM × minutes. */
export function peakFlowVolumeGal(gpm: number, retentionMinutes: number): number {
  return gpm * retentionMinutes;
}

export const mealsInputsSchema = z.object({
  /** Seats (or the maximum seating capacity). */
  seats: z.number().int().min(0),
  /** Meals served at the peak hour, when known; otherwise seats × meal factor (not rounded). */
  meals_per_peak_hour: z.number().min(0).finite().optional(),
  fast_food: z.boolean().default(false),
  /** Kind of service for the meal factor (fast food 1.33 … dinner club 0.5); wins over `fast_food`. */
  meal_service: z.enum(MEAL_SERVICE_TYPES).optional(),
  service: z.enum(['commercial', 'single-service']).default('commercial'),
  /** A dishwashing machine drains to the interceptor. */
  dishwasher: z.boolean().default(false),
  /** Hours of operation per day (storage factor of a commercial kitchen). */
  hours_of_operation: z.number().positive().max(24).default(8),
  /** Overrides, for worked examples that use other factors (a jurisdiction's own overrides win). */
  retention_hours: z.number().positive().optional(),
  storage_factor: z.number().positive().optional(),
});
export type MealsInputs = z.input<typeof mealsInputsSchema>;
export type ParsedMealsInputs = z.output<typeof mealsInputsSchema>;

export interface MealsFactors {
  meals_per_peak_hour: number;
  waste_flow_gal: number;
  retention_hours: number;
  storage_factor: number;
}

/** The meal-factor row of a kitchen: the one named, else fast food or restaurant. */
export function mealServiceOf(m: Pick<ParsedMealsInputs, 'meal_service' | 'fast_food'>): MealServiceType {
  return m.meal_service ?? (m.fast_food ? 'fast-food' : 'restaurant');
}

/**
 * Meals per peak hour = seats × meal factor (§5; UPC Appendix H worksheets). Not rounded: the
 * worksheets carry 34 × 1.33 = 45.22 meals into the product.
 */
export function mealsPerPeakHour(seats: number, service: MealServiceType | boolean): number {
  const type: MealServiceType = typeof service === 'boolean' ? (service ? 'fast-food' : 'restaurant') : service;
  return seats * MEAL_FACTORS[type].factor;
}

/** Waste flow per meal (gal): 6 with dishwasher, 5 without, 2 single-service; +1 with a disposer. */
export function wasteFlowPerMealGal(service: KitchenService, dishwasher: boolean, foodWasteDisposer: boolean): number {
  const w = MEALS_METHOD.waste_flow_gal;
  const base = service === 'single-service' ? w.single_service : dishwasher ? w.with_dishwasher : w.without_dishwasher;
  return base + (foodWasteDisposer ? w.food_waste_disposer_extra : 0);
}

/** Storage factor: 1 / 2 / 3 for up to 8 / 16 / 24 h of a commercial kitchen; 1.5 single-service. */
export function storageFactor(service: KitchenService, hoursOfOperation: number): number {
  if (service === 'single-service') return MEALS_METHOD.storage_factor_single_service;
  const rows = MEALS_METHOD.storage_factor_commercial;
  const row = rows.find((r) => hoursOfOperation <= r.max_hours) ?? rows[rows.length - 1];
  if (row === undefined) throw new Error('storage factor table is empty');
  return row.factor;
}

type MealsOverrides = Pick<JurisdictionRules, 'meals'>['meals'];
const NO_OVERRIDES: MealsOverrides = { waste_flow_gal: null, retention_hours: null, storage_factor: null };

/**
 * The factors of the meals formula, from the inputs and the §5 tables. The jurisdiction's
 * overrides win, then the project's. Note the §5 worked example (133 × 2 × 2.5 × 1.5) pairs the
 * single-service waste flow and storage factor with the commercial retention time (2.5 h) although
 * §5 lists 1.5 h for single-service kitchens; the engine follows the listed factors and a
 * jurisdiction that follows the example sets `meals.retention_hours: 2.5`.
 */
export function mealsFactors(input: MealsInputs, foodWasteDisposer: boolean, overrides: MealsOverrides = NO_OVERRIDES): MealsFactors {
  const m = mealsInputsSchema.parse(input);
  return {
    meals_per_peak_hour: m.meals_per_peak_hour ?? mealsPerPeakHour(m.seats, mealServiceOf(m)),
    waste_flow_gal: overrides.waste_flow_gal ?? wasteFlowPerMealGal(m.service, m.dishwasher, foodWasteDisposer),
    retention_hours: overrides.retention_hours ?? m.retention_hours ?? MEALS_METHOD.retention_hours[m.service],
    storage_factor: overrides.storage_factor ?? m.storage_factor ?? storageFactor(m.service, m.hours_of_operation),
  };
}

/** Volume (gal) = meals per peak hour × waste flow × retention time × storage factor (§5). */
export function mealsMethodVolumeGal(f: MealsFactors): number {
  return f.meals_per_peak_hour * f.waste_flow_gal * f.retention_hours * f.storage_factor;
}

export type RequiredVolumeCode =
  | 'volume_out_of_table'
  | 'missing_meals_inputs'
  | 'missing_formula_input'
  | 'pipe_beyond_table'
  | 'engineered_design_required';

export type RequiredVolume =
  | { ok: true; gal: number; basis: string; steps: DerivationStep[] }
  | { ok: false; code: RequiredVolumeCode; message: string; steps: DerivationStep[] };

export interface GravityVolumeContext {
  /** The fixtures that drain to the interceptor. */
  combined: CombinedFixtures;
  pipe_in: number;
  /** The design flow (`sized_by`) and whether one could be given. */
  design_gpm: number;
  design_available: boolean;
  meals: MealsInputs | undefined;
  food_waste_disposer: boolean;
  kitchen: KitchenFeatures;
  formula_values: FormulaValues;
  rules: JurisdictionRules;
}

const fmt = (v: number): string => String(roundForDisplay(v));
const UPC_TABLE = 'UPC 1014.3.6, Table 1014.3.6';

function dfuVolume(ctx: GravityVolumeContext): RequiredVolume {
  const steps: DerivationStep[] = [];
  let dfu = ctx.combined.dfu;
  if (ctx.combined.count === 0) {
    const pipeDfu = maxDfuForPipe(ctx.pipe_in);
    if (pipeDfu === null) {
      return { ok: false, code: 'volume_out_of_table', message: `Table 703.2 lists no ${ctx.pipe_in} in drain.`, steps };
    }
    dfu = pipeDfu;
    steps.push(
      step({
        key: 'volume.dfu-from-pipe',
        group: 'volume',
        label: 'DFU not known: the inlet pipe’s maximum',
        formula: 'maximum DFU of the horizontal drain connected to the inlet',
        inputs: [quantity('pipe size', ctx.pipe_in, 'in')],
        result: dfu,
        unit: 'DFU',
        source: 'UPC 1014.3.6, Table 703.2 (drainage piping, horizontal)',
        note: 'No fixtures drain to the interceptor, so the code sizes it by the most the pipe can carry.',
      }),
    );
  }
  const tableGal = dfuTableVolumeGal(dfu);
  if (tableGal === null) {
    return {
      ok: false,
      code: 'volume_out_of_table',
      message: `${dfu} DFU is beyond Table 1014.3.6 (2,640 DFU): the interceptor needs an engineered design.`,
      steps,
    };
  }
  steps.push(
    step({
      key: 'volume.dfu-table',
      group: 'volume',
      label: 'Interceptor volume for the DFU',
      formula: 'smallest Table 1014.3.6 row whose DFU ≥ the load (30 min retention)',
      inputs: [quantity('drainage fixture units', dfu, 'DFU')],
      result: tableGal,
      unit: 'gal',
      source: UPC_TABLE,
    }),
  );
  const minutes = ctx.rules.gravity_retention_minutes;
  const extraGal = peakFlowVolumeGal(ctx.combined.unlisted_dfu_gpm, minutes);
  if (extraGal > 0) {
    steps.push(
      step({
        key: 'volume.unlisted',
        group: 'volume',
        label: 'Fixtures without a DFU value',
        formula: 'their flow × retention minutes',
        inputs: [quantity('flow', ctx.combined.unlisted_dfu_gpm, 'GPM'), quantity('retention', minutes, 'min')],
        result: extraGal,
        unit: 'gal',
        source: 'UPC Table 1014.3.6, footnote 3',
      }),
    );
  }
  const gal = tableGal + extraGal;
  const extra = extraGal > 0 ? ` + ${fmt(ctx.combined.unlisted_dfu_gpm)} GPM of fixtures without a DFU value × ${minutes} min` : '';
  return { ok: true, gal, basis: `${dfu} DFU → ${tableGal} gal (UPC Table 1014.3.6)${extra}`, steps };
}

function mealsVolume(ctx: GravityVolumeContext): RequiredVolume {
  if (ctx.meals === undefined) {
    return { ok: false, code: 'missing_meals_inputs', message: 'The meals method needs seats and kitchen details.', steps: [] };
  }
  const m = mealsInputsSchema.parse(ctx.meals);
  const f = mealsFactors(m, ctx.food_waste_disposer, ctx.rules.meals);
  const service = mealServiceOf(m);
  const o = ctx.rules.meals;
  const appendixH = 'UPC Appendix H (Table H 101.x sizing formula)';
  const local = rulesCitation(ctx.rules);
  const steps: DerivationStep[] = [
    m.meals_per_peak_hour !== undefined
      ? step({ key: 'volume.meals', group: 'volume', label: 'Meals per peak hour', formula: 'as entered', result: f.meals_per_peak_hour, unit: 'meals/h', source: appendixH })
      : step({
          key: 'volume.meals',
          group: 'volume',
          label: 'Meals per peak hour',
          formula: 'seats × meal factor (not rounded)',
          inputs: [quantity('seats', m.seats, 'seats'), quantity(`meal factor, ${MEAL_FACTORS[service].label.toLowerCase()}`, MEAL_FACTORS[service].factor, 'meals/seat')],
          result: f.meals_per_peak_hour,
          unit: 'meals/h',
          source: `${appendixH}; meal factors 1.33 / 1.00 / 0.67 / 0.50 of the Appendix H worksheets`,
        }),
    step({
      key: 'volume.waste-flow',
      group: 'volume',
      label: 'Waste flow per meal',
      formula: o.waste_flow_gal !== null ? 'set by the jurisdiction' : '6 gal with a dishwasher, 5 without, 2 single-service; + 1 gal with a disposer',
      inputs:
        o.waste_flow_gal !== null
          ? []
          : [quantity('service', m.service), quantity('dishwasher', m.dishwasher), quantity('food-waste disposer', ctx.food_waste_disposer)],
      result: f.waste_flow_gal,
      unit: 'gal/meal',
      source: o.waste_flow_gal !== null ? local : appendixH,
    }),
    step({
      key: 'volume.retention',
      group: 'volume',
      label: 'Retention time',
      formula: o.retention_hours !== null ? 'set by the jurisdiction' : m.retention_hours !== undefined ? 'as entered' : '2.5 h commercial kitchen, 1.5 h single-service',
      result: f.retention_hours,
      unit: 'h',
      source: o.retention_hours !== null ? local : appendixH,
    }),
    step({
      key: 'volume.storage',
      group: 'volume',
      label: 'Storage factor',
      formula:
        o.storage_factor !== null
          ? 'set by the jurisdiction'
          : m.storage_factor !== undefined
            ? 'as entered'
            : '1 / 2 / 3 for 8 / 16 / 24 h of a commercial kitchen; 1.5 single-service',
      inputs: o.storage_factor === null && m.storage_factor === undefined ? [quantity('hours of operation', m.hours_of_operation, 'h')] : [],
      result: f.storage_factor,
      source: o.storage_factor !== null ? local : appendixH,
    }),
  ];
  const gal = mealsMethodVolumeGal(f);
  steps.push(
    step({
      key: 'volume.meals-formula',
      group: 'volume',
      label: 'Interceptor volume (meals)',
      formula: 'meals per peak hour × waste flow × retention × storage factor',
      inputs: [
        quantity('meals per peak hour', f.meals_per_peak_hour, 'meals/h'),
        quantity('waste flow', f.waste_flow_gal, 'gal/meal'),
        quantity('retention', f.retention_hours, 'h'),
        quantity('storage factor', f.storage_factor),
      ],
      result: gal,
      unit: 'gal',
      source: appendixH,
    }),
  );
  return {
    ok: true,
    gal,
    basis: `${fmt(f.meals_per_peak_hour)} meals/h × ${fmt(f.waste_flow_gal)} gal × ${fmt(f.retention_hours)} h × ${fmt(f.storage_factor)} (UPC appendix H)`,
    steps,
  };
}

function peakFlowVolume(ctx: GravityVolumeContext): RequiredVolume {
  if (!ctx.design_available) {
    return {
      ok: false,
      code: 'pipe_beyond_table',
      message: `UPC Table 1014.2.1 gives no flow for a ${ctx.pipe_in} in pipe: enter the fixtures, or have the interceptor engineered.`,
      steps: [],
    };
  }
  const minutes = ctx.rules.gravity_retention_minutes;
  const gal = peakFlowVolumeGal(ctx.design_gpm, minutes);
  return {
    ok: true,
    gal,
    basis: `${fmt(ctx.design_gpm)} GPM × ${minutes} min`,
    steps: [
      step({
        key: 'volume.peak-flow',
        group: 'volume',
        label: 'Interceptor volume (peak flow)',
        formula: 'design flow × retention minutes',
        inputs: [quantity('design flow', ctx.design_gpm, 'GPM'), quantity('retention', minutes, 'min')],
        result: gal,
        unit: 'gal',
        source: `peak flow × retention time; retention time: ${rulesCitation(ctx.rules)}`,
      }),
    ],
  };
}

function formulaVolume(ctx: GravityVolumeContext): RequiredVolume {
  const formula = ctx.rules.local_formulas.volume;
  if (formula === null) {
    return { ok: false, code: 'missing_formula_input', message: 'The jurisdiction names no volume formula.', steps: [] };
  }
  const result = evaluateFormula(formula, ctx.formula_values, ctx.kitchen);
  if (!result.ok) {
    return {
      ok: false,
      code: 'missing_formula_input',
      message: `${formula.name} needs the ${result.missing}: enter it to size the interceptor.`,
      steps: [],
    };
  }
  return {
    ok: true,
    gal: result.value,
    basis: `${formula.name}: ${result.terms.map((t) => `${fmt(t.value)} ${t.unit}`.trim()).join(' × ')}`,
    steps: [
      step({
        key: 'volume.formula',
        group: 'volume',
        label: formula.name,
        formula: describeFormula(formula),
        inputs: result.terms.map((t) => quantity(t.label, t.value, t.unit || null)),
        result: result.value,
        unit: 'gal',
        source: formula.source,
      }),
    ],
  };
}

/**
 * The liquid volume a gravity method requires; null for the hydromechanical method. Then the
 * jurisdiction's smallest volume applies, and past the largest volume Table 1014.3.6 lists
 * (15,000 gal) the code gives no size: an engineered design, never a stack of tanks in series.
 */
export function requiredGravityVolume(method: SizingMethod, ctx: GravityVolumeContext): RequiredVolume | null {
  let base: RequiredVolume;
  switch (method) {
    case 'hydromechanical-by-flow':
      return null;
    case 'gravity-by-dfu':
      base = dfuVolume(ctx);
      break;
    case 'gravity-by-meals':
      base = mealsVolume(ctx);
      break;
    case 'gravity-by-peak-flow':
      base = peakFlowVolume(ctx);
      break;
    case 'gravity-by-formula':
      base = formulaVolume(ctx);
      break;
  }
  if (!base.ok) return base;
  let { gal, basis } = base;
  const steps = [...base.steps];
  const min = ctx.rules.gravity_unit_volume_gal.min;
  if (min !== null && gal < min) {
    steps.push(
      step({
        key: 'volume.minimum',
        group: 'volume',
        label: 'Jurisdiction’s smallest interceptor',
        formula: 'the larger of the computed volume and the minimum',
        inputs: [quantity('computed', gal, 'gal'), quantity('minimum', min, 'gal')],
        result: min,
        unit: 'gal',
        source: rulesCitation(ctx.rules),
      }),
    );
    basis = `${basis}; raised to the ${fmt(min)} gal minimum`;
    gal = min;
  }
  if (gal > UPC_GGI_MAX_TABULATED_GAL) {
    return {
      ok: false,
      code: 'engineered_design_required',
      message:
        `The kitchen needs ${fmt(gal)} gal, beyond the largest interceptor the code lists (${UPC_GGI_MAX_TABULATED_GAL.toLocaleString('en-US')} gal, ` +
        'UPC Table 1014.3.6): the interceptor needs an engineered design rather than tanks stacked in series.',
      steps,
    };
  }
  return { ok: true, gal, basis, steps };
}
