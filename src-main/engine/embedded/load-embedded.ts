/**
 * Loads the embedded default data set (resources/) into an empty store in one transaction, so a
 * fresh install works offline at once and a failed load leaves nothing half-written. Above the
 * store (in the engine): it sizes the demo projects with the engine's rules as it writes them.
 */
import type { Kysely, Transaction } from 'kysely';
import { catalogSeed, type CatalogSeed } from '../../../src-shared/seed/catalog-seed.js';
import { effectiveRules, matchAuthority, type AuthorityFile } from '../../../src-shared/sizing/authority.js';
import { loadAuthorityLibrary } from '../../store/authority-library.js';
import { geographySeed, territoriesSeed, type GeographySeed, type TerritoriesSeed } from '../../../src-shared/seed/geography-seed.js';
import { matchKey } from '../../../src-shared/text-match.js';
import { peopleSeed, type PeopleSeed } from '../../../src-shared/seed/people-seed.js';
import { defaultResourcesDir, readResourceJson } from '../../store/resource-files.js';
import { insertRows } from '../../store/insert-rows.js';
import { TypeTree } from '../catalog/product-types.js';
import { loadSizingCatalog } from '../sizing/catalog-candidates.js';
import { parseRules, sizeWith } from '../projects/project-sizing.js';
import { insertProjects } from '../../store/projects.js';
import type { Database } from '../../store/schema.js';

export interface EmbeddedDataSet {
  catalog: CatalogSeed;
  geography: GeographySeed;
  territories: TerritoriesSeed;
  people: PeopleSeed;
  /** The authority library (resources/authorities/): the demo projects are sized by the rules each jurisdiction is sized by later. */
  authorities: readonly AuthorityFile[];
}

export function readEmbeddedDataSet(resourcesDir = defaultResourcesDir()): EmbeddedDataSet {
  const read = (name: string): unknown => readResourceJson(resourcesDir, name);
  return {
    catalog: catalogSeed.parse(read('catalog.json')),
    geography: geographySeed.parse(read('geography.json')),
    territories: territoriesSeed.parse(read('territories.json')),
    people: peopleSeed.parse(read('people.json')),
    authorities: loadAuthorityLibrary(resourcesDir),
  };
}

const json = (v: unknown): string => JSON.stringify(v);
const bool = (v: boolean): 0 | 1 => (v ? 1 : 0);

/** True when the store holds no catalog yet (a first start). */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', 'data_set').executeTakeFirst();
  return row === undefined;
}

/** How far a first start's load is: what it does now, and the share of the whole load done. */
export interface LoadProgress {
  step: string;
  percent: number;
}
export type LoadProgressListener = (progress: LoadProgress) => void;

export async function loadEmbeddedDataSet(db: Kysely<Database>, data: EmbeddedDataSet, onProgress: LoadProgressListener = () => undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The shares follow the time each step took on a 2-core machine; sizing the projects is most of it.
    onProgress({ step: 'Loading zip codes and counties', percent: 15 });
    await loadGeography(trx, data.geography);
    onProgress({ step: 'Loading sales territories', percent: 20 });
    await loadTerritories(trx, data.territories);
    onProgress({ step: 'Loading the product catalog', percent: 21 });
    await loadCatalog(trx, data.catalog);
    onProgress({ step: 'Loading jurisdictions and users', percent: 23 });
    await loadPeople(trx, data.people, seedRulesResolver(data), (done, total) => onProgress({ step: `Sizing the demo projects (${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')})`, percent: 27 + Math.round((done / total) * 61) }));
    onProgress({ step: 'Saving', percent: 89 });
    await trx
      .insertInto('meta')
      .values([
        { key: 'data_set', value: 'embedded' },
        { key: 'data_set_version', value: data.catalog.version },
      ])
      .execute();
  });
}

async function loadGeography(trx: Transaction<Database>, geo: GeographySeed): Promise<void> {
  await insertRows(
    trx,
    'states',
    geo.states.map(([code, name, fips]) => ({ code, name, fips, match_name: matchKey(name) })),
  );
  await insertRows(
    trx,
    'counties',
    geo.counties.map(([fips, state_code, name, base_name, population]) => ({
      fips,
      state_code,
      name,
      base_name,
      population,
      match_name: matchKey(name),
      match_base: matchKey(base_name),
      is_county: bool(name === `${base_name} County`),
    })),
  );
  await insertRows(
    trx,
    'zip_codes',
    geo.zips.map(([zip, state_code, city, population, counties]) => ({
      zip,
      state_code,
      city,
      population,
      main_county_fips: counties[0]![0],
    })),
  );
  await insertRows(
    trx,
    'zip_counties',
    geo.zips.flatMap(([zip, , , , counties]) => counties.map(([county_fips, weight]) => ({ zip, county_fips, weight }))),
  );
}

async function loadTerritories(trx: Transaction<Database>, seed: TerritoriesSeed): Promise<void> {
  await insertRows(
    trx,
    'territories',
    seed.territories.map((t) => ({
      id: t.id,
      code: t.code,
      name: t.name,
      rep_firm: t.rep_firm,
      manager_name: t.manager.name,
      manager_email: t.manager.email,
      origin: 'embedded' as const,
      extra: '{}',
    })),
  );
  await insertRows(
    trx,
    'territory_counties',
    seed.territories.flatMap((t) => t.counties.map((county_fips) => ({ county_fips, territory_id: t.id }))),
  );
}

async function loadCatalog(trx: Transaction<Database>, seed: CatalogSeed): Promise<void> {
  const typeIds = new Map<string, number>();
  // Parents first, so every parent_id points at an inserted row.
  const pending = [...seed.productTypes];
  while (pending.length > 0) {
    const index = pending.findIndex((t) => t.parent === null || typeIds.has(t.parent));
    if (index < 0) throw new Error(`Product types with unknown or circular parents: ${pending.map((t) => t.key).join(', ')}`);
    const t = pending.splice(index, 1)[0]!;
    const row = await trx
      .insertInto('product_types')
      .values({
        key: t.key,
        name: t.name,
        active: bool(t.active),
        image: t.image,
        parent_id: t.parent === null ? null : typeIds.get(t.parent)!,
        created: t.created,
        last_updated: t.last_updated,
        origin: 'embedded',
        extra: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.set(t.key, row.id);
  }
  const typeId = (key: string): number => {
    const id = typeIds.get(key);
    if (id === undefined) throw new Error(`Unknown product type "${key}"`);
    return id;
  };

  await insertRows(
    trx,
    'products',
    seed.products.map((p) => ({
      id: p.id,
      part_number: p.part_number,
      store_id: p.store_id,
      parent_store_id: p.parent_store_id,
      name: p.name,
      short_name: p.short_name,
      type_id: typeId(p.types[0]!),
      is_base_model: bool(p.base_model.is_base_model),
      base_part_number: p.base_model.base_part_number,
      description: p.description,
      short_description: p.short_description,
      market_specific_description: p.market_specific_description,
      created: p.created,
      last_updated: p.last_updated,
      list_price: p.list_price,
      retail_multiplier: p.retail_multiplier,
      wholesale_multiplier: p.wholesale_multiplier,
      processing_lead_time: p.processing?.lead_time ?? null,
      processing_threshold: p.processing?.threshold ?? null,
      installation_options: p.installation_options === null ? null : json(p.installation_options),
      solids_gal: p.solids_capacity?.gal ?? null,
      solids_l: p.solids_capacity?.l ?? null,
      liquid_gal: p.liquid_capacity?.gal ?? null,
      liquid_l: p.liquid_capacity?.l ?? null,
      base_dimensions: p.base_dimensions === null ? null : json(p.base_dimensions),
      shipping_dimensions: p.shipping_dimensions === null ? null : json(p.shipping_dimensions),
      images: json(p.images),
      documents: json(p.documents),
      is_demo: bool(p.demo),
      details: json(p.extra),
      origin: 'embedded' as const,
      extra: '{}',
    })),
  );
  await insertRows(
    trx,
    'product_type_links',
    seed.products.flatMap((p) => [...new Set(p.types)].map((key) => ({ product_id: p.id, type_id: typeId(key) }))),
  );
  await insertRows(
    trx,
    'product_ratings',
    seed.products.flatMap((p) =>
      p.ratings.map((r, position) => ({
        product_id: p.id,
        position,
        flow_gpm: r.flow_gpm,
        flow_lps: r.flow_lps,
        grease_lbs: r.grease_lbs,
        grease_kg: r.grease_kg,
        grease_gal: r.grease_gal,
        grease_l: r.grease_l,
        label: r.label,
        efficiency_99: bool(r.efficiency_99),
      })),
    ),
  );

  // Variants of one family share options; the seed repeats them per product with the same id.
  const options = new Map<number, CatalogSeed['products'][number]['options'][number]>();
  for (const p of seed.products) {
    for (const o of p.options) {
      const known = options.get(o.id);
      if (known && json(known) !== json(o)) throw new Error(`Option ${o.id} is described differently by two products`);
      options.set(o.id, o);
    }
  }
  await insertRows(trx, 'options', [...options.values()]);
  await insertRows(
    trx,
    'product_options',
    seed.products.flatMap((p) => p.options.map((o, position) => ({ product_id: p.id, option_id: o.id, position }))),
  );
  await insertRows(
    trx,
    'product_links',
    seed.products.flatMap((p) => [
      ...p.accessories.map((a, position) => ({ product_id: p.id, linked_id: a.product, kind: 'accessory' as const, component: bool(a.component), position })),
      ...p.related_products.map((id, position) => ({ product_id: p.id, linked_id: id, kind: 'related' as const, component: 0 as const, position })),
      ...p.compatible_products.map((id, position) => ({ product_id: p.id, linked_id: id, kind: 'compatible' as const, component: 0 as const, position })),
    ]),
  );
  await insertRows(
    trx,
    'product_certifications',
    seed.products.flatMap((p) => p.certifications.map((c, position) => ({ product_id: p.id, position, ...c }))),
  );
  for (const c of seed.collections) {
    const row = await trx
      .insertInto('collections')
      .values({ key: c.key, name: c.name, image: c.image === null ? null : json(c.image), origin: 'embedded', extra: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertRows(
      trx,
      'collection_items',
      c.products.map((product_id, position) => ({ collection_id: row.id, product_id, position })),
    );
  }
}

/**
 * The rules each embedded jurisdiction is sized by, as the engine resolves them later
 * (RulesResolver): its authority's where the library knows it (by name and state, or by its zip
 * codes' USPS cities and main counties), else its code family's.
 */
function seedRulesResolver(data: EmbeddedDataSet): (j: PeopleSeed['jurisdictions'][number]) => string {
  const places = new Map(data.geography.zips.map(([zip, , city, , counties]) => [zip, { city, county_fips: counties[0]?.[0] ?? '' }]));
  return (j) => {
    const zips = j.zip_codes.flatMap((z) => places.get(z) ?? []);
    return json(effectiveRules(j.rules, matchAuthority(data.authorities, { name: j.name, state: j.state, zips })));
  };
}

async function loadPeople(trx: Transaction<Database>, seed: PeopleSeed, rulesFor: (j: PeopleSeed['jurisdictions'][number]) => string, onSized: (done: number, total: number) => void): Promise<void> {
  const rulesOf = new Map<number, string>();
  await insertRows(
    trx,
    'jurisdictions',
    seed.jurisdictions.map((j) => {
      const rules = json(j.rules);
      rulesOf.set(j.id, rulesFor(j));
      return {
        id: j.id,
        name: j.name,
        kind: j.kind,
        state: j.state,
        county_fips: j.county_fips,
        inside_trap_locations: json(j.inside_trap_locations),
        rules,
        updated: '2026-01-15',
        origin: 'embedded' as const,
        extra: '{}',
      };
    }),
  );
  await insertRows(
    trx,
    'jurisdiction_zip_codes',
    seed.jurisdictions.flatMap((j) => j.zip_codes.map((zip) => ({ zip, jurisdiction_id: j.id }))),
  );
  await insertRows(
    trx,
    'contacts',
    seed.jurisdictions.flatMap((j) =>
      j.contacts.map(({ facility, ...c }, position) => ({ ...c, jurisdiction_id: j.id, facility: json(facility), position })),
    ),
  );
  await insertRows(
    trx,
    'users',
    seed.users.map((u) => ({ ...u, service_user: bool(u.service_user), origin: 'embedded' as const, extra: '{}' })),
  );
  // Every computed field comes from the sizing engine, against the catalog just loaded.
  const catalog = await loadSizingCatalog(trx, await TypeTree.load(trx));
  await insertProjects(
    trx,
    seed.projects.map((p, index) => {
      if (index % 250 === 0) onSized(index, seed.projects.length);
      const { fixtures, ...inputs } = p.inputs;
      const rules = p.jurisdiction_id === null ? null : (rulesOf.get(p.jurisdiction_id) ?? null);
      const sizing = sizeWith(catalog, inputs, fixtures, parseRules(rules), 'summary');
      return {
        row: {
          id: p.id,
          user_id: p.user_id,
          name: p.name,
          status: p.status,
          created: p.created,
          submitted: p.submitted,
          approved: p.approved,
          updated: p.updated,
          construction_type: p.construction_type,
          ...p.address,
          jurisdiction_id: p.jurisdiction_id,
          inputs,
          version: 1,
          dirty: 0,
          origin: 'embedded',
          extra: '{}',
        },
        sizing,
        fixtures,
      };
    }),
  );
  await insertRows(
    trx,
    'project_notes',
    seed.projects.flatMap((p) => p.notes.map((n) => ({ ...n, project_id: p.id }))),
  );
}
