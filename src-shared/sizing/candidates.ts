/**
 * The minimal product shapes the sizing engine needs from the catalog: interceptor candidates and
 * accessory candidates. The catalog maps its products to these; the engine never reads the catalog.
 */
import { z } from 'zod';
import { ACCESSORY_KINDS } from './jurisdiction-rules';

export const CANDIDATE_KINDS = ['hydromechanical', 'gravity', 'solids', 'other'] as const;
export type CandidateKind = (typeof CANDIDATE_KINDS)[number];

const productId = z.union([z.string().min(1), z.number().int()]);
export type ProductId = z.infer<typeof productId>;

export const sizingRatingSchema = z.object({
  flow_gpm: z.number().min(0),
  grease_lbs: z.number().min(0),
  /** Grease volume; derived from the weight at 7.3 lb/gal when null. */
  grease_gal: z.number().min(0).nullable().default(null),
  label: z.string().nullable().default(null),
  /** The rating is at 99 % separation efficiency. */
  efficiency_99: z.boolean().default(false),
});
export type SizingRating = z.output<typeof sizingRatingSchema>;

export const installationOptionsSchema = z.object({
  indoors: z.boolean().default(false),
  indoors_buried: z.boolean().default(false),
  outdoors: z.boolean().default(false),
  outdoors_buried: z.boolean().default(false),
  /** Free text such as an under-sink location, or a flag; not used for the location check. */
  other: z.union([z.boolean(), z.string()]).default(false),
  traffic_area: z.boolean().default(false),
});

export const sizingCandidateSchema = z.object({
  id: productId,
  part_number: z.string().min(1),
  name: z.string().min(1),
  type: z.enum(CANDIDATE_KINDS),
  /** Further kinds a product is listed under (e.g. an HGI also listed as a gravity interceptor). */
  also_listed_as: z.array(z.enum(CANDIDATE_KINDS)).default([]),
  ratings: z.array(sizingRatingSchema),
  /** Water + grease (gal); null when the catalog does not state it. */
  liquid_capacity_gal: z.number().positive().nullable(),
  /** Compartments of a gravity interceptor; null when the catalog does not state them. */
  compartments: z.number().int().min(1).max(6).nullable().default(null),
  installation_options: installationOptionsSchema,
  /** Price used only to break ties; null sorts last. */
  price: z.number().min(0).nullable(),
});
export type SizingCandidateInput = z.input<typeof sizingCandidateSchema>;
export type SizingCandidate = z.output<typeof sizingCandidateSchema>;

export const accessoryCandidateSchema = z.object({
  id: productId,
  part_number: z.string().min(1),
  name: z.string().min(1),
  /** The kind tag that maps the product to a recommended accessory kind. */
  kind: z.enum(ACCESSORY_KINDS),
  /** Ids of interceptors it fits; empty = fits any. */
  compatible_with: z.array(productId).default([]),
  /** Height one riser adds (in); risers without it can still be named, without a quantity. */
  riser_height_in: z.number().positive().nullable().default(null),
  price: z.number().min(0).nullable().default(null),
});
export type AccessoryCandidateInput = z.input<typeof accessoryCandidateSchema>;
export type AccessoryCandidate = z.output<typeof accessoryCandidateSchema>;

export function candidateKinds(c: Pick<SizingCandidate, 'type' | 'also_listed_as'>): CandidateKind[] {
  return [c.type, ...c.also_listed_as];
}

const parsedLists = new WeakMap<readonly unknown[], unknown[]>();

/**
 * Parses a candidate list once per list: a caller that sizes many projects against the same
 * catalog passes the same array and pays for validation once (it dominates the cost otherwise).
 */
export function parseCandidateList<T>(inputs: readonly unknown[], parse: (input: unknown) => T): T[] {
  const known = parsedLists.get(inputs);
  if (known) return known as T[];
  const parsed = inputs.map(parse);
  parsedLists.set(inputs, parsed);
  return parsed;
}
