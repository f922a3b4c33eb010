/**
 * Writes pulled data into the store in ONE transaction on a connection of its own: the API keeps
 * reading the previous data (SQLite WAL gives readers the last committed state) until the commit
 * switches everything at once, and a failure at any point rolls back to the previous data. It runs
 * in the pull worker (pull-worker.ts), off the thread that serves.
 *
 * The catalog and the territories are rebuilt whole when any part of them changed (they are small
 * and their rows link to each other); jurisdictions, users and projects are written record by
 * record: changed ones replaced, vanished ones removed, the rest left as they are.
 *
 * Locally edited projects (dirty) are never overwritten: a project that changed upstream too is
 * recorded as a conflict for the user to resolve, with both versions kept.
 */
import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../store/schema.js';
import type { Store } from '../store/open-store.js';
import { deleteWhereIn, insertRows, upsertRows } from '../store/insert-rows.js';
import { writeWithFtsIndex } from '../store/fts-bulk-write.js';
import { matchKey } from '../../src-shared/text-match.js';
import { refKey, type ProductRef, type PulledTerritory } from './convert.js';
import type { PulledCatalog, PulledData, RejectedRecord, StagedAccessory } from './pull.js';
import { STAGED_PROJECT_COLUMNS, type AnswerWrite } from './sync-answers.js';
import { SyncFailure } from './sync-service.js';

export interface ApplyResult {
  rejected: RejectedRecord[];
  conflicts: { project_id: number; theirs: unknown }[];
}

/** Every resource of sync_answers: answers of these not seen in a run are forgotten. */
const ANSWER_RESOURCES = [
  'product-types',
  'product-type',
  'products:page',
  'products',
  'collections',
  'territories:page',
  'territories',
  'jurisdictions:page',
  'jurisdictions',
  'users:page',
  'project list:page',
  'projects',
];
const CATALOG_RESOURCES = new Set(['product-types', 'products', 'collections']);

type Trx = Transaction<Database>;

/** `run`: the staging's mark on this run's projects (the staging file is attached as `staging`). */
export async function applyPulledData(store: Store, data: PulledData, run: string, pushedLocalIds: number[], signal: AbortSignal): Promise<ApplyResult> {
  const rejected = [...data.rejected];
  const conflicts: ApplyResult['conflicts'] = [];
  const answers: AnswerWrite[] = [...data.answers];
  const check = () => {
    if (signal.aborted) throw new SyncFailure('cancelled', 'The sync was cancelled; the data from before it is kept.');
  };
  await store.db.transaction().execute(async (trx) => {
    // Rejections of what is not rebuilt this time still stand.
    const before = await trx.selectFrom('meta').select('value').where('key', '=', 'sync.rejected').executeTakeFirst();
    const previous = before ? (JSON.parse(before.value) as RejectedRecord[]) : [];
    rejected.push(...previous.filter((r) => (data.catalog === null && CATALOG_RESOURCES.has(r.resource)) || (data.territories === null && r.resource === 'territories')));

    // Drafts made here that the push sent come back with the upstream's id.
    await deleteWhereIn(trx, 'projects', 'id', pushedLocalIds);
    // Projects gone upstream (on a first sync: the embedded demo projects); edits made here stay.
    const clean = await trx.selectFrom('projects').select('id').where('dirty', '=', 0).execute();
    await deleteWhereIn(trx, 'projects', 'id', clean.map((p) => p.id).filter((id) => !data.projects.present.has(id)));
    check();

    if (data.catalog) await replaceCatalog(trx, data.catalog, data.productIds, rejected);
    check();
    if (data.territories) await replaceTerritories(trx, data.territories, rejected);
    check();
    await applyJurisdictions(trx, data, answers);
    check();
    await applyUsers(trx, store.sqlite, data);
    check();
    // Answers first: it forgets those of records not seen, and the projects' come with them.
    writeAnswers(store, answers, data.present);
    await applyProjects(store, data, run, rejected, conflicts);
    check();

    const meta = [
      { key: 'data_set', value: 'upstream' },
      { key: 'sync.rejected', value: JSON.stringify(rejected.slice(0, 500)) },
    ];
    for (const m of meta) await trx.insertInto('meta').values(m).onConflict((oc) => oc.column('key').doUpdateSet({ value: m.value })).execute();
    for (const id of pushedLocalIds) await trx.deleteFrom('meta').where('key', '=', `sync.pushed.${id}`).execute();
  });
  return { rejected, conflicts };
}

async function replaceCatalog(trx: Trx, catalog: PulledCatalog, learnedIds: Map<string, number>, rejected: RejectedRecord[]): Promise<void> {
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
      .values({ key: t.key, name: t.name, active: 1, image: t.image, parent_id: t.parentKey ? (typeIds.get(t.parentKey) ?? null) : null, created: t.created, last_updated: t.last_updated, origin: 'upstream', extra: t.extra })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.set(t.key, row.id);
  }
  const typeIdByName = new Map(catalog.productTypes.map((t) => [t.name, typeIds.get(t.key)!]));

  const ids = new Map<string, number>();
  const taken = new Set<number>();
  for (const p of catalog.products) {
    const learned = learnedIds.get(refKey(p.ref));
    if (learned !== undefined && !taken.has(learned)) {
      ids.set(refKey(p.ref), learned);
      taken.add(learned);
    }
  }
  const reserved = new Set(learnedIds.values());
  for (const p of catalog.products) {
    const local = localIds.get(refKey(p.ref));
    if (!ids.has(refKey(p.ref)) && local !== undefined && !taken.has(local) && !reserved.has(local)) {
      ids.set(refKey(p.ref), local);
      taken.add(local);
    }
  }
  let next = Math.max(0, ...taken, ...reserved) + 1;
  for (const p of catalog.products) if (!ids.has(refKey(p.ref))) ids.set(refKey(p.ref), next++);
  const productId = (ref: ProductRef) => ids.get(refKey(ref));

  const products = catalog.products.filter((p) => {
    if (typeIdByName.has(p.typeName)) return true;
    rejected.push({ resource: 'products', id: p.ref.part_number, reason: `its type "${p.typeName}" is not among the product types` });
    return false;
  });
  await insertRows(
    trx,
    'products',
    products.map((p) => ({ ...p.row, id: productId(p.ref)!, type_id: typeIdByName.get(p.typeName)!, is_demo: 0 as const, details: '{}', origin: 'upstream' as const })),
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
  await insertRows(trx, 'product_ratings', products.flatMap((p) => p.ratings.map((r, position) => ({ ...r, product_id: productId(p.ref)!, position }))));
  const options = new Map<number, (typeof products)[number]['options'][number]>();
  for (const p of products) for (const o of p.options) options.set(o.id, o);
  await insertRows(trx, 'options', [...options.values()]);
  await insertRows(trx, 'product_options', products.flatMap((p) => p.options.map((o, position) => ({ product_id: productId(p.ref)!, option_id: o.id, position }))));
  await insertRows(trx, 'product_certifications', products.flatMap((p) => p.certifications.map((c, position) => ({ ...c, product_id: productId(p.ref)!, position }))));
  const links = new Map<string, Insertable<Database['product_links']>>();
  for (const p of products) {
    const owner = productId(p.ref)!;
    const positions = { accessory: 0, related: 0, compatible: 0 };
    for (const l of p.links) {
      const linked = productId(l.ref);
      if (linked === undefined || !present.has(refKey(l.ref))) continue;
      links.set(`${owner}:${l.kind}:${linked}`, { product_id: owner, linked_id: linked, kind: l.kind, component: l.component, position: positions[l.kind]++ });
    }
  }
  await insertRows(trx, 'product_links', [...links.values()]);
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

/** Territory counties are matched by name and state against the local geography. */
async function replaceTerritories(trx: Trx, territories: PulledTerritory[], rejected: RejectedRecord[]): Promise<void> {
  await trx.deleteFrom('territory_counties').execute();
  await trx.deleteFrom('territories').execute();
  const counties = await trx.selectFrom('counties').select(['fips', 'state_code', 'match_name']).execute();
  const countyFips = new Map(counties.map((c) => [`${c.state_code}:${c.match_name}`, c.fips]));
  const assigned = new Set<string>();
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
    if (unknown.length > 0) rejected.push({ resource: 'territories', id: String(t.id), reason: `counties not in the local geography: ${unknown.slice(0, 5).join('; ')}` });
    for (const f of fips) assigned.add(f);
    const { counties: _counties, ...row } = t;
    territoryRows.push({ ...row, origin: 'upstream' as const });
    territoryCounties.push(...fips.map((county_fips) => ({ county_fips, territory_id: t.id })));
  }
  await insertRows(trx, 'territories', territoryRows);
  await insertRows(trx, 'territory_counties', territoryCounties);
}

async function applyJurisdictions(trx: Trx, data: PulledData, answers: AnswerWrite[]): Promise<void> {
  const { changed, present } = data.jurisdictions;
  // Deleting a jurisdiction unlinks its projects (ON DELETE SET NULL); changed ones are updated in place.
  const local = await trx.selectFrom('jurisdictions').select('id').execute();
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

async function applyUsers(trx: Trx, sqlite: Store['sqlite'], data: PulledData): Promise<void> {
  const { changed, present } = data.users;
  // Users gone upstream, unless a project here still names them (an edit not yet sent).
  const gone = await trx
    .selectFrom('users')
    .select('id')
    .where('id', 'not in', (eb) => eb.selectFrom('projects').select('user_id'))
    .execute();
  await deleteWhereIn(trx, 'users', 'id', gone.map((u) => u.id).filter((id) => !present.has(id)));
  if (changed.length === 0) return;
  await writeWithFtsIndex(sqlite, 'users', changed.length, async () => {
    // E-mails are unique: park the changed users' old ones first, so two users may swap theirs.
    const ids = changed.map((u) => u.id);
    for (let i = 0; i < ids.length; i += 400) {
      await trx
        .updateTable('users')
        .set((eb) => ({ email: eb.fn<string>('printf', [eb.val('\u0001sync-%d'), eb.ref('id')]) }))
        .where('id', 'in', ids.slice(i, i + 400))
        .execute();
    }
    await upsertRows(trx, 'users', changed.map((u) => ({ ...u, origin: 'upstream' as const })), 'id');
  });
}

/**
 * Projects staged by this run are copied from the attached staging file with plain SQL: those
 * edited or deleted here are not overwritten (an upstream change to an edited one is a
 * conflict), those whose engineer is unknown are set aside.
 */
async function applyProjects(store: Store, data: PulledData, run: string, rejected: RejectedRecord[], conflicts: ApplyResult['conflicts']): Promise<void> {
  if (data.projects.changed.length === 0) return;
  const db = store.sqlite;
  for (const o of db.prepare(`select s.id, s.user_id from staging.projects s where s.run = ? and s.user_id not in (select id from main.users)`).all(run) as { id: number; user_id: number }[]) {
    rejected.push({ resource: 'projects', id: String(o.id), reason: `its engineer (user ${o.user_id}) is not among the users` });
  }
  const edited = db
    .prepare(`select s.id, s.version, s.raw, p.base_version from staging.projects s join main.projects p on p.id = s.id and p.dirty = 1 where s.run = ?`)
    .all(run) as { id: number; version: number; raw: string | null; base_version: number | null }[];
  for (const e of edited) {
    // Edited here and not yet pushed: kept; if the upstream moved on too, both versions stay.
    if (e.base_version === null || e.version > e.base_version) conflicts.push({ project_id: e.id, theirs: e.raw === null ? null : JSON.parse(e.raw) });
  }
  db.exec('drop table if exists temp.incoming');
  db.prepare(
    `create temp table incoming as select s.id from staging.projects s where s.run = ? and s.user_id in (select id from main.users)
       and s.id not in (select id from main.projects where dirty = 1)
       and s.id not in (select cast(substr(key, 14) as integer) from main.meta where key like 'sync.deleted.%')`,
  ).run(run);
  const incoming = db.prepare('select count(*) from temp.incoming').pluck().get() as number;
  await writeWithFtsIndex(db, 'projects', incoming, () => {
    // Deleting takes the old fixtures and notes with it (ON DELETE CASCADE).
    db.exec('delete from main.projects where id in (select id from temp.incoming)');
    // A jurisdiction this store does not hold is left out (the project keeps its other fields).
    const values = STAGED_PROJECT_COLUMNS.map((c) => (c === 'jurisdiction_id' ? '(select id from main.jurisdictions where id = s.jurisdiction_id)' : `s.${c}`));
    db.prepare(
      `insert into main.projects (${STAGED_PROJECT_COLUMNS.join(', ')}, dirty, base_version, origin)
       select ${values.join(', ')}, 0, s.version, 'upstream' from staging.projects s join temp.incoming i on i.id = s.id`,
    ).run();
  });
  // Fixtures and notes are staged as JSON arrays: unpacked here.
  const unpack = (column: 'fixtures' | 'notes') => `from staging.projects s join temp.incoming i on i.id = s.id, json_each(s.${column}) j`;
  db.exec(`insert into main.project_fixtures (project_id, position, input) select s.id, j.key, j.value ${unpack('fixtures')}`);
  db.exec(
    `insert or replace into main.project_notes (id, project_id, author, text, created)
     select j.value ->> '$.id', s.id, j.value ->> '$.author', j.value ->> '$.text', j.value ->> '$.created' ${unpack('notes')}`,
  );

  // Accessories came with the upstream's product ids; where this catalog has another, it wins.
  const productIds = new Map((db.prepare('select id, part_number, store_id from main.products').all() as { id: number; part_number: string; store_id: string | null }[]).map((p) => [refKey(p), p.id]));
  const withAccessories = db.prepare(`select s.id, s.accessories from staging.projects s join temp.incoming i on i.id = s.id where s.accessories <> '[]'`).all() as { id: number; accessories: string }[];
  const sizingOf = db.prepare<[number], { sizing: string }>('select sizing from main.projects where id = ?');
  const setSizing = db.prepare('update main.projects set sizing = ? where id = ?');
  for (const w of withAccessories) {
    const accessories = JSON.parse(w.accessories) as StagedAccessory[];
    if (accessories.every((a) => productIds.get(refKey(a.ref)) === a.id)) continue;
    const sizing = JSON.parse(sizingOf.get(w.id)!.sizing) as { recommended_accessories: { product: { id: number; part_number: string; name: string } | null }[] };
    for (const a of accessories) {
      const id = productIds.get(refKey(a.ref));
      sizing.recommended_accessories[a.index]!.product = id === undefined ? null : { id, part_number: a.ref.part_number, name: a.name };
    }
    setSizing.run(JSON.stringify(sizing), w.id);
  }
  // What the store now holds of them, for the next run's decisions.
  db.prepare(
    `insert or replace into main.sync_answers (path, resource, key, etag, stamp, body, fetched_at)
     select s.path, 'projects', cast(s.id as text), s.etag, s.stamp, null, s.fetched_at from staging.projects s join temp.incoming i on i.id = s.id`,
  ).run();
  db.exec('drop table temp.incoming');
}

/** Records what the store now holds, and forgets answers of records no longer listed. */
function writeAnswers(store: Store, answers: AnswerWrite[], present: Map<string, Set<string>>): void {
  const now = new Date().toISOString();
  const replace = store.sqlite.prepare('insert or replace into sync_answers (path, resource, key, etag, stamp, body, fetched_at) values (?, ?, ?, ?, ?, ?, ?)');
  const refresh = store.sqlite.prepare('update sync_answers set etag = ?, stamp = ?, fetched_at = ? where path = ?');
  const seen = new Map<string, Set<string>>();
  for (const a of answers) {
    if (a.refresh) refresh.run(a.etag, a.stamp, now, a.path);
    else replace.run(a.path, a.resource, a.key, a.etag, a.stamp, a.body ?? null, now);
    let paths = seen.get(a.resource);
    if (!paths) seen.set(a.resource, (paths = new Set()));
    paths.add(a.path);
  }
  const remove = store.sqlite.prepare('delete from sync_answers where path = ?');
  for (const resource of ANSWER_RESOURCES) {
    const held = store.sqlite.prepare('select path from sync_answers where resource = ?').pluck().all(resource) as string[];
    for (const path of held) if (!present.get(resource)?.has(path) && !seen.get(resource)?.has(path)) remove.run(path);
  }
}
