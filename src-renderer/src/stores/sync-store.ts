/**
 * Sync as the status bar and the sync screen show it: the engine's status (pushed as events while
 * a sync runs), whether the central service answers (asked by the engine with a cheap request,
 * not the browser's idea of "online"), and the conflicts waiting for a choice.
 */
import { create } from 'zustand';
import type { MethodResult } from '../../../src-shared/ipc/contract';
import type { SyncConflict, SyncStatus } from '../../../src-shared/sync';
import { call, messageOf, onEvent } from '../transport/bridge';

interface SyncState {
  status: SyncStatus | null;
  /** Whether the central service answered the last check (null: not checked yet). */
  reachability: MethodResult<'sync.reachability'> | null;
  conflicts: SyncConflict[];
  /** A failure of the call itself (not configured, server gone), in plain words. */
  error: string | null;
  start(): Promise<void>;
  checkReachability(): Promise<void>;
  /** `allowMassDelete`: the rep confirmed a run that removes what the guard held back. */
  syncNow(options?: { allowMassDelete?: boolean }): Promise<void>;
  /** Takes the address the central service says it moved to as the setting. */
  adoptMovedAddress(url: string): Promise<void>;
  cancel(): Promise<void>;
  loadConflicts(): Promise<void>;
  /** `confirm`: the user agreed that keeping theirs deletes their only copy. */
  resolve(projectId: number, choice: 'mine' | 'theirs', confirm?: boolean): Promise<void>;
}

let started = false;
/** How often the central service is asked whether it answers. */
const REACHABILITY_EVERY_MS = 60_000;

export const useSync = create<SyncState>((set, get) => ({
  status: null,
  reachability: null,
  conflicts: [],
  error: null,
  async start() {
    if (started) return;
    started = true;
    // Checked now, every minute, when the network changes and after every sync run.
    void get().checkReachability();
    setInterval(() => void get().checkReachability(), REACHABILITY_EVERY_MS);
    window.addEventListener('online', () => void get().checkReachability());
    window.addEventListener('offline', () => void get().checkReachability());
    onEvent('sync.status', (status) => {
      const before = get().status;
      set({ status });
      if (before?.state === 'running' && status.state !== 'running') void get().checkReachability();
      if (before && before.upstream_url !== status.upstream_url) void get().checkReachability();
      // New conflicts appear with the end of a run.
      if (before && before.conflicts !== status.conflicts) void get().loadConflicts();
    });
    try {
      set({ status: await call('sync.status', {}) });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  async checkReachability() {
    try {
      set({ reachability: await call('sync.reachability', {}) });
    } catch {
      // The engine itself did not answer: the status bar says so through `error` elsewhere.
    }
  },
  async syncNow(options = {}) {
    set({ error: null });
    try {
      set({ status: await call('sync.now', options.allowMassDelete ? { allowMassDelete: true } : {}) });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  async adoptMovedAddress(url) {
    set({ error: null });
    try {
      set({ status: await call('sync.useMovedAddress', { upstream_url: url }) });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  async cancel() {
    try {
      set({ status: await call('sync.cancel', {}) });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  async loadConflicts() {
    try {
      set({ conflicts: await call('sync.conflicts', {}) });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  async resolve(projectId, choice, confirm) {
    set({ error: null });
    try {
      set({ status: await call('sync.resolve', { projectId, choice, ...(confirm ? { confirm } : {}) }) });
      await get().loadConflicts();
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
}));
