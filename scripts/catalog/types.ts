/**
 * Product-type tree of the default catalog. Keys are plural slugs; names are the singular names the
 * product facts use ("Hydromechanical Grease Interceptor"), because the API serves the primary
 * type's name as a product's `type` ("type": "Riser" reads right, "Risers" would not).
 */
import type { SeedProductType } from '../../src-shared/seed/catalog-seed';
import { MEDIA } from './util';

interface TypeDef {
  key: string;
  name: string;
  parent: string | null;
  active?: boolean;
  /** false: no thumbnail, the app shows its placeholder. */
  image?: boolean;
  created: string;
  last_updated: string | null;
}

const TYPE_DEFS: TypeDef[] = [
  { key: 'grease-interceptors', name: 'Grease Interceptor', parent: null, created: '2015-03-02', last_updated: '2024-02-12' },
  { key: 'hydromechanical-grease-interceptors', name: 'Hydromechanical Grease Interceptor', parent: 'grease-interceptors', created: '2015-03-02', last_updated: '2024-02-12' },
  { key: 'gravity-grease-interceptors', name: 'Gravity Grease Interceptor', parent: 'grease-interceptors', created: '2016-08-22', last_updated: '2023-05-30' },
  { key: 'solids-interceptors', name: 'Solids Interceptor', parent: null, created: '2017-01-16', last_updated: null },
  { key: 'accessories', name: 'Accessory', parent: null, created: '2015-03-02', last_updated: '2022-11-07' },
  { key: 'risers', name: 'Riser', parent: 'accessories', created: '2015-03-02', last_updated: null },
  { key: 'riser-adapters', name: 'Riser Adapter', parent: 'accessories', created: '2018-04-09', last_updated: null },
  { key: 'anchor-kits', name: 'Anchor Kit', parent: 'accessories', created: '2015-03-02', last_updated: '2021-06-14' },
  { key: 'support-kits', name: 'Support Kit', parent: 'accessories', created: '2018-04-09', last_updated: null },
  { key: 'cover-adapter-tie-downs', name: 'Cover Adapter Tie-Down', parent: 'accessories', created: '2019-10-21', last_updated: null, image: false },
  { key: 'clamping-collars', name: 'Clamping Collar', parent: 'accessories', created: '2015-03-02', last_updated: null },
  { key: 'sampling-ports', name: 'Sampling Port', parent: 'accessories', created: '2016-05-23', last_updated: '2022-03-28' },
  { key: 'flow-splitters', name: 'Flow Splitter', parent: 'accessories', created: '2019-02-04', last_updated: null, image: false },
  { key: 'fittings', name: 'Fitting', parent: 'accessories', created: '2015-03-02', last_updated: '2020-09-08' },
  // Not in the facts: flow controls are sized per interceptor flow, so they get their own type.
  { key: 'flow-controls', name: 'Flow Control', parent: 'accessories', created: '2015-03-02', last_updated: '2021-01-11' },
  { key: 'covers', name: 'Cover', parent: 'accessories', created: '2015-03-02', last_updated: '2023-08-21' },
  // Unpublished type (a discontinued line): the app must hide it and its products.
  { key: 'oil-water-separators', name: 'Oil-Water Separator', parent: null, active: false, created: '2015-06-15', last_updated: '2019-12-02', image: false },
];

export const productTypes: SeedProductType[] = TYPE_DEFS.map((t) => ({
  key: t.key,
  name: t.name,
  active: t.active ?? true,
  image: t.image === false ? null : `${MEDIA}/product-types/${t.key}/thumbnail-300.jpg`,
  parent: t.parent,
  created: t.created,
  last_updated: t.last_updated,
}));

/** Product-type names used in catalog-facts.json -> type keys. */
export const FACTS_TYPE_KEYS: Record<string, string> = Object.fromEntries(
  TYPE_DEFS.filter((t) => t.parent !== null || t.key === 'solids-interceptors').map((t) => [t.name, t.key]),
);

export function typeKeyForFactsName(name: string): string {
  const key = FACTS_TYPE_KEYS[name];
  if (!key) throw new Error(`catalog-facts.json uses an unknown product type "${name}"`);
  return key;
}
