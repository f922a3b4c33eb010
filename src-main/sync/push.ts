/**
 * Sends projects created or edited here to the central service before pulling. A project the
 * upstream changed too since the last sync is not sent: it becomes a conflict, both versions
 * kept. An upstream without project writes (405 / 404) leaves the changes queued, and says so.
 */
import type { Engine } from '../engine/engine.js';
import type { ConflictChoice } from '../../src-shared/sync.js';
import { isObject } from './convert.js';
import type { UpstreamClient } from './upstream-client.js';
import { SyncFailure } from './sync-service.js';
import { ApiError } from '../engine/errors.js';

const ALL: import('../engine/projects/render-project.js').Viewer = { personal: true };

export interface PushResult {
  /** Local ids of projects created here that now exist upstream (the pull brings them back). */
  pushedLocalIds: number[];
  sent: number;
  conflicts: { project_id: number; theirs: unknown }[];
  /** Set when the upstream does not take project writes; the changes stay queued. */
  queuedReason: string | null;
}

type Body = Record<string, unknown>;

export async function pushLocalChanges(engine: Engine, client: UpstreamClient): Promise<PushResult> {
  const db = engine.store.db;
  const dirty = await db.selectFrom('projects').select(['id', 'origin', 'base_version', 'status']).where('dirty', '=', 1).orderBy('id').execute();
  const result: PushResult = { pushedLocalIds: [], sent: 0, conflicts: [], queuedReason: null };
  const conflictIds = new Set((await db.selectFrom('meta').select('key').where('key', 'like', 'sync.conflict.%').execute()).map((r) => Number(r.key.slice('sync.conflict.'.length))));
  if (!(await pushDeletes(engine, client, conflictIds, result))) return result;
  for (const p of dirty) {
    if (conflictIds.has(p.id)) continue; // waits for the user's choice
    const mine = (await engine.projects.get(p.id, { fixtures: true }, ALL)) as unknown as Body;
    const body = { ...mine };
    delete body.notes;
    delete body.accessories;
    if (p.origin === 'local' && p.base_version === null) {
      const previous = await db.selectFrom('meta').select('value').where('key', '=', `sync.pushed.${p.id}`).executeTakeFirst();
      let upstreamId = previous ? Number(previous.value) : null;
      if (upstreamId === null) {
        const created = await client.send<Body>('POST', '/api/projects', { ...body, version: undefined });
        if (created.status === 405 || created.status === 404) {
          result.queuedReason = 'The central service does not accept project changes; local projects stay queued here.';
          return result;
        }
        if (created.status !== 201 || !isObject(created.body) || typeof created.body.id !== 'number') {
          throw new SyncFailure('push_failed', `The central service refused project "${String(mine.name)}" (HTTP ${created.status}): ${describe(created.body)}`);
        }
        upstreamId = created.body.id;
        // Remembered at once, so a sync cut off after this point does not create it twice.
        await db.insertInto('meta').values({ key: `sync.pushed.${p.id}`, value: String(upstreamId) }).onConflict((oc) => oc.column('key').doUpdateSet({ value: String(upstreamId) })).execute();
      }
      await moveStatus(client, upstreamId, 'Draft', String(mine.status));
      await db.updateTable('projects').set({ dirty: 0 }).where('id', '=', p.id).execute();
      result.pushedLocalIds.push(p.id);
      result.sent++;
      continue;
    }
    // An upstream project edited here.
    const theirs = await client.get<Body>(`/api/projects/${p.id}?fixtures=true&notes=true&accessories=true`);
    if (theirs.status === 405) {
      result.queuedReason = 'The central service does not accept project changes; local edits stay queued here.';
      return result;
    }
    if (theirs.status === 404 || !isObject(theirs.body) || typeof theirs.body.version !== 'number') {
      result.conflicts.push({ project_id: p.id, theirs: null });
      continue;
    }
    if (p.base_version === null || theirs.body.version !== p.base_version) {
      result.conflicts.push({ project_id: p.id, theirs: theirs.body });
      continue;
    }
    await sendEdit(client, p.id, body, theirs.body);
    await db.updateTable('projects').set({ dirty: 0 }).where('id', '=', p.id).execute();
    result.sent++;
  }
  return result;
}

/**
 * Projects of the central service deleted here (see ProjectService.delete) are deleted there,
 * against the version last synced. If the upstream changed the project or it is no longer a Draft
 * there (409), nothing is deleted: it becomes a conflict (keep mine deletes it, keep theirs brings
 * it back). Returns false when the upstream takes no deletes (the changes stay queued).
 */
async function pushDeletes(engine: Engine, client: UpstreamClient, conflictIds: Set<number>, result: PushResult): Promise<boolean> {
  const db = engine.store.db;
  const tombstones = await db.selectFrom('meta').select(['key', 'value']).where('key', 'like', 'sync.deleted.%').execute();
  for (const t of tombstones) {
    const id = Number(t.key.slice('sync.deleted.'.length));
    if (conflictIds.has(id)) continue; // waits for the user's choice
    const res = await client.send<Body>('DELETE', `/api/projects/${id}?version=${encodeURIComponent(t.value)}`, undefined);
    let done = res.status === 204;
    if (res.status === 404 || res.status === 405) {
      // Gone already, or no delete endpoint: the project itself tells which.
      const theirs = await client.get<Body>(`/api/projects/${id}`);
      if (theirs.status !== 404) {
        result.queuedReason = 'The central service does not accept project deletes; local changes stay queued here.';
        return false;
      }
      done = true;
    } else if (res.status === 409) {
      const theirs = await client.get<Body>(`/api/projects/${id}?fixtures=true&notes=true&accessories=true`);
      if (theirs.status === 404) done = true;
      else result.conflicts.push({ project_id: id, theirs: theirs.body });
    } else if (!done) {
      throw new SyncFailure('push_failed', `The central service refused to delete project ${id} (HTTP ${res.status}): ${describe(res.body)}`);
    }
    if (done) {
      await db.deleteFrom('meta').where('key', '=', t.key).execute();
      result.sent++;
    }
  }
  return true;
}

/** PATCH the inputs while the upstream copy is a Draft, then walk the status to the local one. */
async function sendEdit(client: UpstreamClient, id: number, mine: Body, theirs: Body): Promise<void> {
  if (theirs.status === 'Draft') {
    const res = await client.send<Body>('PATCH', `/api/projects/${id}`, { ...mine, version: theirs.version });
    if (res.status === 405 || res.status === 404) throw new SyncFailure('push_failed', 'The central service does not accept project changes.');
    if (res.status !== 200) throw new SyncFailure('push_failed', `The central service refused the changes to project ${id} (HTTP ${res.status}): ${describe(res.body)}`);
  }
  await moveStatus(client, id, String(theirs.status), String(mine.status));
}

/** The user's status steps a project can take from `from` towards `to`. */
const USER_PATHS: Record<string, string[]> = {
  'Draft>Submitted': ['Submitted'],
  'Draft>Closed': ['Closed'],
  'Submitted>Draft': ['Draft'],
  'Submitted>Closed': ['Closed'],
  'Pending>Closed': ['Closed'],
};

async function moveStatus(client: UpstreamClient, id: number, from: string, to: string): Promise<void> {
  if (from === to) return;
  const steps = USER_PATHS[`${from}>${to}`];
  if (!steps) return; // an administrator's step: not the rep's to send
  for (const status of steps) {
    const res = await client.send<Body>('POST', `/api/projects/${id}/status`, { status });
    if (res.status !== 200) throw new SyncFailure('push_failed', `The central service refused to move project ${id} to ${status} (HTTP ${res.status}): ${describe(res.body)}`);
  }
}

function describe(body: unknown): string {
  return isObject(body) && typeof body.message === 'string' ? body.message : 'no details';
}

/** Applies the user's choice on a conflict: keep mine (sent on the next sync) or keep theirs. */
export async function resolveConflict(engine: Engine, projectId: number, choice: ConflictChoice, applyTheirs: (raw: unknown) => Promise<void>): Promise<void> {
  const db = engine.store.db;
  const row = await db.selectFrom('meta').select('value').where('key', '=', `sync.conflict.${projectId}`).executeTakeFirst();
  if (!row) throw new ApiError(404, 'not_found', `No conflict on project ${projectId}.`, 'id');
  const conflict = JSON.parse(row.value) as { theirs: Body | null };
  const deleted = await db.selectFrom('meta').select('key').where('key', '=', `sync.deleted.${projectId}`).executeTakeFirst();
  if (deleted) {
    // Deleted here, changed there: keep mine deletes it against their version next time.
    const version = conflict.theirs && typeof conflict.theirs.version === 'number' ? conflict.theirs.version : null;
    if (choice === 'mine' && version !== null) await db.updateTable('meta').set({ value: String(version) }).where('key', '=', deleted.key).execute();
    else {
      await db.deleteFrom('meta').where('key', '=', deleted.key).execute();
      if (choice === 'theirs') await applyTheirs(conflict.theirs);
    }
  } else if (choice === 'mine') {
    // Push mine over theirs next time: take their version as the base.
    const version = conflict.theirs && typeof conflict.theirs.version === 'number' ? conflict.theirs.version : null;
    await db.updateTable('projects').set({ base_version: version, ...(version === null ? { origin: 'local' as const } : {}) }).where('id', '=', projectId).execute();
  } else {
    await applyTheirs(conflict.theirs);
  }
  await db.deleteFrom('meta').where('key', '=', `sync.conflict.${projectId}`).execute();
}
