/**
 * Grease production (§6): grease per serving from menu tier × fryer × flatware, then per day and
 * per 30 / 60 / 90 days; weight in lbs and kg, volume in gal and L (7.3 lb per gallon).
 */
import {
  GREASE_LBS_PER_GALLON,
  GREASE_PER_MEAL_LBS,
  GREASE_REPORT_DAYS,
  MENU_TYPES,
  type MenuTier,
  type MenuType,
} from './tables';
import { measurementPair, type Measurement, type MeasurementPair } from './units';

export function menuType(key: string): MenuType | undefined {
  return MENU_TYPES.find((m) => m.key === key);
}

/** The grease tier of a menu type key (see MENU_TYPES). */
export function menuTier(key: string): MenuTier {
  const found = menuType(key);
  if (found === undefined) throw new RangeError(`unknown menu type "${key}"`);
  return found.tier;
}

/**
 * Grease per meal (lb). A fryer does not move the tier here: the four-tier table already holds the
 * fryer column for every tier (see GREASE_PER_MEAL_LBS for how it is read).
 */
export function greasePerMealLbs(tier: MenuTier, fryer: boolean, flatware: boolean): number {
  const byFryer = GREASE_PER_MEAL_LBS[tier][fryer ? 'fryer' : 'no_fryer'];
  return flatware ? byFryer.flatware : byFryer.no_flatware;
}

export function greaseLbsToGallons(lbs: number): number {
  return lbs / GREASE_LBS_PER_GALLON;
}

export interface GreaseInputs {
  tier: MenuTier;
  fryer: boolean;
  flatware: boolean;
  servings_per_day: number;
}

/** Raw (unrounded) grease production, lbs. */
export interface GreaseProduction {
  tier: MenuTier;
  per_serving_lbs: number;
  per_day_lbs: number;
}

export function computeGrease(inputs: GreaseInputs): GreaseProduction {
  const perServing = greasePerMealLbs(inputs.tier, inputs.fryer, inputs.flatware);
  return { tier: inputs.tier, per_serving_lbs: perServing, per_day_lbs: perServing * inputs.servings_per_day };
}

/** Grease to hold = grease per day × days between pump-outs (§6). */
export function greaseOverDaysLbs(production: Pick<GreaseProduction, 'per_day_lbs'>, days: number): number {
  return production.per_day_lbs * days;
}

export type GreasePeriodKey = 'per_serving' | 'per_day' | 'per_30_days' | 'per_60_days' | 'per_90_days';

/** A grease amount with both sides: weight {lbs, kg} and volume {gal, L}. */
export interface GreaseAmount {
  weight: MeasurementPair;
  volume: MeasurementPair;
}

/** One side of a grease amount, as the project shows it: `{weight, volume}` measurements. */
export interface GreaseCapacityMeasurement {
  weight: Measurement;
  volume: Measurement;
}

export function greaseAmount(lbs: number): GreaseAmount {
  return { weight: measurementPair('weight', lbs), volume: measurementPair('volume', greaseLbsToGallons(lbs)) };
}

/** Grease per serving, per day and per 30 / 60 / 90 days, both unit systems. */
export function greaseReport(production: GreaseProduction): Record<GreasePeriodKey, GreaseAmount> {
  const [d30, d60, d90] = GREASE_REPORT_DAYS;
  return {
    per_serving: greaseAmount(production.per_serving_lbs),
    per_day: greaseAmount(production.per_day_lbs),
    per_30_days: greaseAmount(greaseOverDaysLbs(production, d30)),
    per_60_days: greaseAmount(greaseOverDaysLbs(production, d60)),
    per_90_days: greaseAmount(greaseOverDaysLbs(production, d90)),
  };
}

/** Picks one unit system out of a grease report: the API's `grease` (standard) or its metric twin. */
export function greaseReportSide(
  report: Record<GreasePeriodKey, GreaseAmount>,
  side: 'standard' | 'metric',
): Record<GreasePeriodKey, GreaseCapacityMeasurement> {
  const pick = (a: GreaseAmount): GreaseCapacityMeasurement => ({ weight: a.weight[side], volume: a.volume[side] });
  return {
    per_serving: pick(report.per_serving),
    per_day: pick(report.per_day),
    per_30_days: pick(report.per_30_days),
    per_60_days: pick(report.per_60_days),
    per_90_days: pick(report.per_90_days),
  };
}
