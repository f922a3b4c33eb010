/**
 * A sync run's steps in this process, on an engine's own store connection, against an in-memory
 * upstream (fake-upstream.ts): the push (push.ts), the pull (pull.ts Puller, staging as the pull
 * worker stages), the mass-deletion guard and the apply (apply.ts), then the conflicts recorded as
 * the runner records them. The same calls, in the same order, as SyncRunner.run and the pull
 * worker make them; without the worker thread, the backup and the status reporting, so each step
 * can be tested in milliseconds. The two-server tests (test/sync/sync-*.test.ts) run the whole.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { openEngine, type Engine } from '../../src-main/engine/engine.js';
import { DATABASE_FILE } from '../../src-main/store/open-store.js';
import { applyPulledData, removals, type ApplyResult } from '../../src-main/sync/apply.js';
import { isMassDeletion } from '../../src-main/sync/decide.js';
import { localKeys } from '../../src-main/sync/local-keys.js';
import { Puller, type PulledData } from '../../src-main/sync/pull.js';
import { pushLocalChanges, type PushResult } from '../../src-main/sync/push.js';
import { AppliedAnswers, removeStaging, StagedAnswers } from '../../src-main/sync/sync-answers.js';
import { recordFoundConflicts } from '../../src-main/sync/sync-runner.js';
import { readRunState, writeRunState } from '../../src-main/sync/sync-state.js';
import { copyTemplateDataDir } from './api-server.js';
import { fakeUpstream, type FakeUpstream } from './fake-upstream.js';
import type { Quirks } from './spec-upstream/quirks.js';
import { scratchStores } from '../store/helpers.js';

export interface InProcessRun {
  pushed: PushResult;
  data: PulledData;
  /** Null when the mass-deletion guard held the run back (nothing written). */
  applied: ApplyResult | null;
}

const quiet = { update: () => undefined };

/**
 * One run: push, pull, apply. `trustDates`: as after a full check this week (default: a full
 * check, nothing skipped). `push: false` leaves the push out, so the pull and the apply meet the
 * local changes themselves (as when the push was cut off). `afterPush`: what the rep does while the
 * pull runs.
 */
export async function syncInProcess(
  engine: Engine,
  dataDir: string,
  up: FakeUpstream,
  options: { trustDates?: boolean; allowMassDelete?: boolean; push?: boolean; afterPush?: () => Promise<void> } = {},
): Promise<InProcessRun> {
  const store = engine.store;
  const signal = new AbortController().signal;
  let pushed: PushResult = { pushedLocalIds: [], sent: 0, conflicts: [], queuedReason: null, refused: [] };
  if (options.push !== false) {
    const pushClient = up.client(signal);
    pushed = await pushLocalChanges(store.db, engine.projects, pushClient).finally(() => pushClient.close());
    await writeRunState(store.db, { queued_reason: pushed.queuedReason });
  }
  // The rep's work between the push and the apply (the pull takes minutes on a large service).
  await options.afterPush?.();

  const state = await readRunState(store.db);
  const firstSync = store.sqlite.prepare("select value from meta where key = 'data_set'").pluck().get() !== 'upstream';
  const trustDates = !firstSync && (options.trustDates ?? false);
  const local = localKeys(store.sqlite, { firstSync, trustDates, pushedLocalIds: pushed.pushedLocalIds, jurisdictionsEndpoint: state.jurisdictions_endpoint });
  const staged = StagedAnswers.open(dataDir);
  let applied: ApplyResult | null = null;
  let data: PulledData;
  try {
    const client = up.client(signal);
    data = await new Puller(client, quiet, new AppliedAnswers(store.sqlite), staged, local).pullAll().finally(() => client.close());
    if (!options.allowMassDelete && removals(store.sqlite, data).some((r) => isMassDeletion(r.held, r.removing))) return { pushed, data, applied };
    staged.flush();
    store.sqlite.prepare('attach database ? as staging').run(StagedAnswers.file(dataDir));
    try {
      applied = await applyPulledData(store, data, staged.run, pushed.pushedLocalIds, { firstSync, readOnly: pushed.queuedReason !== null }, signal);
    } finally {
      store.sqlite.exec('detach database staging');
    }
    await writeRunState(store.db, { jurisdictions_endpoint: data.jurisdictionsEndpoint, full_check: new Date().toISOString() });
  } finally {
    staged.close();
  }
  removeStaging(dataDir);
  await recordFoundConflicts(store.db, engine.projects, [...pushed.conflicts, ...applied.conflicts]);
  return { pushed, data, applied };
}

export interface SyncedStore {
  engine: Engine;
  dataDir: string;
  up: FakeUpstream;
  /** Another run against `up`. */
  run: (options?: Parameters<typeof syncInProcess>[3]) => ReturnType<typeof syncInProcess>;
}

export interface UpstreamOptions {
  quirks?: Partial<Quirks>;
  /** Takes project writes (see fakeUpstream). */
  writes?: boolean;
  /** Every project shows this version (a Fieldsizer upstream); none by default (the spec). */
  version?: number;
}

function newUpstream(options: UpstreamOptions): FakeUpstream {
  const up = fakeUpstream(options);
  if (options.version !== undefined) for (const p of up.data.projects) up.versions.set(p.id, options.version);
  return up;
}

/**
 * For a test file: `synced(options)` gives a store after a first sync from a fresh fake upstream
 * (its requests so far forgotten), closed and removed after the test. The synced store is made
 * once per kind of upstream and copied for each test: a first sync retires the embedded demo set,
 * which takes a second or two; a copy takes none.
 */
export function syncedStores(): (options?: UpstreamOptions) => Promise<SyncedStore> {
  const stores = scratchStores();
  const snapshots = new Map<string, Promise<string>>();
  afterAll(async () => {
    for (const file of snapshots.values()) fs.rmSync(path.dirname(await file), { recursive: true, force: true });
  });
  const snapshot = (options: UpstreamOptions): Promise<string> => {
    const key = JSON.stringify([options.quirks ?? {}, options.version ?? null]);
    let made = snapshots.get(key);
    if (made === undefined) {
      made = (async () => {
        const dataDir = copyTemplateDataDir();
        const engine = await openEngine({ dataDir });
        const up = newUpstream(options);
        try {
          const first = await syncInProcess(engine, dataDir, up);
          expect(first.applied, 'the first sync applied').not.toBeNull();
        } finally {
          await up.close();
          await engine.close();
        }
        return path.join(dataDir, DATABASE_FILE);
      })();
      snapshots.set(key, made);
    }
    return made;
  };
  return async (options = {}) => {
    const file = await snapshot(options);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-synced-'));
    stores.cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    for (const suffix of ['', '-wal']) if (fs.existsSync(file + suffix)) fs.copyFileSync(file + suffix, path.join(dataDir, DATABASE_FILE + suffix));
    const engine = await stores.open(dataDir);
    const up = newUpstream(options);
    stores.cleanup.push(() => up.close());
    return { engine, dataDir, up, run: (o) => syncInProcess(engine, dataDir, up, o) };
  };
}
