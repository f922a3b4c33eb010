import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was at that step, not as it is now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  const syncColumns = <T extends { addColumn: any }>(t: T): T =>
    t
      .addColumn('origin', 'text', (c: any) => c.notNull().defaultTo('embedded'))
      .addColumn('extra', 'text', (c: any) => c.notNull().defaultTo('{}'));

  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();

  await syncColumns(
    db.schema
      .createTable('product_types')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('parent_id', 'integer', (c) => c.references('product_types.id').onDelete('set null'))
      .addColumn('created', 'text', (c) => c.notNull())
      .addColumn('last_updated', 'text'),
  ).execute();

  await syncColumns(
    db.schema
      .createTable('products')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('part_number', 'text', (c) => c.notNull())
      .addColumn('store_id', 'text')
      .addColumn('parent_store_id', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('short_name', 'text', (c) => c.notNull())
      .addColumn('type_id', 'integer', (c) => c.notNull().references('product_types.id'))
      .addColumn('is_base_model', 'integer', (c) => c.notNull())
      .addColumn('base_part_number', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('short_description', 'text')
      .addColumn('market_specific_description', 'text')
      .addColumn('created', 'text', (c) => c.notNull())
      .addColumn('last_updated', 'text')
      .addColumn('list_price', 'real', (c) => c.notNull())
      .addColumn('retail_multiplier', 'real', (c) => c.notNull())
      .addColumn('wholesale_multiplier', 'real', (c) => c.notNull())
      .addColumn('processing_lead_time', 'integer')
      .addColumn('processing_threshold', 'integer')
      .addColumn('installation_options', 'text')
      .addColumn('solids_gal', 'real')
      .addColumn('solids_l', 'real')
      .addColumn('liquid_gal', 'real')
      .addColumn('liquid_l', 'real')
      .addColumn('base_dimensions', 'text')
      .addColumn('shipping_dimensions', 'text')
      .addColumn('images', 'text', (c) => c.notNull())
      .addColumn('documents', 'text', (c) => c.notNull())
      .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}')),
  ).execute();
  await db.schema.createIndex('products_part_number').on('products').column('part_number').execute();
  await db.schema.createIndex('products_type').on('products').column('type_id').execute();

  await db.schema
    .createTable('product_type_links')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('type_id', 'integer', (c) => c.notNull().references('product_types.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_type_links_pk', ['type_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('product_ratings')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('flow_gpm', 'real', (c) => c.notNull())
    .addColumn('flow_lps', 'real', (c) => c.notNull())
    .addColumn('grease_lbs', 'real', (c) => c.notNull())
    .addColumn('grease_kg', 'real', (c) => c.notNull())
    .addColumn('grease_gal', 'real', (c) => c.notNull())
    .addColumn('grease_l', 'real', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('efficiency_99', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_ratings_pk', ['product_id', 'position'])
    .execute();

  await db.schema
    .createTable('options')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', 'real')
    .addColumn('option_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('store_id', 'text')
    .execute();

  await db.schema
    .createTable('product_options')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('option_id', 'integer', (c) => c.notNull().references('options.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_options_pk', ['product_id', 'option_id'])
    .execute();

  await db.schema
    .createTable('product_links')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('linked_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('accessory', 'related', 'compatible')`))
    .addColumn('component', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_links_pk', ['product_id', 'kind', 'linked_id'])
    .execute();

  await db.schema
    .createTable('product_certifications')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_certifications_pk', ['product_id', 'position'])
    .execute();

  await syncColumns(
    db.schema
      .createTable('collections')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('image', 'text'),
  ).execute();

  await db.schema
    .createTable('collection_items')
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_items_pk', ['collection_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('states')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('fips', 'text', (c) => c.notNull())
    .addColumn('match_name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('counties')
    .addColumn('fips', 'text', (c) => c.primaryKey())
    .addColumn('state_code', 'text', (c) => c.notNull().references('states.code'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('base_name', 'text', (c) => c.notNull())
    .addColumn('population', 'integer', (c) => c.notNull())
    .addColumn('match_name', 'text', (c) => c.notNull())
    .addColumn('match_base', 'text', (c) => c.notNull())
    .addColumn('is_county', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('counties_match_name').on('counties').columns(['state_code', 'match_name']).execute();
  await db.schema.createIndex('counties_match_base').on('counties').columns(['state_code', 'match_base']).execute();

  await db.schema
    .createTable('zip_codes')
    .addColumn('zip', 'text', (c) => c.primaryKey())
    .addColumn('state_code', 'text', (c) => c.notNull().references('states.code'))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('population', 'integer')
    .addColumn('main_county_fips', 'text', (c) => c.notNull().references('counties.fips'))
    .execute();
  await db.schema.createIndex('zip_codes_main_county').on('zip_codes').column('main_county_fips').execute();

  await db.schema
    .createTable('zip_counties')
    .addColumn('zip', 'text', (c) => c.notNull().references('zip_codes.zip').onDelete('cascade'))
    .addColumn('county_fips', 'text', (c) => c.notNull().references('counties.fips'))
    .addColumn('weight', 'real', (c) => c.notNull())
    .addPrimaryKeyConstraint('zip_counties_pk', ['zip', 'county_fips'])
    .execute();

  await syncColumns(
    db.schema
      .createTable('territories')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text')
      .addColumn('rep_firm', 'text', (c) => c.notNull())
      .addColumn('manager_name', 'text', (c) => c.notNull())
      .addColumn('manager_email', 'text'),
  ).execute();

  await db.schema
    .createTable('territory_counties')
    .addColumn('county_fips', 'text', (c) => c.primaryKey().references('counties.fips'))
    .addColumn('territory_id', 'integer', (c) => c.notNull().references('territories.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('territory_counties_territory').on('territory_counties').column('territory_id').execute();
}
