import type { Kysely } from 'kysely';

/**
 * The last answer the central service gave for each path, with its ETag: the next sync asks
 * with If-None-Match and gets 304 for what did not change, and a sync cut off half way picks
 * up from what it had already received.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_cache')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();
}
