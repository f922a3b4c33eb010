/**
 * Handlers of the people methods: users, jurisdictions (the local authorities) and the search
 * across users, jurisdictions and projects.
 */
import type { UserListItem } from '../../src-shared/api/people.js';
import type { UserRow } from '../../src-shared/ipc/contract.js';
import { VIEWER, type DomainHandlers } from './handler.js';

/** List items carry only a url (spec §2.2); the screens need the id to open a user. */
function withUserId(item: UserListItem): UserRow {
  const id = Number(/\/api\/users\/(\d+)/.exec(item.url)?.[1]);
  return { ...item, id };
}

export const peopleHandlers: DomainHandlers<'users'> & DomainHandlers<'jurisdictions'> & DomainHandlers<'search'> = {
  'users.list': async ({ types, limit, offset }, { engine }) => {
    const { data, total } = await engine.users.list(types, { limit, offset }, '');
    return { total, data: data.map(withUserId) };
  },
  'users.get': async ({ id }, { engine }) => engine.users.byId(id, { projects: true, contacts: false, page: { limit: 100, offset: 0 } }, VIEWER),
  'users.search': async ({ query, limit }, { engine }) => {
    const { ids, total } = await engine.search.ids('user', query, { limit, offset: 0 });
    return { total, data: (await engine.users.listByIds(ids, '')).map(withUserId) };
  },
  'jurisdictions.list': async ({ state, limit, offset }, { engine }) => engine.jurisdictions.list({ state: state?.toUpperCase() }, { limit, offset }, VIEWER),
  'jurisdictions.get': async ({ id }, { engine }) => engine.jurisdictions.get(id, true, VIEWER),
  'jurisdictions.byZip': async ({ zip }, { engine }) => (await engine.jurisdictions.list({ zip_code: zip }, { limit: 1, offset: 0 }, VIEWER)).data[0] ?? null,
  'search.global': async ({ query, limit }, { engine }) => {
    const page = { limit, offset: 0 };
    const [users, jurisdictions, projects] = await Promise.all([
      engine.search.ids('user', query, page),
      engine.search.ids('jurisdiction', query, page),
      engine.search.ids('project', query, page),
    ]);
    return {
      users: (await engine.users.listByIds(users.ids, '')).map(withUserId),
      jurisdictions: await engine.jurisdictions.listByIds(jurisdictions.ids, VIEWER),
      projects: await engine.projects.listByIds(projects.ids, VIEWER),
    };
  },
};
