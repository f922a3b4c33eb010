/**
 * Screens are addressed by the URL fragment (`#/projects/12`), which works the same from the
 * local server and from a file in Electron, and gives Back / Forward for free.
 */
import { create } from 'zustand';

export type Route =
  | { name: 'projects' }
  | { name: 'project'; id: number | 'new' }
  | { name: 'report'; id: number }
  | { name: 'catalog'; modelNumber: string | null; storeId: string | null }
  | { name: 'territories'; id: number | null }
  | { name: 'users'; id: number | null }
  | { name: 'jurisdiction'; id: number }
  | { name: 'sync' }
  | { name: 'settings' };

export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(query);
  const num = (text: string | undefined) => (text && /^\d+$/.test(text) ? Number(text) : null);
  switch (parts[0]) {
    case 'projects': {
      if (parts[1] === 'new') return { name: 'project', id: 'new' };
      const id = num(parts[1]);
      return id === null ? { name: 'projects' } : { name: 'project', id };
    }
    case 'report': {
      const id = num(parts[1]);
      return id === null ? { name: 'projects' } : { name: 'report', id };
    }
    case 'catalog':
      return { name: 'catalog', modelNumber: parts[1] === 'product' ? (parts[2] ?? null) : null, storeId: params.get('store') };
    case 'territories':
      return { name: 'territories', id: num(parts[1]) };
    case 'users':
      return { name: 'users', id: num(parts[1]) };
    case 'jurisdictions': {
      const id = num(parts[1]);
      return id === null ? { name: 'projects' } : { name: 'jurisdiction', id };
    }
    case 'sync':
      return { name: 'sync' };
    case 'settings':
      return { name: 'settings' };
    default:
      return { name: 'projects' };
  }
}

export const paths = {
  projects: () => '#/projects',
  project: (id: number | 'new') => `#/projects/${id}`,
  report: (id: number) => `#/report/${id}`,
  catalog: () => '#/catalog',
  product: (partNumber: string, storeId?: string | null) =>
    `#/catalog/product/${encodeURIComponent(partNumber)}${storeId ? `?store=${encodeURIComponent(storeId)}` : ''}`,
  territories: () => '#/territories',
  territory: (id: number) => `#/territories/${id}`,
  users: () => '#/users',
  user: (id: number) => `#/users/${id}`,
  jurisdiction: (id: number) => `#/jurisdictions/${id}`,
  sync: () => '#/sync',
  settings: () => '#/settings',
};

interface RouterState {
  route: Route;
}

export const useRouter = create<RouterState>(() => ({ route: parseRoute(window.location.hash) }));

/**
 * A screen with unsaved work registers a guard; leaving it (a link, Back, a shortcut, the search)
 * asks the guard first, and a "stay" puts the address back without a new history entry.
 */
let leaveGuard: (() => boolean) | null = null;
// The session token of the browser mode never goes back into the address bar (session.ts).
let shownHash = /session=/.test(window.location.hash) ? '#/projects' : window.location.hash;

export function setLeaveGuard(guard: () => boolean): () => void {
  leaveGuard = guard;
  return () => {
    if (leaveGuard === guard) leaveGuard = null;
  };
}

window.addEventListener('hashchange', () => {
  const next = window.location.hash;
  const route = parseRoute(next);
  if (leaveGuard && JSON.stringify(route) !== JSON.stringify(useRouter.getState().route) && !leaveGuard()) {
    history.replaceState(null, '', shownHash || '#');
    return;
  }
  shownHash = next;
  useRouter.setState({ route });
});

export function navigate(hash: string): void {
  if (window.location.hash === hash) return;
  window.location.hash = hash;
}
