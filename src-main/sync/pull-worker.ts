/**
 * The heavy part of a sync, in a process of its own a few steps lower in priority: download,
 * parse and write the pulled data on a connection of its own, so the process that serves the API
 * and the UI keeps answering. Talks to the serving process with messages (pull-worker-protocol.ts):
 * over Node's IPC channel when forked, over Electron's parentPort in a utility process. It never
 * outlives the serving process: nobody would take its result, and a write it finished alone would
 * switch the data without the run's bookkeeping (the conflicts it found among it).
 */
import { createBackup } from '../store/backups.js';
import { backupKeep, openStore } from '../store/open-store.js';
import type { SyncIssue } from '../../src-shared/sync.js';
import { applyPulledData, removals } from './apply.js';
import { isMassDeletion, massDeletionMessage } from './decide.js';
import { localKeys } from './local-keys.js';
import { Puller } from './pull.js';
import { AppliedAnswers, removeStaging, StagedAnswers } from './sync-answers.js';
import { SyncFailure } from './types.js';
import { ThrottledStatus } from './throttled-status.js';
import { readRunState, writeRunState } from './sync-state.js';
import { UpstreamClient, type ConnectionReport } from './upstream-client.js';
import type { PullWorkerCommand, PullWorkerInput, PullWorkerMessage } from './pull-worker-protocol.js';
import { dieWithParent, hostChannel, lowerEveryThread } from './worker-process-child.js';

const controller = new AbortController();
const channel = hostChannel<PullWorkerCommand, PullWorkerMessage>();
lowerEveryThread();
// On a thread of its own: the write is one long run of statements during which no event is handled.
dieWithParent({ thread: true });
/** The run to do: the host's first message; a cancel may follow at any time. */
const started = new Promise<PullWorkerInput>((resolve) => {
  channel.onCommand((m) => {
    if (m.type === 'start') resolve(m.input);
    else if (m.type === 'cancel') controller.abort();
  });
});
const post = (m: PullWorkerMessage) => channel.post(m);
/** Progress for the serving process: at most ten messages a second (see ThrottledStatus). */
const status = new ThrottledStatus((patch) => post({ type: 'status', patch }));
const FULL_CHECK_EVERY_MS = 7 * 86_400_000;

/** Does the run; the host ends the process on 'closed' (or 'failed'). */
async function main(input: PullWorkerInput): Promise<void> {
  // The serving process checked the file when it opened it; a second quick_check here is only cost.
  const store = await openStore(input.dataDir, { check: false });
  // No checkpoint on this connection's commits: the serving process folds the big write's WAL
  // once the run is over (pull-worker-host.ts).
  store.sqlite.pragma('wal_autocheckpoint = 0');
  const staged = StagedAnswers.open(input.dataDir);
  let stagedOpen = true;
  // Applied (or nothing to apply): the staged answers are in the store, and the file goes.
  const dropStaging = () => {
    staged.close();
    stagedOpen = false;
    removeStaging(input.dataDir);
  };
  try {
    let bytes = 0;
    let decoded = 0;
    let requests = 0;
    const client = new UpstreamClient({
      ...input.tuning,
      baseUrl: input.upstreamUrl,
      key: input.key,
      signal: controller.signal,
      pausedUntil: input.pausedUntil,
      // This thread parses and stages what comes: the connections keep pace on a thread of their own.
      connections: 'thread',
      onBytes: (wire, text) => {
        bytes += wire;
        decoded += text;
        requests++;
        status.update({ bytes, bytes_decoded: decoded, requests });
      },
    });
    const state = await readRunState(store.db);
    const dataSet = store.sqlite.prepare("select value from meta where key = 'data_set'").pluck().get();
    const firstSync = dataSet !== 'upstream';
    // List entries (and dates) are trusted for a week after a run that asked for everything (see docs/api.md).
    const trustDates = !firstSync && state.full_check !== null && Date.now() - Date.parse(state.full_check) < FULL_CHECK_EVERY_MS;
    const local = localKeys(store.sqlite, { firstSync, trustDates, pushedLocalIds: input.pushedLocalIds, jurisdictionsEndpoint: state.jurisdictions_endpoint });
    const puller = new Puller(client, status, new AppliedAnswers(store.sqlite), staged, local);
    const data = await puller.pullAll().finally(() => client.close());
    noteConnection(client.report(), data.issues);
    // A run that would empty (or nearly) what is held from the service stops here, before the
    // switch, unless the rep confirmed it; what it received stays staged for the next run.
    const massive = removals(store.sqlite, data).filter((r) => isMassDeletion(r.held, r.removing));
    if (massive.length > 0 && !input.allowMassDelete) throw new SyncFailure('mass_delete', massDeletionMessage(massive), { mass_delete: massive });
    const changes = data.changed || input.mustApply || firstSync;
    const noteRun = async () => {
      await writeRunState(store.db, { jurisdictions_endpoint: data.jurisdictionsEndpoint, ...(trustDates ? {} : { full_check: new Date().toISOString() }) });
    };
    const count = (kind: string) => data.issues.filter((i) => i.kind === kind).length;
    if (!changes && data.answers === 0) {
      // Nothing changed upstream and nothing went up: the store already holds this data.
      await noteRun();
      dropStaging();
      status.update({ bytes, bytes_decoded: decoded, requests });
      status.flush();
      post({ type: 'done', conflicts: [], rejected: count('rejected'), warnings: count('warning'), applied: false, requests, renumbered: [] });
      return;
    }
    if (changes) {
      status.update({ phase: 'applying' });
      // This run will replace data: a copy of the store as it was comes first.
      await createBackup(store.sqlite, input.dataDir, 'before-sync', backupKeep(store.sqlite));
    }
    // The staged projects are copied from the staging file by SQL: attached to this connection.
    staged.flush();
    StagedAnswers.attach(store.sqlite, input.dataDir);
    const result = await applyPulledData(store, data, staged.run, input.pushedLocalIds, { firstSync, readOnly: input.readOnly }, controller.signal).finally(() =>
      store.sqlite.exec('detach database staging'),
    );
    await noteRun();
    dropStaging();
    status.update({ bytes, bytes_decoded: decoded, requests });
    status.flush();
    const issues = (kind: string) => result.issues.filter((i) => i.kind === kind).length;
    post({ type: 'done', conflicts: result.conflicts, rejected: issues('rejected'), warnings: issues('warning'), applied: changes, requests, renumbered: result.renumbered });
  } finally {
    if (stagedOpen) staged.close();
    await store.close();
  }
}

/** What the connection showed worth the rep's knowing: a permanent move followed, waits the service asked for. */
function noteConnection(connection: ConnectionReport, issues: SyncIssue[]): void {
  if (connection.movedTo !== null) {
    status.update({ moved_to: connection.movedTo });
    issues.push({
      kind: 'warning',
      resource: 'connection',
      key: 'address',
      reason: `the central service says it has moved to ${connection.movedTo} for good (a permanent redirect, followed); use that address in the sync settings`,
    });
  }
  if (connection.waits > 0) {
    issues.push({
      kind: 'warning',
      resource: 'connection',
      key: 'rate limit',
      reason: `the central service asked the sync to wait ${connection.waits === 1 ? 'once' : `${connection.waits} times`} (HTTP 429 or 503 with Retry-After, up to ${Math.ceil(connection.longestWaitMs / 1000)} s); every connection waited as asked`,
    });
  }
}

/** The run's end as the serving process hears it: its failure, said once. */
let failed = false;
function fail(error: unknown): void {
  if (failed) return;
  failed = true;
  status.flush();
  const failure = SyncFailure.from(error, controller.signal.aborted);
  post({ type: 'failed', code: failure.code, message: failure.message, ...(failure.details ? { details: failure.details } : {}) });
}

// An exception nothing caught would end the process with only an exit code for the rep to read:
// it is said as the run's failure, in its own words, and the host then ends the process.
process.on('uncaughtException', (error) => fail(error));
// A rejection nothing handles is a fault like an uncaught exception: said as the run's failure.
process.on('unhandledRejection', (reason) => fail(reason));

started.then(main).then(() => post({ type: 'closed' }), fail);
