/** The global search palette (Ctrl/Cmd+K): users, jurisdictions, projects, products and territories as you type. */
import { create } from 'zustand';
import type { TerritoryListItem } from '../../../src-shared/api/territories';
import { matchKey } from '../../../src-shared/text-match';
import type { GlobalSearchResult, ProductSummary } from '../../../src-shared/ipc/contract';
import { call, messageOf } from '../transport/bridge';
import { debounce } from './debounce';

interface SearchState {
  open: boolean;
  query: string;
  results: (GlobalSearchResult & { products: ProductSummary[]; territories: TerritoryListItem[] }) | null;
  error: string | null;
  searching: boolean;
  /** The query the results answer. */
  resultsFor: string;
  show(): void;
  hide(): void;
  setQuery(query: string): void;
}

let seq = 0;
/** The territories, read once (a few hundred rows) and matched here by name or code. */
let territories: Promise<TerritoryListItem[]> | null = null;
const allTerritories = () => (territories ??= call('territories.list', {}).catch(() => ((territories = null), [])));

export const useSearch = create<SearchState>((set) => {
  const searchSoon = debounce(async (query: string) => {
    const mine = ++seq;
    if (query.trim() === '') return set({ results: null, error: null, searching: false });
    set({ searching: true });
    try {
      const words = matchKey(query).split(' ').filter(Boolean);
      const [global, products, list] = await Promise.all([
        // More than are shown: the palette ranks names containing the query first (search-ranking.ts).
        call('search.global', { query, limit: 20 }),
        call('catalog.products', { query, sort: 'relevance' }).then((p) => p.data.slice(0, 5)),
        allTerritories(),
      ]);
      const matching = list.filter((t) => words.every((w) => matchKey(`${t.name ?? ''} ${t.code} ${t.rep_firm}`).includes(w))).slice(0, 5);
      if (mine === seq) set({ results: { ...global, products, territories: matching }, resultsFor: query, error: null, searching: false });
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
    resultsFor: '',
    show: () => set({ open: true }),
    hide: () => set({ open: false }),
    setQuery(query) {
      set({ query });
      searchSoon(query);
    },
  };
});
