import { sql, type Kysely } from 'kysely';

/**
 * The sync status counts unsynced local changes after every write; a partial index holds just the
 * few dirty projects, so the count does not scan 100,000 rows on the serving thread.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('projects_dirty').on('projects').column('id').where(sql.ref('dirty'), '=', 1).execute();
}
