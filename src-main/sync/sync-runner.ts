/** One sync run against the central service: push local changes, pull every resource, apply. */
import type { ConflictChoice, SyncConflict } from '../../src-shared/sync.js';
import type { Engine } from '../engine/engine.js';
import { projectFrom, refKey } from './convert.js';
import { pushLocalChanges, resolveConflict } from './push.js';
import type { StatusReporter, SyncRun } from './sync-service.js';
import { UpstreamClient, type UpstreamClientOptions } from './upstream-client.js';
import { runPullWorker } from './pull-worker-host.js';

export type ClientTuning = Pick<UpstreamClientOptions, 'concurrency' | 'timeoutMs' | 'attempts' | 'backoffMs' | 'maxRetryAfterMs'>;

export class SyncRunner implements SyncRun {
  constructor(
    private readonly engine: () => Engine,
    private readonly tuning: ClientTuning = {},
  ) {}

  async run(options: { upstreamUrl: string; key: string; signal: AbortSignal; status: StatusReporter }): Promise<void> {
    const engine = this.engine();
    const { status, signal } = options;
    let pushBytes = 0;
    const client = new UpstreamClient({
      ...this.tuning,
      baseUrl: options.upstreamUrl,
      key: options.key,
      signal,
      onBytes: (n) => {
        pushBytes += n;
        status.update({ bytes: pushBytes });
      },
    });
    status.update({ phase: 'pushing' });
    const pushed = await pushLocalChanges(engine, client).finally(() => client.close());
    status.update({ phase: 'pulling' });
    const result = await runPullWorker(
      {
        dataDir: engine.dataDir,
        upstreamUrl: options.upstreamUrl,
        key: options.key,
        tuning: this.tuning,
        pushedLocalIds: pushed.pushedLocalIds,
        mustApply: pushed.sent > 0 || pushed.conflicts.length > 0,
      },
      engine.store.sqlite,
      signal,
      (patch) => status.update(patch.bytes === undefined ? patch : { ...patch, bytes: pushBytes + patch.bytes }),
    );
    await this.recordConflicts(engine, [...pushed.conflicts, ...result.conflicts]);
    status.update({ rejected: result.rejected });
    if (pushed.queuedReason) await engine.store.db.insertInto('meta').values({ key: 'sync.queued_reason', value: pushed.queuedReason }).onConflict((oc) => oc.column('key').doUpdateSet({ value: pushed.queuedReason! })).execute();
    else await engine.store.db.deleteFrom('meta').where('key', '=', 'sync.queued_reason').execute();
  }

  private async recordConflicts(engine: Engine, conflicts: { project_id: number; theirs: unknown }[]): Promise<void> {
    for (const c of conflicts) {
      // Deleted here (the delete waits in meta) or edited here.
      const mine = await engine.projects
        .get(c.project_id, { fixtures: true, notes: true }, { personal: true })
        .then((p) => p as unknown as Record<string, unknown>, () => ({ deleted: true }) as Record<string, unknown>);
      const theirName = c.theirs && typeof c.theirs === 'object' && 'name' in c.theirs ? String(c.theirs.name) : '';
      const record: SyncConflict = {
        project_id: c.project_id,
        name: 'deleted' in mine ? theirName : String(mine.name),
        mine,
        theirs: (c.theirs ?? { deleted: true }) as Record<string, unknown>,
        detected_at: new Date().toISOString(),
      };
      const value = JSON.stringify(record);
      await engine.store.db
        .insertInto('meta')
        .values({ key: `sync.conflict.${c.project_id}`, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    }
  }

  /** Keep mine (sent next time) or keep theirs (written now, the local edit dropped on purpose). */
  async resolve(projectId: number, choice: ConflictChoice): Promise<void> {
    const engine = this.engine();
    await resolveConflict(engine, projectId, choice, async (theirs) => {
      const db = engine.store.db;
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('projects').where('id', '=', projectId).execute();
        if (theirs === null || (typeof theirs === 'object' && theirs !== null && 'deleted' in theirs)) return;
        const products = await trx.selectFrom('products').select(['id', 'part_number', 'store_id']).execute();
        const ids = new Map(products.map((p) => [refKey(p), p.id]));
        const p = projectFrom(theirs, (ref) => ids.get(refKey(ref)));
        await trx.insertInto('projects').values({ ...p.row, dirty: 0, base_version: p.row.version, origin: 'upstream' }).execute();
        if (p.fixtures.length) await trx.insertInto('project_fixtures').values(p.fixtures.map((f, position) => ({ project_id: projectId, position, input: JSON.stringify(f) }))).execute();
        if (p.notes.length) await trx.insertInto('project_notes').values(p.notes.map((n) => ({ ...n, project_id: projectId }))).execute();
      });
    });
  }
}
