import { sql, type Kysely } from 'kysely';

/**
 * The sync's bookkeeping in tables of its own (owned by src-main/sync/sync-state.ts), instead of
 * `meta` keys read with LIKE: deletes made here waiting to be sent, conflicts, projects pushed
 * but not yet pulled back, records set aside and warnings of the last run, and the state of the
 * runs (last success and error, why changes wait, the last full check, what the upstream lacks).
 * `sync_answers` also keeps fingerprints: of the list entry a record was last seen with, and of
 * the detail as received (an upstream without ETags or versions is compared by them).
 * The meta keys of earlier versions are moved over.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('last_success', 'text')
    .addColumn('last_error', 'text')
    .addColumn('queued_reason', 'text')
    .addColumn('full_check', 'text')
    .addColumn('jurisdictions_endpoint', 'text')
    .execute();
  await db.schema
    .createTable('sync_tombstones')
    .addColumn('project_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer')
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sync_conflicts')
    .addColumn('project_id', 'integer', (c) => c.primaryKey())
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('detected_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sync_pushed')
    .addColumn('local_id', 'integer', (c) => c.primaryKey())
    .addColumn('upstream_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sync_issues')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('sync_answers').addColumn('listed', 'text').execute();
  await db.schema.alterTable('sync_answers').addColumn('fingerprint', 'text').execute();

  const meta = (key: string) => sql<string>`(select value from meta where key = ${key})`;
  await sql`insert into sync_state (id, last_success, last_error, queued_reason, full_check)
    values (1, ${meta('sync.last_success')}, ${meta('sync.last_error')}, ${meta('sync.queued_reason')}, ${meta('sync.full_check')})`.execute(db);
  const now = new Date().toISOString();
  await sql`insert into sync_tombstones (project_id, version, deleted_at)
    select cast(substr(key, 14) as integer), cast(value as integer), ${now} from meta where key like 'sync.deleted.%'`.execute(db);
  await sql`insert into sync_conflicts (project_id, record, detected_at)
    select cast(substr(key, 15) as integer), value, coalesce(value ->> '$.detected_at', ${now}) from meta where key like 'sync.conflict.%'`.execute(db);
  await sql`insert into sync_pushed (local_id, upstream_id)
    select cast(substr(key, 13) as integer), cast(value as integer) from meta where key like 'sync.pushed.%'`.execute(db);
  await sql`insert into sync_issues (kind, resource, key, reason)
    select 'rejected', r.value ->> '$.resource', r.value ->> '$.id', r.value ->> '$.reason'
    from meta, json_each(meta.value) r where meta.key = 'sync.rejected'`.execute(db);
  await sql`delete from meta where key in ('sync.last_success', 'sync.last_error', 'sync.queued_reason', 'sync.full_check', 'sync.rejected')
    or key like 'sync.deleted.%' or key like 'sync.conflict.%' or key like 'sync.pushed.%'`.execute(db);
}
