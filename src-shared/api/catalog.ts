/** Catalog resources: product types (spec §2.4), collections (§2.5) and products (§2.6). */
import { z } from 'zod';
import { apiDate, imageLibrary, listOf, measurementSet, productDimensionSet, productImageLibrary, productPrice } from './common.js';

const productTypeFields = {
  object: z.literal('product-type'),
  url: z.string().meta({ example: '/product-types/hydromechanical-grease-interceptors' }),
  name: z.string(),
  key: z.string(),
  active: z.boolean(),
  image: z.string().meta({ description: 'Thumbnail URL; a placeholder when the type has none' }),
  created: apiDate,
  last_updated: apiDate.nullable(),
};

/** A parent or child reference: the same fields without `parent` and `types`. */
export const productTypeRef = z.object(productTypeFields).strict().meta({ id: 'ProductTypeRef' });

export const ratingSchema = z
  .object({
    object: z.literal('rating'),
    flow_rate: measurementSet,
    grease_capacity: z
      .object({ object: z.literal('grease-capacity-measurement'), weight: measurementSet, volume: measurementSet })
      .strict(),
    label: z.string().nullable(),
  })
  .strict()
  .meta({ id: 'Rating' });

export const simpleProduct = z
  .object({
    object: z.literal('simple-product'),
    id: z.number().int(),
    name: z.string(),
    short_name: z.string(),
    type: z.string(),
    part_number: z.string(),
    short_description: z.string().nullable(),
    market_specific_description: z.string().nullable(),
    store_id: z.string().nullable(),
    link: z.string().meta({ description: 'Path of the product in this API' }),
    price: productPrice,
    images: productImageLibrary,
  })
  .strict()
  .meta({ id: 'SimpleProduct' });

export const accessoryProduct = simpleProduct.extend({ component: z.boolean() }).strict().meta({ id: 'AccessoryProduct' });

export const productOption = z
  .object({
    object: z.literal('product-option'),
    id: z.number().int(),
    name: z.string(),
    price: z.string().nullable().meta({ description: 'Price of the option as a decimal string; null when included in the base price' }),
    option_type: z.string().meta({ example: 'connection' }),
    description: z.string().nullable(),
    store_id: z.string().nullable(),
  })
  .strict()
  .meta({ id: 'ProductOption' });

export const certification = z
  .object({ object: z.literal('certification'), name: z.string(), link: z.string().nullable(), type: z.string() })
  .strict()
  .meta({ id: 'Certification' });

const productCoreFields = {
  object: z.literal('product'),
  url: z.string().meta({ example: '/products/4055-007-02' }),
  name: z.string(),
  short_name: z.string(),
  created: apiDate,
  last_updated: apiDate.nullable(),
  type: z.string().meta({ description: 'Name of the product type' }),
  part_number: z.string(),
  base_model: z.object({ is_base_model: z.boolean(), base_part_number: z.string() }).strict(),
  store_id: z.string().nullable(),
  parent_store_id: z.string().nullable(),
  description: z.string(),
  short_description: z.string().nullable(),
  market_specific_description: z.string().nullable(),
  images: productImageLibrary,
  processing: z
    .object({
      object: z.literal('awareness-product'),
      url: z.string(),
      name: z.string(),
      lead_time: z.number().int().meta({ description: 'Working days from order to shipment' }),
      threshold: z.number().int().meta({ description: 'Units in stock below which the lead time applies' }),
    })
    .strict()
    .nullable(),
  price: productPrice,
  installation_options: z
    .object({
      location: z
        .object({
          indoors: z.boolean(),
          indoors_buried: z.boolean(),
          outdoors: z.boolean(),
          outdoors_buried: z.boolean(),
          other: z.union([z.boolean(), z.string()]),
        })
        .strict(),
      location_as_text: z.string(),
      traffic_area: z.boolean(),
    })
    .strict()
    .nullable(),
  base_dimensions: productDimensionSet.nullable(),
  shipping_dimensions: productDimensionSet.nullable(),
  options: listOf(productOption),
  certifications: z.array(certification),
  spec_sheet: z.object({ object: z.literal('document-library'), pdf: z.string().nullable(), dwg: z.string().nullable() }).strict(),
  installation_guide: z
    .object({
      object: z.literal('document-library'),
      pdf: z.string().nullable(),
      pdf_french: z.string().nullable(),
      pdf_spanish: z.string().nullable(),
      dwg: z.string().nullable(),
    })
    .strict(),
  revit: z.string().nullable(),
  owners_manual: z.string().nullable(),
  csi_masterspec: z.string().nullable(),
};

/**
 * The reduced product of lists: the full product without ratings, capacities and the three
 * linked-product lists (spec §2.6, "the product list can be very large").
 */
export const productListItem = z.object(productCoreFields).strict().meta({ id: 'ProductListItem' });

export const product = z
  .object({
    ...productCoreFields,
    ratings: z.array(ratingSchema),
    solids_capacity: measurementSet.nullable(),
    liquid_capacity: measurementSet.nullable(),
    related_products: listOf(simpleProduct),
    accessories: listOf(accessoryProduct),
    compatible_products: listOf(simpleProduct),
  })
  .strict()
  .meta({ id: 'Product' });

export const productType = z
  .object({
    ...productTypeFields,
    parent: productTypeRef.nullable(),
    types: z.array(productTypeRef),
  })
  .strict()
  .meta({ id: 'ProductType' });

/** A single product type also lists its active products (reduced items). */
export const productTypeDetail = productType
  .extend({ products: listOf(productListItem) })
  .strict()
  .meta({ id: 'ProductTypeDetail' });

export const collection = z
  .object({
    object: z.literal('collection'),
    url: z.string().meta({ example: '/collections/high-flow' }),
    name: z.string(),
    key: z.string(),
    size: z.number().int(),
    image: imageLibrary,
    items: listOf(productListItem),
  })
  .strict()
  .meta({ id: 'Collection' });

export const productList = listOf(productListItem).meta({ id: 'ProductList' });
export const fullProductList = listOf(product).meta({ id: 'FullProductList' });
export const productTypeList = listOf(productType).meta({ id: 'ProductTypeList' });
export const collectionList = listOf(collection).meta({ id: 'CollectionList' });

export type Product = z.infer<typeof product>;
export type ProductListItem = z.infer<typeof productListItem>;
export type SimpleProduct = z.infer<typeof simpleProduct>;
export type ProductType = z.infer<typeof productType>;
export type ProductTypeDetail = z.infer<typeof productTypeDetail>;
export type ProductTypeRef = z.infer<typeof productTypeRef>;
export type Collection = z.infer<typeof collection>;
export type Rating = z.infer<typeof ratingSchema>;
