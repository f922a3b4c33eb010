/**
 * The sync's bookkeeping, in tables of its own (migration 0009), read and written only here:
 * deletes made here waiting to be sent (tombstones), conflicts, projects pushed and not yet pulled
 * back, the records the last run set aside and its warnings, and the state of the runs (last
 * success and error, why local changes wait, the last full check, what the upstream lacks).
 */
import type { Kysely, Transaction } from 'kysely';
import type { SyncConflict, SyncError, SyncIssue } from '../../src-shared/sync.js';
import type { Database } from '../store/schema.js';
import { countUnsynced } from '../store/projects.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface RunState {
  last_success: string | null;
  last_error: SyncError | null;
  queued_reason: string | null;
  full_check: string | null;
  /** False once the upstream answered 404 for /api/jurisdictions (asked again at a full check). */
  jurisdictions_endpoint: boolean;
}

/** Shown (CLI, /api/sync, UI) while local changes wait for an upstream that takes no writes. */
export const WAITING_READ_ONLY = 'waiting: the central service does not accept changes';

/** Why local changes wait, when it is not that the service takes no writes (shown where WAITING_READ_ONLY is). */
export const waitingBecause = {
  /** A read-only key: the service refused the write probe with 401 or 403, and the pull went on. */
  keyMayNotWrite: (status: number) => `waiting: the key may not write: the central service refused a change with HTTP ${status} (it reads with this key); ask for a key that may change projects`,
  /** The service took an empty project where it should have refused it: nothing more is sent to it. */
  tookEmpty: (status: number) => `waiting: the central service accepted an empty project (HTTP ${status}), so no changes are sent to it; tell its administrator`,
  /** The changes could not be sent this time (a redirect, a 5xx, the network): they go with a later sync. */
  unavailable: (what: string) => `waiting: the changes could not be sent this time (${what}); they go with a later sync`,
};

export async function readRunState(db: Db): Promise<RunState> {
  const row = await db.selectFrom('sync_state').selectAll().where('id', '=', 1).executeTakeFirst();
  return {
    last_success: row?.last_success ?? null,
    last_error: row?.last_error ? (JSON.parse(row.last_error) as SyncError) : null,
    queued_reason: row?.queued_reason ?? null,
    full_check: row?.full_check ?? null,
    jurisdictions_endpoint: row?.jurisdictions_endpoint !== 'absent',
  };
}

export async function writeRunState(db: Db, patch: Partial<RunState>): Promise<void> {
  const values: Record<string, string | null> = {};
  if (patch.last_success !== undefined) values.last_success = patch.last_success;
  if (patch.last_error !== undefined) values.last_error = patch.last_error === null ? null : JSON.stringify(patch.last_error);
  if (patch.queued_reason !== undefined) values.queued_reason = patch.queued_reason;
  if (patch.full_check !== undefined) values.full_check = patch.full_check;
  if (patch.jurisdictions_endpoint !== undefined) values.jurisdictions_endpoint = patch.jurisdictions_endpoint ? null : 'absent';
  if (Object.keys(values).length === 0) return;
  await db
    .insertInto('sync_state')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

// --- Deletes made here ---------------------------------------------------------------------------

/** A synced project deleted here: the next sync deletes it upstream (call inside the delete's transaction). */
export async function recordTombstone(db: Db, projectId: number, version: number | null): Promise<void> {
  const row = { project_id: projectId, version, deleted_at: new Date().toISOString() };
  await db
    .insertInto('sync_tombstones')
    .values(row)
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ version, deleted_at: row.deleted_at }))
    .execute();
}

export async function tombstones(db: Db): Promise<{ project_id: number; version: number | null }[]> {
  return db.selectFrom('sync_tombstones').select(['project_id', 'version']).orderBy('project_id').execute();
}

export async function isTombstoned(db: Db, projectId: number): Promise<{ version: number | null } | undefined> {
  return db.selectFrom('sync_tombstones').select('version').where('project_id', '=', projectId).executeTakeFirst();
}

export async function setTombstoneVersion(db: Db, projectId: number, version: number | null): Promise<void> {
  await db.updateTable('sync_tombstones').set({ version }).where('project_id', '=', projectId).execute();
}

export async function removeTombstone(db: Db, projectId: number): Promise<void> {
  await db.deleteFrom('sync_tombstones').where('project_id', '=', projectId).execute();
}

// --- Conflicts -----------------------------------------------------------------------------------

/** A conflict as a run finds it: the upstream's copy, and the fingerprint of its answer (decide.ts fingerprintOfBytes). */
export interface FoundConflict {
  project_id: number;
  theirs: unknown;
  fingerprint: string | null;
}

/**
 * `theirsFingerprint`: of the upstream answer `theirs` came in, kept so that "keep mine" makes
 * exactly that answer the base (a fingerprint of the parsed copy differs for an upstream that
 * does not send compact JSON, and every later sync would find the conflict again).
 */
export async function recordConflict(db: Db, conflict: SyncConflict, theirsFingerprint: string | null): Promise<void> {
  const record = JSON.stringify(conflict);
  await db
    .insertInto('sync_conflicts')
    .values({ project_id: conflict.project_id, record, detected_at: conflict.detected_at, theirs_fingerprint: theirsFingerprint })
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ record, detected_at: conflict.detected_at, theirs_fingerprint: theirsFingerprint }))
    .execute();
}

export async function conflicts(db: Db): Promise<SyncConflict[]> {
  const rows = await db.selectFrom('sync_conflicts').select('record').orderBy('project_id').execute();
  return rows.map((r) => JSON.parse(r.record) as SyncConflict);
}

/**
 * A conflict, with the fingerprint of the answer its upstream copy came in (`theirsFingerprint`
 * null: recorded before 0019, or none).
 */
export async function conflict(db: Db, projectId: number): Promise<{ conflict: SyncConflict; theirsFingerprint: string | null } | undefined> {
  const row = await db.selectFrom('sync_conflicts').select(['record', 'theirs_fingerprint']).where('project_id', '=', projectId).executeTakeFirst();
  return row ? { conflict: JSON.parse(row.record) as SyncConflict, theirsFingerprint: row.theirs_fingerprint } : undefined;
}

export async function conflictIds(db: Db): Promise<Set<number>> {
  return new Set((await db.selectFrom('sync_conflicts').select('project_id').execute()).map((r) => r.project_id));
}

export async function removeConflict(db: Db, projectId: number): Promise<void> {
  await db.deleteFrom('sync_conflicts').where('project_id', '=', projectId).execute();
}

// --- Projects made here and sent -----------------------------------------------------------------

export async function pushedAs(db: Db, localId: number): Promise<number | undefined> {
  return (await db.selectFrom('sync_pushed').select('upstream_id').where('local_id', '=', localId).executeTakeFirst())?.upstream_id;
}

/** Remembered at once, so a sync cut off after the create does not create it twice. */
export async function recordPushed(db: Db, localId: number, upstreamId: number): Promise<void> {
  await db
    .insertInto('sync_pushed')
    .values({ local_id: localId, upstream_id: upstreamId })
    .onConflict((oc) => oc.column('local_id').doUpdateSet({ upstream_id: upstreamId }))
    .execute();
}

export async function forgetPushed(db: Db, localIds: number[]): Promise<void> {
  for (let i = 0; i < localIds.length; i += 400) await db.deleteFrom('sync_pushed').where('local_id', 'in', localIds.slice(i, i + 400)).execute();
}

/** A local project renumbered (its id was taken by an upstream record): its bookkeeping follows. */
export async function renumberPushed(db: Db, from: number, to: number): Promise<void> {
  await db.updateTable('sync_pushed').set({ local_id: to }).where('local_id', '=', from).execute();
}

// --- Records set aside and warnings --------------------------------------------------------------

/** The last run's issues replace the previous run's, except those `keep` says still stand. */
export async function replaceIssues(db: Db, issues: SyncIssue[], keep: (issue: SyncIssue) => boolean): Promise<SyncIssue[]> {
  const previous = await listIssues(db);
  const all = [...issues, ...previous.filter(keep)];
  await db.deleteFrom('sync_issues').execute();
  for (let i = 0; i < all.length; i += 200) {
    await db
      .insertInto('sync_issues')
      .values(all.slice(i, i + 200).map((x) => ({ kind: x.kind, resource: x.resource, key: x.key, reason: x.reason })))
      .execute();
  }
  return all;
}

/**
 * The issues of one step of the serving thread's own (`push`: the changes the upstream refused;
 * `media`: a media step that could not run), replacing that step's from the last run.
 */
export async function replaceStepIssues(db: Db, resource: 'push' | 'media', issues: SyncIssue[]): Promise<void> {
  await db.deleteFrom('sync_issues').where('resource', '=', resource).execute();
  for (let i = 0; i < issues.length; i += 200) {
    await db
      .insertInto('sync_issues')
      .values(issues.slice(i, i + 200).map((x) => ({ kind: x.kind, resource, key: x.key, reason: x.reason })))
      .execute();
  }
}

export async function listIssues(db: Db): Promise<SyncIssue[]> {
  const rows = await db.selectFrom('sync_issues').select(['kind', 'resource', 'key', 'reason']).orderBy('id').execute();
  return rows.map((r) => ({ kind: r.kind as SyncIssue['kind'], resource: r.resource, key: r.key, reason: r.reason }));
}

export interface Counts {
  /** Projects edited or created here and not sent, plus deletes waiting. */
  unsynced: number;
  conflicts: number;
  rejected: number;
  warnings: number;
}

export async function counts(db: Db): Promise<Counts> {
  const n = (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => query.executeTakeFirstOrThrow().then((r) => Number(r.n));
  const [dirty, deleted, conflicted, rejected, warnings] = await Promise.all([
    countUnsynced(db),
    n(db.selectFrom('sync_tombstones').select((eb) => eb.fn.countAll<number>().as('n'))),
    n(db.selectFrom('sync_conflicts').select((eb) => eb.fn.countAll<number>().as('n'))),
    n(db.selectFrom('sync_issues').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'rejected')),
    n(db.selectFrom('sync_issues').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'warning')),
  ]);
  return { unsynced: dirty + deleted, conflicts: conflicted, rejected, warnings };
}

/** A new upstream: nothing known of the last one holds (answers, capabilities, full check). */
export async function forgetUpstream(db: Db): Promise<void> {
  await db.deleteFrom('sync_answers').execute();
  await writeRunState(db, { full_check: null, jurisdictions_endpoint: true });
}
