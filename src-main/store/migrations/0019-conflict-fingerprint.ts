import type { Kysely } from 'kysely';

/**
 * The fingerprint of the upstream answer a conflict's copy came in (src-main/sync/sync-state.ts
 * recordConflict): "keep mine" makes that answer the base the next sync compares against.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_conflicts').addColumn('theirs_fingerprint', 'text').execute();
}
