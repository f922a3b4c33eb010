/**
 * Product objects (full, reduced and simple) from stored rows: pure, rows in and JSON out. The
 * rows come from product-queries.ts.
 */
import type { Selectable } from 'kysely';
import type { Product, ProductListItem, SimpleProduct } from '../../../src-shared/api/catalog.js';
import type { ProductDimensionSet } from '../../../src-shared/api/common.js';
import type { CatalogSeed } from '../../../src-shared/seed/catalog-seed.js';
import type { OptionsTable, ProductCertificationsTable, ProductLinkKind, ProductRatingsTable, ProductsTable } from '../../store/schema.js';
import { apiDate, imageLibrary, measurement, measurementSet, money, type StoredImageSet } from '../format.js';

export type ProductRow = Selectable<ProductsTable>;
type SeedProduct = CatalogSeed['products'][number];
/** Product type id → name, for the `type` field. */
export type TypeNames = (typeId: number) => string;

export type OptionRow = Selectable<OptionsTable> & { product_id: number };
export type CertificationRow = Selectable<ProductCertificationsTable>;
export type RatingRow = Selectable<ProductRatingsTable>;
export type LinkRow = ProductRow & { owner_id: number; link_kind: ProductLinkKind; link_component: 0 | 1 };

/** The child rows of a batch of products, grouped by product id. */
export interface ProductChildren {
  options: Map<number, OptionRow[]>;
  certifications: Map<number, CertificationRow[]>;
  ratings: Map<number, RatingRow[]>;
  links: Map<number, LinkRow[]>;
}

export const productUrl = (partNumber: string): string => `/products/${encodeURIComponent(partNumber)}`;

function images(row: ProductRow) {
  const stored = JSON.parse(row.images) as { primary: StoredImageSet | null; dimension: StoredImageSet | null };
  return { object: 'product-image-library' as const, primary: imageLibrary(stored.primary), dimension: imageLibrary(stored.dimension) };
}

function price(row: ProductRow) {
  // The central service's prices are served as it states them (a retail price need not be list × multiplier).
  if (row.price_served !== null) return { ...(JSON.parse(row.price_served) as object), object: 'product-price' as const } as ReturnType<typeof computedPrice>;
  return computedPrice(row);
}

function computedPrice(row: ProductRow) {
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
  const side = (v: typeof d.standard, length: string, weight: string) => ({
    object: 'dimensions' as const,
    length: measurement(v.length, length),
    width: measurement(v.width, length),
    height: measurement(v.height, length),
    weight: measurement(v.weight, weight),
  });
  return { object: 'dimension-set', standard: side(d.standard, 'in', 'lbs'), metric: side(d.metric, 'cm', 'kg') };
}

function installationOptions(stored: string | null): ProductListItem['installation_options'] {
  if (stored === null) return null;
  const o = JSON.parse(stored) as NonNullable<SeedProduct['installation_options']>;
  return {
    location: { indoors: o.indoors, indoors_buried: o.indoors_buried, outdoors: o.outdoors, outdoors_buried: o.outdoors_buried, other: o.other },
    location_as_text: o.location_as_text,
    traffic_area: o.traffic_area,
  };
}

/** Upstream fields this version does not know are served back as they came (tolerant reader). */
function withExtra<T extends object>(extra: string, body: T): T {
  return extra === '{}' ? body : { ...(JSON.parse(extra) as object), ...body };
}

export function buildSimpleProduct(row: ProductRow, typeName: TypeNames): SimpleProduct {
  return {
    object: 'simple-product',
    id: row.id,
    name: row.name,
    short_name: row.short_name,
    type: typeName(row.type_id),
    part_number: row.part_number,
    short_description: row.short_description,
    market_specific_description: row.market_specific_description,
    store_id: row.store_id,
    link: productUrl(row.part_number),
    price: price(row),
    images: images(row),
  };
}

function buildListFields(row: ProductRow, typeName: TypeNames, children: ProductChildren): ProductListItem {
  const url = productUrl(row.part_number);
  const docs = JSON.parse(row.documents) as SeedProduct['documents'];
  return {
    object: 'product',
    url,
    name: row.name,
    short_name: row.short_name,
    created: apiDate(row.created),
    last_updated: apiDate(row.last_updated),
    type: typeName(row.type_id),
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
    options: {
      object: 'list',
      url,
      data: (children.options.get(row.id) ?? []).map((o) => ({
        object: 'product-option',
        id: o.id,
        name: o.name,
        price: o.price === null ? null : money(o.price),
        option_type: o.option_type,
        description: o.description,
        store_id: o.store_id,
      })),
    },
    certifications: (children.certifications.get(row.id) ?? []).map((c) => ({ object: 'certification', name: c.name, link: c.link, type: c.type })),
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

export function buildListItem(row: ProductRow, typeName: TypeNames, children: ProductChildren): ProductListItem {
  return withExtra(row.extra, buildListFields(row, typeName, children));
}

export function buildFullProduct(row: ProductRow, typeName: TypeNames, children: ProductChildren): Product {
  const base = buildListFields(row, typeName, children);
  const links = children.links.get(row.id) ?? [];
  const linked = (kind: ProductLinkKind) => links.filter((l) => l.link_kind === kind);
  const simple = (l: LinkRow) => {
    const { owner_id: _owner, link_kind: _kind, link_component: _component, ...linkedRow } = l;
    return buildSimpleProduct(linkedRow, typeName);
  };
  const product: Product = {
    ...base,
    ratings: (children.ratings.get(row.id) ?? []).map((r) => ({
      object: 'rating',
      flow_rate: measurementSet(r.flow_gpm, 'GPM', r.flow_lps, 'L/s'),
      grease_capacity: {
        object: 'grease-capacity-measurement',
        weight: measurementSet(r.grease_lbs, 'lbs', r.grease_kg, 'kg'),
        volume: measurementSet(r.grease_gal, 'gal', r.grease_l, 'L'),
      },
      label: r.label,
    })),
    solids_capacity: row.solids_gal === null || row.solids_l === null ? null : measurementSet(row.solids_gal, 'gal', row.solids_l, 'L'),
    liquid_capacity: row.liquid_gal === null || row.liquid_l === null ? null : measurementSet(row.liquid_gal, 'gal', row.liquid_l, 'L'),
    related_products: { object: 'list', url: base.url, data: linked('related').map(simple) },
    accessories: { object: 'list', url: base.url, data: linked('accessory').map((l) => ({ ...simple(l), component: l.link_component === 1 })) },
    compatible_products: { object: 'list', url: base.url, data: linked('compatible').map(simple) },
  };
  return withExtra(row.extra, product);
}

