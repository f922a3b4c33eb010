/** How stored values become API values: dates, money, measurements, image sets. */
import { format } from 'date-fns';
// The getters-only UTC date: date-fns's format reads no more, and the full UTCDate builds three
// Intl formatters as it loads (ICU's data read at every start, before the first answer).
import { UTCDateMini } from '@date-fns/utc/date/mini';
import type { ImageLibrary, Measurement, MeasurementSet } from '../../src-shared/api/common.js';

/** Stored ISO date or timestamp → MM/DD/YYYY (spec §1), read in UTC so the day never shifts. */
export function apiDate(iso: string): string;
export function apiDate(iso: string | null): string | null;
export function apiDate(iso: string | null): string | null {
  return iso === null ? null : format(new UTCDateMini(iso), 'MM/dd/yyyy');
}

/** Made at the first price shown, not as the module loads: an Intl formatter reads ICU's data. */
let moneyFormat: Intl.NumberFormat | null = null;

/** Dollars → "7,028.00"; rounded to the cent first so 7028 × 0.7 prints 4,919.60. */
export function money(dollars: number): string {
  moneyFormat ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return moneyFormat.format(Math.round(dollars * 100) / 100);
}

export function measurement(value: number, unit: string): Measurement {
  return { object: 'measurement', value, unit };
}

export function measurementSet(standard: number, standardUnit: string, metric: number, metricUnit: string): MeasurementSet {
  return { object: 'dimension-set', standard: measurement(standard, standardUnit), metric: measurement(metric, metricUnit) };
}

export interface StoredImageSet {
  orig: string;
  lg: string;
  md: string;
  sm: string;
}

/** Served when a product or collection has no picture (spec §2.1 allows a fallback). */
export const PLACEHOLDER_IMAGE = '/assets/placeholder-product.svg';

export function imageLibrary(set: StoredImageSet | null): ImageLibrary {
  const s = set ?? { orig: PLACEHOLDER_IMAGE, lg: PLACEHOLDER_IMAGE, md: PLACEHOLDER_IMAGE, sm: PLACEHOLDER_IMAGE };
  return { object: 'image-library', orig: s.orig, lg: s.lg, md: s.md, sm: s.sm };
}
