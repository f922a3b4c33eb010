/**
 * Builds product objects (full, reduced and simple) from the store, in batches: one query per
 * child table whatever the number of products, so long lists cost a handful of queries.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Product, ProductListItem, SimpleProduct } from '../../../src-shared/api/catalog.js';
import type { ProductDimensionSet } from '../../../src-shared/api/common.js';
import type { CatalogSeed } from '../../../src-shared/seed/catalog-seed.js';
import type { Database, ProductLinkKind, ProductsTable } from '../../store/schema.js';
import { apiDate, imageLibrary, measurement, measurementSet, money, type StoredImageSet } from '../format.js';
import type { TypeTree } from './product-types.js';

export type ProductRow = Selectable<ProductsTable>;
type SeedProduct = CatalogSeed['products'][number];

export const productUrl = (partNumber: string): string => `/products/${encodeURIComponent(partNumber)}`;

function images(row: ProductRow) {
  const stored = JSON.parse(row.images) as { primary: StoredImageSet | null; dimension: StoredImageSet | null };
  return { object: 'product-image-library' as const, primary: imageLibrary(stored.primary), dimension: imageLibrary(stored.dimension) };
}

function price(row: ProductRow) {
  return {
    object: 'product-price' as const,
    list: money(row.list_price),
    retail: { object: 'price' as const, multiplier: row.retail_multiplier, price: money(row.list_price * row.retail_multiplier) },
    wholesale: { object: 'price' as const, multiplier: row.wholesale_multiplier, price: money(row.list_price * row.wholesale_multiplier) },
  };
}

function dimensionSet(stored: string | null): ProductDimensionSet | null {
  if (stored === null) return null;
  const d = JSON.parse(stored) as NonNullable<SeedProduct['base_dimensions']>;
  return {
    object: 'dimension-set',
    standard: {
      object: 'dimensions',
      length: measurement(d.standard.length, 'in'),
      width: measurement(d.standard.width, 'in'),
      height: measurement(d.standard.height, 'in'),
      weight: measurement(d.standard.weight, 'lbs'),
    },
    metric: {
      object: 'dimensions',
      length: measurement(d.metric.length, 'cm'),
      width: measurement(d.metric.width, 'cm'),
      height: measurement(d.metric.height, 'cm'),
      weight: measurement(d.metric.weight, 'kg'),
    },
  };
}

function installationOptions(stored: string | null): ProductListItem['installation_options'] {
  if (stored === null) return null;
  const o = JSON.parse(stored) as NonNullable<SeedProduct['installation_options']>;
  return {
    location: {
      indoors: o.indoors,
      indoors_buried: o.indoors_buried,
      outdoors: o.outdoors,
      outdoors_buried: o.outdoors_buried,
      other: o.other,
    },
    location_as_text: o.location_as_text,
    traffic_area: o.traffic_area,
  };
}

export function simpleProduct(row: ProductRow, types: TypeTree): SimpleProduct {
  return {
    object: 'simple-product',
    id: row.id,
    name: row.name,
    short_name: row.short_name,
    type: types.name(row.type_id),
    part_number: row.part_number,
    short_description: row.short_description,
    market_specific_description: row.market_specific_description,
    store_id: row.store_id,
    link: productUrl(row.part_number),
    price: price(row),
    images: images(row),
  };
}

interface ChildRows {
  options: Map<number, ProductListItem['options']['data']>;
  certifications: Map<number, ProductListItem['certifications']>;
}

async function loadListChildren(db: Kysely<Database>, ids: number[]): Promise<ChildRows> {
  const options = new Map<number, ProductListItem['options']['data']>();
  const certifications = new Map<number, ProductListItem['certifications']>();
  if (ids.length === 0) return { options, certifications };
  const [optionRows, certRows] = await Promise.all([
    db
      .selectFrom('product_options')
      .innerJoin('options', 'options.id', 'product_options.option_id')
      .select(['product_options.product_id', 'options.id', 'options.name', 'options.price', 'options.option_type', 'options.description', 'options.store_id'])
      .where('product_options.product_id', 'in', ids)
      .orderBy('product_options.product_id')
      .orderBy('product_options.position')
      .execute(),
    db.selectFrom('product_certifications').selectAll().where('product_id', 'in', ids).orderBy('product_id').orderBy('position').execute(),
  ]);
  for (const o of optionRows) {
    const list = options.get(o.product_id) ?? [];
    list.push({
      object: 'product-option',
      id: o.id,
      name: o.name,
      price: o.price === null ? null : money(o.price),
      option_type: o.option_type,
      description: o.description,
      store_id: o.store_id,
    });
    options.set(o.product_id, list);
  }
  for (const c of certRows) {
    const list = certifications.get(c.product_id) ?? [];
    list.push({ object: 'certification', name: c.name, link: c.link, type: c.type });
    certifications.set(c.product_id, list);
  }
  return { options, certifications };
}

function listItem(row: ProductRow, types: TypeTree, children: ChildRows): ProductListItem {
  const url = productUrl(row.part_number);
  const docs = JSON.parse(row.documents) as SeedProduct['documents'];
  return {
    object: 'product',
    url,
    name: row.name,
    short_name: row.short_name,
    created: apiDate(row.created),
    last_updated: apiDate(row.last_updated),
    type: types.name(row.type_id),
    part_number: row.part_number,
    base_model: { is_base_model: row.is_base_model === 1, base_part_number: row.base_part_number },
    store_id: row.store_id,
    parent_store_id: row.parent_store_id,
    description: row.description,
    short_description: row.short_description,
    market_specific_description: row.market_specific_description,
    images: images(row),
    processing:
      row.processing_lead_time === null || row.processing_threshold === null
        ? null
        : {
            object: 'awareness-product',
            url: `/processing?product=${encodeURIComponent(row.name)}`,
            name: row.name,
            lead_time: row.processing_lead_time,
            threshold: row.processing_threshold,
          },
    price: price(row),
    installation_options: installationOptions(row.installation_options),
    base_dimensions: dimensionSet(row.base_dimensions),
    shipping_dimensions: dimensionSet(row.shipping_dimensions),
    options: { object: 'list', url, data: children.options.get(row.id) ?? [] },
    certifications: children.certifications.get(row.id) ?? [],
    spec_sheet: { object: 'document-library', pdf: docs.spec_sheet_pdf, dwg: docs.spec_sheet_dwg },
    installation_guide: {
      object: 'document-library',
      pdf: docs.installation_guide_pdf,
      pdf_french: docs.installation_guide_pdf_french,
      pdf_spanish: docs.installation_guide_pdf_spanish,
      dwg: docs.installation_guide_dwg,
    },
    revit: docs.revit,
    owners_manual: docs.owners_manual,
    csi_masterspec: docs.csi_masterspec,
  };
}

/** Upstream fields this version does not know are served back as they came (tolerant reader). */
function withExtra<T extends object>(row: ProductRow, body: T): T {
  if (row.extra === '{}') return body;
  const extra = JSON.parse(row.extra) as Record<string, unknown>;
  return { ...extra, ...body };
}

export async function renderListItems(db: Kysely<Database>, rows: ProductRow[], types: TypeTree): Promise<ProductListItem[]> {
  const children = await loadListChildren(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => withExtra(row, listItem(row, types, children)));
}

export async function renderFullProducts(db: Kysely<Database>, rows: ProductRow[], types: TypeTree): Promise<Product[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [children, ratingRows, linkRows] = await Promise.all([
    loadListChildren(db, ids),
    db.selectFrom('product_ratings').selectAll().where('product_id', 'in', ids).orderBy('product_id').orderBy('position').execute(),
    db
      .selectFrom('product_links')
      .innerJoin('products as linked', 'linked.id', 'product_links.linked_id')
      .selectAll('linked')
      .select(['product_links.product_id as owner_id', 'product_links.kind as link_kind', 'product_links.component as link_component'])
      .where('product_links.product_id', 'in', ids)
      .where('linked.type_id', 'in', types.publishedIds())
      .orderBy('product_links.product_id')
      .orderBy('product_links.kind')
      .orderBy('product_links.position')
      .execute(),
  ]);
  const ratings = new Map<number, Product['ratings']>();
  for (const r of ratingRows) {
    const list = ratings.get(r.product_id) ?? [];
    list.push({
      object: 'rating',
      flow_rate: measurementSet(r.flow_gpm, 'GPM', r.flow_lps, 'L/s'),
      grease_capacity: {
        object: 'grease-capacity-measurement',
        weight: measurementSet(r.grease_lbs, 'lbs', r.grease_kg, 'kg'),
        volume: measurementSet(r.grease_gal, 'gal', r.grease_l, 'L'),
      },
      label: r.label,
    });
    ratings.set(r.product_id, list);
  }
  const links = new Map<string, (SimpleProduct & { component?: boolean })[]>();
  for (const l of linkRows) {
    const key = `${l.owner_id}:${l.link_kind}`;
    const list = links.get(key) ?? [];
    const { owner_id: _owner, link_kind: kind, link_component: component, ...linked } = l;
    const item = simpleProduct(linked, types);
    list.push(kind === 'accessory' ? { ...item, component: component === 1 } : item);
    links.set(key, list);
  }
  const linked = <K extends ProductLinkKind>(id: number, kind: K) => links.get(`${id}:${kind}`) ?? [];

  return rows.map((row) => {
    const base = listItem(row, types, children);
    const product: Product = {
      ...base,
      ratings: ratings.get(row.id) ?? [],
      solids_capacity: row.solids_gal === null || row.solids_l === null ? null : measurementSet(row.solids_gal, 'gal', row.solids_l, 'L'),
      liquid_capacity: row.liquid_gal === null || row.liquid_l === null ? null : measurementSet(row.liquid_gal, 'gal', row.liquid_l, 'L'),
      related_products: { object: 'list', url: base.url, data: linked(row.id, 'related') },
      accessories: {
        object: 'list',
        url: base.url,
        data: linked(row.id, 'accessory') as Product['accessories']['data'],
      },
      compatible_products: { object: 'list', url: base.url, data: linked(row.id, 'compatible') },
    };
    return withExtra(row, product);
  });
}
