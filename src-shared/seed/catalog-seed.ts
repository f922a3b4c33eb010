/**
 * Format of resources/catalog.json: the embedded default catalog loaded into a fresh store.
 * It is a build input, not an API shape: figures are plain numbers in both unit systems and
 * references between products use the seed's integer product ids (model numbers are not unique).
 */
import { z } from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const key = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case slug');

export const seedProductType = z.object({
  key,
  name: z.string().min(1),
  active: z.boolean(),
  image: z.string().nullable(),
  parent: key.nullable(),
  created: isoDate,
  last_updated: isoDate.nullable(),
});

export const seedRating = z.object({
  flow_gpm: z.number().nonnegative(),
  flow_lps: z.number().nonnegative(),
  grease_lbs: z.number().nonnegative(),
  grease_kg: z.number().nonnegative(),
  grease_gal: z.number().nonnegative(),
  grease_l: z.number().nonnegative(),
  label: z.string().nullable(),
  efficiency_99: z.boolean(),
});

const capacity = z.object({ gal: z.number().nonnegative(), l: z.number().nonnegative() });
const sizeSet = z.object({
  length: z.number().nonnegative(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
  weight: z.number().nonnegative(),
});
/** standard: in / lbs; metric: cm / kg. */
const dimensions = z.object({ standard: sizeSet, metric: sizeSet });

const imageSet = z.object({ orig: z.string(), lg: z.string(), md: z.string(), sm: z.string() });

export const seedProduct = z.object({
  id: z.number().int().positive(),
  part_number: z.string().min(1),
  name: z.string().min(1),
  short_name: z.string().min(1),
  /** Product-type keys; the first is the product's primary type (the `type` served). */
  types: z.array(key).min(1),
  store_id: z.string().nullable(),
  parent_store_id: z.string().nullable(),
  base_model: z.object({ is_base_model: z.boolean(), base_part_number: z.string() }),
  description: z.string().min(1),
  short_description: z.string().nullable(),
  market_specific_description: z.string().nullable(),
  created: isoDate,
  last_updated: isoDate.nullable(),
  /** List price in dollars; retail and wholesale prices are list × multiplier. */
  list_price: z.number().nonnegative(),
  retail_multiplier: z.number().positive(),
  wholesale_multiplier: z.number().positive(),
  processing: z.object({ lead_time: z.number().int().nonnegative(), threshold: z.number().int().nonnegative() }).nullable(),
  installation_options: z
    .object({
      indoors: z.boolean(),
      indoors_buried: z.boolean(),
      outdoors: z.boolean(),
      outdoors_buried: z.boolean(),
      /** false, or free text for another location (for example "under the sink"). */
      other: z.union([z.literal(false), z.string().min(1)]),
      location_as_text: z.string(),
      traffic_area: z.boolean(),
    })
    .nullable(),
  ratings: z.array(seedRating),
  solids_capacity: capacity.nullable(),
  liquid_capacity: capacity.nullable(),
  base_dimensions: dimensions.nullable(),
  shipping_dimensions: dimensions.nullable(),
  options: z.array(
    z.object({
      id: z.number().int().positive(),
      name: z.string().min(1),
      price: z.number().nonnegative().nullable(),
      option_type: z.enum(['connection', 'cover']),
      description: z.string().nullable(),
      store_id: z.string().nullable(),
    }),
  ),
  /** References are seed product ids. */
  accessories: z.array(z.object({ product: z.number().int().positive(), component: z.boolean() })),
  related_products: z.array(z.number().int().positive()),
  compatible_products: z.array(z.number().int().positive()),
  certifications: z.array(z.object({ name: z.string().min(1), link: z.string().nullable(), type: z.string() })),
  documents: z.object({
    spec_sheet_pdf: z.string().nullable(),
    spec_sheet_dwg: z.string().nullable(),
    installation_guide_pdf: z.string().nullable(),
    installation_guide_pdf_french: z.string().nullable(),
    installation_guide_pdf_spanish: z.string().nullable(),
    installation_guide_dwg: z.string().nullable(),
    revit: z.string().nullable(),
    owners_manual: z.string().nullable(),
    csi_masterspec: z.string().nullable(),
  }),
  images: z.object({ primary: imageSet.nullable(), dimension: imageSet.nullable() }),
  /** Upstream fields the API does not define (kept and served back unchanged). */
  extra: z.record(z.string(), z.unknown()),
  /** true when the figures are invented for the demo rather than taken from catalog-facts.json. */
  demo: z.boolean(),
});

export const seedCollection = z.object({
  key,
  name: z.string().min(1),
  image: imageSet.nullable(),
  products: z.array(z.number().int().positive()),
});

export const catalogSeed = z.object({
  version: z.string(),
  productTypes: z.array(seedProductType),
  products: z.array(seedProduct),
  collections: z.array(seedCollection),
});

export type CatalogSeed = z.infer<typeof catalogSeed>;
export type SeedProduct = z.infer<typeof seedProduct>;
export type SeedProductType = z.infer<typeof seedProductType>;
export type SeedCollection = z.infer<typeof seedCollection>;
