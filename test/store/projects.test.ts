/**
 * The projects data module (src-main/store/projects.ts) on a real SQLite file: a copy of the
 * prepared store, opened as the store (no engine, no server). What it writes is read back with
 * plain SQL here, so a column put in the wrong place or a fixture out of order shows.
 */
import { describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src-main/store/open-store.js';
import {
  countUnsynced,
  deleteProject,
  insertProject,
  projectNameSqlite,
  projectsWithPeople,
  readFixtureInputsSqlite,
  readFixtures,
  readProject,
  readProjectSqlite,
  replaceFixtures,
  restoreProjectRows,
  salvageUnsyncedIds,
  unsyncedProjectIds,
  updateProject,
  type NewProject,
} from '../../src-main/store/projects.js';
import { DEFAULT_JURISDICTION_RULES, sizeProject, type FixtureInput, type ProjectSizing } from '../../src-shared/sizing/index.js';
import { SAMPLE_CATALOG } from '../sizing/sample-catalog.js';
import { scratchStores } from './helpers.js';

const { cleanup, folder } = scratchStores();

async function store(): Promise<Store> {
  const s = await openStore(folder().dataDir);
  cleanup.push(() => s.close());
  return s;
}

const SINK: FixtureInput = { kind: 'three-compartment-sink' };
const DISHWASHER: FixtureInput = { kind: 'dishwasher', gpm: 6 };
const MOP: FixtureInput = { kind: 'mop-sink' };

const inputs = { menu_type: 'coffee-shop', servings_per_day: 200 };
const sized = (fixtures: FixtureInput[], unique = false): ProjectSizing =>
  sizeProject({ ...inputs, fixtures }, SAMPLE_CATALOG, unique ? { ...DEFAULT_JURISDICTION_RULES, unique_local_requirements: { flagged: true, reason: 'test: the plan reviewer sizes it' } } : DEFAULT_JURISDICTION_RULES);

/** A new Draft made here, on the store's first user. */
function draft(s: Store, id: number, fixtures: FixtureInput[], sizing = sized(fixtures), dirty: 0 | 1 = 1): NewProject {
  const userId = s.sqlite.prepare('select id from users order by id limit 1').pluck().get() as number;
  return {
    row: {
      id,
      user_id: userId,
      name: `Data module ${id}`,
      status: 'Draft',
      created: '2026-11-26T10:00:00.000Z',
      submitted: null,
      approved: null,
      updated: '2026-11-26T10:00:00.000Z',
      construction_type: 'newConstruction',
      street: null,
      street_2: null,
      city: 'Springfield',
      state: 'IL',
      postal_code: '62701',
      jurisdiction_id: null,
      inputs,
      version: 1,
      dirty,
      origin: 'local',
      extra: '{}',
    },
    sizing,
    fixtures,
  };
}

const ID = 2_147_483_000;
const plainRow = (s: Store, id: number) => s.sqlite.prepare('select * from projects where id = ?').get(id) as Record<string, unknown> | undefined;
const plainFixtures = (s: Store, id: number) => s.sqlite.prepare('select position, input from project_fixtures where project_id = ? order by position').all(id) as { position: number; input: string }[];

describe('the projects data module', () => {
  it('inserts a project with the columns its sizing fills and its fixtures in order', async () => {
    const s = await store();
    const sizing = sized([SINK, DISHWASHER]);
    await s.db.transaction().execute((trx) => insertProject(trx, draft(s, ID, [SINK, DISHWASHER], sizing)));
    const row = plainRow(s, ID)!;
    expect(row.recommended_product).toBe(sizing.recommended_product);
    expect(row.pump_out_cycle).toBe(sizing.pump_out_cycle);
    expect(row.unique_local_requirements).toBe(0);
    expect(JSON.parse(row.inputs as string)).toEqual(inputs);
    // The kept sizing is the compact part: the figures the API shows, not the derivation.
    const kept = JSON.parse(row.sizing as string) as Record<string, unknown>;
    expect(kept.flow_rate).toEqual(sizing.flow_rate);
    expect(kept.grease).toEqual(sizing.grease);
    expect(kept).not.toHaveProperty('derivation');
    expect(kept).not.toHaveProperty('raw');
    expect(plainFixtures(s, ID)).toEqual([
      { position: 0, input: JSON.stringify(SINK) },
      { position: 1, input: JSON.stringify(DISHWASHER) },
    ]);
  });

  it('a jurisdiction with unique local requirements: the flag set and no product, as the sizing says', async () => {
    const s = await store();
    await s.db.transaction().execute((trx) => insertProject(trx, draft(s, ID, [SINK], sized([SINK], true))));
    expect(plainRow(s, ID)).toMatchObject({ unique_local_requirements: 1, recommended_product: null });
  });

  it('reads the row and the fixtures back, through kysely and with plain SQLite alike', async () => {
    const s = await store();
    await s.db.transaction().execute((trx) => insertProject(trx, draft(s, ID, [MOP, SINK, DISHWASHER])));
    const row = await readProject(s.db, ID);
    expect(row).toEqual(plainRow(s, ID));
    expect(readProjectSqlite(s.sqlite, ID)).toEqual(row);
    expect((await readFixtures(s.db, ID)).map((f) => JSON.parse(f.input) as unknown)).toEqual([MOP, SINK, DISHWASHER]);
    expect(readFixtureInputsSqlite(s.sqlite, ID).map((f) => JSON.parse(f.input) as unknown)).toEqual([MOP, SINK, DISHWASHER]);
    expect(projectNameSqlite(s.sqlite, ID)).toBe(`Data module ${ID}`);
    expect(await readProject(s.db, ID + 1)).toBeUndefined();
    // With its engineer: the name of the user the row points at.
    const joined = await projectsWithPeople(s.db).where('p.id', '=', ID).executeTakeFirstOrThrow();
    expect(joined.engineer_name).toBe(s.sqlite.prepare('select name from users where id = ?').pluck().get(row!.user_id));
    expect(joined.jurisdiction_name).toBeNull();
  });

  it('updates the row, and the sizing columns only when a sizing is given', async () => {
    const s = await store();
    await s.db.transaction().execute((trx) => insertProject(trx, draft(s, ID, [SINK])));
    const before = plainRow(s, ID)!;
    await updateProject(s.db, ID, { name: 'Renamed', version: 2 });
    expect(plainRow(s, ID)).toEqual({ ...before, name: 'Renamed', version: 2 });
    await updateProject(s.db, ID, { version: 3 }, sized([SINK], true));
    expect(plainRow(s, ID)).toMatchObject({ name: 'Renamed', version: 3, unique_local_requirements: 1, recommended_product: null });
  });

  it('replaces the fixtures whole, renumbered from the first', async () => {
    const s = await store();
    await s.db.transaction().execute((trx) => insertProject(trx, draft(s, ID, [SINK, DISHWASHER, MOP])));
    await s.db.transaction().execute((trx) => replaceFixtures(trx, ID, [MOP]));
    expect(plainFixtures(s, ID)).toEqual([{ position: 0, input: JSON.stringify(MOP) }]);
    await s.db.transaction().execute((trx) => replaceFixtures(trx, ID, []));
    expect(plainFixtures(s, ID)).toEqual([]);
  });

  it('a delete takes the fixtures with it; the rows read before it put the same project back', async () => {
    const s = await store();
    await s.db.transaction().execute((trx) => insertProject(trx, draft(s, ID, [SINK, DISHWASHER])));
    const row = (await readProject(s.db, ID))!;
    const fixtures = await readFixtures(s.db, ID);
    await deleteProject(s.db, ID);
    expect(plainRow(s, ID)).toBeUndefined();
    expect(plainFixtures(s, ID)).toEqual([]);
    await s.db.transaction().execute((trx) => restoreProjectRows(trx, row, fixtures));
    expect(plainRow(s, ID)).toEqual(row);
    expect(await readFixtures(s.db, ID)).toEqual(fixtures);
  });

  it('counts and lists the unsynced projects: those marked dirty, in id order', async () => {
    const s = await store();
    const dirtyBefore = s.sqlite.prepare('select id from projects where dirty = 1').pluck().all() as number[];
    expect(await countUnsynced(s.db)).toBe(dirtyBefore.length);
    await s.db.transaction().execute(async (trx) => {
      await insertProject(trx, draft(s, ID + 2, [SINK]));
      await insertProject(trx, draft(s, ID, [SINK]));
      await insertProject(trx, draft(s, ID + 1, [SINK], sized([SINK]), 0));
    });
    expect(await countUnsynced(s.db)).toBe(dirtyBefore.length + 2);
    const ids = unsyncedProjectIds(s.sqlite);
    expect(ids).toEqual([...dirtyBefore, ID, ID + 2].sort((a, b) => a - b));
    // A file that reads whole gives the same ids to a salvage, none unreadable.
    expect(salvageUnsyncedIds(s.sqlite)).toEqual({ ids, unreadable: 0 });
  });
});
