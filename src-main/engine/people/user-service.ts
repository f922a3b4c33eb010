/** Users (spec §4.1): lists with derived project counts, one user with embedded projects. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { User, UserListItem } from '../../../src-shared/api/people.js';
import { labelOf, USER_TYPES, type UserTypeKey } from '../../../src-shared/api/vocabulary.js';
import type { Database, UsersTable } from '../../store/schema.js';
import type { ListResult } from '../catalog/catalog-service.js';
import { notFound } from '../errors.js';
import { apiDate } from '../format.js';
import type { Page } from '../paging.js';
import type { ProjectService } from '../projects/project-service.js';
import type { Viewer } from '../projects/render-project.js';
import type { JurisdictionService } from './jurisdiction-service.js';

type UserRow = Selectable<UsersTable> & { number_of_projects: number; number_of_pre_approval_projects: number };

export const userUrl = (id: number) => `/api/users/${id}`;

/** The counts are derived from the projects on every read, so they can never be out of step. */
export function userRows(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .selectAll('u')
    .select([
      sql<number>`(select count(*) from projects p where p.user_id = u.id)`.as('number_of_projects'),
      sql<number>`(select count(*) from projects p where p.user_id = u.id and p.submitted is not null)`.as('number_of_pre_approval_projects'),
    ]);
}

function userFields(row: UserRow) {
  return {
    object: 'user' as const,
    service_user: row.service_user === 1,
    name: row.name,
    // A contact made here known only by name: "" (the spec types an e-mail as a string).
    email: row.email ?? '',
    phone_number: row.phone_number,
    position: row.position,
    company: row.company,
    postal_code: row.postal_code,
    type: labelOf(USER_TYPES, row.type as UserTypeKey | null),
    registered: apiDate(row.registered),
    last_active: apiDate(row.last_active),
    updated: apiDate(row.updated),
    number_of_projects: row.number_of_projects,
    number_of_pre_approval_projects: row.number_of_pre_approval_projects,
  };
}

/** A list item: no id, and `url` repeats the request's query string (spec §2.2). */
export function buildUserListItem(row: UserRow, query: string): UserListItem {
  const body = { ...userFields(row), url: userUrl(row.id) + query };
  return row.extra === '{}' ? body : { ...(JSON.parse(row.extra) as object), ...body };
}

export interface UserDetailOptions {
  projects: boolean;
  contacts: boolean;
  page: Page;
}

export class UserService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly projects: ProjectService,
    private readonly jurisdictions: JurisdictionService,
  ) {}

  async list(types: string[] | undefined, page: Page, query: string): Promise<ListResult<UserListItem>> {
    // Page over ids first: the counted sub-queries then run for the page's rows only.
    let ids = this.db.selectFrom('users as u').select('u.id');
    let count = this.db.selectFrom('users as u').select((eb) => eb.fn.countAll<number>().as('n'));
    if (types) {
      ids = ids.where('u.type', 'in', types);
      count = count.where('u.type', 'in', types);
    }
    const [pageIds, total] = await Promise.all([ids.orderBy('u.id').limit(page.limit).offset(page.offset).execute(), count.executeTakeFirstOrThrow()]);
    return { data: await this.listByIds(pageIds.map((r) => r.id), query), total: Number(total.n) };
  }

  async byZipCodes(zipCodes: string[], page: Page, query: string): Promise<ListResult<UserListItem>> {
    const [data, total] = await Promise.all([
      userRows(this.db).where('u.postal_code', 'in', zipCodes).orderBy('u.id').limit(page.limit).offset(page.offset).execute(),
      this.db.selectFrom('users as u').select((eb) => eb.fn.countAll<number>().as('n')).where('u.postal_code', 'in', zipCodes).executeTakeFirstOrThrow(),
    ]);
    return { data: data.map((r) => buildUserListItem(r, query)), total: Number(total.n) };
  }

  /** Users by id, in the order given (search results). */
  async listByIds(ids: number[], query: string): Promise<UserListItem[]> {
    if (ids.length === 0) return [];
    const rows = new Map((await userRows(this.db).where('u.id', 'in', ids).execute()).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [buildUserListItem(row, query)] : [];
    });
  }

  async byId(id: number, options: UserDetailOptions, viewer: Viewer): Promise<User> {
    const row = await userRows(this.db).where('u.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`No user with id ${id}.`, 'id');
    return this.render(row, options, viewer);
  }

  async byEmail(email: string, options: UserDetailOptions, viewer: Viewer): Promise<User> {
    const row = await userRows(this.db).where(sql`lower(u.email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
    if (!row) throw notFound(`No user with e-mail ${email}.`, 'email');
    return this.render(row, options, viewer);
  }

  private async render(row: UserRow, options: UserDetailOptions, viewer: Viewer): Promise<User> {
    const url = userUrl(row.id);
    const user: User = { ...userFields(row), url, id: row.id };
    if (options.projects) {
      const data = await this.projects.ofUser(row.id, options.page, viewer, (ids) =>
        options.contacts ? this.jurisdictions.contactsOf(ids, viewer) : Promise.resolve(new Map()),
      );
      user.projects = { object: 'list', url, data };
    }
    return row.extra === '{}' ? user : { ...(JSON.parse(row.extra) as object), ...user };
  }
}
