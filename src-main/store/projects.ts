/**
 * The projects table and each project's fixtures (project_fixtures): their row shapes, and the
 * reads and writes of them. One place says which columns a sizing fills (the kept JSON and the
 * three indexed figures), how a project's fixtures are kept (one JSON text each, in order), and
 * which rows a project is made of when it is inserted, updated, deleted or put back.
 *
 * Reads come in two forms: through kysely (the engine's connection or a transaction), and with
 * plain SQLite for export and for salvaging a damaged file, where a read may fail row by row.
 *
 * Left to their owners: the sync's set-based apply of upstream projects (sync/apply.ts) and the
 * list and search queries whose shape is their own (project-browse.ts, the user counts).
 */
import type SQLite from 'better-sqlite3';
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { ProjectSizing } from '../../src-shared/sizing/project.js';
import { insertRows } from './insert-rows.js';
import type { Database, ProjectFixturesTable, ProjectsTable } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A projects row as stored. */
export type ProjectRecord = Selectable<ProjectsTable>;

/** A projects row with its engineer and jurisdiction, as a project is rendered (projectsWithPeople). */
export type ProjectRow = ProjectRecord & {
  engineer_name: string;
  /** Null: a contact made here known only by name so far. */
  engineer_email: string | null;
  engineer_phone: string | null;
  jurisdiction_name: string | null;
  jurisdiction_state: string | null;
  /** The rules the project is sized by (RulesResolver: the authority's or the code family's), JSON. */
  jurisdiction_rules: string | null;
  /** The sizing method labels as the central service stated them, or null. */
  jurisdiction_labels: string | null;
};

/** A fixture as stored: its project, its place in the project's list, its input as JSON text. */
export type FixtureRecord = Selectable<ProjectFixturesTable>;

/** What the store keeps of a sizing, beside the indexed columns (the `sizing` column's JSON). */
export type StoredSizing = Pick<
  ProjectSizing,
  'sizing_method' | 'flow_rate' | 'flow_rate_metric' | 'grease' | 'grease_metric' | 'unique_local_requirements_reason' | 'fixtures' | 'recommended_accessories' | 'required_volume'
> & {
  recommendation: Pick<ProjectSizing['recommendation'], 'status' | 'product' | 'units' | 'arrangement' | 'rating' | 'reasons' | 'no_recommendation'>;
};

export function compactSizing(s: ProjectSizing): StoredSizing {
  const r = s.recommendation;
  return {
    sizing_method: s.sizing_method,
    flow_rate: s.flow_rate,
    flow_rate_metric: s.flow_rate_metric,
    grease: s.grease,
    grease_metric: s.grease_metric,
    unique_local_requirements_reason: s.unique_local_requirements_reason,
    fixtures: s.fixtures,
    recommended_accessories: s.recommended_accessories,
    required_volume: s.required_volume,
    recommendation: { status: r.status, product: r.product, units: r.units, arrangement: r.arrangement, rating: r.rating, reasons: r.reasons, no_recommendation: r.no_recommendation },
  };
}

/** The columns a sizing fills. */
export type SizingColumns = Pick<ProjectsTable, 'sizing' | 'pump_out_cycle' | 'recommended_product' | 'unique_local_requirements'>;

export function sizingColumns(s: ProjectSizing): SizingColumns {
  return {
    sizing: JSON.stringify(compactSizing(s)),
    pump_out_cycle: s.pump_out_cycle,
    recommended_product: s.recommended_product,
    unique_local_requirements: s.unique_local_requirements ? 1 : 0,
  };
}

/** A project to insert: its row without the columns its sizing fills, the sizing, its fixture inputs (in order). */
export interface NewProject {
  row: Omit<Insertable<ProjectsTable>, keyof SizingColumns | 'inputs'> & { inputs: unknown };
  sizing: ProjectSizing;
  fixtures: readonly unknown[];
}

/** A project's fixture inputs as its rows. */
export function fixtureRows(projectId: number, fixtures: readonly unknown[]): Insertable<ProjectFixturesTable>[] {
  return fixtures.map((f, position) => ({ project_id: projectId, position, input: JSON.stringify(f) }));
}

/** Inserts projects with their sizing and fixtures, a few hundred rows per statement (call inside a transaction). */
export async function insertProjects(trx: Transaction<Database>, projects: readonly NewProject[]): Promise<void> {
  await insertRows(
    trx,
    'projects',
    projects.map((p) => ({ ...p.row, inputs: JSON.stringify(p.row.inputs), ...sizingColumns(p.sizing) })),
  );
  await insertRows(
    trx,
    'project_fixtures',
    projects.flatMap((p) => fixtureRows(p.row.id, p.fixtures)),
  );
}

export const insertProject = (trx: Transaction<Database>, project: NewProject): Promise<void> => insertProjects(trx, [project]);

/**
 * Changes a project's row; with a sizing, the columns it fills too. Its fixtures are left as they
 * are (replaceFixtures).
 */
export async function updateProject(trx: Db, id: number, set: Omit<Updateable<ProjectsTable>, keyof SizingColumns | 'id'>, sizing: ProjectSizing | null = null): Promise<void> {
  await trx
    .updateTable('projects')
    .set({ ...set, ...(sizing === null ? {} : sizingColumns(sizing)) })
    .where('id', '=', id)
    .execute();
}

/** A project's fixtures replaced by these inputs, in order (call inside a transaction). */
export async function replaceFixtures(trx: Transaction<Database>, projectId: number, fixtures: readonly unknown[]): Promise<void> {
  await trx.deleteFrom('project_fixtures').where('project_id', '=', projectId).execute();
  await insertRows(trx, 'project_fixtures', fixtureRows(projectId, fixtures));
}

/** Deletes a project; its fixtures and notes go with it (the tables' foreign keys cascade). */
export async function deleteProject(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('projects').where('id', '=', id).execute();
}

/** A project's row as stored, or undefined. */
export function readProject(db: Db, id: number): Promise<ProjectRecord | undefined> {
  return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A project's fixture rows, in order. */
export function readFixtures(db: Db, projectId: number): Promise<FixtureRecord[]> {
  return db.selectFrom('project_fixtures').selectAll().where('project_id', '=', projectId).orderBy('position').execute();
}

/** Puts back a project's rows exactly as they were read (an undone delete: same id, version and sync columns). */
export async function restoreProjectRows(trx: Transaction<Database>, project: Insertable<ProjectsTable>, fixtures: readonly Insertable<ProjectFixturesTable>[]): Promise<void> {
  await trx.insertInto('projects').values(project).execute();
  // In statements of a few hundred rows: a project of the central service may hold more fixtures
  // than one statement takes parameters.
  await insertRows(trx, 'project_fixtures', [...fixtures]);
}

/** The projects with their engineer and jurisdiction (ProjectRow); the caller narrows and orders. */
export function projectsWithPeople(db: Db) {
  return db
    .selectFrom('projects as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('jurisdictions as j', 'j.id', 'p.jurisdiction_id')
    .selectAll('p')
    .select(['u.name as engineer_name', 'u.email as engineer_email', 'u.phone_number as engineer_phone', 'j.name as jurisdiction_name', 'j.state as jurisdiction_state', 'j.rules as jurisdiction_rules', 'j.sizing_labels as jurisdiction_labels']);
}

/** How many projects have changes made here not yet sent. */
export async function countUnsynced(db: Db): Promise<number> {
  const row = await db.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('n')).where('dirty', '=', 1).executeTakeFirstOrThrow();
  return Number(row.n);
}

// --- Plain SQLite (export, and salvage from a damaged file) -----------------------------------

/** A project's row as stored, or undefined. */
export function readProjectSqlite(sqlite: SQLite.Database, id: number): ProjectRecord | undefined {
  return sqlite.prepare('select * from projects where id = ?').get(id) as ProjectRecord | undefined;
}

/** A project's fixture inputs as stored (JSON text), in order. */
export function readFixtureInputsSqlite(sqlite: SQLite.Database, projectId: number): { input: string }[] {
  return sqlite.prepare('select input from project_fixtures where project_id = ? order by position').all(projectId) as { input: string }[];
}

/** A project's name, or undefined. */
export function projectNameSqlite(sqlite: SQLite.Database, id: number): string | undefined {
  return sqlite.prepare('select name from projects where id = ?').pluck().get(id) as string | undefined;
}

/** Every project's id, name and creation date, one row at a time (no index serves them). */
export function projectNamesSqlite(sqlite: SQLite.Database): Iterable<{ id: number; name: string; created: string }> {
  return sqlite.prepare('select id, name, created from projects').iterate() as Iterable<{ id: number; name: string; created: string }>;
}

/** The ids of projects with changes made here not yet sent, in order. */
export function unsyncedProjectIds(sqlite: SQLite.Database): number[] {
  return sqlite.prepare('select id from projects where dirty = 1 order by id').pluck().all() as number[];
}

/**
 * The same ids from a file that may be damaged: where the table cannot be read whole, it is read
 * by id ranges, halved around the damage; `unreadable` counts the ids that could not be read.
 */
export function salvageUnsyncedIds(sqlite: SQLite.Database): { ids: number[]; unreadable: number } {
  try {
    return { ids: unsyncedProjectIds(sqlite), unreadable: 0 };
  } catch {
    // fall through to the range walk
  }
  const range = sqlite.prepare('select id from projects where id between ? and ? and dirty = 1').pluck();
  const ids: number[] = [];
  let unreadable = 0;
  const walk = (lo: number, hi: number) => {
    try {
      ids.push(...(range.all(lo, hi) as number[]));
    } catch {
      if (lo === hi) unreadable++;
      else {
        const mid = Math.floor((lo + hi) / 2);
        walk(lo, mid);
        walk(mid + 1, hi);
      }
    }
  };
  walk(1, Number.MAX_SAFE_INTEGER);
  return { ids, unreadable };
}
