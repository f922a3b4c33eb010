import type { Kysely } from 'kysely';

/**
 * What the store holds from the central service, per request path: the answer's ETag, the date
 * stamp its list entry showed, and when it was fetched. Unchanged records are then skipped by date
 * or asked for with If-None-Match. Bodies are kept (deflated) only where a later sync needs them
 * to rebuild: the catalog and the territories, replaced whole when any part changes, and list
 * pages (the keys they held). Projects, users and jurisdictions are applied record by record, so
 * their rows in the store are the body. Replaces 0005's cache, which kept every body in full.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sync_cache').execute();
  await db.schema
    .createTable('sync_answers')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('etag', 'text')
    .addColumn('stamp', 'text')
    .addColumn('body', 'blob')
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();
}
