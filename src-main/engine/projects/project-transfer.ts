/**
 * Projects to and from `.fieldsizer` files (src-shared/transfer/fieldsizer-file.ts).
 *
 * Export reads the store's rows with plain SQLite, so the same code salvages projects from a
 * damaged file (store/salvage.ts), one project at a time. Import writes in one transaction, sizes
 * every project again with this store's catalog, and never overwrites: a project already here with
 * the same content is left as it is ("already here"); anything else becomes a new project of this
 * store (a new local id, unsynced, so the next sync sends it), beside any project it resembles.
 */
import type SQLite from 'better-sqlite3';
import type { Transaction } from 'kysely';
import packageJson from '../../../package.json' with { type: 'json' };
import {
  FIELDSIZER_FILE_FORMAT,
  FIELDSIZER_FILE_VERSION,
  readFieldsizerFile,
  type ExportedProject,
  type FieldsizerFile,
} from '../../../src-shared/transfer/fieldsizer-file.js';
import { LOCAL_ID_BASE, nextLocalId } from '../../store/local-ids.js';
import type { Database } from '../../store/schema.js';
import type { Engine } from '../engine.js';
import { ApiError } from '../errors.js';
import { compactSizing } from './project-sizing.js';
import type { Selectable } from 'kysely';
import type { ProjectsTable } from '../../store/schema.js';
import type { StoredInputs } from './project-inputs.js';

/** A projects row as `select *` gives it (the store's own table type). */
type ProjectRowText = Selectable<ProjectsTable>;

/** One project as the file carries it, read with plain SQLite (throws if its rows cannot be read). */
export function readExportedProject(sqlite: SQLite.Database, id: number): ExportedProject | null {
  const row = sqlite.prepare('select * from projects where id = ?').get(id) as ProjectRowText | undefined;
  if (!row) return null;
  const fixtures = (sqlite.prepare('select input from project_fixtures where project_id = ? order by position').pluck().all(id) as string[]).map(
    (input) => JSON.parse(input) as ExportedProject['inputs']['fixtures'][number],
  );
  const notes = sqlite.prepare('select author, text, created from project_notes where project_id = ? order by created, id').all(id) as ExportedProject['notes'];
  const user = sqlite.prepare('select name from users where id = ?').get(row.user_id) as { name: string } | undefined;
  const jurisdiction =
    row.jurisdiction_id === null ? undefined : (sqlite.prepare('select name from jurisdictions where id = ?').get(row.jurisdiction_id) as { name: string } | undefined);
  return {
    source_id: row.id,
    name: row.name,
    status: row.status as ExportedProject['status'],
    created: row.created,
    submitted: row.submitted,
    approved: row.approved,
    updated: row.updated,
    construction_type: row.construction_type as ExportedProject['construction_type'],
    address: { street: row.street, street_2: row.street_2, city: row.city, state: row.state, postal_code: row.postal_code },
    jurisdiction: row.jurisdiction_id === null ? null : { id: row.jurisdiction_id, name: jurisdiction?.name ?? '' },
    engineer: { id: row.user_id, name: user?.name ?? '' },
    inputs: { ...(JSON.parse(row.inputs) as StoredInputs), fixtures },
    notes,
    exported_sizing: { recommended_product: row.recommended_product, pump_out_cycle: row.pump_out_cycle },
  };
}

/** The ids of projects with local changes not yet sent to the central service. */
export function unsyncedProjectIds(sqlite: SQLite.Database): number[] {
  return sqlite.prepare('select id from projects where dirty = 1 order by id').pluck().all() as number[];
}

export function fieldsizerFile(projects: ExportedProject[]): FieldsizerFile {
  return { format: FIELDSIZER_FILE_FORMAT, version: FIELDSIZER_FILE_VERSION, exported_at: new Date().toISOString(), app_version: packageJson.version, projects };
}

/** The file for the given projects (or every unsynced one); 404 for an unknown id, 409 when there is nothing to export. */
export function exportProjects(engine: Engine, selection: { ids?: number[]; unsynced?: boolean }): FieldsizerFile {
  const sqlite = engine.store.sqlite;
  const ids = selection.unsynced ? unsyncedProjectIds(sqlite) : [...new Set(selection.ids ?? [])];
  if (ids.length === 0) {
    throw new ApiError(409, 'nothing_to_export', selection.unsynced ? 'There are no unsynced projects to export.' : 'Choose at least one project to export.');
  }
  const projects = ids.map((id) => {
    const project = readExportedProject(sqlite, id);
    if (!project) throw new ApiError(404, 'not_found', `No project with id ${id}.`, 'ids');
    return project;
  });
  return fieldsizerFile(projects);
}

/** A file name for an export: the project's name for one, else a dated name. */
export function exportFileName(file: FieldsizerFile): string {
  const base = file.projects.length === 1 ? file.projects[0]!.name : `Fieldsizer projects ${file.exported_at.slice(0, 10)}`;
  // Characters no file system takes in a name (control characters included) become spaces.
  const safe = [...base].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c)).join('');
  return `${safe.replace(/ +/g, ' ').trim().slice(0, 100) || 'project'}.fieldsizer`;
}

export interface ImportOutcome {
  source_id: number;
  name: string;
  outcome: 'imported' | 'already-here' | 'refused';
  /** The project's id here (new, or the one that already holds it). */
  id: number | null;
  message: string;
}

export interface ImportReport {
  imported: number;
  already_here: number;
  refused: number;
  projects: ImportOutcome[];
}

/** What two copies of a project must share to be the same project (ids and the exporter's sizing aside). */
function sameContent(a: ExportedProject, b: ExportedProject): boolean {
  const strip = (p: ExportedProject) => JSON.stringify({ ...p, source_id: 0, exported_sizing: null, engineer: p.engineer.id, jurisdiction: p.jurisdiction?.id ?? null });
  return strip(a) === strip(b);
}

/** Imports a file's text; a file that cannot be read is a 400 saying why, and nothing is written. */
export async function importProjectsText(engine: Engine, text: string): Promise<ImportReport> {
  const read = readFieldsizerFile(text);
  if (!read.ok) throw new ApiError(400, 'invalid_file', read.message, 'content');
  return importProjects(engine, read.file);
}

export async function importProjects(engine: Engine, file: FieldsizerFile): Promise<ImportReport> {
  const sqlite = engine.store.sqlite;
  const outcomes: ImportOutcome[] = [];
  const toImport: ExportedProject[] = [];
  for (const p of file.projects) {
    const twins = sqlite.prepare('select id from projects where name = ? and created = ?').pluck().all(p.name, p.created) as number[];
    const twin = twins.find((id) => {
      const here = readExportedProject(sqlite, id);
      return here !== null && sameContent(here, p);
    });
    if (twin !== undefined) {
      outcomes.push({ source_id: p.source_id, name: p.name, outcome: 'already-here', id: twin, message: `Already here as project ${twin}, unchanged; not imported again.` });
    } else if (sqlite.prepare('select 1 from users where id = ?').get(p.engineer.id) === undefined) {
      outcomes.push({
        source_id: p.source_id,
        name: p.name,
        outcome: 'refused',
        id: null,
        message: `Its engineer (${p.engineer.name || 'user'} #${p.engineer.id}) is not in this store; sync with the central service, then import again.`,
      });
    } else toImport.push(p);
  }
  if (toImport.length > 0) {
    await engine.backups.create('before-import');
    await engine.store.db.transaction().execute(async (trx) => {
      for (const p of toImport) outcomes.push(await insertImported(engine, trx, p));
    });
    await engine.projects.afterWrite();
  }
  const order = new Map(file.projects.map((p, i) => [p, i]));
  outcomes.sort((a, b) => (order.get(file.projects.find((p) => p.source_id === a.source_id)!) ?? 0) - (order.get(file.projects.find((p) => p.source_id === b.source_id)!) ?? 0));
  return {
    imported: outcomes.filter((o) => o.outcome === 'imported').length,
    already_here: outcomes.filter((o) => o.outcome === 'already-here').length,
    refused: outcomes.filter((o) => o.outcome === 'refused').length,
    projects: outcomes,
  };
}

async function insertImported(engine: Engine, trx: Transaction<Database>, p: ExportedProject): Promise<ImportOutcome> {
  const { fixtures, ...inputs } = p.inputs;
  const jurisdiction = p.jurisdiction ? await trx.selectFrom('jurisdictions').select(['id', 'name', 'state', 'rules']).where('id', '=', p.jurisdiction.id).executeTakeFirst() : undefined;
  const rules = jurisdiction ? (await engine.rules.resolve(jurisdiction, trx)).json : null;
  const sizing = await engine.sizing.size(inputs, fixtures, rules, trx, 'summary');
  const id = await nextLocalId(trx, 'projects');
  await trx
    .insertInto('projects')
    .values({
      id,
      user_id: p.engineer.id,
      name: p.name,
      status: p.status,
      created: p.created,
      submitted: p.submitted,
      approved: p.approved,
      updated: p.updated,
      construction_type: p.construction_type,
      ...p.address,
      jurisdiction_id: jurisdiction?.id ?? null,
      inputs: JSON.stringify(inputs),
      sizing: JSON.stringify(compactSizing(sizing)),
      pump_out_cycle: sizing.pump_out_cycle,
      recommended_product: sizing.recommended_product,
      unique_local_requirements: sizing.unique_local_requirements ? 1 : 0,
      version: 1,
      dirty: 1,
      origin: 'local',
      extra: '{}',
    })
    .execute();
  if (fixtures.length > 0) await trx.insertInto('project_fixtures').values(fixtures.map((f, position) => ({ project_id: id, position, input: JSON.stringify(f) }))).execute();
  if (p.notes.length > 0) {
    // Notes made here take ids from the local space too, clear of the central service's.
    const last = await trx.selectFrom('project_notes').select((eb) => eb.fn.max('id').as('id')).where('id', '>=', LOCAL_ID_BASE).executeTakeFirst();
    const first = Math.max(LOCAL_ID_BASE, Number(last?.id ?? 0) + 1);
    await trx.insertInto('project_notes').values(p.notes.map((n, i) => ({ ...n, id: first + i, project_id: id }))).execute();
  }
  const notes: string[] = [];
  if (p.jurisdiction && !jurisdiction) notes.push(`its jurisdiction (${p.jurisdiction.name || `#${p.jurisdiction.id}`}) is not in this store, so it was sized without local rules`);
  if (sizing.recommended_product !== p.exported_sizing.recommended_product) {
    notes.push(`sized again with this catalog: ${sizing.recommended_product ?? 'no recommendation'} (the file had ${p.exported_sizing.recommended_product ?? 'none'})`);
  }
  return { source_id: p.source_id, name: p.name, outcome: 'imported', id, message: `Imported as project ${id}${notes.length ? `; ${notes.join('; ')}` : ''}.` };
}
