/**
 * Small deterministic helpers for the catalog build: unit conversion, rounding, hashing (used in
 * place of randomness so every run produces the same file), dates and media URLs.
 */
import type { SeedProduct } from '../../src-shared/seed/catalog-seed';

export const round = (value: number, digits = 1): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** The conversions use the same rounding as the product facts (one decimal in metric). */
export const gpmToLps = (gpm: number): number => round(gpm * 0.0630902, 1);
export const lbsToKg = (lbs: number): number => round(lbs * 0.45359237, 1);
export const galToL = (gal: number): number => round(gal * 3.785411784, 1);
export const inToCm = (inches: number): number => round(inches * 2.54, 1);
/** Grease density used by the manufacturer's data: about 7.3 lb per gallon (70 lb = 9.59 gal). */
export const GREASE_LBS_PER_GAL = 7.3;
export const greaseLbsToGal = (lbs: number): number => round(lbs / GREASE_LBS_PER_GAL, 2);

/** FNV-1a 32-bit hash: a stable pseudo-random source keyed by a string. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A number in [0, 1) derived from the key. */
export const unit = (key: string): number => hash(key) / 0x1_0000_0000;

const DAY = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Creation and update dates derived from a key. created falls in [from, to]; last_updated is null
 * for roughly `nullShare` of the keys, otherwise later than created and no later than 2026-06-30.
 */
export function datesFor(
  key: string,
  from = '2015-01-01',
  to = '2023-12-31',
  nullShare = 0.25,
): { created: string; last_updated: string | null } {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const created = start + Math.floor(unit(`${key}:created`) * ((end - start) / DAY + 1)) * DAY;
  if (unit(`${key}:updated?`) < nullShare) return { created: isoDay(created), last_updated: null };
  const limit = Date.parse('2026-06-30T00:00:00Z');
  const updated = created + (1 + Math.floor(unit(`${key}:updated`) * ((limit - created) / DAY))) * DAY;
  return { created: isoDay(created), last_updated: isoDay(Math.min(updated, limit)) };
}

export const MEDIA = 'https://media.example.com';

/** Path segment for a product's media: the part number, made URL-safe. */
export const mediaSlug = (partNumber: string, storeId: string | null, duplicate: boolean): string =>
  `${partNumber.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}${duplicate && storeId ? `-s${storeId}` : ''}`;

export function imageSet(base: string): { orig: string; lg: string; md: string; sm: string } {
  return { orig: `${base}.jpg`, lg: `${base}-1400.jpg`, md: `${base}-800.jpg`, sm: `${base}-300.jpg` };
}

export type Documents = SeedProduct['documents'];

export const noDocuments = (): Documents => ({
  spec_sheet_pdf: null,
  spec_sheet_dwg: null,
  installation_guide_pdf: null,
  installation_guide_pdf_french: null,
  installation_guide_pdf_spanish: null,
  installation_guide_dwg: null,
  revit: null,
  owners_manual: null,
  csi_masterspec: null,
});

/** Thousands separators for prose: 1895 -> "1,895". */
export const fmt = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
