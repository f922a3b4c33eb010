/**
 * One sync run against the central service: push local changes, pull every resource, apply. It
 * takes narrow dependencies (the store, a project reader), not the engine.
 */
import type { ConflictChoice, SyncConflict } from '../../src-shared/sync.js';
import type { Store } from '../store/open-store.js';
import { isObject } from './convert.js';
import { projectDetailPath, pushLocalChanges, resolveConflict, type ProjectReader } from './push.js';
import type { RunEnd, StatusReporter, SyncRun } from './types.js';
import type { ClientTuning } from './upstream-client.js';
import { runPullWorker } from './pull-worker-host.js';
import { recordConflict, replaceStepIssues, writeRunState, type FoundConflict } from './sync-state.js';
import { writeUpstreamProject } from './upstream-projects.js';

export interface SyncDeps {
  store: Store;
  dataDir: string;
  projects: ProjectReader;
}

/** Records the conflicts a run found, with mine as the local API shows it (or deleted here) beside theirs. */
export async function recordFoundConflicts(db: Store['db'], projects: ProjectReader, conflicts: FoundConflict[]): Promise<void> {
  for (const c of conflicts) {
    // Deleted here (the delete waits) or edited here.
    const mine = await projects
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
    await recordConflict(db, record, c.fingerprint);
  }
}

export class SyncRunner implements SyncRun {
  constructor(
    private readonly deps: SyncDeps,
    private readonly tuning: ClientTuning = {},
  ) {}

  async run(options: { upstreamUrl: string; key: string; signal: AbortSignal; status: StatusReporter; allowMassDelete: boolean }): Promise<RunEnd> {
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
    const { result, ...end } = await runPullWorker(
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
      await recordFoundConflicts(store.db, this.deps.projects, [...pushed.conflicts, ...result.conflicts]);
      // The push named projects by the ids they had before the pull; a project made here that
      // an upstream record's id (or the first sync's retiring of the demo set) moved is named
      // by the id it has now.
      const moved = new Map(result.renumbered);
      await replaceStepIssues(
        store.db,
        'push',
        pushed.refused.map((issue) => ({ ...issue, key: String(moved.get(Number(issue.key)) ?? issue.key) })),
      );
    } catch (error) {
      void end.written();
      throw error;
    }
    status.update({ rejected: result.rejected, warnings: result.warnings + pushed.refused.length });
    return end;
  }

  /** Keep mine (sent next time) or keep theirs (written now, the local edit dropped on purpose). */
  async resolve(projectId: number, choice: ConflictChoice, confirmed: boolean): Promise<void> {
    const { db, sqlite } = this.deps.store;
    await resolveConflict(db, projectId, choice, confirmed, async (theirs, print) => {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('projects').select('user_id').where('id', '=', projectId).executeTakeFirst();
        await trx.deleteFrom('projects').where('id', '=', projectId).execute();
        if (theirs === null) return;
        // Written as a pull writes it; the engineer, where their copy finds none, stays the local copy's.
        await writeUpstreamProject(trx, sqlite, theirs, { path: projectDetailPath(projectId), fingerprint: print }, before?.user_id ?? null);
      });
    });
  }
}
