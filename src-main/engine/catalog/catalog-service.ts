/** The catalog half of the API (spec §4.3–4.5) as plain functions over the store. */
import type { Kysely } from 'kysely';
import type { Collection, Product, ProductListItem, ProductType, ProductTypeDetail, SimpleProduct } from '../../../src-shared/api/catalog.js';
import type { Database } from '../../store/schema.js';
import { notFound } from '../errors.js';
import { imageLibrary, type StoredImageSet } from '../format.js';
import type { OptionalPage } from '../paging.js';
import { jsonList } from '../../store/prepared-query.js';
import { TypeTree } from './product-types.js';
import { RenderCache } from '../render-cache.js';
import { buildFullProduct, buildListItem, buildSimpleProduct, type ProductRow } from './render-product.js';
import { ProductQueries } from './product-queries.js';
import { resolveModelNumber } from './model-numbers.js';

export interface ListResult<T> {
  data: T[];
  /** How many items the whole list holds, for the X-Total-Count header. */
  total: number;
}

/**
 * A list too large to build at once (the product lists: 10,000 products are 40 MB of JSON): it is
 * rendered and sent batch by batch, so memory stays bounded whatever the catalog's size.
 */
export interface ListStream<T> {
  total: number;
  batches: AsyncIterable<T[]>;
}

const STREAM_BATCH = 250;

/**
 * Pages through a list by first reading its ordered ids (one sort, small rows) and then loading
 * the rows of each batch by id: sorting whole rows once per batch would cost the list's size
 * squared.
 */
function streamPages<T>(
  orderedIds: number[],
  page: OptionalPage,
  rowsById: (ids: number[]) => Promise<ProductRow[]>,
  render: (rows: ProductRow[]) => Promise<T[]>,
): ListStream<T> {
  const start = page?.offset ?? 0;
  const end = page ? Math.min(orderedIds.length, start + page.limit) : orderedIds.length;
  async function* batches(): AsyncGenerator<T[]> {
    for (let offset = start; offset < end; offset += STREAM_BATCH) {
      const ids = orderedIds.slice(offset, Math.min(end, offset + STREAM_BATCH));
      const byId = new Map((await rowsById(ids)).map((r) => [r.id, r]));
      // Rows deleted since the ids were read are skipped.
      const rows = ids.map((id) => byId.get(id)).filter((r): r is ProductRow => r !== undefined);
      yield await render(rows);
    }
  }
  return { total: orderedIds.length, batches: batches() };
}

/** The whole list of a stream, for callers that want an array (tests, IPC pages). */
export async function collect<T>(stream: ListStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const batch of stream.batches) out.push(...batch);
  return out;
}

export class CatalogService {
  private typeCache: { version: string; tree: Promise<TypeTree> } | undefined;
  private readonly queries: ProductQueries;
  /** Full products by id: a detail look-up renders a product once per data version. */
  private readonly productCache: RenderCache<number, Product>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dataVersion: () => string,
    options: { cacheSize?: number } = {},
  ) {
    this.queries = new ProductQueries(db);
    this.productCache = new RenderCache(dataVersion, options.cacheSize ?? 2000);
  }

  private async listItems(rows: ProductRow[], types: TypeTree): Promise<ProductListItem[]> {
    const children = await this.queries.children(rows, false, types);
    return rows.map((row) => buildListItem(row, types.name, children));
  }

  private async fullProducts(rows: ProductRow[], types: TypeTree): Promise<Product[]> {
    const children = await this.queries.children(rows, true, types);
    return rows.map((row) => buildFullProduct(row, types.name, children));
  }

  /** The type tree is read on every request and changes only with the data: cached per data version. */
  private types(): Promise<TypeTree> {
    const version = this.dataVersion();
    if (this.typeCache?.version !== version) {
      const tree = TypeTree.load(this.db);
      this.typeCache = { version, tree };
      tree.catch(() => (this.typeCache = undefined));
    }
    return this.typeCache.tree;
  }

  async listProductTypes(): Promise<ListResult<ProductType>> {
    const types = await this.types();
    const data = types.fromCentralService ? types.listAsReceived() : types.list().map((row) => types.render(row));
    return { data, total: data.length };
  }

  /**
   * A type of the central service, served as it answered: its own answer (404 where it answered
   * 404), and the products its /product-types/:type/products listed, in its order (where it gave
   * no such list: the products whose type it is).
   */
  private async typeAsReceived(key: string, types: TypeTree): Promise<{ detail: ProductType; ids: number[] } | null> {
    if (!types.fromCentralService) return null;
    const row = types.byKey(key);
    if (!row || row.detail_served === null) throw notFound(`No product type with key "${key}".`);
    const ids =
      row.products_served !== null
        ? (JSON.parse(row.products_served) as number[])
        : (await this.db.selectFrom('products').select('id').where('type_id', '=', row.id).orderBy('part_number').orderBy('id').execute()).map((r) => r.id);
    return { detail: JSON.parse(row.detail_served) as ProductType, ids };
  }

  private async publishedType(key: string) {
    const types = await this.types();
    const row = types.byKey(key);
    // An inactive type answers exactly like a missing one: it is not published.
    if (!row || !types.isPublished(row.id)) throw notFound(`No product type with key "${key}".`);
    return { types, row };
  }

  /**
   * The products of a category: those linked to the type or to any of its published sub-types
   * (a user browsing "Grease Interceptor" expects the hydromechanical and gravity units under
   * it), each once, whatever their first type; only products whose own type is published.
   */
  private productsOfTypeQuery(typeId: number, types: TypeTree) {
    return this.db
      .selectFrom('products')
      .where('products.id', 'in', (eb) => eb.selectFrom('product_type_links as l').select('l.product_id').where('l.type_id', 'in', types.publishedSubtree(typeId)))
      .where('products.type_id', 'in', types.publishedIds());
  }

  async getProductType(key: string): Promise<ProductTypeDetail> {
    const received = await this.typeAsReceived(key, await this.types());
    if (received) {
      const rows = await this.queries.rowsByIds({ ids: JSON.stringify(received.ids) });
      const byId = new Map(rows.map((r) => [r.id, r]));
      const inOrder = received.ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
      const url = `/product-types/${encodeURIComponent(key)}/products`;
      return { ...received.detail, products: { object: 'list', url, data: await this.listItems(inOrder, await this.types()) } };
    }
    const { types, row } = await this.publishedType(key);
    const products = await this.productsOfTypeQuery(row.id, types).selectAll('products').orderBy('products.part_number').orderBy('products.id').execute();
    const url = `/product-types/${encodeURIComponent(row.key)}/products`;
    return { ...types.render(row), products: { object: 'list', url, data: await this.listItems(products, types) } };
  }

  async listProductsOfType(key: string, page: OptionalPage): Promise<ListStream<Product>> {
    const tree = await this.types();
    const received = await this.typeAsReceived(key, tree);
    if (received) {
      return streamPages(
        received.ids,
        page,
        (batch) => this.queries.rowsByIds({ ids: JSON.stringify(batch) }),
        (rows) => this.fullProducts(rows, tree),
      );
    }
    const { types, row } = await this.publishedType(key);
    const ids = await this.productsOfTypeQuery(row.id, types).select('products.id').orderBy('products.part_number').orderBy('products.id').execute();
    return streamPages(
      ids.map((r) => r.id),
      page,
      (batch) => this.queries.rowsByIds({ ids: JSON.stringify(batch) }),
      (rows) => this.fullProducts(rows, types),
    );
  }

  async listProducts(page: OptionalPage): Promise<ListStream<ProductListItem>> {
    const types = await this.types();
    const ids = await this.db.selectFrom('products').select('id').where(jsonList('type_id', types.publishedJson)).orderBy('part_number').orderBy('id').execute();
    return streamPages(
      ids.map((r) => r.id),
      page,
      (batch) => this.queries.rowsByIds({ ids: JSON.stringify(batch) }),
      (rows) => this.listItems(rows, types),
    );
  }

  async getProduct(modelNumber: string, storeId: string | undefined): Promise<Product> {
    const types = await this.types();
    const row = await resolveModelNumber(this.queries, types, modelNumber, storeId);
    return this.productCache.get(row.id, async () => (await this.fullProducts([row], types))[0]!);
  }

  /** Simple products by id (unpublished ones left out), for links from other resources. */
  async simpleProducts(ids: number[]): Promise<Map<number, SimpleProduct>> {
    if (ids.length === 0) return new Map();
    const types = await this.types();
    const rows = await this.queries.rowsByIds({ ids: JSON.stringify(ids) });
    return new Map(rows.filter((r) => types.isPublished(r.type_id)).map((r) => [r.id, buildSimpleProduct(r, types.name)]));
  }

  async listCollections(only: string[] | undefined, limit: number | undefined): Promise<ListResult<Collection>> {
    let query = this.db.selectFrom('collections').selectAll().orderBy('name');
    if (only) query = query.where('key', 'in', only.length > 0 ? only : ['']);
    const rows = await query.execute();
    const types = await this.types();
    const capped = limit === undefined ? rows : rows.slice(0, limit);
    const data = await Promise.all(capped.map((row) => this.renderCollection(row, types)));
    return { data, total: rows.length };
  }

  async getCollection(key: string): Promise<Collection> {
    const row = await this.db.selectFrom('collections').selectAll().where('key', '=', key).executeTakeFirst();
    if (!row) throw notFound(`No collection with key "${key}".`);
    return this.renderCollection(row, await this.types());
  }

  private async renderCollection(row: { id: number; key: string; name: string; image: string | null; extra: string }, types: TypeTree): Promise<Collection> {
    const products: ProductRow[] = await this.db
      .selectFrom('collection_items as i')
      .innerJoin('products', 'products.id', 'i.product_id')
      .selectAll('products')
      .where('i.collection_id', '=', row.id)
      .where('products.type_id', 'in', types.publishedIds())
      .orderBy('i.position')
      .execute();
    const url = `/collections/${encodeURIComponent(row.key)}`;
    const body: Collection = {
      object: 'collection',
      url,
      name: row.name,
      key: row.key,
      size: products.length,
      image: imageLibrary(row.image === null ? null : (JSON.parse(row.image) as StoredImageSet)),
      items: { object: 'list', url, data: await this.listItems(products, types) },
    };
    return row.extra === '{}' ? body : { ...(JSON.parse(row.extra) as object), ...body };
  }
}

