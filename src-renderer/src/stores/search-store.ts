/** The global search palette (Ctrl/Cmd+K): users, jurisdictions and projects as you type. */
import { create } from 'zustand';
import type { GlobalSearchResult } from '../../../src-shared/ipc/contract';
import { call, messageOf } from '../transport/bridge';
import { debounce } from './debounce';

interface SearchState {
  open: boolean;
  query: string;
  results: GlobalSearchResult | null;
  error: string | null;
  searching: boolean;
  show(): void;
  hide(): void;
  setQuery(query: string): void;
}

let seq = 0;

export const useSearch = create<SearchState>((set) => {
  const searchSoon = debounce(async (query: string) => {
    const mine = ++seq;
    if (query.trim() === '') return set({ results: null, error: null, searching: false });
    set({ searching: true });
    try {
      const results = await call('search.global', { query, limit: 6 });
      if (mine === seq) set({ results, error: null, searching: false });
    } catch (error) {
      if (mine === seq) set({ results: null, error: messageOf(error), searching: false });
    }
  }, 120);
  return {
    open: false,
    query: '',
    results: null,
    error: null,
    searching: false,
    show: () => set({ open: true }),
    hide: () => set({ open: false }),
    setQuery(query) {
      set({ query });
      searchSoon(query);
    },
  };
});
