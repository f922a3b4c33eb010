import type { Kysely } from 'kysely';

/**
 * What the central service states is served as it stated it, not recomputed from local tables:
 * a product's prices (a retail price need not be list × multiplier), a territory's population,
 * counties (as text, whatever their form) and zip codes (a zip may belong to a territory other
 * than its county's; `territory_zip_codes` answers the zip look-up by them), a jurisdiction's
 * sizing method labels, a contact's name and jurisdictions. Null: computed, as before (the
 * embedded data set, records made here). Also: product types the upstream lists although
 * inactive, and jurisdictions built from what projects embed (an upstream without jurisdiction
 * endpoints), matched by name and state on later syncs.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('price_served', 'text').execute();
  await db.schema.alterTable('product_types').addColumn('listed', 'integer').execute();
  await db.schema.alterTable('territories').addColumn('population', 'integer').execute();
  await db.schema.alterTable('territories').addColumn('counties_served', 'text').execute();
  await db.schema.alterTable('territories').addColumn('zip_codes_served', 'text').execute();
  await db.schema
    .createTable('territory_zip_codes')
    .addColumn('zip', 'text', (c) => c.primaryKey())
    .addColumn('territory_id', 'integer', (c) => c.notNull().references('territories.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('territory_zip_codes_territory').on('territory_zip_codes').column('territory_id').execute();
  await db.schema.alterTable('jurisdictions').addColumn('sizing_labels', 'text').execute();
  await db.schema.alterTable('jurisdictions').addColumn('source', 'text').execute();
  await db.schema.alterTable('contacts').addColumn('name_served', 'text').execute();
  await db.schema.alterTable('contacts').addColumn('jurisdictions_served', 'text').execute();
}
