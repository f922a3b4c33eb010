/**
 * What the sizing engine may recommend, read from the catalog: interceptors (with their ratings,
 * capacities and installation options) and accessories tagged with the kind the engine asks for.
 * Which product type means which kind is data in this one table.
 */
import type { Kysely } from 'kysely';
import type { AccessoryCandidateInput, SizingCandidateInput } from '../../../src-shared/sizing/candidates.js';
import type { AccessoryKind } from '../../../src-shared/sizing/jurisdiction-rules.js';
import type { CandidateKind } from '../../../src-shared/sizing/candidates.js';
import type { CatalogSeed } from '../../../src-shared/seed/catalog-seed.js';
import type { Database } from '../../store/schema.js';
import type { TypeTree } from '../catalog/product-types.js';
import { orderablePartNumber } from '../catalog/model-numbers.js';

/** Product type key → interceptor kind. */
export const INTERCEPTOR_TYPE_KINDS: Record<string, CandidateKind> = {
  'hydromechanical-grease-interceptors': 'hydromechanical',
  'gravity-grease-interceptors': 'gravity',
  'solids-interceptors': 'solids',
};

/** Product type key → accessory kind. Covers count as traffic covers only when traffic rated. */
export const ACCESSORY_TYPE_KINDS: Record<string, AccessoryKind> = {
  risers: 'riser',
  'anchor-kits': 'anchor-kit',
  covers: 'traffic-cover',
  'sampling-ports': 'sampling-port',
  'flow-controls': 'flow-control',
  'flow-splitters': 'flow-splitter',
};

export interface SizingCatalog {
  candidates: SizingCandidateInput[];
  accessories: AccessoryCandidateInput[];
}

type InstallationOptions = NonNullable<CatalogSeed['products'][number]['installation_options']>;
type Dimensions = NonNullable<CatalogSeed['products'][number]['base_dimensions']>;

const COMPARTMENT_WORDS: Record<string, number> = { one: 1, single: 1, two: 2, dual: 2, three: 3, triple: 3, four: 4 };

/**
 * The compartments a product's text states ("a 1,000-gallon two-compartment gravity grease
 * interceptor"); null when it states none. The catalog has no field for them, and jurisdictions
 * require them (Phoenix: 2 from 500 gal, 3 from 750).
 */
export function statedCompartments(text: string): number | null {
  // "two-compartment gravity interceptor", not "a three-compartment sink" it is sized for.
  const m = /\b(one|single|two|dual|three|triple|four|[1-4])[- ]compartments?\b(?!\s+sinks?\b)/i.exec(text);
  if (!m?.[1]) return null;
  const word = m[1].toLowerCase();
  return COMPARTMENT_WORDS[word] ?? Number(word);
}

export async function loadSizingCatalog(db: Kysely<Database>, types: TypeTree): Promise<SizingCatalog> {
  const published = types.publishedIds();
  const [products, links, ratings, accessoryLinks] = await Promise.all([
    db.selectFrom('products').selectAll().where('type_id', 'in', published).orderBy('id').execute(),
    db.selectFrom('product_type_links as l').innerJoin('product_types as t', 't.id', 'l.type_id').select(['l.product_id', 't.key']).execute(),
    db.selectFrom('product_ratings').selectAll().orderBy('product_id').orderBy('position').execute(),
    db.selectFrom('product_links').select(['product_id', 'linked_id']).where('kind', '=', 'accessory').execute(),
  ]);
  const typeKeys = new Map<number, string[]>();
  for (const l of links) typeKeys.set(l.product_id, [...(typeKeys.get(l.product_id) ?? []), l.key]);
  const ratingsOf = new Map<number, typeof ratings>();
  for (const r of ratings) ratingsOf.set(r.product_id, [...(ratingsOf.get(r.product_id) ?? []), r]);
  const usedBy = new Map<number, number[]>();
  for (const l of accessoryLinks) usedBy.set(l.linked_id, [...(usedBy.get(l.linked_id) ?? []), l.product_id]);

  const candidates: SizingCandidateInput[] = [];
  const accessories: AccessoryCandidateInput[] = [];
  for (const p of products) {
    // Only what can be ordered is recommended: a family pattern goes by its base model number.
    const partNumber = orderablePartNumber(p.part_number, p.base_part_number);
    if (partNumber === null) continue;
    const keys = typeKeys.get(p.id) ?? [];
    const primaryKey = [...keys].sort((a, b) => (types.byKey(a)?.id === p.type_id ? -1 : types.byKey(b)?.id === p.type_id ? 1 : 0))[0];
    const kinds = keys.map((k) => INTERCEPTOR_TYPE_KINDS[k]).filter((k): k is CandidateKind => k !== undefined);
    const install = p.installation_options === null ? null : (JSON.parse(p.installation_options) as InstallationOptions);
    if (kinds.length > 0) {
      const primary = (primaryKey && INTERCEPTOR_TYPE_KINDS[primaryKey]) || kinds[0]!;
      candidates.push({
        id: p.id,
        part_number: partNumber,
        name: p.name,
        type: primary,
        also_listed_as: kinds.filter((k) => k !== primary),
        ratings: (ratingsOf.get(p.id) ?? []).map((r) => ({
          flow_gpm: r.flow_gpm,
          grease_lbs: r.grease_lbs,
          grease_gal: r.grease_gal,
          label: r.label,
          efficiency_99: r.efficiency_99 === 1,
        })),
        liquid_capacity_gal: p.liquid_gal !== null && p.liquid_gal > 0 ? p.liquid_gal : null,
        compartments: statedCompartments(`${p.short_description ?? ''} ${p.description ?? ''}`),
        installation_options: {
          indoors: install?.indoors ?? false,
          indoors_buried: install?.indoors_buried ?? false,
          outdoors: install?.outdoors ?? false,
          outdoors_buried: install?.outdoors_buried ?? false,
          other: install?.other ?? false,
          traffic_area: install?.traffic_area ?? false,
        },
        price: p.list_price,
      });
      continue;
    }
    const accessoryKind = keys.map((k) => ACCESSORY_TYPE_KINDS[k]).find((k) => k !== undefined);
    if (!accessoryKind) continue;
    // A cover is a traffic cover only when the catalog says it may sit in a traffic area.
    if (accessoryKind === 'traffic-cover' && !(install?.traffic_area ?? /traffic|H-20/i.test(`${p.name} ${p.short_description ?? ''}`))) continue;
    const dims = p.base_dimensions === null ? null : (JSON.parse(p.base_dimensions) as Dimensions);
    accessories.push({
      id: p.id,
      part_number: partNumber,
      name: p.name,
      kind: accessoryKind,
      compatible_with: usedBy.get(p.id) ?? [],
      riser_height_in: accessoryKind === 'riser' && dims ? dims.standard.height : null,
      price: p.list_price,
    });
  }
  return { candidates, accessories };
}
