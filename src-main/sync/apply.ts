/**
 * Writes pulled data into the store in ONE transaction on a connection of its own: the API keeps
 * reading the previous data (SQLite WAL gives readers the last committed state) until the commit
 * switches everything at once, and a failure at any point rolls back to the previous data. It runs
 * in the pull worker (pull-worker.ts), off the thread that serves.
 *
 * The catalog and the territories are rebuilt whole when any part of them changed (they are small
 * and their rows link to each other); jurisdictions, users and projects are written record by
 * record: changed ones replaced, vanished ones removed, the rest left as they are. An upstream
 * without jurisdiction endpoints gets its jurisdictions built here from what projects embed
 * (local ids, matched by name and state on later syncs), their contacts from user details.
 *
 * The first sync retires the embedded demo set: nothing of it stays, except what the rep made or
 * edited here, which moves to local ids. Locally edited projects (dirty) are never overwritten:
 * one that changed upstream too is recorded as a conflict, both versions kept (not while the
 * upstream takes no writes: then the edit simply waits).
 */
import type { Insertable, Transaction } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { MassDeletion, SyncIssue } from '../../src-shared/sync.js';
import type { Database } from '../store/schema.js';
import type { Store } from '../store/open-store.js';
import { nextLocalId } from '../store/local-ids.js';
import { deleteWhereIn, insertRows, upsertRows } from '../store/insert-rows.js';
import { writeWithFtsIndex } from '../store/fts-bulk-write.js';
import { matchKey } from '../../src-shared/text-match.js';
import { refKey, type ProductRef, type PulledProduct, type PulledTerritory } from './convert.js';
import { matchJurisdiction, movedUpstream } from './decide.js';
import type { PulledCatalog, PulledData } from './pull.js';
import { STAGED_PRODUCT_PARTS, STAGED_USER_COLUMNS, type AnswerWrite } from './sync-answers.js';
import { stagedAnswerWrites, stagedProductPart, stagedProductRefs } from './staged-reads.js';
import { writeUpstreamProjects, type HeldJurisdiction } from './upstream-projects.js';
import { SyncFailure } from './types.js';
import { forgetPushed, renumberPushed, replaceIssues, type FoundConflict } from './sync-state.js';

export interface ApplyResult {
  issues: SyncIssue[];
  conflicts: FoundConflict[];
  /** Projects made here (or demo projects edited here) that moved to another local id, as [from, to]. */
  renumbered: [number, number][];
}

export interface ApplyOptions {
  /** The store still serves the embedded demo set: this sync replaces it. */
  firstSync: boolean;
  /** The upstream takes no writes: local edits wait, never becoming conflicts. */
  readOnly: boolean;
}

/** Every resource of sync_answers: answers of these not seen in a run are forgotten. */
const ANSWER_RESOURCES = [
  'product-types',
  'product-type',
  'product-type-products',
  'products:page',
  'products',
  'collections',
  'territories:page',
  'territories',
  'jurisdictions:page',
  'jurisdictions',
  'users:page',
  'users',
  'project list:page',
  'projects',
];
const CATALOG_RESOURCES = new Set(['product-types', 'products', 'collections']);

type Trx = Transaction<Database>;

/**
 * `run`: the staging's mark on this run's projects. The staging file is attached as `staging`:
 * the run's projects, users, catalog products and answers to record are copied from it.
 */
export async function applyPulledData(store: Store, data: PulledData, run: string, pushedLocalIds: number[], options: ApplyOptions, signal: AbortSignal): Promise<ApplyResult> {
  const issues: SyncIssue[] = [...data.issues];
  const conflicts: ApplyResult['conflicts'] = [];
  /** Answers to record besides those the run staged (the jurisdictions', held with their records). */
  const answers: AnswerWrite[] = [];
  const check = () => {
    if (signal.aborted) throw new SyncFailure('cancelled', 'The sync was cancelled; the data from before it is kept.');
  };
  let kept: SyncIssue[] = [];
  const renumbered: [number, number][] = [];
  await store.db.transaction().execute(async (trx) => {
    if (options.firstSync) renumbered.push(...(await retireDemoData(trx, store.sqlite)));
    check();

    // Drafts made here that the push sent come back with the upstream's id. One the rep changed
    // since it was sent (dirty again) stays, still linked to its copy there: the next push sends
    // the change as an edit of that copy instead of the copy replacing it.
    const sentAsIs = store.sqlite
      .prepare('select id from main.projects where dirty = 0 and id in (select value from json_each(?))')
      .pluck()
      .all(JSON.stringify(pushedLocalIds)) as number[];
    await deleteWhereIn(trx, 'projects', 'id', sentAsIs);
    await forgetPushed(trx, sentAsIs);
    // Projects gone upstream; edits and projects made here stay.
    const clean = await trx.selectFrom('projects').select('id').where('dirty', '=', 0).where('origin', '<>', 'local').execute();
    await deleteWhereIn(trx, 'projects', 'id', clean.map((p) => p.id).filter((id) => !data.projects.present.has(id)));
    check();

    if (data.catalog) await replaceCatalog(trx, store.sqlite, data.catalog, data.productIds, issues);
    check();
    if (data.territories) await replaceTerritories(trx, data.territories, issues);
    check();
    if (data.jurisdictions) await applyJurisdictions(trx, data.jurisdictions, answers);
    check();
    await applyUsers(trx, store.sqlite, data);
    await restoreParkedUsers(store.sqlite);
    check();
    renumbered.push(...(await renumberCollidingProjects(trx, store.sqlite, run)));
    // Answers first: it forgets those of records not seen, and the projects' come with them.
    writeAnswers(store, answers, data);
    await applyProjects(trx, store, data, run, options, issues, conflicts);
    check();
    await applyEmbeddedJurisdictions(trx, store.sqlite, data);
    check();

    // Issues of what is not rebuilt this time still stand.
    kept = await replaceIssues(trx, issues, (r) => (data.catalog === null && CATALOG_RESOURCES.has(r.resource)) || (data.territories === null && r.resource === 'territories'));
    await trx.insertInto('meta').values({ key: 'data_set', value: 'upstream' }).onConflict((oc) => oc.column('key').doUpdateSet({ value: 'upstream' })).execute();
  });
  return { issues: kept, conflicts, renumbered };
}

/**
 * What applying `data` would remove of the records held from the central service, per resource
 * (only those it removes some of): the mass-deletion guard weighs it before the switch
 * (decide.ts isMassDeletion). Local work is not counted, as the apply removes none of it: projects
 * made or edited here, users and jurisdictions made here, the embedded set a first sync retires.
 */
export function removals(sqlite: SQLite.Database, data: PulledData): MassDeletion[] {
  const out: MassDeletion[] = [];
  const weigh = (resource: string, held: unknown[], stays: (key: unknown) => boolean, removable: unknown[] = held) => {
    const removing = removable.filter((k) => !stays(k)).length;
    if (removing > 0) out.push({ resource, held: held.length, removing });
  };
  const keys = (sql: string) => sqlite.prepare(sql).pluck().all();
  if (data.catalog) {
    const incoming = data.catalog.products;
    const held = (sqlite.prepare("select part_number, store_id from main.products where origin = 'upstream'").all() as ProductRef[]).map(refKey);
    weigh('products', held, (k) => incoming.has(k as string));
  }
  if (data.territories) {
    const incoming = new Set(data.territories.map((t) => t.id));
    weigh('territories', keys("select id from main.territories where origin = 'upstream'"), (id) => incoming.has(id as number));
  }
  if (data.jurisdictions) {
    const present = data.jurisdictions.present;
    weigh('jurisdictions', keys("select id from main.jurisdictions where origin = 'upstream' and source is null"), (id) => present.has(id as number));
  }
  // A user a project kept here names stays (applyUsers): the rep's work, not a removal.
  const named = new Set(keys("select user_id from main.projects where dirty = 1 or origin = 'local'"));
  weigh('users', keys("select id from main.users where origin = 'upstream'"), (id) => data.users.present.has(id as number) || named.has(id));
  weigh(
    'projects',
    keys("select id from main.projects where origin = 'upstream'"),
    (id) => data.projects.present.has(id as number),
    // Edited here and not yet sent: kept whatever the service lists.
    keys("select id from main.projects where origin = 'upstream' and dirty = 0"),
  );
  return out;
}

// --- The demo set, and ids taken by upstream records ---------------------------------------------

const columnsOf = (sqlite: SQLite.Database, table: string) => (sqlite.prepare(`pragma main.table_info(${table})`).all() as { name: string }[]).map((c) => c.name);

/** Moves a project to another id, with its fixtures and notes (the FTS triggers follow). */
function moveProject(sqlite: SQLite.Database, from: number, to: number, set: Record<string, string | number | null> = {}): void {
  const columns = columnsOf(sqlite, 'projects');
  const values = columns.map((c) => (c === 'id' ? '@to' : c in set ? `@${c}` : c));
  sqlite.prepare(`insert into main.projects (${columns.join(', ')}) select ${values.join(', ')} from main.projects where id = @from`).run({ from, to, ...set });
  sqlite.prepare('update main.project_fixtures set project_id = ? where project_id = ?').run(to, from);
  sqlite.prepare('update main.project_notes set project_id = ? where project_id = ?').run(to, from);
  sqlite.prepare('delete from main.projects where id = ?').run(from);
}

/**
 * Moves a user to another id, with the projects that name it. E-mails are unique, so the copy
 * takes another one (`email`, an SQL expression of the old); `set` gives other columns as SQL.
 */
function moveUser(sqlite: SQLite.Database, from: number, to: number, email: string, set: Record<string, string> = {}): void {
  const columns = columnsOf(sqlite, 'users');
  const values = columns.map((c) => (c === 'id' ? '@to' : c === 'email' ? email : (set[c] ?? c)));
  sqlite.prepare(`insert into main.users (${columns.join(', ')}) select ${values.join(', ')} from main.users where id = @from`).run({ from, to });
  sqlite.prepare('update main.projects set user_id = ? where user_id = ?').run(to, from);
  sqlite.prepare('delete from main.users where id = ?').run(from);
}

/**
 * The first sync: the embedded demo set goes. A demo project the rep edited becomes a project made
 * here (a local id, sent as new when the upstream takes writes); a demo user that a project made
 * here names is parked under a local id (and an e-mail no upstream user can collide with) until
 * the users are written: then it becomes the upstream user with its e-mail, or stays as made here.
 */
async function retireDemoData(trx: Trx, sqlite: SQLite.Database): Promise<[number, number][]> {
  const edited = sqlite.prepare("select id from main.projects where origin = 'embedded' and dirty = 1").pluck().all() as number[];
  const moved: [number, number][] = [];
  for (const id of edited) {
    const to = await nextLocalId(trx, 'projects');
    moveProject(sqlite, id, to, { origin: 'local', base_version: null, dirty: 1 });
    moved.push([id, to]);
  }
  const named = sqlite.prepare("select distinct u.id from main.users u join main.projects p on p.user_id = u.id where u.origin = 'embedded' and p.origin = 'local'").pluck().all() as number[];
  for (const id of named) moveUser(sqlite, id, await nextLocalId(trx, 'users'), "char(1) || 'parked:' || email", { origin: "'local'" });
  const demoProjects = sqlite.prepare("select count(*) from main.projects where origin = 'embedded'").pluck().get() as number;
  await writeWithFtsIndex(sqlite, 'projects', demoProjects, () => {
    sqlite.prepare("delete from main.projects where origin = 'embedded'").run();
  });
  const demoUsers = sqlite.prepare("select count(*) from main.users where origin = 'embedded'").pluck().get() as number;
  await writeWithFtsIndex(sqlite, 'users', demoUsers, () => {
    sqlite.prepare("delete from main.users where origin = 'embedded'").run();
  });
  // Their contacts and zips go with them (ON DELETE CASCADE); projects made here lose the link.
  sqlite.prepare("delete from main.jurisdictions where origin = 'embedded'").run();
  return moved;
}

/** Parked demo users (see retireDemoData): the upstream user with the same e-mail takes their projects, else they stay. */
async function restoreParkedUsers(sqlite: SQLite.Database): Promise<void> {
  const parked = sqlite.prepare("select id, substr(email, 9) as email from main.users where email like char(1) || 'parked:%'").all() as { id: number; email: string }[];
  for (const p of parked) {
    const upstream = sqlite.prepare("select id from main.users where lower(email) = lower(?) and origin = 'upstream'").pluck().get(p.email) as number | undefined;
    if (upstream !== undefined) {
      sqlite.prepare('update main.projects set user_id = ? where user_id = ?').run(upstream, p.id);
      sqlite.prepare('delete from main.users where id = ?').run(p.id);
    } else {
      sqlite.prepare('update main.users set email = ? where id = ?').run(p.email, p.id);
    }
  }
}

/** An upstream project arriving with the id of a project made here: the local one moves (never lost). */
async function renumberCollidingProjects(trx: Trx, sqlite: SQLite.Database, run: string): Promise<[number, number][]> {
  const taken = sqlite
    .prepare("select p.id from main.projects p where p.origin = 'local' and p.id in (select s.id from staging.projects s where s.run = ?)")
    .pluck()
    .all(run) as number[];
  const moved: [number, number][] = [];
  for (const id of taken) {
    const to = await nextLocalId(trx, 'projects');
    moveProject(sqlite, id, to);
    await renumberPushed(trx, id, to);
    moved.push([id, to]);
  }
  return moved;
}

// --- Catalog and territories ---------------------------------------------------------------------

async function replaceCatalog(trx: Trx, sqlite: SQLite.Database, catalog: PulledCatalog, learnedIds: Map<string, number>, issues: SyncIssue[]): Promise<void> {
  // Product ids: the upstream's where it has shown them (in links), else the id the product had
  // here (projects keep pointing at it), else a fresh one.
  const localIds = new Map((await trx.selectFrom('products').select(['id', 'part_number', 'store_id']).execute()).map((p) => [refKey(p), p.id]));
  for (const table of ['collection_items', 'collections', 'product_links', 'product_options', 'options', 'product_ratings', 'product_certifications', 'product_type_links', 'products', 'product_types'] as const) {
    await trx.deleteFrom(table).execute();
  }
  const typeIds = new Map<string, number>();
  const pending = [...catalog.productTypes];
  while (pending.length > 0) {
    const i = pending.findIndex((t) => t.parentKey === null || typeIds.has(t.parentKey) || !catalog.productTypes.some((o) => o.key === t.parentKey));
    const t = pending.splice(i < 0 ? 0 : i, 1)[0]!;
    const row = await trx
      .insertInto('product_types')
      .values({
        key: t.key,
        name: t.name,
        active: t.active ? 1 : 0,
        // Listed as the upstream lists it, inactive or not (and served as it answered: migration 0028).
        listed: t.served === null ? null : 1,
        served: t.served,
        list_position: t.listPosition,
        detail_served: t.detailServed,
        image: t.image,
        parent_id: t.parentKey ? (typeIds.get(t.parentKey) ?? null) : null,
        created: t.created,
        last_updated: t.last_updated,
        origin: 'upstream',
        extra: t.extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.set(t.key, row.id);
  }
  const typeIdByName = new Map(catalog.productTypes.map((t) => [t.name, typeIds.get(t.key)!]));

  // The products were staged converted (StagedAnswers.putProduct); their references first, then
  // each part in a pass of its own, a few hundred at a time, so that no pass holds them all.
  const staged = stagedProductRefs(sqlite);
  const ids = new Map<string, number>();
  const taken = new Set<number>();
  for (const p of staged) {
    const learned = learnedIds.get(refKey(p.ref));
    if (learned !== undefined && !taken.has(learned)) {
      ids.set(refKey(p.ref), learned);
      taken.add(learned);
    }
  }
  const reserved = new Set(learnedIds.values());
  for (const p of staged) {
    const local = localIds.get(refKey(p.ref));
    if (!ids.has(refKey(p.ref)) && local !== undefined && !taken.has(local) && !reserved.has(local)) {
      ids.set(refKey(p.ref), local);
      taken.add(local);
    }
  }
  let next = Math.max(0, ...taken, ...reserved) + 1;
  for (const p of staged) if (!ids.has(refKey(p.ref))) ids.set(refKey(p.ref), next++);
  const productId = (ref: ProductRef) => ids.get(refKey(ref));

  // Each product once (the first staged), and only of a type the catalog has.
  const seen = new Set<string>();
  const products = staged.filter((p) => {
    if (seen.has(refKey(p.ref))) return false;
    seen.add(refKey(p.ref));
    if (typeIdByName.has(p.typeName)) return true;
    issues.push({ kind: 'rejected', resource: 'products', key: p.ref.part_number, reason: `its type "${p.typeName}" is not among the product types` });
    return false;
  });
  const written = new Map(products.map((p) => [p.seq, p]));
  /** One part of each written product, with the product, a few hundred at a time. */
  async function eachPart<K extends (typeof STAGED_PRODUCT_PARTS)[number], R>(part: K, rowsOf: (p: (typeof products)[number], value: PulledProduct[K]) => R[], write: (rows: R[]) => Promise<void>) {
    let rows: R[] = [];
    for (const { seq, value } of stagedProductPart(sqlite, part)) {
      const p = written.get(seq);
      if (p === undefined) continue;
      rows.push(...rowsOf(p, value));
      if (rows.length >= 400) {
        await write(rows);
        rows = [];
      }
    }
    await write(rows);
  }
  await eachPart(
    'row',
    (p, row) => [{ ...row, id: productId(p.ref)!, type_id: typeIdByName.get(p.typeName)!, is_demo: 0 as const, details: '{}', origin: 'upstream' as const }],
    (rows) => insertRows(trx, 'products', rows),
  );
  const present = new Set(products.map((p) => refKey(p.ref)));
  const typeLinks = new Map<string, { product_id: number; type_id: number }>();
  for (const p of products) {
    const id = productId(p.ref)!;
    typeLinks.set(`${id}:${typeIdByName.get(p.typeName)}`, { product_id: id, type_id: typeIdByName.get(p.typeName)! });
  }
  for (const [key, members] of catalog.typeMembers) {
    const typeId = typeIds.get(key);
    if (typeId === undefined) continue;
    for (const m of members) {
      const id = productId(m);
      if (id !== undefined && present.has(refKey(m))) typeLinks.set(`${id}:${typeId}`, { product_id: id, type_id: typeId });
    }
  }
  await insertRows(trx, 'product_type_links', [...typeLinks.values()]);
  // Each type's products as the service lists them, in its order (those this catalog holds).
  for (const [key, members] of catalog.typeMembers) {
    const typeId = typeIds.get(key);
    if (typeId === undefined) continue;
    const ids = [...new Set(members.filter((m) => present.has(refKey(m))).map((m) => productId(m)!))];
    await trx.updateTable('product_types').set({ products_served: JSON.stringify(ids) }).where('id', '=', typeId).execute();
  }
  await eachPart('ratings', (p, ratings) => ratings.map((r, position) => ({ ...r, product_id: productId(p.ref)!, position })), (rows) => insertRows(trx, 'product_ratings', rows));
  // An option shared by several products is one row (the last product's copy of it).
  const options = new Map<number, PulledProduct['options'][number]>();
  for (const { seq, value } of stagedProductPart(sqlite, 'options')) if (written.has(seq)) for (const o of value) options.set(o.id, o);
  await insertRows(trx, 'options', [...options.values()]);
  await eachPart('options', (p, list) => list.map((o, position) => ({ product_id: productId(p.ref)!, option_id: o.id, position })), (rows) => insertRows(trx, 'product_options', rows));
  await eachPart('certifications', (p, list) => list.map((c, position) => ({ ...c, product_id: productId(p.ref)!, position })), (rows) => insertRows(trx, 'product_certifications', rows));
  await eachPart(
    'links',
    (p, list) => {
      // A product's links are all in its one staged row: the same link twice keeps its first place and its last position.
      const links = new Map<string, Insertable<Database['product_links']>>();
      const owner = productId(p.ref)!;
      const positions = { accessory: 0, related: 0, compatible: 0 };
      for (const l of list) {
        const linked = productId(l.ref);
        if (linked === undefined || !present.has(refKey(l.ref))) continue;
        links.set(`${owner}:${l.kind}:${linked}`, { product_id: owner, linked_id: linked, kind: l.kind, component: l.component, position: positions[l.kind]++ });
      }
      return [...links.values()];
    },
    (rows) => insertRows(trx, 'product_links', rows),
  );
  for (const c of catalog.collections) {
    const row = await trx
      .insertInto('collections')
      .values({ key: c.key, name: c.name, image: c.image ? JSON.stringify(c.image) : null, origin: 'upstream', extra: c.extra })
      .returning('id')
      .executeTakeFirstOrThrow();
    const items = [...new Set(c.items.filter((i) => present.has(refKey(i))).map((i) => productId(i)!))];
    await insertRows(trx, 'collection_items', items.map((product_id, position) => ({ collection_id: row.id, product_id, position })));
  }
}

/**
 * Territories as the upstream states them: counties, zips and population are served as received;
 * counties are also matched by name and state against the local geography (for the look-up by
 * county), zips recorded for the look-up by zip.
 */
async function replaceTerritories(trx: Trx, territories: PulledTerritory[], issues: SyncIssue[]): Promise<void> {
  await trx.deleteFrom('territory_zip_codes').execute();
  await trx.deleteFrom('territory_counties').execute();
  await trx.deleteFrom('territories').execute();
  const counties = await trx.selectFrom('counties').select(['fips', 'state_code', 'match_name']).execute();
  const countyFips = new Map(counties.map((c) => [`${c.state_code}:${c.match_name}`, c.fips]));
  const assigned = new Set<string>();
  const zips = new Map<string, number>();
  const territoryRows = [];
  const territoryCounties = [];
  for (const t of territories) {
    const fips: string[] = [];
    const unknown: string[] = [];
    for (const text of t.counties) {
      const m = /^(.*),\s*([A-Z]{2})$/.exec(text);
      const f = m ? countyFips.get(`${m[2]}:${matchKey(m[1]!)}`) : undefined;
      if (f && !assigned.has(f)) fips.push(f);
      else if (!f) unknown.push(text);
    }
    if (unknown.length > 0) {
      issues.push({ kind: 'warning', resource: 'territories', key: String(t.id), reason: `counties served as received but not found in the local geography (no look-up by them): ${unknown.slice(0, 5).join('; ')}` });
    }
    for (const f of fips) assigned.add(f);
    for (const z of t.zips) {
      if (zips.has(z) && zips.get(z) !== t.id) issues.push({ kind: 'warning', resource: 'territories', key: String(t.id), reason: `zip ${z} is also listed by territory ${zips.get(z)}; the look-up answers that one` });
      else zips.set(z, t.id);
    }
    const { counties: _counties, zips: _zips, ...row } = t;
    territoryRows.push({ ...row, origin: 'upstream' as const });
    territoryCounties.push(...fips.map((county_fips) => ({ county_fips, territory_id: t.id })));
  }
  await insertRows(trx, 'territories', territoryRows);
  await insertRows(trx, 'territory_counties', territoryCounties);
  await insertRows(trx, 'territory_zip_codes', [...zips].map(([zip, territory_id]) => ({ zip, territory_id })));
}

// --- Jurisdictions and users ---------------------------------------------------------------------

async function applyJurisdictions(trx: Trx, pulled: NonNullable<PulledData['jurisdictions']>, answers: AnswerWrite[]): Promise<void> {
  const { changed, present } = pulled;
  // Deleting a jurisdiction unlinks its projects (ON DELETE SET NULL); changed ones are updated in place.
  const local = await trx.selectFrom('jurisdictions').select('id').where('source', 'is', null).execute();
  await deleteWhereIn(trx, 'jurisdictions', 'id', local.map((j) => j.id).filter((id) => !present.has(id)));
  if (changed.length === 0) return;
  const ids = changed.map((c) => c.record.id);
  await deleteWhereIn(trx, 'jurisdiction_zip_codes', 'jurisdiction_id', ids);
  await deleteWhereIn(trx, 'contacts', 'jurisdiction_id', ids);
  const counties = await trx.selectFrom('counties').select(['fips', 'state_code', 'match_name']).execute();
  const countyByName = new Map(counties.map((c) => [`${c.state_code}:${c.match_name}`, c.fips]));
  await upsertRows(
    trx,
    'jurisdictions',
    changed.map(({ record: j }) => ({
      id: j.id,
      name: j.name,
      kind: j.kind,
      state: j.state,
      county_fips: j.county ? (countyByName.get(`${j.state}:${matchKey(j.county)}`) ?? null) : null,
      inside_trap_locations: j.inside_trap_locations,
      rules: j.rules,
      updated: j.updated,
      sizing_labels: j.sizing_labels,
      source: null,
      origin: 'upstream' as const,
      extra: j.extra,
    })),
    'id',
  );
  // A zip is governed by at most one jurisdiction: the one written last keeps it.
  await upsertRows(trx, 'jurisdiction_zip_codes', changed.flatMap(({ record: j }) => j.zip_codes.map((zip) => ({ zip, jurisdiction_id: j.id }))), 'zip');
  await upsertRows(trx, 'contacts', changed.flatMap(({ record: j }) => j.contacts.map((c, position) => ({ ...c, jurisdiction_id: j.id, position }))), 'id');
  answers.push(...changed.map((c) => c.answer));
}

/**
 * The users whose list entry changed are the run's staged users (staging.users), copied by SQL in
 * the order they came; the checks that touch them find them there.
 */
async function applyUsers(trx: Trx, sqlite: Store['sqlite'], data: PulledData): Promise<void> {
  const { staged, present } = data.users;
  // Users gone upstream, unless a project here still names them (an edit not yet sent).
  const gone = await trx
    .selectFrom('users')
    .select('id')
    .where('origin', '=', 'upstream')
    .where('id', 'not in', (eb) => eb.selectFrom('projects').select('user_id'))
    .execute();
  await deleteWhereIn(trx, 'users', 'id', gone.map((u) => u.id).filter((id) => !present.has(id)));
  if (staged === 0) return;
  await writeWithFtsIndex(sqlite, 'users', staged, async () => {
    // A user made here whose id an upstream user arrives with (an upstream that is itself a
    // Fieldsizer numbers its new users from the same local space): moved to a new id, not overwritten.
    const incoming = sqlite.prepare<[number], number>('select 1 from staging.users where id = ?').pluck();
    const madeHere = sqlite.prepare("select id from main.users where origin = 'local' and id in (select id from staging.users)").pluck().all() as number[];
    for (const id of madeHere) {
      let to = await nextLocalId(trx, 'users');
      while (incoming.get(to) !== undefined) to = await nextLocalId(trx, 'users');
      moveUser(sqlite, id, to, "char(1) || 'moving:' || email");
      sqlite.prepare('update main.users set email = substr(email, 9) where id = ?').run(to);
    }
    // E-mails are unique: park the changed users' old ones first, so two users may swap theirs.
    sqlite.exec("update main.users set email = printf(char(1) || 'sync-%d', id) where id in (select id from staging.users)");
    // A contact typed in here whose e-mail the central service now has (the push created it there,
    // or it was there already): it becomes that user, and its projects follow.
    const local = new Map(
      (sqlite.prepare("select lower(email) as email, id from main.users where origin = 'local'").all() as { email: string; id: number }[]).map((u) => [u.email, u.id]),
    );
    const merged: { from: number; to: number }[] = [];
    if (local.size > 0) {
      for (const u of sqlite.prepare<[], { id: number; email: string }>('select id, email from staging.users order by seq').iterate()) {
        const from = local.get(u.email.toLowerCase());
        if (from !== undefined && from !== u.id) merged.push({ from, to: u.id });
      }
    }
    const park = sqlite.prepare("update main.users set email = printf(char(1) || 'merge-%d', id) where id = ?");
    for (const m of merged) park.run(m.from);
    const columns = [...STAGED_USER_COLUMNS, 'origin'];
    sqlite.exec(
      `insert into main.users (${columns.join(', ')}) select ${STAGED_USER_COLUMNS.join(', ')}, 'upstream' from staging.users where true order by seq
       on conflict (id) do update set ${columns.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`).join(', ')}`,
    );
    const follow = sqlite.prepare('update main.projects set user_id = ? where user_id = ?');
    const drop = sqlite.prepare('delete from main.users where id = ?');
    for (const m of merged) {
      follow.run(m.to, m.from);
      drop.run(m.from);
    }
  });
}

// --- Projects ------------------------------------------------------------------------------------

/**
 * Projects staged by this run are written by the one writer of upstream projects
 * (upstream-projects.ts), copied from the attached staging file with plain SQL. Those edited here
 * are not overwritten: where the upstream moved on too (decide.ts movedUpstream), both versions
 * stay, as a conflict.
 */
async function applyProjects(trx: Trx, store: Store, data: PulledData, run: string, options: ApplyOptions, issues: SyncIssue[], conflicts: ApplyResult['conflicts']): Promise<void> {
  if (data.projects.changed.length === 0) return;
  const db = store.sqlite;
  if (!options.readOnly) {
    const edited = db
      .prepare(
        `select s.id, s.version, s.fingerprint, s.raw, p.base_version, a.fingerprint as base_fingerprint from staging.projects s
         join main.projects p on p.id = s.id and p.dirty = 1 left join main.sync_answers a on a.path = s.path where s.run = ?`,
      )
      .all(run) as { id: number; version: number | null; fingerprint: string | null; raw: string | null; base_version: number | null; base_fingerprint: string | null }[];
    for (const e of edited) {
      // Edited here and not yet sent: kept; if the upstream moved on too, both versions stay.
      if (movedUpstream({ version: e.version, fingerprint: e.fingerprint }, { version: e.base_version, fingerprint: e.base_fingerprint })) {
        conflicts.push({ project_id: e.id, theirs: e.raw === null ? null : JSON.parse(e.raw), fingerprint: e.fingerprint });
      }
    }
  }
  issues.push(...(await writeUpstreamProjects(trx, db, { projects: 'staging.projects', rows: 'staging.project_rows', run }, data.projectUsers)));
}

/**
 * Jurisdictions built from embeddings: their contacts as a user's embedded projects showed them,
 * and those no project names any more are gone. (An upstream that has /api/jurisdictions: the
 * ones built before are left to go the same way.)
 */
async function applyEmbeddedJurisdictions(trx: Trx, sqlite: SQLite.Database, data: PulledData): Promise<void> {
  if (data.contacts.size > 0) {
    const held = (await trx.selectFrom('jurisdictions').select(['id', 'name', 'state']).where('source', '=', 'projects').execute()) as HeldJurisdiction[];
    for (const c of data.contacts.values()) {
      const j = matchJurisdiction(c.name, c.state, held);
      if (!j) continue;
      await trx.deleteFrom('contacts').where('jurisdiction_id', '=', j.id).execute();
      await upsertRows(trx, 'contacts', c.contacts.map((contact, position) => ({ ...contact, jurisdiction_id: j.id, position })), 'id');
    }
  }
  sqlite
    .prepare(
      `delete from main.jurisdictions where (source = 'projects' or (? and origin = 'upstream'))
       and id not in (select jurisdiction_id from main.projects where jurisdiction_id is not null)`,
    )
    .run(data.jurisdictions === null ? 1 : 0);
}

/**
 * Records what the store now holds (the answers the run staged, then `answers`, then the staged
 * users' list entries), and forgets answers of records no longer listed.
 */
function writeAnswers(store: Store, answers: AnswerWrite[], data: Pick<PulledData, 'present' | 'users' | 'projects'>): void {
  const present = data.present;
  const replace = store.sqlite.prepare('insert or replace into sync_answers (path, resource, key, etag, stamp, listed, fingerprint, body, fetched_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const refresh = store.sqlite.prepare('update sync_answers set etag = ?, stamp = ?, listed = ?, fetched_at = ? where path = ?');
  const seen = new Map<string, Set<string>>();
  function* recorded() {
    yield* stagedAnswerWrites(store.sqlite);
    yield* answers;
  }
  for (const a of recorded()) {
    // When the central service answered, by its own clock (see AnswerMeta.fetched_at).
    const at = a.served_at ?? '';
    if (a.refresh) refresh.run(a.etag, a.stamp, a.listed ?? null, at, a.path);
    else replace.run(a.path, a.resource, a.key, a.etag, a.stamp, a.listed ?? null, a.fingerprint ?? null, a.body ?? null, at);
    let paths = seen.get(a.resource);
    if (!paths) seen.set(a.resource, (paths = new Set()));
    paths.add(a.path);
  }
  // The staged users': the list entry each was written from (users come whole in their list).
  store.sqlite.exec(
    "insert or replace into sync_answers (path, resource, key, etag, stamp, listed, fingerprint, body, fetched_at) select path, 'users', key, null, null, listed, null, null, '' from staging.users order by seq",
  );
  const remove = store.sqlite.prepare('delete from sync_answers where path = ?');
  // Users and projects by id: those the upstream still lists keep their answers.
  for (const [resource, ids] of [['users', data.users.present], ['projects', data.projects.present]] as const) {
    store.sqlite.exec('drop table if exists temp.listed_ids; create temp table listed_ids (id integer primary key)');
    const add = store.sqlite.prepare('insert or ignore into temp.listed_ids values (?)');
    for (const id of ids) add.run(id);
    store.sqlite.prepare('delete from sync_answers where resource = ? and cast(key as integer) not in (select id from temp.listed_ids)').run(resource);
    store.sqlite.exec('drop table temp.listed_ids');
  }
  for (const resource of ANSWER_RESOURCES) {
    if (resource === 'users' || resource === 'projects') continue;
    const held = store.sqlite.prepare('select path from sync_answers where resource = ?').pluck().all(resource) as string[];
    for (const path of held) if (!present.get(resource)?.has(path) && !seen.get(resource)?.has(path)) remove.run(path);
  }
}
