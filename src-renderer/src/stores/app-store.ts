/** What every screen shares: the app's info, the form vocabularies, and the unit system shown. */
import { create } from 'zustand';
import type { MethodResult, Vocabulary } from '../../../src-shared/ipc/contract';
import { call, messageOf } from '../transport/bridge';

export type UnitSystem = 'standard' | 'metric';
/** The first paint's guess; the store's setting (app.info `units`) is the one that counts. */
const UNITS_KEY = 'fieldsizer.units';

interface AppState {
  info: MethodResult<'app.info'> | null;
  vocabulary: Vocabulary | null;
  /**
   * The unit system shown, typed in the editor and printed on reports (metric mode,
   * src-shared/display-units.ts). Kept in the store, so the desktop's File → Export follows it.
   */
  units: UnitSystem;
  loadError: string | null;
  load(): Promise<void>;
  /** Switches the unit system; `keep` (default) also stores the choice for the engine. */
  setUnits(units: UnitSystem, keep?: boolean): void;
}

export const useApp = create<AppState>((set) => ({
  info: null,
  vocabulary: null,
  units: localStorage.getItem(UNITS_KEY) === 'metric' ? 'metric' : 'standard',
  loadError: null,
  async load() {
    try {
      const [info, vocabulary] = await Promise.all([call('app.info', {}), call('app.vocabulary', {})]);
      set({ info, vocabulary, loadError: null });
      // The store's choice wins; a choice made before the store kept it is handed over once.
      if (info.units) useApp.getState().setUnits(info.units, false);
      else if (useApp.getState().units === 'metric') useApp.getState().setUnits('metric');
    } catch (error) {
      set({ loadError: messageOf(error) });
    }
  },
  setUnits(units, keep = true) {
    localStorage.setItem(UNITS_KEY, units);
    set({ units });
    // A failed write leaves the screen in the chosen units; the export then names them itself.
    if (keep) void call('app.setUnits', { units }).catch(() => undefined);
  },
}));
