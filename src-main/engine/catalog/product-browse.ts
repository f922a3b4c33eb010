/**
 * The catalog as the app's product browser reads it: every published product as a small summary
 * row (a 10,000-product catalog is about 3 MB of summaries instead of 40 MB of list items), filtered
 * by type (with its sub-types), collection or words; and the variants of a product's family with
 * the options that tell them apart, so the UI can go from chosen options to a model number.
 */
import type { Kysely } from 'kysely';
import type { ProductFamily, ProductSummary, ProductVariant } from '../../../src-shared/ipc/contract.js';
import { matchKey } from '../../../src-shared/text-match.js';
import type { Database } from '../../store/schema.js';
import { jsonList } from '../../store/prepared-query.js';
import { money } from '../format.js';
import { notFound } from '../errors.js';
import type { CatalogService } from './catalog-service.js';
import { TypeTree } from './product-types.js';
import { buildSimpleProduct } from './render-product.js';

export interface ProductFilter {
  type?: string;
  collection?: string;
  query?: string;
  /** Rated flow at least / at most (GPM), grease capacity at least (lb), liquid capacity at least (gal). */
  min_flow?: number;
  max_flow?: number;
  min_grease?: number;
  min_liquid?: number;
  /** Only products that may be installed so (installation_options). */
  installation?: InstallationFilter;
  sort?: ProductSort;
  direction?: 'asc' | 'desc';
}

export const INSTALLATION_FILTERS = ['indoors', 'indoors-buried', 'outdoors', 'outdoors-buried', 'traffic'] as const;
export type InstallationFilter = (typeof INSTALLATION_FILTERS)[number];
export const PRODUCT_SORTS = ['relevance', 'part-number', 'flow', 'grease', 'liquid', 'price'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

interface Indexed {
  summary: ProductSummary;
  /** matchKey of the searchable text, for word matching. */
  text: string;
  /** matchKey of the part number and of the names, for ranking exact matches first. */
  keys: string[];
  install: Set<InstallationFilter>;
  price: number;
}

/**
 * How well a product matches the typed words: its model number or name exactly (0), starting
 * with them (1), a word of them (2), anywhere in its text (3). "HM-50" finds HM-50 before HM-500.
 */
function rank(row: Indexed, query: string): number {
  if (row.keys.includes(query)) return 0;
  if (row.keys.some((k) => k.startsWith(`${query} `))) return 1;
  if (row.keys.some((k) => k.startsWith(query))) return 2;
  return 3;
}

const nullsLast = (a: number | null, b: number | null, dir: 1 | -1) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : (a - b) * dir);

export class ProductBrowser {
  private cache: { version: string; rows: Promise<Indexed[]> } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dataVersion: () => string,
    private readonly catalog: CatalogService,
  ) {}

  /** All summaries, ordered like /products (part number), rebuilt when the data changes. */
  private all(): Promise<Indexed[]> {
    const version = this.dataVersion();
    if (this.cache?.version !== version) {
      const rows = this.load();
      this.cache = { version, rows };
      rows.catch(() => (this.cache = undefined));
    }
    return this.cache.rows;
  }

  private async load(): Promise<Indexed[]> {
    const types = await TypeTree.load(this.db);
    const rows = await this.db.selectFrom('products').selectAll().where(jsonList('type_id', types.publishedJson)).orderBy('part_number').orderBy('id').execute();
    const ratings = await this.db.selectFrom('product_ratings').select(['product_id', 'flow_gpm', 'grease_lbs']).execute();
    const best = new Map<number, { flow: number; grease: number }>();
    for (const r of ratings) {
      const b = best.get(r.product_id);
      best.set(r.product_id, { flow: Math.max(b?.flow ?? 0, r.flow_gpm), grease: Math.max(b?.grease ?? 0, r.grease_lbs) });
    }
    return rows.map((row) => {
      const simple = buildSimpleProduct(row, types.name);
      const rating = best.get(row.id);
      const options = row.installation_options === null ? null : (JSON.parse(row.installation_options) as Record<string, unknown>);
      const install = new Set<InstallationFilter>();
      if (options?.indoors === true) install.add('indoors');
      if (options?.indoors_buried === true) install.add('indoors-buried');
      if (options?.outdoors === true) install.add('outdoors');
      if (options?.outdoors_buried === true) install.add('outdoors-buried');
      if (options?.traffic_area === true) install.add('traffic');
      const summary: ProductSummary = {
        id: row.id,
        part_number: row.part_number,
        name: row.name,
        short_name: row.short_name,
        type: simple.type,
        short_description: row.short_description,
        store_id: row.store_id,
        parent_store_id: row.parent_store_id,
        is_base_model: row.is_base_model === 1,
        list_price: simple.price.list,
        image: simple.images.primary.sm,
        rated_flow_gpm: rating ? rating.flow : null,
        grease_capacity_lbs: rating ? rating.grease : null,
        liquid_capacity_gal: row.liquid_gal !== null && row.liquid_gal > 0 ? row.liquid_gal : null,
      };
      return {
        summary,
        text: matchKey(`${row.part_number} ${row.name} ${row.short_name} ${simple.type} ${row.short_description ?? ''}`),
        keys: [row.part_number, row.base_part_number, row.name, row.short_name].map(matchKey),
        install,
        price: Number(simple.price.list.replace(/,/g, '')),
      };
    });
  }

  /** Ids of the products of a type or any of its sub-types (a product may have several types). */
  private async idsOfType(key: string): Promise<Set<number>> {
    const types = await this.db.selectFrom('product_types').select(['id', 'key', 'parent_id']).execute();
    const root = types.find((t) => t.key === key);
    if (!root) throw notFound(`No product type with key "${key}".`, 'type');
    const wanted = new Set([root.id]);
    // Walk down the tree: repeat until no new child is found (the tree is a few levels deep).
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of types) {
        if (t.parent_id !== null && wanted.has(t.parent_id) && !wanted.has(t.id)) {
          wanted.add(t.id);
          grew = true;
        }
      }
    }
    const links = await this.db.selectFrom('product_type_links').select('product_id').where('type_id', 'in', [...wanted]).execute();
    return new Set(links.map((l) => l.product_id));
  }

  private async idsOfCollection(key: string): Promise<Set<number>> {
    const collection = await this.db.selectFrom('collections').select('id').where('key', '=', key).executeTakeFirst();
    if (!collection) throw notFound(`No collection with key "${key}".`, 'collection');
    const items = await this.db.selectFrom('collection_items').select('product_id').where('collection_id', '=', collection.id).execute();
    return new Set(items.map((i) => i.product_id));
  }

  async list(filter: ProductFilter): Promise<{ total: number; data: ProductSummary[] }> {
    let rows = await this.all();
    if (filter.type) {
      const ids = await this.idsOfType(filter.type);
      rows = rows.filter((r) => ids.has(r.summary.id));
    }
    if (filter.collection) {
      const ids = await this.idsOfCollection(filter.collection);
      rows = rows.filter((r) => ids.has(r.summary.id));
    }
    // Every word must occur (as in the API's search); "4055 gb" finds GB-250 4055-007-02.
    const query = matchKey(filter.query ?? '');
    const words = query.split(' ').filter(Boolean);
    if (words.length > 0) rows = rows.filter((r) => words.every((w) => r.text.includes(w)));
    const at = (v: number | null, min: number | undefined, max?: number) => (min === undefined || (v !== null && v >= min)) && (max === undefined || (v !== null && v <= max));
    rows = rows.filter(
      (r) =>
        at(r.summary.rated_flow_gpm, filter.min_flow, filter.max_flow) &&
        at(r.summary.grease_capacity_lbs, filter.min_grease) &&
        at(r.summary.liquid_capacity_gal, filter.min_liquid) &&
        (!filter.installation || r.install.has(filter.installation)),
    );
    const sort = filter.sort ?? 'relevance';
    const dir = filter.direction === 'desc' ? -1 : 1;
    // Stable sorts over the part-number order: ties keep it.
    if (sort === 'relevance' && words.length > 0) rows = [...rows].sort((a, b) => rank(a, query) - rank(b, query));
    else if (sort === 'part-number' && dir === -1) rows = [...rows].reverse();
    else if (sort === 'flow') rows = [...rows].sort((a, b) => nullsLast(a.summary.rated_flow_gpm, b.summary.rated_flow_gpm, dir));
    else if (sort === 'grease') rows = [...rows].sort((a, b) => nullsLast(a.summary.grease_capacity_lbs, b.summary.grease_capacity_lbs, dir));
    else if (sort === 'liquid') rows = [...rows].sort((a, b) => nullsLast(a.summary.liquid_capacity_gal, b.summary.liquid_capacity_gal, dir));
    else if (sort === 'price') rows = [...rows].sort((a, b) => nullsLast(Number.isFinite(a.price) ? a.price : null, Number.isFinite(b.price) ? b.price : null, dir));
    return { total: rows.length, data: rows.map((r) => r.summary) };
  }

  /**
   * The family of a product: products sharing its parent store id (the store's configurable
   * parent), or, without one, its base model number. Each variant with the options that define it.
   */
  async family(modelNumber: string, storeId: string | undefined): Promise<ProductFamily> {
    const product = await this.catalog.getProduct(modelNumber, storeId);
    const types = await TypeTree.load(this.db);
    let members = this.db.selectFrom('products').selectAll().where(jsonList('type_id', types.publishedJson));
    members =
      product.parent_store_id !== null
        ? members.where('parent_store_id', '=', product.parent_store_id)
        : members.where('base_part_number', '=', product.base_model.base_part_number);
    const rows = await members.orderBy('part_number').orderBy('id').execute();
    const options = rows.length
      ? await this.db
          .selectFrom('product_options')
          .innerJoin('options', 'options.id', 'product_options.option_id')
          .selectAll('options')
          .select('product_options.product_id')
          .where(
            'product_options.product_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('product_options.product_id')
          .orderBy('product_options.position')
          .execute()
      : [];
    const variants: ProductVariant[] = rows.map((row) => ({
      part_number: row.part_number,
      store_id: row.store_id,
      name: row.name,
      is_base_model: row.is_base_model === 1,
      options: options
        .filter((o) => o.product_id === row.id)
        .map((o) => ({
          object: 'product-option' as const,
          id: o.id,
          name: o.name,
          price: o.price === null ? null : money(o.price),
          option_type: o.option_type,
          description: o.description,
          store_id: o.store_id,
        })),
    }));
    // Only option types whose choice differs between variants are choices; the rest is fixed.
    const option_types: string[] = [];
    for (const v of variants) {
      for (const o of v.options) {
        if (option_types.includes(o.option_type)) continue;
        const values = new Set(variants.map((x) => x.options.find((y) => y.option_type === o.option_type)?.id ?? null));
        if (values.size > 1) option_types.push(o.option_type);
      }
    }
    return { option_types, variants };
  }
}
