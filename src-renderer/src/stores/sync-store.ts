/**
 * Sync as the status bar and the sync screen show it: the engine's status (pushed as events while
 * a sync runs), whether this machine is online, and the conflicts waiting for a choice.
 */
import { create } from 'zustand';
import type { SyncConflict, SyncStatus } from '../../../src-shared/sync';
import { call, messageOf, onEvent } from '../transport/bridge';

interface SyncState {
  status: SyncStatus | null;
  online: boolean;
  conflicts: SyncConflict[];
  /** A failure of the call itself (not configured, server gone), in plain words. */
  error: string | null;
  start(): Promise<void>;
  syncNow(): Promise<void>;
  cancel(): Promise<void>;
  loadConflicts(): Promise<void>;
  /** `confirm`: the user agreed that keeping theirs deletes their only copy. */
  resolve(projectId: number, choice: 'mine' | 'theirs', confirm?: boolean): Promise<void>;
}

let started = false;

export const useSync = create<SyncState>((set, get) => ({
  status: null,
  online: navigator.onLine,
  conflicts: [],
  error: null,
  async start() {
    if (started) return;
    started = true;
    window.addEventListener('online', () => set({ online: true }));
    window.addEventListener('offline', () => set({ online: false }));
    onEvent('sync.status', (status) => {
      const before = get().status;
      set({ status });
      // New conflicts appear with the end of a run.
      if (before && before.conflicts !== status.conflicts) void get().loadConflicts();
    });
    try {
      set({ status: await call('sync.status', {}) });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  async syncNow() {
    set({ error: null });
    try {
      set({ status: await call('sync.now', {}) });
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
