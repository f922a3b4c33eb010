/** Users (filtered by type, paged), one user with their projects, and one jurisdiction. */
import { create } from 'zustand';
import type { Jurisdiction, User } from '../../../src-shared/api/people';
import type { UserTypeKey } from '../../../src-shared/api/vocabulary';
import type { UserRow } from '../../../src-shared/ipc/contract';
import { call, messageOf } from '../transport/bridge';

const PAGE = 50;

interface PeopleState {
  type: UserTypeKey | '';
  users: UserRow[];
  total: number;
  loading: boolean;
  error: string | null;
  user: User | null;
  userError: string | null;
  jurisdiction: Jurisdiction | null;
  jurisdictionError: string | null;
  setType(type: UserTypeKey | ''): void;
  load(): Promise<void>;
  loadMore(): Promise<void>;
  openUser(id: number): Promise<void>;
  openJurisdiction(id: number): Promise<void>;
}

let seq = 0;

export const usePeople = create<PeopleState>((set, get) => ({
  type: '',
  users: [],
  total: 0,
  loading: false,
  error: null,
  user: null,
  userError: null,
  jurisdiction: null,
  jurisdictionError: null,
  setType(type) {
    set({ type });
    void get().load();
  },
  async load() {
    const mine = ++seq;
    set({ loading: true });
    try {
      const type = get().type;
      const page = await call('users.list', { types: type ? [type] : undefined, limit: PAGE, offset: 0 });
      if (mine === seq) set({ users: page.data, total: page.total, loading: false, error: null });
    } catch (error) {
      if (mine === seq) set({ loading: false, error: messageOf(error) });
    }
  },
  async loadMore() {
    const { users, total, loading, type } = get();
    if (loading || users.length >= total) return;
    const mine = ++seq;
    set({ loading: true });
    try {
      const page = await call('users.list', { types: type ? [type] : undefined, limit: PAGE, offset: users.length });
      if (mine === seq) set({ users: [...users, ...page.data], loading: false });
    } catch (error) {
      if (mine === seq) set({ loading: false, error: messageOf(error) });
    }
  },
  async openUser(id) {
    set({ user: null, userError: null });
    try {
      set({ user: await call('users.get', { id }) });
    } catch (error) {
      set({ userError: messageOf(error) });
    }
  },
  async openJurisdiction(id) {
    set({ jurisdiction: null, jurisdictionError: null });
    try {
      set({ jurisdiction: await call('jurisdictions.get', { id }) });
    } catch (error) {
      set({ jurisdictionError: messageOf(error) });
    }
  },
}));
