/** The project list: filters, search (debounced), pages loaded as the list scrolls. */
import { create } from 'zustand';
import type { ProjectListItem } from '../../../src-shared/api/people';
import type { ConstructionTypeKey, ProjectStatus } from '../../../src-shared/api/vocabulary';
import type { MethodArgs } from '../../../src-shared/ipc/contract';
import { call, messageOf } from '../transport/bridge';
import { debounce } from './debounce';

export type ProjectSort = NonNullable<MethodArgs<'projects.list'>['sort']>;

export interface ProjectFilters {
  status: ProjectStatus | '';
  type: ConstructionTypeKey | '';
  zip: string;
  query: string;
  sort: ProjectSort;
  direction: 'asc' | 'desc';
}

const DEFAULT_FILTERS: ProjectFilters = { status: '', type: '', zip: '', query: '', sort: 'created', direction: 'desc' };
/** The filters and sort are remembered on this computer (the next start opens the list as it was left). */
const FILTERS_KEY = 'fieldsizer.projectFilters';

function rememberedFilters(): ProjectFilters {
  try {
    const saved = JSON.parse(localStorage.getItem(FILTERS_KEY) ?? 'null') as Partial<ProjectFilters> | null;
    return saved && typeof saved === 'object' ? { ...DEFAULT_FILTERS, ...saved } : DEFAULT_FILTERS;
  } catch {
    return DEFAULT_FILTERS;
  }
}

const PAGE = 50;

interface ProjectsState {
  filters: ProjectFilters;
  items: ProjectListItem[];
  total: number;
  loading: boolean;
  error: string | null;
  /** Which argument the engine refused (the zip filter, the query), for the message next to it. */
  errorParam: string | null;
  /** Set once the first page of the current filters is on screen (tests and the bench wait for it). */
  ready: boolean;
  /** The draft just deleted in the editor (Undo brings the same project back). */
  deleted: { id: number; name: string } | null;
  undoMessage: string | null;
  setDeleted(deleted: ProjectsState['deleted']): void;
  undoDelete(): Promise<number | null>;
  setFilter<K extends keyof ProjectFilters>(key: K, value: ProjectFilters[K]): void;
  /** Sorts by a column; the same column again turns the direction around. */
  sortBy(column: ProjectSort): void;
  clearFilters(): void;
  load(): Promise<void>;
  loadMore(): Promise<void>;
}

let requestSeq = 0;

export const useProjects = create<ProjectsState>((set, get) => {
  const reloadSoon = debounce(() => void get().load(), 200);
  const args = (offset: number) => {
    const f = get().filters;
    return {
      status: f.status ? [f.status] : undefined,
      types: f.type ? [f.type] : undefined,
      // A partial zip is not a filter yet; a full one is checked by the engine.
      zip: f.zip.trim().length >= 5 ? f.zip.trim() : undefined,
      query: f.query.trim() || undefined,
      sort: f.sort,
      direction: f.direction,
      limit: PAGE,
      offset,
    };
  };
  return {
    filters: rememberedFilters(),
    items: [],
    total: 0,
    loading: false,
    error: null,
    errorParam: null,
    ready: false,
    deleted: null,
    undoMessage: null,
    setDeleted(deleted) {
      set({ deleted, undoMessage: null });
    },
    async undoDelete() {
      const deleted = get().deleted;
      if (!deleted) return null;
      try {
        const view = await call('projects.restore', { id: deleted.id });
        set({ deleted: null });
        return view.project.id;
      } catch (error) {
        set({ undoMessage: `Could not bring back "${deleted.name}": ${messageOf(error)}` });
        return null;
      }
    },
    setFilter(key, value) {
      const filters = { ...get().filters, [key]: value };
      set({ filters });
      localStorage.setItem(FILTERS_KEY, JSON.stringify(filters));
      // Typing is debounced; choosing from a list reloads at once.
      if (key === 'query' || key === 'zip') reloadSoon();
      else void get().load();
    },
    sortBy(column) {
      const f = get().filters;
      const direction = f.sort === column ? (f.direction === 'asc' ? 'desc' : 'asc') : column === 'created' || column === 'updated' ? 'desc' : 'asc';
      const filters = { ...f, sort: column, direction } as ProjectFilters;
      set({ filters });
      localStorage.setItem(FILTERS_KEY, JSON.stringify(filters));
      void get().load();
    },
    clearFilters() {
      set({ filters: DEFAULT_FILTERS });
      localStorage.removeItem(FILTERS_KEY);
      void get().load();
    },
    async load() {
      const seq = ++requestSeq;
      set({ loading: true });
      try {
        const page = await call('projects.list', args(0));
        if (seq !== requestSeq) return;
        set({ items: page.data, total: page.total, loading: false, error: null, errorParam: null, ready: true });
      } catch (error) {
        if (seq !== requestSeq) return;
        set({ loading: false, error: messageOf(error), errorParam: (error as { param?: string | null }).param ?? null, items: [], total: 0, ready: true });
      }
    },
    async loadMore() {
      const { items, total, loading } = get();
      if (loading || items.length >= total) return;
      const seq = ++requestSeq;
      set({ loading: true });
      try {
        const page = await call('projects.list', args(items.length));
        if (seq !== requestSeq) return;
        set({ items: [...items, ...page.data], total: page.total, loading: false });
      } catch (error) {
        if (seq === requestSeq) set({ loading: false, error: messageOf(error) });
      }
    },
  };
});
