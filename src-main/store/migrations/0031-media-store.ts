import type { Kysely } from 'kysely';

/**
 * The media store (issue 31): one row per picture or document URL the catalog names, exactly as
 * received, with the copy kept here (named by the SHA-256 of its bytes, never by the URL), its
 * size, type and validators for conditional requests, when it was last used (eviction) and the
 * last failure (retried next sync).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_files')
    .addColumn('url', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('document_kind', 'text')
    .addColumn('sha256', 'text')
    .addColumn('size', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('fetched_at', 'text')
    .addColumn('last_used', 'text')
    .addColumn('evicted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('media_files_sha256').on('media_files').column('sha256').execute();
}
