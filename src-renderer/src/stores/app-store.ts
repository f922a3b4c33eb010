/** What every screen shares: the app's info, the form vocabularies, and the unit system shown. */
import { create } from 'zustand';
import type { MethodResult, Vocabulary } from '../../../src-shared/ipc/contract';
import { call, messageOf } from '../transport/bridge';

export type UnitSystem = 'standard' | 'metric';
const UNITS_KEY = 'fieldsizer.units';

interface AppState {
  info: MethodResult<'app.info'> | null;
  vocabulary: Vocabulary | null;
  /** Which of the two unit systems the engine returns is shown; nothing is converted here. */
  units: UnitSystem;
  loadError: string | null;
  load(): Promise<void>;
  setUnits(units: UnitSystem): void;
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
    } catch (error) {
      set({ loadError: messageOf(error) });
    }
  },
  setUnits(units) {
    localStorage.setItem(UNITS_KEY, units);
    set({ units });
  },
}));
