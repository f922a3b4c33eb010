/**
 * A product before ids are resolved: references are part numbers ("8010-006-01"), or
 * "part@store_id" where a part number is shared by several products.
 */
import type { SeedProduct } from '../../src-shared/seed/catalog-seed';
import { galToL, gpmToLps, greaseLbsToGal, inToCm, lbsToKg } from './util';

export interface Draft
  extends Omit<SeedProduct, 'accessories' | 'related_products' | 'compatible_products'> {
  /** Which hand-written text family describes the product (see descriptions.ts). */
  family: string;
  accessoryRefs: { ref: string; component: boolean }[];
  relatedRefs: string[];
  compatibleRefs: string[];
}

export type Rating = SeedProduct['ratings'][number];
export type Dimensions = NonNullable<SeedProduct['base_dimensions']>;
export type Capacity = NonNullable<SeedProduct['solids_capacity']>;
export type Installation = NonNullable<SeedProduct['installation_options']>;

/** A rating from a flow and a grease weight; volume follows at 7.3 lb/gal. */
export function rating(flowGpm: number, greaseLbs: number, label: string | null = null, efficiency99 = false): Rating {
  const gal = greaseLbsToGal(greaseLbs);
  return {
    flow_gpm: flowGpm,
    flow_lps: gpmToLps(flowGpm),
    grease_lbs: greaseLbs,
    grease_kg: lbsToKg(greaseLbs),
    grease_gal: gal,
    grease_l: galToL(gal),
    label,
    efficiency_99: efficiency99,
  };
}

/** A flow-only rating (solids interceptors, separators): no grease capacity. */
export const flowRating = (flowGpm: number, label: string | null): Rating => ({ ...rating(flowGpm, 0, label), grease_gal: 0, grease_l: 0 });

export const capacity = (gal: number): Capacity => ({ gal, l: galToL(gal) });

export function dims(length: number, width: number, height: number, weight: number): Dimensions {
  return {
    standard: { length, width, height, weight },
    metric: { length: inToCm(length), width: inToCm(width), height: inToCm(height), weight: lbsToKg(weight) },
  };
}

/** Packaged size: a pallet or crate adds a little to every side and to the weight. */
export function shipping(base: Dimensions, pad = { l: 2, w: 2, h: 5 }): Dimensions {
  const s = base.standard;
  const weight = Math.round(s.weight * 1.08 + (s.weight > 100 ? 25 : 2));
  return dims(s.length + pad.l, s.width + pad.w, s.height + pad.h, weight);
}

interface Where {
  indoors?: boolean;
  indoorsBuried?: boolean;
  outdoors?: boolean;
  outdoorsBuried?: boolean;
  other?: string | false;
  traffic?: boolean;
  /** Overrides the generated sentence. */
  text?: string;
}

/** A readable sentence for the installation locations: "Indoors or outdoors, above or below grade". */
export function locationText(w: Required<Omit<Where, 'text' | 'traffic'>>): string {
  const places: string[] = [];
  const grades = (above: boolean, below: boolean): string =>
    above && below ? 'above or below grade' : above ? 'above grade' : 'below grade';
  const inGrades = [w.indoors, w.indoorsBuried];
  const outGrades = [w.outdoors, w.outdoorsBuried];
  const anyIn = inGrades.some(Boolean);
  const anyOut = outGrades.some(Boolean);
  if (anyIn && anyOut && w.indoors === w.outdoors && w.indoorsBuried === w.outdoorsBuried) {
    places.push(`indoors or outdoors, ${grades(w.indoors, w.indoorsBuried)}`);
  } else if (anyIn !== anyOut) {
    places.push(anyIn ? `indoors, ${grades(w.indoors, w.indoorsBuried)}` : `outdoors, ${grades(w.outdoors, w.outdoorsBuried)}`);
  } else if (anyIn && anyOut) {
    places.push(`indoors ${grades(w.indoors, w.indoorsBuried)}`, `outdoors ${grades(w.outdoors, w.outdoorsBuried)}`);
  }
  let text = places.join(', or ');
  if (w.other) text = text ? `${text}, or ${w.other}` : w.other;
  if (!text) return 'Installation location to be confirmed with the engineer of record';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function installation(w: Where): Installation {
  const full = {
    indoors: w.indoors ?? false,
    indoorsBuried: w.indoorsBuried ?? false,
    outdoors: w.outdoors ?? false,
    outdoorsBuried: w.outdoorsBuried ?? false,
    other: w.other ?? false,
  };
  return {
    indoors: full.indoors,
    indoors_buried: full.indoorsBuried,
    outdoors: full.outdoors,
    outdoors_buried: full.outdoorsBuried,
    other: full.other,
    location_as_text: w.text ?? locationText(full),
    traffic_area: w.traffic ?? false,
  };
}
