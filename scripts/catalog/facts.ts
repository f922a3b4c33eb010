/**
 * Reads catalog-facts.json (the real product figures) and converts each product to a Draft in the
 * seed format. The zod schema below is strict about units so that a change in the facts file fails
 * the build instead of silently mixing units.
 */
import { z } from 'zod';
import type { Draft, Installation } from './draft';
import { locationText } from './draft';
import { optionTypeFromFacts, option } from './options';
import { typeKeyForFactsName } from './types';
import { noDocuments } from './util';

const m = <U extends string>(u: U) => z.tuple([z.number(), z.literal(u)]);
const pair = <S extends string, M extends string>(s: S, me: M) => z.object({ standard: m(s), metric: m(me) });
const sizeSet = <L extends string, W extends string>(l: L, w: W) =>
  z.object({ length: m(l), width: m(l), height: m(l), weight: m(w) }).strict();

export const factsProduct = z
  .object({
    part_number: z.string().min(1),
    name: z.string().min(1),
    short_name: z.string().min(1),
    types: z.array(z.string()).min(1),
    store_id: z.string().nullable(),
    parent_store_id: z.string().nullable(),
    base_model: z.object({ is_base_model: z.boolean(), base_part_number: z.string() }).strict(),
    list_price: z.string().regex(/^\d{1,3}(,\d{3})*\.\d{2}$/),
    retail_multiplier: z.number().positive(),
    wholesale_multiplier: z.number().positive(),
    processing: z.object({ lead_time: z.number().int(), threshold: z.number().int() }).strict().nullable(),
    installation_options: z
      .object({
        indoors: z.boolean(),
        outdoors: z.boolean(),
        above_grade: z.boolean(),
        below_grade: z.boolean(),
        other: z.union([z.literal(false), z.string()]),
        traffic_area: z.boolean(),
      })
      .strict()
      .nullable(),
    ratings: z.array(
      z
        .object({
          flow: pair('GPM', 'L/s'),
          grease_weight: pair('lbs', 'kg'),
          grease_volume: pair('gal', 'L'),
          label: z.string().nullable(),
          is_99_percent_efficient: z.boolean().nullable(),
        })
        .strict(),
    ),
    solids_capacity: pair('gal', 'L').nullable(),
    liquid_capacity: pair('gal', 'L').nullable(),
    base_dimensions: z.object({ standard: sizeSet('in', 'lbs'), metric: sizeSet('cm', 'kg') }).nullable(),
    shipping_dimensions: z.object({ standard: sizeSet('in', 'lbs'), metric: sizeSet('cm', 'kg') }).nullable(),
    options: z.array(z.object({ name: z.string(), price: z.string().nullable(), option_type: z.string() }).strict()),
    accessories: z.array(z.string()),
    related_products: z.array(z.string()),
    compatible_products: z.array(z.string()),
    certifications: z.array(z.string()),
  })
  // Anything else (manway_access_ports, ...) is kept in `extra`.
  .catchall(z.unknown());

export type FactsProduct = z.infer<typeof factsProduct>;
export const factsFile = z.array(factsProduct);

/** "7,028.00" -> 7028 */
export const parsePrice = (text: string): number => Number(text.replace(/,/g, ''));

/** A certification's type from its name: test reports vs listings/certificates. */
export const certificationType = (name: string): 'listing' | 'test-report' =>
  /\breport\b/i.test(name) ? 'test-report' : 'listing';

/**
 * Facts {indoors, outdoors, above_grade, below_grade} -> seed locations:
 *   indoors = indoors && above_grade, indoors_buried = indoors && below_grade,
 *   outdoors = outdoors && above_grade, outdoors_buried = outdoors && below_grade.
 * Two cases in the facts do not fit that product:
 *  - neither indoors nor outdoors but grades given (GB-1000 (legacy), GB-1000-B, CA2). The GB-1000
 *    bodies are 1,000-gal, 77-in-tall in-ground units: they go outdoors (above or below grade as
 *    given). CA2 is a riser adapter that sits on whatever unit it extends, so it takes both
 *    locations (indoors and outdoors) with the grades given.
 *  - locations given but neither grade (GB-1000): read "no grade restriction", i.e. both grades,
 *    rather than a unit that can be installed nowhere.
 */
export function mapInstallation(f: FactsProduct): Installation | null {
  const io = f.installation_options;
  if (!io) return null;
  let { indoors, outdoors, above_grade: above, below_grade: below } = io;
  const isInterceptor = f.types.some((t) => /Interceptor/.test(t));
  if (!indoors && !outdoors && (above || below)) {
    outdoors = true;
    if (!isInterceptor) indoors = true;
  }
  if ((indoors || outdoors) && !above && !below) {
    above = true;
    below = true;
  }
  const loc = {
    indoors: indoors && above,
    indoorsBuried: indoors && below,
    outdoors: outdoors && above,
    outdoorsBuried: outdoors && below,
    other: io.other === '' ? (false as const) : io.other,
  };
  return {
    indoors: loc.indoors,
    indoors_buried: loc.indoorsBuried,
    outdoors: loc.outdoors,
    outdoors_buried: loc.outdoorsBuried,
    other: loc.other,
    location_as_text: locationText(loc),
    traffic_area: io.traffic_area,
  };
}

const KNOWN = new Set(Object.keys(factsProduct.shape));

export function convertFacts(f: FactsProduct, id: number): Draft {
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) if (!KNOWN.has(k)) extra[k] = v;
  const dimsOf = (d: FactsProduct['base_dimensions']) =>
    d && {
      standard: { length: d.standard.length[0], width: d.standard.width[0], height: d.standard.height[0], weight: d.standard.weight[0] },
      metric: { length: d.metric.length[0], width: d.metric.width[0], height: d.metric.height[0], weight: d.metric.weight[0] },
    };
  const cap = (c: FactsProduct['solids_capacity']) => c && { gal: c.standard[0], l: c.metric[0] };
  return {
    id,
    family: `facts:${f.name}`,
    part_number: f.part_number,
    name: f.name,
    short_name: f.short_name,
    types: f.types.map(typeKeyForFactsName),
    store_id: f.store_id,
    parent_store_id: f.parent_store_id,
    base_model: { ...f.base_model },
    description: '',
    short_description: null,
    market_specific_description: null,
    created: '2015-01-01',
    last_updated: null,
    list_price: parsePrice(f.list_price),
    retail_multiplier: f.retail_multiplier,
    wholesale_multiplier: f.wholesale_multiplier,
    processing: f.processing && { ...f.processing },
    installation_options: mapInstallation(f),
    ratings: f.ratings.map((r) => ({
      flow_gpm: r.flow.standard[0],
      flow_lps: r.flow.metric[0],
      grease_lbs: r.grease_weight.standard[0],
      grease_kg: r.grease_weight.metric[0],
      grease_gal: r.grease_volume.standard[0],
      grease_l: r.grease_volume.metric[0],
      label: r.label,
      // GB-1000 ratings carry null here: the "at 99%" label is then the only signal.
      efficiency_99: r.is_99_percent_efficient ?? /99\s*%/.test(r.label ?? ''),
    })),
    solids_capacity: cap(f.solids_capacity),
    liquid_capacity: cap(f.liquid_capacity),
    base_dimensions: dimsOf(f.base_dimensions),
    shipping_dimensions: dimsOf(f.shipping_dimensions),
    options: f.options.map((o) => {
      const seed = option(o.name, o.price === null ? null : parsePrice(o.price));
      if (seed.option_type !== optionTypeFromFacts(o.option_type)) throw new Error(`option type mismatch for "${o.name}"`);
      return seed;
    }),
    accessoryRefs: f.accessories.map((ref) => ({ ref, component: false })),
    relatedRefs: [...f.related_products],
    compatibleRefs: [...f.compatible_products],
    certifications: f.certifications.map((name) => ({ name, link: null, type: certificationType(name) })),
    documents: noDocuments(),
    images: { primary: null, dimension: null },
    extra,
    demo: false,
  };
}
