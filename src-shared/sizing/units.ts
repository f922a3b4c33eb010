/**
 * Units: the ONE conversion table of the sizing engine and the rounding rule for displayed values.
 *
 * Every computation in the engine runs on unrounded US-customary numbers (GPM, lbs, gal, in).
 * Rounding happens only when a value is turned into a `Measurement` for display / the API, so
 * criteria are never decided on rounded figures.
 */

/** Exact definitions (NIST): 1 US gal = 231 in³ = 3.785411784 L; 1 lb = 0.45359237 kg; 1 in = 2.54 cm. */
export const CUBIC_INCHES_PER_GALLON = 231;
export const LITRES_PER_GALLON = 3.785411784;
export const KILOGRAMS_PER_POUND = 0.45359237;
export const CENTIMETRES_PER_INCH = 2.54;
export const SECONDS_PER_MINUTE = 60;

/**
 * The conversion table: metric value = standard value × factor.
 * `fixtureVolume` carries the unit labels the service API shows for a fixture's volume
 * ("sq in" / "sq cm", as observed in service-api.md 2.1) but its value is L × W × D in cubic
 * inches, so it converts with the cubic factor (in³ → cm³); converting a volume with the area
 * factor would give wrong numbers. The labels live only here, so they can be changed in one place.
 */
export const CONVERSIONS = {
  flow: { standard: 'GPM', metric: 'L/s', factor: LITRES_PER_GALLON / SECONDS_PER_MINUTE },
  weight: { standard: 'lbs', metric: 'kg', factor: KILOGRAMS_PER_POUND },
  volume: { standard: 'gal', metric: 'L', factor: LITRES_PER_GALLON },
  length: { standard: 'in', metric: 'cm', factor: CENTIMETRES_PER_INCH },
  area: { standard: 'sq in', metric: 'sq cm', factor: CENTIMETRES_PER_INCH ** 2 },
  fixtureVolume: { standard: 'sq in', metric: 'sq cm', factor: CENTIMETRES_PER_INCH ** 3 },
} as const;

export type Quantity = keyof typeof CONVERSIONS;
export type StandardUnit = (typeof CONVERSIONS)[Quantity]['standard'];
export type MetricUnit = (typeof CONVERSIONS)[Quantity]['metric'];

/** A measurement as the service API shows it (`object` kind "measurement", without the tag). */
export interface Measurement {
  value: number;
  unit: string;
}

/** A dimension-set of one measurement: the same quantity in standard and metric units. */
export interface MeasurementPair {
  standard: Measurement;
  metric: Measurement;
}

/**
 * Rounding rule (the only one): displayed values keep 2 decimals; values below 1 keep 3
 * significant figures instead, so small figures such as grease per serving (0.005 lb) or a
 * floor drain in L/s (0.0473) do not collapse to 0.
 */
export const DISPLAY_DECIMALS = 2;
export const SMALL_VALUE_SIGNIFICANT_FIGURES = 3;

/** 10⁰ … 10¹⁵, the same numbers `10 ** n` gives, without the power's cost on every figure a sizing rounds. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, n) => 10 ** n);

export function roundTo(value: number, decimals: number): number {
  const scale = POWERS_OF_TEN[decimals] ?? 10 ** decimals;
  return Math.round(value * scale) / scale;
}

export function roundForDisplay(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  if (Math.abs(value) < 1) return Number(value.toPrecision(SMALL_VALUE_SIGNIFICANT_FIGURES));
  return roundTo(value, DISPLAY_DECIMALS);
}

export function toMetric(quantity: Quantity, standardValue: number): number {
  return standardValue * CONVERSIONS[quantity].factor;
}

export function fromMetric(quantity: Quantity, metricValue: number): number {
  return metricValue / CONVERSIONS[quantity].factor;
}

/** A rounded measurement in the quantity's standard unit. */
export function standardMeasurement(quantity: Quantity, standardValue: number): Measurement {
  return { value: roundForDisplay(standardValue), unit: CONVERSIONS[quantity].standard };
}

/** A rounded measurement in the quantity's metric unit, from a standard value. */
export function metricMeasurement(quantity: Quantity, standardValue: number): Measurement {
  return { value: roundForDisplay(toMetric(quantity, standardValue)), unit: CONVERSIONS[quantity].metric };
}

/** {standard, metric} pair from a standard value; each side rounded independently from the exact value. */
export function measurementPair(quantity: Quantity, standardValue: number): MeasurementPair {
  return { standard: standardMeasurement(quantity, standardValue), metric: metricMeasurement(quantity, standardValue) };
}

export function cubicInchesToGallons(cubicInches: number): number {
  return cubicInches / CUBIC_INCHES_PER_GALLON;
}

/** Decimals kept before rounding a computed count to a whole number, to drop floating-point noise. */
export const FLOAT_NOISE_DECIMALS = 9;

/** Rounds a computed count up to a whole number (1.33 × 100 = 133.00000000000003 → 133, not 134). */
export function ceilWhole(value: number): number {
  return Math.ceil(roundTo(value, FLOAT_NOISE_DECIMALS));
}
