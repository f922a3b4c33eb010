/**
 * Sends projects created, edited or deleted here to the central service before pulling. First it
 * asks once whether the service takes project writes at all (the spec shows none): if not, every
 * change stays queued, "waiting: the central service does not accept changes", and nothing
 * becomes a conflict. A project the upstream changed too since the last sync is not sent: it
 * becomes a conflict, both versions kept (decide.ts editStep: by version where the upstream
 * shows versions, else by the fingerprint of its copy).
 */
import type { Kysely } from 'kysely';
import type { ConflictChoice, SyncHeldChange, SyncIssue } from '../../src-shared/sync.js';
import type { Database } from '../store/schema.js';
import { UNKNOWN_ENGINEER } from '../../src-shared/api/project-write.js';
import { ApiError } from '../errors.js';
import { isObject } from './convert.js';
import { editStep, fingerprint, writeProbe } from './decide.js';
import type { UpstreamClient } from './upstream-client.js';
import { SyncFailure } from './types.js';
import {
  conflict as conflictOf,
  conflictIds as conflictIdsOf,
  isTombstoned,
  listIssues,
  pushedAs,
  recordPushed,
  removeConflict,
  removeTombstone,
  setTombstoneVersion,
  tombstones,
  WAITING_READ_ONLY,
  waitingBecause,
  type FoundConflict,
} from './sync-state.js';

/** What the push needs of the engine: a project as the local API shows it (throws when there is none). */
export interface ProjectReader {
  get(id: number, options: { fixtures?: boolean; notes?: boolean; accessories?: boolean }, viewer: { personal: boolean }): Promise<unknown>;
}

const ALL = { personal: true };

export interface PushResult {
  /** Local ids of projects created here that now exist upstream (the pull brings them back). */
  pushedLocalIds: number[];
  sent: number;
  conflicts: FoundConflict[];
  /** Set when the upstream does not take project writes; the changes stay queued. */
  queuedReason: string | null;
  /** Changes the upstream refused (a 4xx): they stay queued, and the run goes on. */
  refused: SyncIssue[];
}

/** The upstream refused one change: reported, the change kept queued, the rest sent. */
class Refused extends Error {}

type Body = Record<string, unknown>;

/** The path the pull fetches a project's detail at (and whose answer holds its last synced fingerprint). */
export const projectDetailPath = (id: number) => `/api/projects/${id}?fixtures=true&notes=true&accessories=true`;

async function baseFingerprint(db: Kysely<Database>, id: number): Promise<string | null> {
  const row = await db.selectFrom('sync_answers').select('fingerprint').where('path', '=', projectDetailPath(id)).executeTakeFirst();
  return row?.fingerprint ?? null;
}

/**
 * Sends what is queued. It never stops the pull: a service without writes, a key that may not
 * write, a refusal or a failure to reach the service keeps the changes queued with the reason
 * (`queuedReason`, `refused`), and the pull goes on (only a cancel ends the run here).
 */
export async function pushLocalChanges(db: Kysely<Database>, reader: ProjectReader, client: UpstreamClient): Promise<PushResult> {
  const result: PushResult = { pushedLocalIds: [], sent: 0, conflicts: [], queuedReason: null, refused: [] };
  const refused = (id: number, error: unknown) => {
    if (!(error instanceof Refused)) throw error;
    result.refused.push({ kind: 'warning', resource: 'push', key: String(id), reason: `${error.message}; it stays queued here` });
  };
  const waiting = await conflictIdsOf(db);
  const queued = (
    await db
      .selectFrom('projects as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.origin', 'p.base_version', 'p.status', 'p.name', 'u.email as engineer_email'])
      .where('p.dirty', '=', 1)
      .orderBy('p.id')
      .execute()
  ).filter((p) => !waiting.has(p.id));
  // A contact known by name only cannot be sent (the upstream knows a person by e-mail): the
  // project waits, saying so, until the rep fills the e-mail in; the rest goes.
  const dirty = queued.filter((p) => p.engineer_email !== null);
  for (const p of queued) if (p.engineer_email === null) result.refused.push({ kind: 'warning', resource: 'push', key: String(p.id), reason: needsEngineerEmail(p.name) });
  const deletes = (await tombstones(db)).filter((t) => !waiting.has(t.project_id));
  if (dirty.length === 0 && deletes.length === 0) return result;
  try {
    // One question first: does the service take writes, from this key? An empty create is refused
    // by one that does (400) and unknown to one that does not (404 / 405); nothing else is sent
    // unless it does.
    const probe = await client.send<Body>('POST', '/api/projects', {});
    const outcome = writeProbe(probe.status);
    if (outcome !== 'accepts') {
      result.queuedReason =
        outcome === 'no-writes'
          ? WAITING_READ_ONLY
          : outcome === 'key-may-not-write'
            ? waitingBecause.keyMayNotWrite(probe.status)
            : outcome === 'took-empty'
              ? waitingBecause.tookEmpty(probe.status)
              : waitingBecause.unavailable(`the central service answered ${probe.status} to a change`);
      return result;
    }
    for (const t of deletes) await pushDelete(client, db, t, result).catch((error: unknown) => refused(t.project_id, error));
    for (const p of dirty) await pushProject(db, reader, client, p, result).catch((error: unknown) => refused(p.id, error));
  } catch (error) {
    // The network or the service failed the push: what was sent is recorded, the rest waits.
    if (!(error instanceof SyncFailure) || error.code === 'cancelled') throw error;
    result.queuedReason = waitingBecause.unavailable(error.message.replace(/ The data from before the sync is kept.*$/, '').replace(/\.$/, ''));
  }
  return result;
}

const NEEDS_EMAIL = "needs the engineer's e-mail";
/** The plain reason a project waits for its engineer's e-mail (the engineer's name is personal: not here). */
export const needsEngineerEmail = (name: string) => `Project "${name}" ${NEEDS_EMAIL}: fill it in on the project; until then it stays queued here`;

/**
 * The local changes kept here, each with why: projects waiting for their engineer's e-mail (as
 * they stand now, so one filled in since the last run no longer shows) and the changes the last
 * run's push could not send.
 */
export async function heldChanges(db: Kysely<Database>): Promise<SyncHeldChange[]> {
  const waitingForEmail = await db
    .selectFrom('projects as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.name'])
    .where('p.dirty', '=', 1)
    .where('u.email', 'is', null)
    .orderBy('p.id')
    .execute();
  const lastRun = (await listIssues(db)).filter((i) => i.resource === 'push' && !i.reason.includes(NEEDS_EMAIL));
  return [
    ...waitingForEmail.map((p) => ({ project_id: p.id, reason: needsEngineerEmail(p.name) })),
    ...lastRun.map((i) => ({ project_id: Number(i.key), reason: i.reason })),
  ];
}

/**
 * The engineer as the upstream can take it: a user of the central service by id; a contact typed
 * in here (a user made on this machine, under a local id the upstream does not know) as a new
 * contact, which the upstream creates with the project; the "not known yet" placeholder as such.
 */
async function engineerFor(db: Kysely<Database>, engineer: unknown): Promise<Body | undefined> {
  if (!isObject(engineer) || typeof engineer.id !== 'number') return undefined;
  const user = await db.selectFrom('users').select(['id', 'origin', 'name', 'email', 'company']).where('id', '=', engineer.id).executeTakeFirst();
  if (!user || user.origin === 'upstream') return { id: engineer.id };
  if (user.email === UNKNOWN_ENGINEER.email) return { unknown: true };
  return { name: user.name, email: user.email, company: user.company };
}

/** One project made or edited here: created, or sent over the upstream's copy unless that moved too. */
async function pushProject(db: Kysely<Database>, reader: ProjectReader, client: UpstreamClient, p: { id: number; origin: string; base_version: number | null }, result: PushResult): Promise<void> {
  const mine = (await reader.get(p.id, { fixtures: true }, ALL)) as Body;
  const body: Body = { ...mine, engineer: await engineerFor(db, mine.engineer) };
  delete body.notes;
  delete body.accessories;
  // Whose figures they are is this store's to say, not a field to send.
  delete body.figures_from;
  if (p.origin === 'local') {
    const earlier = (await pushedAs(db, p.id)) ?? null;
    const theirs = earlier === null ? null : await upstreamCopy(client, earlier);
    if (earlier !== null && theirs !== null) {
      // Created there by an earlier run whose pull did not bring it back: what changed here since
      // (another engineer, an e-mail filled in, any input) goes as an edit, not lost to their copy.
      await sendEdit(client, earlier, body, theirs);
    } else {
      const created = await client.send<Body>('POST', '/api/projects', { ...body, id: undefined, version: undefined });
      if (created.status !== 201 || !isObject(created.body) || typeof created.body.id !== 'number') {
        throw refusal(`project "${String(mine.name)}"`, created.status, created.body);
      }
      // Remembered at once, so a sync cut off after this point does not create it twice.
      await recordPushed(db, p.id, created.body.id);
      await moveStatus(client, created.body.id, 'Draft', String(mine.status));
    }
    await db.updateTable('projects').set({ dirty: 0 }).where('id', '=', p.id).execute();
    result.pushedLocalIds.push(p.id);
    result.sent++;
    return;
  }
  // An upstream project edited here.
  const answer = await client.get<Body>(projectDetailPath(p.id));
  const theirs = answer.status === 404 || !isObject(answer.body) ? null : answer.body;
  const step = editStep({ theirs, theirsFingerprint: answer.fingerprint, baseVersion: p.base_version, baseFingerprint: await baseFingerprint(db, p.id) });
  if (step.step === 'conflict') {
    result.conflicts.push({ project_id: p.id, theirs, fingerprint: theirs === null ? null : answer.fingerprint });
    return;
  }
  await sendEdit(client, p.id, body, theirs!);
  await db.updateTable('projects').set({ dirty: 0 }).where('id', '=', p.id).execute();
  result.sent++;
}

/** The upstream's copy of a project, or null where it has none (any longer). */
async function upstreamCopy(client: UpstreamClient, id: number): Promise<Body | null> {
  const answer = await client.get<Body>(projectDetailPath(id));
  return answer.status === 404 || !isObject(answer.body) ? null : answer.body;
}

/**
 * A project of the central service deleted here is deleted there, against the version last synced
 * where the upstream shows versions. If the upstream changed it or it is no longer a Draft there
 * (409), nothing is deleted: it becomes a conflict (keep mine deletes it, keep theirs brings it back).
 */
async function pushDelete(client: UpstreamClient, db: Kysely<Database>, t: { project_id: number; version: number | null }, result: PushResult): Promise<void> {
  const id = t.project_id;
  const res = await client.send<Body>('DELETE', `/api/projects/${id}${t.version === null ? '' : `?version=${encodeURIComponent(t.version)}`}`, undefined);
  let done = res.status === 204 || res.status === 200;
  if (res.status === 404) {
    done = true; // gone already
  } else if (res.status === 409) {
    const theirs = await client.get<Body>(projectDetailPath(id));
    if (theirs.status === 404) done = true;
    else result.conflicts.push({ project_id: id, theirs: theirs.body, fingerprint: theirs.fingerprint });
  } else if (!done) {
    throw refusal(`to delete project ${id}`, res.status, res.body);
  }
  if (done) {
    await removeTombstone(db, id);
    result.sent++;
  }
}

/** PATCH the inputs while the upstream copy is a Draft, then walk the status to the local one. */
async function sendEdit(client: UpstreamClient, id: number, mine: Body, theirs: Body): Promise<void> {
  if (theirs.status === 'Draft') {
    const res = await client.send<Body>('PATCH', `/api/projects/${id}`, { ...mine, version: typeof theirs.version === 'number' ? theirs.version : undefined });
    if (res.status !== 200) throw refusal(`the changes to project ${id}`, res.status, res.body);
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
    if (res.status !== 200) throw refusal(`to move project ${id} to ${status}`, res.status, res.body);
  }
}

function describe(body: unknown): string {
  return isObject(body) && typeof body.message === 'string' ? body.message : 'no details';
}

/** A refusal of one change; a 401 or 403 says the key may not write. */
function refusal(what: string, status: number, body: unknown): Refused {
  const refusedWhat = `the central service refused ${what} (HTTP ${status}): ${describe(body)}`;
  return new Refused(status === 401 || status === 403 ? `The key may not write: ${refusedWhat}` : refusedWhat.charAt(0).toUpperCase() + refusedWhat.slice(1));
}

const isGone = (theirs: unknown) => theirs === null || (isObject(theirs) && theirs.deleted === true);

/**
 * Applies the user's choice on a conflict: keep mine (sent on the next sync) or keep theirs.
 * Keeping theirs where the central service no longer has the project deletes the rep's only copy:
 * refused without `confirmed`, with a message that says so.
 */
export async function resolveConflict(
  db: Kysely<Database>,
  projectId: number,
  choice: ConflictChoice,
  confirmed: boolean,
  applyTheirs: (raw: Body | null, print: string) => Promise<void>,
): Promise<void> {
  const found = await conflictOf(db, projectId);
  if (!found) throw new ApiError(404, 'not_found', `No conflict on project ${projectId}.`, 'id');
  const theirs = isGone(found.conflict.theirs) ? null : (found.conflict.theirs as Body);
  // The fingerprint of the answer their copy came in; a conflict recorded before 0019 has none.
  const print = found.theirsFingerprint ?? fingerprint(theirs);
  const deleted = await isTombstoned(db, projectId);
  if (deleted) {
    // Deleted here, changed there: keep mine deletes it against their version next time; keep
    // theirs brings their copy back (nothing is lost either way).
    if (choice === 'mine' && theirs !== null) await setTombstoneVersion(db, projectId, typeof theirs.version === 'number' ? theirs.version : null);
    else {
      await removeTombstone(db, projectId);
      if (choice === 'theirs' && theirs !== null) await applyTheirs(theirs, print);
    }
  } else if (choice === 'mine') {
    // Send mine over theirs next time: their copy now is the base; gone there, mine is sent as new.
    if (theirs === null) {
      await db.updateTable('projects').set({ base_version: null, origin: 'local' }).where('id', '=', projectId).execute();
    } else {
      await db.updateTable('projects').set({ base_version: typeof theirs.version === 'number' ? theirs.version : null }).where('id', '=', projectId).execute();
      await db.updateTable('sync_answers').set({ fingerprint: print }).where('path', '=', projectDetailPath(projectId)).execute();
    }
  } else {
    if (theirs === null && !confirmed) {
      throw new ApiError(
        409,
        'confirmation_required',
        `Keeping theirs deletes project ${projectId} ("${found.conflict.name}") here: the central service no longer has it, so this is your only copy. Confirm to delete it, or keep yours.`,
        'confirm',
      );
    }
    await applyTheirs(theirs, print);
  }
  await removeConflict(db, projectId);
}
