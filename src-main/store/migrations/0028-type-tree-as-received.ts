import type { Kysely } from 'kysely';

/**
 * Product types from the central service are served as it answered them (issue 28): the entry
 * its /product-types list showed (`served`, null when it listed the type only inside another's
 * `types`) at its place in that list (`list_position`), the type's own answer (`detail_served`,
 * null when it answered 404), and the products its /product-types/:type/products listed, in its
 * order (`products_served`, a JSON array of product ids; null when it answered none). All null
 * for the embedded data set and anything made here, where this app's rules apply (a category
 * lists its published sub-types' products too).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product_types').addColumn('served', 'text').execute();
  await db.schema.alterTable('product_types').addColumn('list_position', 'integer').execute();
  await db.schema.alterTable('product_types').addColumn('detail_served', 'text').execute();
  await db.schema.alterTable('product_types').addColumn('products_served', 'text').execute();
}
