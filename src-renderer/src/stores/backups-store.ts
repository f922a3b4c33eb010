/**
 * Backups as the settings screen shows them: the list, a backup now, how many to keep, and a
 * restore (confirmed first on the screen). After a restore every screen reloads its data.
 */
import { create } from 'zustand';
import type { MethodResult } from '../../../src-shared/ipc/contract';
import { call, messageOf } from '../transport/bridge';
import { useApp } from './app-store';
import { useProjects } from './projects-store';
import { useSync } from './sync-store';

type Overview = MethodResult<'backups.list'>;

interface BackupsState {
  overview: Overview | null;
  busy: boolean;
  notice: string | null;
  error: string | null;
  load(): Promise<void>;
  backUpNow(): Promise<void>;
  setKeep(keep: number): Promise<void>;
  restore(name: string): Promise<void>;
}

export const useBackups = create<BackupsState>((set) => {
  const run = async (work: () => Promise<void>) => {
    set({ busy: true, error: null, notice: null });
    try {
      await work();
    } catch (error) {
      set({ error: messageOf(error) });
    } finally {
      set({ busy: false });
    }
  };
  return {
    overview: null,
    busy: false,
    notice: null,
    error: null,
    async load() {
      try {
        set({ overview: await call('backups.list', {}) });
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
    backUpNow: () =>
      run(async () => {
        const made = await call('backups.create', {});
        set({ overview: await call('backups.list', {}), notice: `Backed up (${made.name}).` });
      }),
    setKeep: (keep) =>
      run(async () => {
        set({ overview: await call('backups.setKeep', { keep }), notice: `The last ${keep} backups of each kind are kept.` });
      }),
    restore: (name) =>
      run(async () => {
        const restored = await call('backups.restore', { name });
        set({ overview: await call('backups.list', {}), notice: `Restored the backup of ${restored.created.slice(0, 16).replace('T', ' ')}. The data from before is itself kept as a backup.` });
        // Everything on screen came from the data just replaced.
        await Promise.all([useApp.getState().load(), useProjects.getState().load(), useSync.getState().checkReachability()]);
      }),
  };
});
