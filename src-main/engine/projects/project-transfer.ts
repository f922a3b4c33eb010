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
  checkedExportedProject,
  FIELDSIZER_FILE_FORMAT,
  FIELDSIZER_FILE_VERSION,
  readFieldsizerFile,
  type ExportedProject,
  type FieldsizerFile,
} from '../../../src-shared/transfer/fieldsizer-file.js';
import { MAX_IMPORT_FILE_BYTES, type ImportOutcomeView, type ImportReportView } from '../../../src-shared/ipc/data-safety.js';
import { LOCAL_ID_BASE, nextLocalId } from '../../store/local-ids.js';
import type { Database } from '../../store/schema.js';
import type { Engine } from '../engine.js';
import { ApiError } from '../errors.js';
import type { SizingContext } from './project-sizing.js';
import { insideLocationProblem, parseStoredFixtures } from './project-inputs.js';
import { projectJson } from './render-project.js';
import { insertRows } from '../../store/insert-rows.js';
import { insertProject, projectNameSqlite, projectNamesSqlite, readFixtureInputsSqlite, readProjectSqlite, unsyncedProjectIds } from '../../store/projects.js';
import { backupKeep, type Store } from '../../store/open-store.js';
import { createBackup } from '../../store/backups.js';
import { describeBusy, LockBusyError, takeSharedLock } from '../../store/process-locks.js';
import type { ProjectSizing } from '../../../src-shared/sizing/index.js';
import type { StoredInputs } from './project-inputs.js';
import type { RulesResolver, StoredJurisdiction } from '../authorities/rules-resolver.js';

/**
 * One project as the file carries it, read with plain SQLite. Throws if its rows cannot be read:
 * a damaged JSON column is the damaged_record error naming the project and what is damaged.
 */
export function readExportedProject(sqlite: SQLite.Database, id: number): ExportedProject | null {
  const row = readProjectSqlite(sqlite, id);
  if (!row) return null;
  const inputs = projectJson<StoredInputs>(row, 'inputs', row.inputs);
  const fixtures = parseStoredFixtures(readFixtureInputsSqlite(sqlite, id), row) as ExportedProject['inputs']['fixtures'];
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
    inputs: { ...inputs, fixtures },
    notes,
    exported_sizing: { recommended_product: row.recommended_product, pump_out_cycle: row.pump_out_cycle },
  };
}

export function fieldsizerFile(projects: ExportedProject[]): FieldsizerFile {
  return { format: FIELDSIZER_FILE_FORMAT, version: FIELDSIZER_FILE_VERSION, exported_at: new Date().toISOString(), app_version: packageJson.version, projects };
}

/** A project an export had to leave out, and why. */
export interface ExportSkipped {
  id: number;
  name: string;
  reason: string;
}

export interface ExportResult {
  file: FieldsizerFile;
  /** The projects whose stored data could not be read: the file holds the others. */
  skipped: ExportSkipped[];
}

/**
 * The file for the given projects (or every unsynced one), salvaging what can be read: a project
 * whose stored data is damaged is left out and listed in `skipped`, and the file holds the others.
 * 404 for an unknown id, 409 when there is nothing to export, the damaged_record error when not one
 * of them could be read.
 */
export function exportProjects(engine: Engine, selection: { ids?: number[]; unsynced?: boolean }): ExportResult {
  const sqlite = engine.store.sqlite;
  const ids = selection.unsynced ? unsyncedProjectIds(sqlite) : [...new Set(selection.ids ?? [])];
  if (ids.length === 0) {
    throw new ApiError(409, 'nothing_to_export', selection.unsynced ? 'There are no unsynced projects to export.' : 'Choose at least one project to export.');
  }
  const projects: ExportedProject[] = [];
  const skipped: ExportSkipped[] = [];
  for (const id of ids) {
    let project: ExportedProject | null;
    try {
      project = readExportedProject(sqlite, id);
    } catch (error) {
      const name = projectNameSqlite(sqlite, id) ?? '';
      skipped.push({ id, name, reason: error instanceof Error ? error.message : String(error) });
      continue;
    }
    if (!project) throw new ApiError(404, 'not_found', `No project with id ${id}.`, 'ids');
    projects.push(project);
  }
  if (projects.length === 0) {
    throw new ApiError(500, 'damaged_record', `Nothing could be exported: ${skipped.length === 1 ? skipped[0]!.reason : `none of the ${skipped.length} projects can be read (${skipped.map((s) => s.id).join(', ')}).`}`);
  }
  return { file: fieldsizerFile(projects), skipped };
}

/** A file name for an export: the project's name for one, else a dated name. */
export function exportFileName(file: FieldsizerFile): string {
  const base = file.projects.length === 1 ? file.projects[0]!.name : `Fieldsizer projects ${file.exported_at.slice(0, 10)}`;
  // Characters no file system takes in a name (control characters included) become spaces.
  const safe = [...base].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c)).join('');
  return `${safe.replace(/ +/g, ' ').trim().slice(0, 100) || 'project'}.fieldsizer`;
}

export interface ImportOptions {
  /**
   * Each project on its own: one that breaks the rules is refused and the others imported (a
   * salvage of the rep's own unsynced work). Otherwise a file that breaks them is refused whole.
   */
  refuseEach?: boolean;
}

/** The contract's shape (src-shared/ipc/data-safety.ts), so the job, the CLI and the UI read one report. */
export type ImportOutcome = ImportOutcomeView;
export type ImportReport = ImportReportView;

/**
 * What two copies of a project must share to be the same project: its content, not where it
 * lives (ids, the exporter's sizing) nor its review here (an import arrives as a Draft).
 */
function sameContent(a: ExportedProject, b: ExportedProject): boolean {
  const strip = (p: ExportedProject) =>
    JSON.stringify({ ...p, source_id: 0, exported_sizing: null, engineer: p.engineer.id, jurisdiction: p.jurisdiction?.id ?? null, status: null, submitted: null, approved: null });
  return strip(a) === strip(b);
}

/** The largest file an import takes, in words. */
const MAX_FILE_WORDS = `${MAX_IMPORT_FILE_BYTES / 1e6} MB`;

/**
 * Imports a file's text, off the serving thread (jobs/job-worker.ts): every project is checked by
 * the API's write schema (a file that breaks it is a 400 `invalid_file` naming the project and the
 * field, and nothing is written, nor backed up), sized again with this store's catalog, and written
 * in one transaction after a backup. Every project arrives as a Draft.
 */
export async function importProjectsText(engine: Engine, text: string, options: ImportOptions = {}): Promise<ImportReport> {
  if (text.length > MAX_IMPORT_FILE_BYTES) throw new ApiError(413, 'file_too_large', `The file is larger than ${MAX_FILE_WORDS}.`, 'content');
  // The sync lock keeps a restore (of this process or another) from replacing the file under the
  // import's own connection, and the import out of a sync's way; imports queued here share it.
  const writers = await takeSharedLock(engine.dataDir, 'sync', 'import').catch((error: unknown) => {
    if (!(error instanceof LockBusyError)) throw error;
    throw new ApiError(409, 'busy', `${describeBusy(error.holder)}; import the file when it has finished. Nothing was imported.`);
  });
  try {
    const report = await engine.jobs.imports.run({ text, refuseEach: options.refuseEach });
    if (report.imported > 0) await engine.projects.afterWrite();
    return report;
  } finally {
    await writers.release();
  }
}

/** Imports a file already read (a salvage): the same checks, as its text. */
export async function importProjects(engine: Engine, file: FieldsizerFile, options: ImportOptions = {}): Promise<ImportReport> {
  return importProjectsText(engine, JSON.stringify(file), options);
}

interface PreparedProject {
  project: ExportedProject;
  jurisdictionId: number | null;
  sizing: ProjectSizing;
  notes: string[];
}

type Planned = { outcome: ImportOutcome } | { prepared: PreparedProject };

/** `name` and `created` of every project here, once (no index serves them; one scan per project did). */
function projectsByNameAndCreated(sqlite: SQLite.Database, file: FieldsizerFile): Map<string, number[]> {
  const key = (name: string, created: string) => `${created}\u0000${name}`;
  const wanted = new Set(file.projects.map((p) => key(p.name, p.created)));
  const found = new Map<string, number[]>();
  for (const row of projectNamesSqlite(sqlite)) {
    const k = key(row.name, row.created);
    if (wanted.has(k)) found.set(k, [...(found.get(k) ?? []), row.id]);
  }
  return new Map([...wanted].map((k) => [k, found.get(k) ?? []]));
}

/** A project here in the file's form (checked and normalised like a file's), or null if it cannot be read. */
function comparableHere(sqlite: SQLite.Database, id: number): ExportedProject | null {
  try {
    const here = readExportedProject(sqlite, id);
    return here === null ? null : (checkedExportedProject(here) ?? here);
  } catch {
    return null;
  }
}

/**
 * Reads and checks a file's text and decides each project's fate; then, when anything is to be
 * imported, backs the store up and writes it in one transaction. Runs in the job worker, on its own
 * connection (as the sync's worker takes its backup: the copy never holds the serving thread).
 * `writing` is told when the backup and the write begin: from there the job is not cut off (a cut
 * could leave half a backup, and could not tell whether the write committed); both take a time
 * bounded by the store's size.
 */
export async function importFileText(
  store: Store,
  dataDir: string,
  sizing: SizingContext,
  resolver: RulesResolver,
  text: string,
  writing: () => void,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const read = readFieldsizerFile(text, options);
  if (!read.ok) throw new ApiError(400, 'invalid_file', read.message, read.param);
  const file = read.file;
  const unreadable: ImportOutcome[] = read.refused.map((r) => ({ source_id: r.source_id, name: r.name, outcome: 'refused', id: null, message: r.message }));
  const sqlite = store.sqlite;
  const twins = projectsByNameAndCreated(sqlite, file);
  const userExists = sqlite.prepare('select 1 from users where id = ?').pluck();
  const jurisdictionOf = sqlite.prepare('select id, name, state, rules, inside_trap_locations from jurisdictions where id = ?');
  const planned: Planned[] = [];
  for (const [index, p] of file.projects.entries()) {
    const twin = twins.get(`${p.created}\u0000${p.name}`)!.find((id) => {
      const here = comparableHere(sqlite, id);
      return here !== null && sameContent(here, p);
    });
    if (twin !== undefined) {
      planned.push({ outcome: { source_id: p.source_id, name: p.name, outcome: 'already-here', id: twin, message: `Already here as project ${twin}, unchanged; not imported again.` } });
      continue;
    }
    if (userExists.get(p.engineer.id) === undefined) {
      planned.push({
        outcome: {
          source_id: p.source_id,
          name: p.name,
          outcome: 'refused',
          id: null,
          message: `Its engineer (${p.engineer.name || 'user'} #${p.engineer.id}) is not in this store; sync with the central service, then import again.`,
        },
      });
      continue;
    }
    const { fixtures, ...inputs } = p.inputs;
    const jurisdiction = p.jurisdiction ? (jurisdictionOf.get(p.jurisdiction.id) as (StoredJurisdiction & { inside_trap_locations: string }) | undefined) : undefined;
    // The jurisdiction's own rule for where indoors an interceptor goes, as a write checks it.
    const misplaced = jurisdiction ? insideLocationProblem(jurisdiction.inside_trap_locations, inputs) : null;
    if (misplaced) {
      if (options.refuseEach) {
        planned.push({ outcome: { source_id: p.source_id, name: p.name, outcome: 'refused', id: null, message: `Not imported: refused at inputs.inside_trap_location: ${misplaced}` } });
        continue;
      }
      throw new ApiError(
        400,
        'invalid_file',
        `Nothing was imported: the file's project ${index + 1} of ${file.projects.length} ("${p.name}") is refused at inputs.inside_trap_location: ${misplaced}`,
        `projects.${index}.inputs.inside_trap_location`,
      );
    }
    const notes: string[] = [];
    if (p.status !== 'Draft') notes.push(`it was ${p.status} in the file and arrives as a Draft, as every import does`);
    if (p.jurisdiction && !jurisdiction) notes.push(`its jurisdiction (${p.jurisdiction.name || `#${p.jurisdiction.id}`}) is not in this store, so it was sized without local rules`);
    // The rules it is sized by: its authority's where the library knows it (as every sizing here).
    const rules = jurisdiction ? (await resolver.resolve(jurisdiction, store.db)).json : null;
    const sized = await sizing.size(inputs, fixtures, rules, store.db, 'summary');
    if (sized.recommended_product !== p.exported_sizing.recommended_product) {
      notes.push(`sized again with this catalog: ${sized.recommended_product ?? 'no recommendation'} (the file had ${p.exported_sizing.recommended_product ?? 'none'})`);
    }
    planned.push({ prepared: { project: p, jurisdictionId: jurisdiction?.id ?? null, sizing: sized, notes } });
  }
  const outcomes: ImportOutcome[] = [...unreadable, ...planned.flatMap((p) => ('outcome' in p ? [p.outcome] : []))];
  if (planned.some((p) => 'prepared' in p)) {
    writing();
    await createBackup(sqlite, dataDir, 'before-import', backupKeep(sqlite));
    const written = await store.db.transaction().execute(async (trx) => {
      const result: ImportOutcome[] = [];
      for (const p of planned) result.push('outcome' in p ? p.outcome : await insertImported(trx, p.prepared));
      return result;
    });
    outcomes.splice(0, outcomes.length, ...unreadable, ...written);
  }
  return {
    imported: outcomes.filter((o) => o.outcome === 'imported').length,
    already_here: outcomes.filter((o) => o.outcome === 'already-here').length,
    refused: outcomes.filter((o) => o.outcome === 'refused').length,
    projects: outcomes,
  };
}

async function insertImported(trx: Transaction<Database>, prepared: PreparedProject): Promise<ImportOutcome> {
  const { project: p, sizing } = prepared;
  const { fixtures, ...inputs } = p.inputs;
  const id = await nextLocalId(trx, 'projects');
  await insertProject(trx, {
    row: {
      id,
      user_id: p.engineer.id,
      name: p.name,
      // The review is this store's: an import never arrives submitted, pending or closed.
      status: 'Draft',
      created: p.created,
      submitted: null,
      approved: null,
      updated: p.updated,
      construction_type: p.construction_type,
      ...p.address,
      jurisdiction_id: prepared.jurisdictionId,
      inputs,
      version: 1,
      dirty: 1,
      origin: 'local',
      extra: '{}',
    },
    sizing,
    fixtures,
  });
  if (p.notes.length > 0) {
    // Notes made here take ids from the local space too, clear of the central service's.
    const last = await trx.selectFrom('project_notes').select((eb) => eb.fn.max('id').as('id')).where('id', '>=', LOCAL_ID_BASE).executeTakeFirst();
    const first = Math.max(LOCAL_ID_BASE, Number(last?.id ?? 0) + 1);
    await insertRows(
      trx,
      'project_notes',
      p.notes.map((n, i) => ({ ...n, id: first + i, project_id: id })),
    );
  }
  const notes = prepared.notes;
  return { source_id: p.source_id, name: p.name, outcome: 'imported', id, message: `Imported as project ${id}${notes.length ? `; ${notes.join('; ')}` : ''}.` };
}
