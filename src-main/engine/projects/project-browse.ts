/**
 * The project list of the app: the API's filters (address zip, construction types) plus status
 * and free-text search (the same FTS5 index and word rules as /api/search), newest first, paged.
 */
import { sql, type Kysely } from 'kysely';
import type { ProjectListItem } from '../../../src-shared/api/people.js';
import type { Database } from '../../store/schema.js';
import type { Page } from '../paging.js';
import { plainWordsQuery } from '../people/search-service.js';
import type { ProjectService } from './project-service.js';
import type { Viewer } from './render-project.js';

export interface ProjectBrowseFilters {
  status?: string[];
  types?: string[];
  zip?: string;
  query?: string;
  sort?: ProjectSort;
  direction?: 'asc' | 'desc';
}

export type ProjectSort = 'created' | 'updated' | 'name' | 'status' | 'city' | 'construction' | 'pump_out';
const SORT_COLUMN = {
  created: 'p.created',
  updated: 'p.updated',
  name: 'p.name',
  status: 'p.status',
  city: 'p.city',
  construction: 'p.construction_type',
  pump_out: 'p.pump_out_cycle',
} as const;

export async function browseProjects(
  db: Kysely<Database>,
  projects: ProjectService,
  filters: ProjectBrowseFilters,
  page: Page,
  viewer: Viewer,
): Promise<{ total: number; data: ProjectListItem[] }> {
  let ids = db.selectFrom('projects as p').select('p.id');
  let count = db.selectFrom('projects as p').select((eb) => eb.fn.countAll<number>().as('n'));
  const narrow = <T extends typeof ids | typeof count>(q: T): T => {
    let out = q as typeof ids;
    if (filters.status?.length) out = out.where('p.status', 'in', filters.status);
    if (filters.types?.length) out = out.where('p.construction_type', 'in', filters.types);
    if (filters.zip) out = out.where('p.postal_code', '=', filters.zip);
    const match = filters.query ? plainWordsQuery(filters.query) : null;
    if (match !== null) out = out.where('p.id', 'in', sql<number>`(select rowid from projects_fts where projects_fts match ${match})`);
    return out as T;
  };
  ids = narrow(ids);
  count = narrow(count);
  // Newest first by default (ids do not follow creation: synced records keep the service's ids); ties by id.
  const column = SORT_COLUMN[filters.sort ?? 'created'];
  const direction = filters.direction ?? (filters.sort === undefined || filters.sort === 'created' || filters.sort === 'updated' ? 'desc' : 'asc');
  const ordered = ids.orderBy(sql`${sql.ref(column)} is null`).orderBy(column, direction).orderBy('p.id', 'desc');
  const [rows, total] = await Promise.all([ordered.limit(page.limit).offset(page.offset).execute(), count.executeTakeFirstOrThrow()]);
  return { total: Number(total.n), data: await projects.listByIds(rows.map((r) => r.id), viewer) };
}
