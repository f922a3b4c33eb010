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
}

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
  // Newest first: ids grow with creation, and the primary key orders them without a sort.
  const [rows, total] = await Promise.all([ids.orderBy('p.id', 'desc').limit(page.limit).offset(page.offset).execute(), count.executeTakeFirstOrThrow()]);
  return { total: Number(total.n), data: await projects.listByIds(rows.map((r) => r.id), viewer) };
}
