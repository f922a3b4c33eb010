import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src-main/store/open-store.js';
import { openSqlite } from '../../src-main/store/sqlite.js';
import * as api from '../../src-shared/api/catalog.js';
import { apiError } from '../../src-shared/api/common.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { catalogSeed, facts } from '../helpers/resources.js';

let t: TestServer;
const seed = catalogSeed();
const factList = facts();
const typeByKey = new Map(seed.productTypes.map((ty) => [ty.key, ty]));
const published = (key: string): boolean => {
  const ty = typeByKey.get(key);
  return !!ty && ty.active && (ty.parent === null || published(ty.parent));
};
const visibleSeed = seed.products.filter((p) => published(p.types[0]!));
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const money = (n: number) => (Math.round(n * 100) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 0 });
});
afterAll(async () => t?.close());

describe('GET /products/:model-number', () => {
  it('serves the real figures of GB-250 field by field', async () => {
    const fact = factList.find((f) => f.part_number === '4055-007-02')!;
    const res = await t.get('/products/4055-007-02');
    expect(res.status, res.text).toBe(200);
    const p = api.product.parse(res.body);
    expect(p.url).toBe('/products/4055-007-02');
    expect(p).toMatchObject({ object: 'product', name: fact.name, part_number: fact.part_number, store_id: fact.store_id, base_model: fact.base_model });
    expect(p.price.list).toBe(fact.list_price);
    expect(p.price.retail).toEqual({ object: 'price', multiplier: fact.retail_multiplier, price: money(Number(fact.list_price.replace(/,/g, '')) * fact.retail_multiplier) });
    expect(p.price.wholesale.multiplier).toBe(fact.wholesale_multiplier);
    expect(p.ratings).toHaveLength(fact.ratings.length);
    fact.ratings.forEach((r, i) => {
      const served = p.ratings[i]!;
      expect(served.flow_rate.standard).toEqual({ object: 'measurement', value: r.flow.standard[0], unit: 'GPM' });
      expect(served.flow_rate.metric).toEqual({ object: 'measurement', value: r.flow.metric[0], unit: 'L/s' });
      expect(served.grease_capacity.weight.standard.value).toBe(r.grease_weight.standard[0]);
      expect(served.grease_capacity.weight.metric).toEqual({ object: 'measurement', value: r.grease_weight.metric[0], unit: 'kg' });
      expect(served.grease_capacity.volume.standard).toEqual({ object: 'measurement', value: r.grease_volume.standard[0], unit: 'gal' });
      expect(served.label).toBe(r.label);
    });
    expect(p.liquid_capacity?.standard.value).toBe(fact.liquid_capacity!.standard[0]);
    expect(p.solids_capacity?.metric).toEqual({ object: 'measurement', value: fact.solids_capacity!.metric[0], unit: 'L' });
    expect(p.base_dimensions?.standard.length).toEqual({ object: 'measurement', value: fact.base_dimensions!.standard.length![0], unit: 'in' });
    expect(p.base_dimensions?.metric.weight.unit).toBe('kg');
    expect(p.processing).toMatchObject({ object: 'awareness-product', url: `/processing?product=${encodeURIComponent(fact.name)}`, lead_time: fact.processing!.lead_time, threshold: fact.processing!.threshold });
    expect(p.options.url).toBe(p.url);
    expect(p.options.data.map((o) => o.name)).toEqual(fact.options.map((o) => o.name));
    expect(p.options.data.map((o) => o.option_type)).toEqual(['connection', 'cover']);
    expect(p.created).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(p.images.primary.object).toBe('image-library');
  });

  it('links accessories, related and compatible products as simple products', async () => {
    const res = await t.get('/products/4055-007-02');
    const p = api.product.parse(res.body);
    const seedP = seed.products.find((s) => s.part_number === '4055-007-02' && s.store_id === '764')!;
    expect(p.accessories.data.map((a) => a.id)).toEqual(seedP.accessories.map((a) => a.product));
    for (const a of p.accessories.data) {
      expect(a.link).toBe(`/products/${encodeURIComponent(a.part_number)}`);
      expect(typeof a.component).toBe('boolean');
      // Every link leads to a product the API serves.
      expect((await t.get(`${a.link}${a.store_id ? `?store_id=${a.store_id}` : ''}`)).status).toBe(200);
    }
    expect(p.related_products.data.map((r) => r.id)).toEqual(seedP.related_products);
  });

  it('resolves a variant by its own model number and a family by a configured model number', async () => {
    const variant = await t.get('/products/5045-003-01');
    expect(api.product.parse(variant.body)).toMatchObject({ part_number: '5045-003-01', store_id: '392', base_model: { is_base_model: false, base_part_number: '5045-002-01' } });
    // 8064-XXX-01 (SV24) is a family whose options fix the digits.
    const configured = await t.get('/products/8064-123-01');
    expect(configured.status, configured.text).toBe(200);
    expect(api.product.parse(configured.body).part_number).toBe('8064-XXX-01');
    // The base model number of a family leads to the family.
    const base = await t.get('/products/8064-001-01');
    expect(api.product.parse(base.body).name).toBe('SV24');
  });

  it('needs store_id when a model number is shared, and 409 names the candidates otherwise', async () => {
    const ambiguous = await t.get('/products/4080-XXX-01');
    expect(ambiguous.status).toBe(409);
    const error = apiError.parse(ambiguous.body);
    expect(error).toMatchObject({ code: 'ambiguous_model_number', param: 'store_id' });
    expect(error.message).toContain('194');
    expect(error.message).toContain('279');
    const legacy = api.product.parse((await t.get('/products/4080-XXX-01?store_id=279')).body);
    expect(legacy.name).toBe('GB-1000 (legacy)');
    const current = api.product.parse((await t.get('/products/4080-XXX-01?store_id=194')).body);
    expect(current.name).toBe('GB-1000');
  });
});

describe('GET /products', () => {
  it('lists every published product as a reduced item', async () => {
    const res = await t.get('/products');
    expect(res.status).toBe(200);
    const body = api.productList.parse(res.body);
    expect(body.url).toBe('/products');
    expect(body.data).toHaveLength(visibleSeed.length);
    for (const item of body.data) {
      for (const omitted of ['ratings', 'solids_capacity', 'liquid_capacity', 'related_products', 'accessories', 'compatible_products']) {
        expect(item).not.toHaveProperty(omitted);
      }
    }
    const seedFirst = seed.products.find((s) => s.id === seed.products.filter((p) => published(p.types[0]!))[0]!.id)!;
    const served = body.data.find((d) => d.part_number === seedFirst.part_number && d.store_id === seedFirst.store_id)!;
    expect(served.created).toBe(usDate(seedFirst.created));
    expect(served.last_updated).toBe(seedFirst.last_updated === null ? null : usDate(seedFirst.last_updated));
    expect(served.short_description).toBe(seedFirst.short_description);
  });

  it('hides the products of an inactive type', async () => {
    const hidden = seed.products.filter((p) => !published(p.types[0]!));
    expect(hidden.length).toBeGreaterThan(0);
    const body = api.productList.parse((await t.get('/products')).body);
    const served = new Set(body.data.map((d) => `${d.part_number}|${d.store_id}`));
    for (const h of hidden) expect(served.has(`${h.part_number}|${h.store_id}`)).toBe(false);
    const direct = await t.get(`/products/${encodeURIComponent(hidden[0]!.part_number)}${hidden[0]!.store_id ? `?store_id=${hidden[0]!.store_id}` : ''}`);
    expect(direct.status).toBe(404);
  });

  it('pages on request with limit and offset', async () => {
    const all = api.productList.parse((await t.get('/products')).body).data;
    const page = await t.get('/products?limit=10&offset=5');
    expect(page.headers.get('x-total-count')).toBe(String(all.length));
    const body = api.productList.parse(page.body);
    expect(body.url).toBe('/products?limit=10&offset=5');
    expect(body.data.map((d) => d.url)).toEqual(all.slice(5, 15).map((d) => d.url));
  });
});

describe('product types', () => {
  it('lists published types with parents and children; inactive types are absent', async () => {
    const body = api.productTypeList.parse((await t.get('/product-types')).body);
    const keys = body.data.map((d) => d.key).sort();
    expect(keys).toEqual(seed.productTypes.filter((ty) => published(ty.key)).map((ty) => ty.key).sort());
    for (const ty of body.data) {
      const s = typeByKey.get(ty.key)!;
      expect(ty.url).toBe(`/product-types/${ty.key}`);
      expect(ty.parent?.key ?? null).toBe(s.parent);
      expect(ty.types.map((c) => c.key).sort()).toEqual(seed.productTypes.filter((c) => c.parent === ty.key && published(c.key)).map((c) => c.key).sort());
      expect(ty.created).toBe(usDate(s.created));
    }
  });

  it('serves one type with its products, and 404 for an inactive one', async () => {
    const withChildren = seed.productTypes.find((ty) => published(ty.key) && seed.productTypes.some((c) => c.parent === ty.key))!;
    const res = await t.get(`/product-types/${withChildren.key}`);
    const body = api.productTypeDetail.parse(res.body);
    expect(body.types.length).toBeGreaterThan(0);
    const inactive = seed.productTypes.find((ty) => !ty.active)!;
    const gone = await t.get(`/product-types/${inactive.key}`);
    expect(gone.status).toBe(404);
    expect((await t.get(`/product-types/${inactive.key}/products`)).status).toBe(404);
  });

  it('lists the full products of a type, including products whose second type it is', async () => {
    const gravity = seed.productTypes.find((ty) => ty.key.includes('gravity'))!;
    const res = await t.get(`/product-types/${gravity.key}/products`);
    const body = api.fullProductList.parse(res.body);
    const expected = seed.products.filter((p) => p.types.includes(gravity.key) && published(p.types[0]!));
    expect(body.data).toHaveLength(expected.length);
    expect(body.data.some((p) => p.name === 'GB-1000')).toBe(true);
    expect(body.data.every((p) => Array.isArray(p.ratings))).toBe(true);
  });
});

describe('a category lists the products of its sub-types', () => {
  /** The type's key and the keys of its published descendants, from the seed. */
  const subtree = (key: string): string[] => [key, ...seed.productTypes.filter((c) => c.parent === key && published(c.key)).flatMap((c) => subtree(c.key))];
  const keyOf = (p: { part_number: string; store_id: string | null }) => `${p.part_number}|${p.store_id}`;
  const parents = seed.productTypes.filter((ty) => published(ty.key) && seed.productTypes.some((c) => c.parent === ty.key && published(c.key)));

  it('the embedded catalog has parent types whose products all sit in their children', () => {
    expect(parents.map((p) => p.key)).toContain('grease-interceptors');
    expect(seed.products.filter((p) => p.types.includes('grease-interceptors'))).toHaveLength(0);
  });

  it.each(parents.map((p) => p.key))('%s: its own and every published sub-type’s products, each once, in the list and the detail alike', async (key) => {
    const keys = subtree(key);
    const expected = seed.products.filter((p) => p.types.some((k) => keys.includes(k)) && published(p.types[0]!)).map(keyOf).sort();
    expect(expected.length).toBeGreaterThan(0);
    const res = await t.get(`/product-types/${key}/products`);
    const list = api.fullProductList.parse(res.body);
    expect(list.data.map(keyOf).sort()).toEqual(expected);
    expect(new Set(list.data.map(keyOf)).size).toBe(list.data.length);
    expect(res.headers.get('x-total-count')).toBe(String(expected.length));
    const detail = api.productTypeDetail.parse((await t.get(`/product-types/${key}`)).body);
    expect(detail.products.url).toBe(`/product-types/${key}/products`);
    expect(detail.products.data.map(keyOf).sort()).toEqual(expected);
    // Every child's products are among the parent's.
    for (const child of detail.types) {
      const childList = api.fullProductList.parse((await t.get(`/product-types/${child.key}/products`)).body);
      for (const p of childList.data) expect(expected).toContain(keyOf(p));
    }
  });

  it('pages over the whole category', async () => {
    const whole = api.fullProductList.parse((await t.get('/product-types/grease-interceptors/products')).body).data;
    const page = api.fullProductList.parse((await t.get('/product-types/grease-interceptors/products?limit=5&offset=60')).body).data;
    expect(page.map(keyOf)).toEqual(whole.slice(60, 65).map(keyOf));
  });

  it('a sub-type that is not published takes its products out of the parent too', async () => {
    const other = openSqlite(path.join(t.dataDir, DATABASE_FILE));
    try {
      other.prepare("update product_types set active = 0 where key = 'gravity-grease-interceptors'").run();
      const list = api.fullProductList.parse((await t.get('/product-types/grease-interceptors/products')).body);
      const hydro = seed.products
        .filter((p) => p.types.includes('hydromechanical-grease-interceptors') && p.types[0] !== 'gravity-grease-interceptors' && published(p.types[0]!))
        .map(keyOf)
        .sort();
      // Products listed under both keep their place through the published type.
      expect(list.data.map(keyOf).sort()).toEqual(hydro);
      expect(list.data.some((p) => p.type === 'Gravity Grease Interceptor')).toBe(false);
    } finally {
      other.prepare("update product_types set active = 1 where key = 'gravity-grease-interceptors'").run();
      other.close();
    }
    const restored = api.fullProductList.parse((await t.get('/product-types/grease-interceptors/products')).body);
    expect(restored.data.some((p) => p.name === 'GB-1000')).toBe(true);
  });
});

describe('collections', () => {
  it('lists collections with items, sizes and images', async () => {
    const body = api.collectionList.parse((await t.get('/collections')).body);
    expect(body.data).toHaveLength(seed.collections.length);
    for (const c of body.data) {
      const s = seed.collections.find((x) => x.key === c.key)!;
      const visibleIds = s.products.filter((id) => visibleSeed.some((p) => p.id === id));
      expect(c.size).toBe(visibleIds.length);
      expect(c.items.data).toHaveLength(c.size);
      expect(c.url).toBe(`/collections/${c.key}`);
    }
  });

  it('filters with only, in both array forms, and caps with limit', async () => {
    const [a, b] = seed.collections.map((c) => c.key);
    const single = api.collectionList.parse((await t.get(`/collections?only=${a}`)).body);
    expect(single.data.map((c) => c.key)).toEqual([a]);
    const both = api.collectionList.parse((await t.get(`/collections?only[]=${a}&only[]=${b}`)).body);
    expect(both.data.map((c) => c.key).sort()).toEqual([a, b].sort());
    expect(both.url).toBe(`/collections?only[]=${a}&only[]=${b}`);
    const encoded = api.collectionList.parse((await t.get(`/collections?only%5B%5D=${a}&only%5B%5D=${b}`)).body);
    expect(encoded.data).toHaveLength(2);
    const capped = api.collectionList.parse((await t.get('/collections?limit=2')).body);
    expect(capped.data).toHaveLength(2);
    const none = api.collectionList.parse((await t.get('/collections?only=no-such-key')).body);
    expect(none.data).toEqual([]);
  });

  it('serves one collection by slug', async () => {
    const s = seed.collections[0]!;
    const c = api.collection.parse((await t.get(`/collections/${s.key}`)).body);
    expect(c).toMatchObject({ key: s.key, name: s.name, object: 'collection' });
  });
});

describe('rendered products follow the data', () => {
  it('a change committed by another connection (a sync) is served at once, not a stale render', async () => {
    const before = api.product.parse((await t.get('/products/4055-007-02')).body);
    const Database = (await import('better-sqlite3')).default;
    const other = new Database(t.engine.store.file);
    try {
      other.prepare("update products set short_name = 'GB-250 (renamed)' where part_number = '4055-007-02'").run();
    } finally {
      other.close();
    }
    const after = api.product.parse((await t.get('/products/4055-007-02')).body);
    expect(before.short_name).toBe('GB-250');
    expect(after.short_name).toBe('GB-250 (renamed)');
    // Lists that link the product see the change too.
    const list = api.productList.parse((await t.get('/products')).body);
    expect(list.data.find((p) => p.part_number === '4055-007-02')?.short_name).toBe('GB-250 (renamed)');
  });

  it('streams the whole list as valid JSON whatever its size, with the total in X-Total-Count', async () => {
    const res = await t.get('/products?offset=3');
    const body = api.productList.parse(res.body);
    expect(body.data.length + 3).toBe(Number(res.headers.get('x-total-count')));
  });
});
