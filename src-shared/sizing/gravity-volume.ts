/**
 * Required liquid volume of a gravity interceptor, by the three gravity methods: UPC DFU table
 * (§4), UPC appendix H meals formula (§5), and IPC-style peak GPM × retention minutes (§4).
 */
import { z } from 'zod';
import type { CombinedFixtures } from './fixtures';
import type { JurisdictionRules, SizingMethod } from './jurisdiction-rules';
import { MEALS_METHOD, UPC_GGI_DFU_TABLE, type KitchenService } from './tables';
import { ceilWhole, roundForDisplay } from './units';

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
  /** Meals served at the peak hour, when known; otherwise seats × peak factor. */
  meals_per_peak_hour: z.number().int().min(0).optional(),
  fast_food: z.boolean().default(false),
  service: z.enum(['commercial', 'single-service']).default('commercial'),
  /** A dishwashing machine drains to the interceptor. */
  dishwasher: z.boolean().default(false),
  /** Hours of operation per day (storage factor of a commercial kitchen). */
  hours_of_operation: z.number().positive().max(24).default(8),
  /** Overrides, for jurisdictions or worked examples that use other factors. */
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

/** Meals per peak hour = seats × peak factor (1.33 fast food, 1.0 otherwise), whole meals, rounded up. */
export function mealsPerPeakHour(seats: number, fastFood: boolean): number {
  const factor = fastFood ? MEALS_METHOD.peak_factor.fast_food : MEALS_METHOD.peak_factor.other;
  return ceilWhole(seats * factor);
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

/**
 * The factors of the meals formula, from the inputs and the §5 tables. Overrides win. Note the
 * §5 worked example (133 × 2 × 2.5 × 1.5) pairs the single-service waste flow and storage factor
 * with the commercial retention time (2.5 h) although §5 lists 1.5 h for single-service kitchens;
 * the engine follows the listed factors and a jurisdiction that follows the example passes
 * `retention_hours: 2.5` (test/sizing/gravity-volume.test.ts reproduces the example both ways).
 */
export function mealsFactors(input: MealsInputs, foodWasteDisposer: boolean): MealsFactors {
  const m = mealsInputsSchema.parse(input);
  return {
    meals_per_peak_hour: m.meals_per_peak_hour ?? mealsPerPeakHour(m.seats, m.fast_food),
    waste_flow_gal: wasteFlowPerMealGal(m.service, m.dishwasher, foodWasteDisposer),
    retention_hours: m.retention_hours ?? MEALS_METHOD.retention_hours[m.service],
    storage_factor: m.storage_factor ?? storageFactor(m.service, m.hours_of_operation),
  };
}

/** Volume (gal) = meals per peak hour × waste flow × retention time × storage factor (§5). */
export function mealsMethodVolumeGal(f: MealsFactors): number {
  return f.meals_per_peak_hour * f.waste_flow_gal * f.retention_hours * f.storage_factor;
}

export type RequiredVolume =
  | { ok: true; gal: number; basis: string }
  | { ok: false; code: 'volume_out_of_table' | 'missing_meals_inputs'; message: string };

export interface GravityVolumeContext {
  combined: CombinedFixtures;
  sized_by_gpm: number;
  meals: MealsInputs | undefined;
  food_waste_disposer: boolean;
  rules: Pick<JurisdictionRules, 'gravity_retention_minutes'>;
}

/** The liquid volume a gravity method requires; null for the hydromechanical method. */
export function requiredGravityVolume(method: SizingMethod, ctx: GravityVolumeContext): RequiredVolume | null {
  const minutes = ctx.rules.gravity_retention_minutes;
  switch (method) {
    case 'hydromechanical-by-flow':
      return null;
    case 'gravity-by-dfu': {
      const tableGal = dfuTableVolumeGal(ctx.combined.dfu);
      if (tableGal === null) {
        return {
          ok: false,
          code: 'volume_out_of_table',
          message: `${ctx.combined.dfu} DFU is beyond the UPC DFU table; the interceptor needs an engineered design.`,
        };
      }
      const extraGal = peakFlowVolumeGal(ctx.combined.unlisted_dfu_gpm, minutes);
      const unlistedGpm = roundForDisplay(ctx.combined.unlisted_dfu_gpm);
      const extra = extraGal > 0 ? ` + ${unlistedGpm} GPM of fixtures without a DFU value × ${minutes} min` : '';
      return { ok: true, gal: tableGal + extraGal, basis: `${ctx.combined.dfu} DFU → ${tableGal} gal (UPC table)${extra}` };
    }
    case 'gravity-by-meals': {
      if (ctx.meals === undefined) {
        return { ok: false, code: 'missing_meals_inputs', message: 'The meals method needs seats and kitchen details.' };
      }
      const f = mealsFactors(ctx.meals, ctx.food_waste_disposer);
      return {
        ok: true,
        gal: mealsMethodVolumeGal(f),
        basis:
          `${f.meals_per_peak_hour} meals/h × ${f.waste_flow_gal} gal × ${f.retention_hours} h` +
          ` × ${f.storage_factor} (UPC appendix H)`,
      };
    }
    case 'gravity-by-peak-flow':
      // Peak GPM = the project's sized_by flow, so the jurisdiction's drainage period and basis apply.
      return {
        ok: true,
        gal: peakFlowVolumeGal(ctx.sized_by_gpm, minutes),
        basis: `${roundForDisplay(ctx.sized_by_gpm)} GPM × ${minutes} min`,
      };
  }
}
