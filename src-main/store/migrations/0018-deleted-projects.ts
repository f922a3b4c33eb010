import type { Kysely } from 'kysely';

/**
 * A deleted draft's full content (its row, fixtures and notes, and whether the delete was queued
 * for the central service), kept for the undo window so Undo brings back the same project: same
 * id, version, notes and status dates (src-main/engine/projects/project-undo.ts).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deleted_projects')
    .addColumn('project_id', 'integer', (c) => c.primaryKey())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .execute();
}
