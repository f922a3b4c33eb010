/**
 * One sync run against the central service: push local changes, pull every resource, apply. It
 * takes narrow dependencies (the store, a project reader), not the engine.
 */
import type { ConflictChoice, SyncConflict } from '../../src-shared/sync.js';
import type { Store } from '../store/open-store.js';
import { isObject, projectFrom, refKey } from './convert.js';
import { matchJurisdiction } from './decide.js';
import { projectDetailPath, pushLocalChanges, resolveConflict, type ProjectReader } from './push.js';
import type { StatusReporter, SyncRun } from './types.js';
import type { ClientTuning } from './upstream-client.js';
import { runPullWorker } from './pull-worker-host.js';
import { recordConflict, replacePushIssues, writeRunState, type FoundConflict } from './sync-state.js';

export interface SyncDeps {
  store: Store;
  dataDir: string;
  projects: ProjectReader;
}

export class SyncRunner implements SyncRun {
  constructor(
    private readonly deps: SyncDeps,
    private readonly tuning: ClientTuning = {},
  ) {}

  async run(options: { upstreamUrl: string; key: string; signal: AbortSignal; status: StatusReporter; allowMassDelete: boolean }): Promise<() => void> {
    const { store, dataDir } = this.deps;
    const { status, signal } = options;
    const push = { wire: 0, decoded: 0, requests: 0 };
    // The HTTP client (undici) is loaded by the first sync, not at every start of the app.
    const { UpstreamClient } = await import('./upstream-client.js');
    const client = new UpstreamClient({
      ...this.tuning,
      baseUrl: options.upstreamUrl,
      key: options.key,
      signal,
      onBytes: (wire, decoded) => {
        push.wire += wire;
        push.decoded += decoded;
        push.requests++;
        status.update({ bytes: push.wire, bytes_decoded: push.decoded, requests: push.requests });
      },
    });
    status.update({ phase: 'pushing' });
    // The push never stops the pull (a refusal or a failure keeps the changes queued, with the reason); a cancel does.
    const pushed = await pushLocalChanges(store.db, this.deps.projects, client).finally(() => client.close());
    const connection = client.report();
    await writeRunState(store.db, { queued_reason: pushed.queuedReason });
    status.update({ phase: 'pulling', pushed: pushed.sent, ...(connection.movedTo ? { moved_to: connection.movedTo } : {}) });
    const { result, written } = await runPullWorker(
      {
        dataDir,
        upstreamUrl: options.upstreamUrl,
        key: options.key,
        tuning: this.tuning,
        pushedLocalIds: pushed.pushedLocalIds,
        mustApply: pushed.sent > 0 || pushed.conflicts.length > 0,
        readOnly: pushed.queuedReason !== null,
        pausedUntil: connection.pausedUntil,
        allowMassDelete: options.allowMassDelete,
      },
      store.sqlite,
      signal,
      (patch) =>
        status.update({
          ...patch,
          ...(patch.bytes === undefined ? {} : { bytes: push.wire + patch.bytes }),
          ...(patch.bytes_decoded === undefined ? {} : { bytes_decoded: push.decoded + patch.bytes_decoded }),
          ...(patch.requests === undefined ? {} : { requests: push.requests + patch.requests }),
        }),
    );
    try {
      await this.recordConflicts([...pushed.conflicts, ...result.conflicts]);
      await replacePushIssues(store.db, pushed.refused);
    } catch (error) {
      written();
      throw error;
    }
    status.update({ rejected: result.rejected, warnings: result.warnings + pushed.refused.length });
    return written;
  }

  private async recordConflicts(conflicts: FoundConflict[]): Promise<void> {
    for (const c of conflicts) {
      // Deleted here (the delete waits) or edited here.
      const mine = await this.deps.projects
        .get(c.project_id, { fixtures: true, notes: true }, { personal: true })
        .then((p) => p as Record<string, unknown>, () => ({ deleted: true }) as Record<string, unknown>);
      const theirName = isObject(c.theirs) && 'name' in c.theirs ? String(c.theirs.name) : '';
      const record: SyncConflict = {
        project_id: c.project_id,
        name: 'deleted' in mine ? theirName : String(mine.name),
        mine,
        theirs: (c.theirs ?? { deleted: true }) as Record<string, unknown>,
        detected_at: new Date().toISOString(),
      };
      await recordConflict(this.deps.store.db, record, c.fingerprint);
    }
  }

  /** Keep mine (sent next time) or keep theirs (written now, the local edit dropped on purpose). */
  async resolve(projectId: number, choice: ConflictChoice, confirmed: boolean): Promise<void> {
    const { db } = this.deps.store;
    await resolveConflict(db, projectId, choice, confirmed, async (theirs, print) => {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('projects').select('user_id').where('id', '=', projectId).executeTakeFirst();
        await trx.deleteFrom('projects').where('id', '=', projectId).execute();
        if (theirs === null) return;
        const products = await trx.selectFrom('products').select(['id', 'part_number', 'store_id']).execute();
        const ids = new Map(products.map((p) => [refKey(p), p.id]));
        const p = projectFrom(theirs, (ref) => ids.get(refKey(ref)));
        // The engineer and jurisdiction by what the upstream shows: ids, else e-mail and name.
        const byEmail = p.engineer_email
          ? await trx.selectFrom('users').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', p.engineer_email!.toLowerCase())).executeTakeFirst()
          : undefined;
        const userId = p.row.user_id ?? byEmail?.id ?? before?.user_id;
        if (userId === undefined || userId === null) return;
        let jurisdictionId = p.row.jurisdiction_id;
        if (jurisdictionId === null && p.jurisdiction) {
          const held = await trx.selectFrom('jurisdictions').select(['id', 'name', 'state']).where('source', '=', 'projects').execute();
          jurisdictionId = matchJurisdiction(p.jurisdiction.name, p.row.state, held)?.id ?? null;
        }
        await trx
          .insertInto('projects')
          .values({ ...p.row, user_id: userId, jurisdiction_id: jurisdictionId, version: p.row.version ?? 1, dirty: 0, base_version: p.row.version, origin: 'upstream' })
          .execute();
        if (p.fixtures.length) await trx.insertInto('project_fixtures').values(p.fixtures.map((input, position) => ({ project_id: projectId, position, input }))).execute();
        // A note the upstream shows without an id takes one here (SQLite numbers a NULL primary key).
        for (const n of p.notes) await trx.insertInto('project_notes').values({ ...n, id: n.id as number, project_id: projectId }).execute();
        await trx.updateTable('sync_answers').set({ fingerprint: print }).where('path', '=', projectDetailPath(projectId)).execute();
      });
    });
  }
}
