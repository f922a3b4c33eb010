import type { Kysely } from 'kysely';

/**
 * The upstream version a local project was last synced at: a local edit is pushed against it,
 * and an upstream version above it means the project changed on both sides (a conflict).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('base_version', 'integer').execute();
}
