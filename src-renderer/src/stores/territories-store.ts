/** Territory look-ups: by zip, by state and county (with county suggestions as you type), and the list. */
import { create } from 'zustand';
import type { Territory, TerritoryListItem, TerritoryMatch } from '../../../src-shared/api/territories';
import type { CountySuggestion } from '../../../src-shared/ipc/contract';
import { call, CallError, messageOf } from '../transport/bridge';
import { debounce } from './debounce';

interface TerritoriesState {
  states: { code: string; name: string }[];
  list: TerritoryListItem[];
  /** A look-up's answer carries how it matched (`match`); a territory opened from the list does not. */
  result: (Territory & { match?: TerritoryMatch }) | null;
  /** Messages by field (zip, state, county) or under `form` when the engine names none. */
  errors: Record<string, string>;
  looking: boolean;
  suggestions: CountySuggestion[];
  load(): Promise<void>;
  byZip(zip: string): Promise<void>;
  byCounty(state: string, county: string): Promise<void>;
  open(id: number): Promise<void>;
  suggest(state: string, prefix: string): void;
  clearSuggestions(): void;
}

let suggestSeq = 0;

export const useTerritories = create<TerritoriesState>((set) => {
  const lookup = async (run: () => Promise<Territory & { match?: TerritoryMatch }>, fallbackField: string) => {
    set({ looking: true, errors: {} });
    try {
      set({ result: await run(), looking: false });
    } catch (error) {
      const field = error instanceof CallError && error.param ? (error.param === 'zip_code' ? 'zip' : error.param) : fallbackField;
      set({ looking: false, result: null, errors: { [field]: messageOf(error) } });
    }
  };
  const suggestSoon = debounce(async (state: string, prefix: string) => {
    const seq = ++suggestSeq;
    if (!state) return set({ suggestions: [] });
    try {
      const suggestions = await call('territories.countySuggestions', { state, prefix, limit: 8 });
      if (seq === suggestSeq) set({ suggestions });
    } catch {
      if (seq === suggestSeq) set({ suggestions: [] });
    }
  }, 120);
  return {
    states: [],
    list: [],
    result: null,
    errors: {},
    looking: false,
    suggestions: [],
    async load() {
      try {
        const [states, list] = await Promise.all([call('territories.states', {}), call('territories.list', {})]);
        set({ states, list });
      } catch (error) {
        set({ errors: { form: messageOf(error) } });
      }
    },
    byZip: (zip) => lookup(() => call('territories.byZip', { zip }), 'zip'),
    byCounty: (state, county) => lookup(() => call('territories.byCounty', { state, county }), 'county'),
    open: (id) => lookup(() => call('territories.get', { id }), 'form'),
    suggest(state, prefix) {
      suggestSoon(state, prefix);
    },
    clearSuggestions() {
      suggestSeq++;
      set({ suggestions: [] });
    },
  };
});
