/** The catalog half of the API (spec §4.3–4.5) as plain functions over the store. */
import type { Kysely } from 'kysely';
import type { Collection, Product, ProductListItem, ProductType, ProductTypeDetail } from '../../../src-shared/api/catalog.js';
import type { Database } from '../../store/schema.js';
import { ApiError, notFound } from '../errors.js';
import { imageLibrary, type StoredImageSet } from '../format.js';
import type { OptionalPage } from '../paging.js';
import { TypeTree } from './product-types.js';
import { buildFullProduct, buildListItem, type ProductRow } from './render-product.js';
import { ProductQueries } from './product-queries.js';
import { resolveModelNumber } from './model-numbers.js';

export interface ListResult<T> {
  data: T[];
  /** How many items the whole list holds, for the X-Total-Count header. */
  total: number;
}

export class CatalogService {
  private typeCache: { version: string; tree: Promise<TypeTree> } | undefined;
  private readonly queries: ProductQueries;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dataVersion: () => string,
  ) {
    this.queries = new ProductQueries(db);
  }

  private async listItems(rows: ProductRow[], types: TypeTree): Promise<ProductListItem[]> {
    const children = await this.queries.children(rows, false, types.publishedJson);
    return rows.map((row) => buildListItem(row, types.name, children));
  }

  private async fullProducts(rows: ProductRow[], types: TypeTree): Promise<Product[]> {
    const children = await this.queries.children(rows, true, types.publishedJson);
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
    const data = types.list().map((row) => types.render(row));
    return { data, total: data.length };
  }

  private async publishedType(key: string) {
    const types = await this.types();
    const row = types.byKey(key);
    // An inactive type answers exactly like a missing one: it is not published.
    if (!row || !types.isPublished(row.id)) throw notFound(`No product type with key "${key}".`);
    return { types, row };
  }

  private productsOfTypeQuery(typeId: number, types: TypeTree) {
    return this.db
      .selectFrom('products')
      .innerJoin('product_type_links as l', 'l.product_id', 'products.id')
      .where('l.type_id', '=', typeId)
      .where('products.type_id', 'in', types.publishedIds());
  }

  async getProductType(key: string): Promise<ProductTypeDetail> {
    const { types, row } = await this.publishedType(key);
    const products = await this.productsOfTypeQuery(row.id, types).selectAll('products').orderBy('products.part_number').orderBy('products.id').execute();
    const url = `/product-types/${encodeURIComponent(row.key)}/products`;
    return { ...types.render(row), products: { object: 'list', url, data: await this.listItems(products, types) } };
  }

  async listProductsOfType(key: string, page: OptionalPage): Promise<ListResult<Product>> {
    const { types, row } = await this.publishedType(key);
    let query = this.productsOfTypeQuery(row.id, types).selectAll('products').orderBy('products.part_number').orderBy('products.id');
    if (page) query = query.limit(page.limit).offset(page.offset);
    const [rows, count] = await Promise.all([
      query.execute(),
      this.productsOfTypeQuery(row.id, types).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data: await this.fullProducts(rows, types), total: Number(count.n) };
  }

  async listProducts(page: OptionalPage): Promise<ListResult<ProductListItem>> {
    const types = await this.types();
    const visible = this.db.selectFrom('products').where('type_id', 'in', types.publishedIds());
    let query = visible.selectAll().orderBy('part_number').orderBy('id');
    if (page) query = query.limit(page.limit).offset(page.offset);
    const [rows, count] = await Promise.all([query.execute(), visible.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { data: await this.listItems(rows, types), total: Number(count.n) };
  }

  async getProduct(modelNumber: string, storeId: string | undefined): Promise<Product> {
    const types = await this.types();
    const row = await resolveModelNumber(this.queries, types, modelNumber, storeId);
    const [product] = await this.fullProducts([row], types);
    return product!;
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

export { ApiError };
