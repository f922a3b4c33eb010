/**
 * Projects (spec §4.2): reads, and the writes the spec does not show (create, edit, delete a
 * draft, status changes). Every write validates, recomputes the sizing and stores both in one
 * transaction.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Kysely, Transaction } from 'kysely';
import type { Fixture, Project, ProjectListItem, RecommendedAccessory } from '../../../src-shared/api/people.js';
import { allowedTransitions, DELETABLE_STATUSES, EDITABLE_STATUSES, TRANSITIONS, type Actor } from '../../../src-shared/api/project-status.js';
import { applyWriteInputs, type EngineerWrite, type ProjectWrite } from '../../../src-shared/api/project-write.js';
import type { ProjectStatus } from '../../../src-shared/api/vocabulary.js';
import type { FixtureInput } from '../../../src-shared/sizing/fixtures.js';
import type { ProjectSizing } from '../../../src-shared/sizing/index.js';
import { withFailedNearestFirst } from '../../../src-shared/sizing/failed-order.js';
import type { Database } from '../../store/schema.js';
import { normalizeProjectInputs } from '../../../src-shared/project-inputs.js';
import { nextLocalId } from '../../store/local-ids.js';
import { deleteProject, insertProject, projectsWithPeople, readFixtures, readProject, replaceFixtures, updateProject, type ProjectRow, type StoredSizing } from '../../store/projects.js';
import { recordTombstone } from '../../sync/sync-state.js';
import type { CatalogService, ListResult } from '../catalog/catalog-service.js';
import { ApiError, notFound } from '../errors.js';
import { apiDate } from '../format.js';
import type { Page } from '../paging.js';
import { DEFAULT_INPUTS, inputsForSizing, insideLocationProblem, parseStoredFixtures, unmappedFixtures, type StoredInputs } from './project-inputs.js';
import type { SizingContext } from './project-sizing.js';
import type { RulesResolver } from '../authorities/rules-resolver.js';
import { buildFixture, buildProject, buildProjectListItem, buildUserProject, isUpstreamSizing, projectJson, projectUrl, sizedByCentralService, type KeptSizing, type Viewer } from './render-project.js';
import { fixtureFromWrite } from './fixture-write.js';
import { engineerFixed, engineerMissingForSubmission, namesAnotherEngineer, resolveEngineer } from '../people/project-engineer.js';
import { keepDeleted, restoreDeleted } from './project-undo.js';

export interface ProjectFilters {
  zip_codes?: string[];
  types?: string[];
}

export interface ProjectDetailOptions {
  notes?: boolean;
  accessories?: boolean;
  fixtures?: boolean;
}

const now = () => new Date().toISOString();

export class ProjectService {
  /** Called after every committed write (the sync status counts unsynced changes). */
  afterWrite: () => Promise<void> | void = () => undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sizing: SizingContext,
    private readonly catalog: CatalogService,
    private readonly rules: RulesResolver,
  ) {}

  /** Stored rules → the rules each project's jurisdiction is sized by (its authority's, else its code family's). */
  private async withRules<R extends ProjectRow>(rows: R[], db: Kysely<Database> = this.db): Promise<R[]> {
    const resolved = await this.rules.resolveAll(
      rows.flatMap((r) =>
        r.jurisdiction_id === null || r.jurisdiction_rules === null
          ? []
          : [{ id: r.jurisdiction_id, name: r.jurisdiction_name ?? '', state: r.jurisdiction_state ?? '', rules: r.jurisdiction_rules }],
      ),
      db,
    );
    for (const r of rows) if (r.jurisdiction_id !== null) r.jurisdiction_rules = resolved.get(r.jurisdiction_id)?.json ?? r.jurisdiction_rules;
    return rows;
  }

  async list(filters: ProjectFilters, page: Page, viewer: Viewer): Promise<ListResult<ProjectListItem>> {
    // Page over the projects table alone (its indexes cover the filters and the order), then join
    // the page's 25 rows: joining first would join every row an offset skips.
    let ids = this.db.selectFrom('projects as p').select('p.id');
    let count = this.db.selectFrom('projects as p').select((eb) => eb.fn.countAll<number>().as('n'));
    if (filters.zip_codes) {
      ids = ids.where('p.postal_code', 'in', filters.zip_codes);
      count = count.where('p.postal_code', 'in', filters.zip_codes);
    }
    if (filters.types) {
      ids = ids.where('p.construction_type', 'in', filters.types);
      count = count.where('p.construction_type', 'in', filters.types);
    }
    const [page_, total] = await Promise.all([ids.orderBy('p.id').limit(page.limit).offset(page.offset).execute(), count.executeTakeFirstOrThrow()]);
    return { data: await this.listByIds(page_.map((r) => r.id), viewer), total: Number(total.n) };
  }

  /** Projects by id, in the order given (search results). */
  async listByIds(ids: number[], viewer: Viewer): Promise<ProjectListItem[]> {
    if (ids.length === 0) return [];
    const rows = new Map((await this.withRules((await projectsWithPeople(this.db).where('p.id', 'in', ids).execute()) as ProjectRow[])).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [buildProjectListItem(row, viewer)] : [];
    });
  }

  private async row(id: number, db: Kysely<Database> = this.db): Promise<ProjectRow> {
    const row = await projectsWithPeople(db).where('p.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`No project with id ${id}.`, 'id');
    return (await this.withRules([row as ProjectRow], db))[0]!;
  }

  /** The fixtures of a stored project the sizing can use, in order. */
  private async fixtureInputs(row: ProjectRow, db: Kysely<Database> = this.db): Promise<FixtureInput[]> {
    return parseStoredFixtures(await readFixtures(db, row.id), row);
  }

  async get(id: number, options: ProjectDetailOptions, viewer: Viewer): Promise<Project> {
    const row = await this.row(id);
    return this.render(row, options, viewer);
  }

  private async render(row: ProjectRow, options: ProjectDetailOptions, viewer: Viewer, db: Kysely<Database> = this.db): Promise<Project> {
    const url = projectUrl(row.id);
    const project: Project = buildProject(row, viewer);
    const kept = projectJson<KeptSizing>(row, 'sizing', row.sizing);
    if (options.fixtures) {
      if (isUpstreamSizing(kept)) {
        // The central service's fixtures, as it sent them (kinds unknown here included).
        project.fixtures = { object: 'list', url, data: kept.fixtures as Fixture[] };
      } else {
        const rows = await readFixtures(db, row.id);
        const inputs = parseStoredFixtures(rows, row);
        project.fixtures = { object: 'list', url, data: [...kept.fixtures.map((f, i) => buildFixture(f, inputs[i])), ...(unmappedFixtures(rows, row) as Fixture[])] };
      }
    }
    const sizing = kept as StoredSizing;
    if (options.notes) {
      const notes = await db.selectFrom('project_notes').selectAll().where('project_id', '=', row.id).orderBy('created').orderBy('id').execute();
      project.notes = {
        object: 'list',
        url,
        data: notes.map((n) => ({ object: 'note' as const, id: n.id, author: n.author, text: n.text, created: apiDate(n.created) })),
      };
    }
    if (options.accessories) {
      // Accessories in a shape this version does not know are served as the central service sent them.
      type Kept = (typeof sizing.recommended_accessories)[number] | { received: unknown };
      const accessories = sizing.recommended_accessories as Kept[];
      const ids = accessories.flatMap((a) => ('received' in a || !a.product ? [] : [Number(a.product.id)]));
      const products = await this.catalog.simpleProducts(ids);
      project.accessories = {
        object: 'list',
        url,
        data: accessories.map((a) =>
          'received' in a
            ? (a.received as RecommendedAccessory)
            : {
                object: 'recommended-accessory' as const,
                kind: a.kind,
                reason: a.reason,
                quantity: a.quantity,
                note: a.note,
                product: a.product ? (products.get(Number(a.product.id)) ?? null) : null,
              },
        ),
      };
    }
    return project;
  }

  /** Projects of a user, as a user response embeds them (spec §4.1). */
  async ofUser(userId: number, page: Page, viewer: Viewer, withContacts: (jurisdictionIds: number[]) => Promise<Map<number, import('../../../src-shared/api/people.js').Contact[]>>) {
    const rows = await this.withRules((await projectsWithPeople(this.db).where('p.user_id', '=', userId).orderBy('p.id').limit(page.limit).offset(page.offset).execute()) as ProjectRow[]);
    const contacts = await withContacts([...new Set(rows.flatMap((r) => (r.jurisdiction_id === null ? [] : [r.jurisdiction_id])))]);
    return rows.map((r) => buildUserProject(r, viewer, r.jurisdiction_id === null ? undefined : contacts.get(r.jurisdiction_id)));
  }

  /** The full sizing of a stored project with the current catalog: every candidate and why it failed. */
  async sizingDetails(id: number): Promise<ProjectSizing & { assumed_inputs: string[] }> {
    const row = await this.row(id);
    const fixtures = await this.fixtureInputs(row);
    const { inputs, assumed } = inputsForSizing(projectJson<Partial<StoredInputs>>(row, 'inputs', row.inputs));
    return { ...withFailedNearestFirst(await this.sizing.size(inputs, fixtures, row.jurisdiction_rules)), assumed_inputs: assumed };
  }

  /**
   * Sizes inputs without saving them (results as the user types): the body of a write, applied
   * to a stored project when `projectId` is given, else to the defaults. `detail` 'view': for the
   * editor's panel, which lists the other units by their failures (src-shared/sizing/recommend.ts).
   */
  async preview(body: ProjectWrite, projectId?: number, detail: 'full' | 'view' = 'full'): Promise<ProjectSizing> {
    return this.db.transaction().execute(async (trx) => {
      let current: WriteState = { inputs: DEFAULT_INPUTS, fixtures: [], address: emptyAddress, jurisdiction_id: null, construction_type: 'newConstruction' };
      if (projectId !== undefined) {
        const row = await this.row(projectId, trx);
        current = {
          inputs: projectJson<StoredInputs>(row, 'inputs', row.inputs),
          fixtures: await this.fixtureInputs(row, trx),
          address: { street: row.street, street_2: row.street_2, city: row.city, state: row.state, postal_code: row.postal_code },
          jurisdiction_id: row.jurisdiction_id,
          construction_type: row.construction_type,
        };
      }
      const state = await resolveWrite(trx, this.rules, body, current);
      return withFailedNearestFirst(await this.sizing.size(inputsForSizing(state.inputs).inputs, state.fixtures, state.rules, trx, detail));
    });
  }

  async create(body: ProjectWrite & { name: string; engineer: EngineerWrite }, viewer: Viewer): Promise<Project> {
    const id = await this.db.transaction().execute(async (trx) => {
      const id = await nextLocalId(trx, 'projects');
      const state = await resolveWrite(trx, this.rules, body, { inputs: DEFAULT_INPUTS, fixtures: [], address: emptyAddress, jurisdiction_id: null, construction_type: 'newConstruction' });
      const userId = await resolveEngineer(trx, body.engineer);
      const sizing = await this.sizing.size(state.inputs, state.fixtures, state.rules, trx, 'summary');
      const stamp = now();
      await insertProject(trx, {
        row: {
          id,
          user_id: userId,
          name: body.name,
          status: 'Draft',
          created: stamp,
          submitted: null,
          approved: null,
          updated: stamp,
          construction_type: state.construction_type,
          ...state.address,
          jurisdiction_id: state.jurisdiction_id,
          inputs: state.inputs,
          version: 1,
          dirty: 1,
          origin: 'local',
          extra: '{}',
        },
        sizing,
        fixtures: state.fixtures,
      });
      return id;
    });
    await this.afterWrite();
    return this.get(id, { fixtures: true, notes: true, accessories: true }, viewer);
  }

  async update(id: number, body: ProjectWrite, viewer: Viewer): Promise<Project> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.row(id, trx);
      checkVersion(row, body.version);
      if (!EDITABLE_STATUSES.includes(row.status as ProjectStatus)) {
        // Asked to change the engineer, the rep learns why that one is fixed.
        if (namesAnotherEngineer(body.engineer, row.user_id)) throw engineerFixed(id, row.status as ProjectStatus);
        throw new ApiError(409, 'not_editable', `Project ${id} is ${row.status}: only a Draft can be edited. Withdraw or copy it first.`, 'status');
      }
      if (body.status !== undefined && body.status !== row.status) {
        throw new ApiError(409, 'status_change_not_here', `Change the status with POST ${projectUrl(id)}/status, not by editing the project.`, 'status');
      }
      const fixtures = await this.fixtureInputs(row, trx);
      const stated = projectJson<Partial<StoredInputs>>(row, 'inputs', row.inputs);
      const state = await resolveWrite(trx, this.rules, body, {
        inputs: stated as StoredInputs,
        fixtures,
        address: { street: row.street, street_2: row.street_2, city: row.city, state: row.state, postal_code: row.postal_code },
        jurisdiction_id: row.jurisdiction_id,
        construction_type: row.construction_type,
      });
      // A Draft's engineer may change (any of the three forms), or a name-only contact get its e-mail.
      const userId = body.engineer === undefined ? row.user_id : await resolveEngineer(trx, body.engineer);
      // The central service's figures stay as it stated them unless a sizing input changed (a
      // rename, an address within the same jurisdiction, a note: nothing to re-size); a change
      // that does size differently replaces them with this app's sizing (figures_from: local).
      const sameSizing = sizedByCentralService(row) && sameSizingInputs({ inputs: inputsForSizing(stated).inputs, fixtures, jurisdiction_id: row.jurisdiction_id }, state);
      const sizing = sameSizing ? null : await this.sizing.size(inputsForSizing(state.inputs).inputs, state.fixtures, state.rules, trx, 'summary');
      await updateProject(
        trx,
        id,
        {
          name: body.name ?? row.name,
          user_id: userId,
          construction_type: state.construction_type,
          ...state.address,
          jurisdiction_id: state.jurisdiction_id,
          // Inputs the service did not state stay unstated while its figures stand.
          inputs: JSON.stringify(sizing === null ? stated : state.inputs),
          updated: now(),
          version: row.version + 1,
          dirty: 1,
        },
        sizing,
      );
      if (body.fixtures !== undefined && sizing !== null) await replaceFixtures(trx, id, state.fixtures);
    });
    await this.afterWrite();
    return this.get(id, { fixtures: true, notes: true, accessories: true }, viewer);
  }

  async delete(id: number, version: number | undefined): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.row(id, trx);
      checkVersion(row, version);
      if (!DELETABLE_STATUSES.includes(row.status as ProjectStatus)) {
        throw new ApiError(409, 'not_deletable', `Project ${id} is ${row.status}: only a Draft can be deleted; close it instead.`, 'status');
      }
      const synced = (await readProject(trx, id))!;
      if (synced.origin === 'upstream') {
        // A project of the central service: the next sync sends the delete there (sync/push.ts).
        await recordTombstone(trx, id, synced.base_version);
      }
      // Kept for Undo (project-undo.ts): a restore brings back this same project.
      await keepDeleted(trx, id, synced.origin === 'upstream');
      await deleteProject(trx, id);
    });
    await this.afterWrite();
  }

  /** Undo of a delete: the same project back (id, version, notes, status dates), its queued delete withdrawn. */
  async restore(id: number, viewer: Viewer): Promise<Project> {
    await this.db.transaction().execute((trx) => restoreDeleted(trx, id));
    await this.afterWrite();
    return this.get(id, { fixtures: true, notes: true, accessories: true }, viewer);
  }

  async changeStatus(id: number, to: ProjectStatus, actors: readonly Actor[], version: number | undefined, viewer: Viewer): Promise<Project> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.row(id, trx);
      checkVersion(row, version);
      // A damaged project is not sent on for review: what would the reviewer read?
      projectJson(row, 'inputs', row.inputs);
      projectJson(row, 'sizing', row.sizing);
      const from = row.status as ProjectStatus;
      if (from === to) throw new ApiError(409, 'same_status', `Project ${id} is already ${to}.`, 'status');
      const allowed = allowedTransitions(from, actors).find((t) => t.to === to);
      if (!allowed) {
        const exists = TRANSITIONS.find((t) => t.from === from && t.to === to);
        if (exists) {
          throw new ApiError(403, 'insufficient_scope', `Only an administrator (a key with the "admin" scope) may move a project from ${from} to ${to}.`, 'status');
        }
        const open = allowedTransitions(from, ['user', 'administrator']).map((t) => t.to);
        throw new ApiError(
          409,
          'forbidden_transition',
          `A project cannot go from ${from} to ${to}. From ${from} it can go to: ${open.length ? open.join(', ') : 'nothing (it is closed)'}.`,
          'status',
        );
      }
      if (to === 'Submitted') {
        const missing = (['street', 'city', 'state', 'postal_code'] as const).filter((f) => !row[f]);
        if (missing.length > 0) {
          throw new ApiError(409, 'incomplete_for_submission', `Pre-approval needs the full address; missing: ${missing.map((f) => `address.${f}`).join(', ')}.`, `address.${missing[0]}`);
        }
        if (row.jurisdiction_id === null) {
          throw new ApiError(409, 'incomplete_for_submission', 'Pre-approval needs a jurisdiction; none governs this address.', 'jurisdiction');
        }
        const engineerMissing = await engineerMissingForSubmission(trx, row.user_id);
        if (engineerMissing) throw engineerMissing;
      }
      const stamp = now();
      await updateProject(trx, id, {
        status: to,
        submitted: to === 'Submitted' ? stamp : to === 'Draft' ? null : row.submitted,
        approved: to === 'Closed/Approved' ? stamp : row.approved,
        updated: stamp,
        version: row.version + 1,
        dirty: 1,
      });
    });
    await this.afterWrite();
    return this.get(id, {}, viewer);
  }
}

interface Address {
  street: string | null;
  street_2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
}
const emptyAddress: Address = { street: null, street_2: null, city: null, state: null, postal_code: null };

function checkVersion(row: ProjectRow, version: number | undefined): void {
  if (version !== undefined && version !== row.version) {
    throw new ApiError(409, 'version_conflict', `Project ${row.id} changed since you read it (version ${version}, now ${row.version}). Read it again and retry.`, 'version');
  }
}

/** Whether a write leaves what sizes the project as it was: the inputs as the sizing reads them, the fixtures, the jurisdiction. */
function sameSizingInputs(before: { inputs: StoredInputs; fixtures: FixtureInput[]; jurisdiction_id: number | null }, after: { inputs: StoredInputs; fixtures: FixtureInput[]; jurisdiction_id: number | null }): boolean {
  // As JSON would carry them: a field left undefined is the same as one left out.
  const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  return before.jurisdiction_id === after.jurisdiction_id && isDeepStrictEqual(plain(before.inputs), plain(after.inputs)) && isDeepStrictEqual(plain(before.fixtures), plain(after.fixtures));
}

interface WriteState {
  inputs: StoredInputs;
  fixtures: FixtureInput[];
  address: Address;
  jurisdiction_id: number | null;
  construction_type: string;
}

/**
 * Merges a write body into the current state and checks what the schema cannot: the user and
 * jurisdiction exist, the inside-trap location is one the jurisdiction allows.
 */
async function resolveWrite(trx: Transaction<Database>, resolver: RulesResolver, body: ProjectWrite, current: WriteState): Promise<WriteState & { rules: string | null }> {
  const address = { ...current.address };
  if (body.address) {
    for (const key of Object.keys(address) as (keyof typeof address)[]) {
      const value = body.address[key];
      if (value !== undefined) address[key] = value === '' ? null : value;
    }
  }
  let jurisdictionId = current.jurisdiction_id;
  if (body.jurisdiction !== undefined) {
    jurisdictionId = body.jurisdiction === null ? null : body.jurisdiction.id;
  } else if (body.address?.postal_code !== undefined) {
    // A new zip code brings the jurisdiction that governs it, unless one is given.
    const governing = address.postal_code
      ? await trx.selectFrom('jurisdiction_zip_codes').select('jurisdiction_id').where('zip', '=', address.postal_code).executeTakeFirst()
      : undefined;
    jurisdictionId = governing?.jurisdiction_id ?? null;
  }
  let rules: string | null = null;
  let insideTrapLocations: string | null = null;
  if (jurisdictionId !== null) {
    const j = await trx.selectFrom('jurisdictions').select(['id', 'name', 'state', 'rules', 'inside_trap_locations']).where('id', '=', jurisdictionId).executeTakeFirst();
    if (!j) throw new ApiError(400, 'invalid_field', `No jurisdiction with id ${jurisdictionId}.`, 'jurisdiction.id');
    rules = (await resolver.resolve(j, trx)).json;
    insideTrapLocations = j.inside_trap_locations;
  }
  const normal = normalizeProjectInputs(applyWriteInputs(current.inputs, body));
  const misplaced = insideLocationProblem(insideTrapLocations, normal);
  if (misplaced) throw new ApiError(400, 'invalid_field', misplaced, 'inside_trap_location');
  const fixtures = body.fixtures === undefined ? current.fixtures : body.fixtures.data.map(fixtureFromWrite);
  return {
    inputs: normal,
    fixtures,
    address,
    jurisdiction_id: jurisdictionId,
    construction_type: body.construction_type ?? current.construction_type,
    rules,
  };
}
