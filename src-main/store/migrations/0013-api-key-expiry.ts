import type { Kysely } from 'kysely';

/** An API key may carry an expiry (ISO 8601, UTC): past it the key is refused like a revoked one. */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('expires_at', 'text').execute();
}
