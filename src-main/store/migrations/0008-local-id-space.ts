import { sql, type Kysely } from 'kysely';
import { LOCAL_ID_BASE } from '../local-ids.js';

/**
 * Records made here (projects now; users and jurisdictions where the app creates them) take ids
 * from a counter per table that only grows, starting at LOCAL_ID_BASE: an id is never reused
 * after a delete, and never overlaps the ids the central service gives its own records.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('local_ids')
    .addColumn('table_name', 'text', (c) => c.primaryKey())
    .addColumn('last_id', 'integer', (c) => c.notNull())
    .execute();
  for (const table of ['projects', 'users', 'jurisdictions']) {
    // Past every id already in the local space (none yet, but a copied store may hold some).
    await sql`insert into local_ids (table_name, last_id)
      select ${table}, max(${LOCAL_ID_BASE - 1}, coalesce(max(id), 0)) from ${sql.table(table)}`.execute(db);
  }
}
