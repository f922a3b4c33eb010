/**
 * Writes pulled data into the store in ONE transaction on a connection of its own: the API keeps
 * reading the previous data (SQLite WAL gives readers the last committed state) until the commit
 * switches everything at once, and a failure at any point rolls back to the previous data. It runs
 * in the pull worker (pull-worker.ts), off the thread that serves.
 *
 * Locally edited projects (dirty) are never overwritten: a project that changed upstream too is
 * recorded as a conflict for the user to resolve, with both versions kept.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { insertRows } from '../store/insert-rows.js';
import { matchKey } from '../../src-shared/text-match.js';
import { projectFrom, refKey, Rejected, type ProductRef } from './convert.js';
import type { PulledData, RejectedRecord } from './pull.js';
import { SyncFailure } from './sync-service.js';

export interface ApplyResult {
  rejected: RejectedRecord[];
  conflicts: { project_id: number; theirs: unknown }[];
}

export async function applyPulledData(db: Kysely<Database>, data: PulledData, pushedLocalIds: number[], signal: AbortSignal): Promise<ApplyResult> {
  const rejected = [...data.rejected];
  const conflicts: ApplyResult['conflicts'] = [];
  await db.transaction().execute(async (trx) => {
    const check = () => {
      if (signal.aborted) throw new SyncFailure('cancelled', 'The sync was cancelled; the data from before it is kept.');
    };

    // Projects edited here stay; remember their jurisdictions (deleting jurisdictions nulls them).
    const kept = await trx.selectFrom('projects').select(['id', 'jurisdiction_id', 'base_version', 'name']).where('dirty', '=', 1).execute();

    // --- Clear what the upstream replaces (the embedded demo data on a first sync). ---
    for (const table of ['collection_items', 'collections', 'product_links', 'product_options', 'options', 'product_ratings', 'product_certifications', 'product_type_links', 'products', 'product_types', 'territory_counties', 'territories', 'contacts', 'jurisdiction_zip_codes'] as const) {
      await trx.deleteFrom(table).execute();
    }
    await trx.deleteFrom('projects').where('dirty', '=', 0).execute();
    if (pushedLocalIds.length > 0) await trx.deleteFrom('projects').where('id', 'in', pushedLocalIds).execute();
    await trx.deleteFrom('jurisdictions').execute();
    await trx.deleteFrom('users').where('id', 'not in', (eb) => eb.selectFrom('projects').select('user_id')).execute();
    check();

    // --- Catalog ---
    const typeIds = new Map<string, number>();
    const pending = [...data.productTypes];
    while (pending.length > 0) {
      const i = pending.findIndex((t) => t.parentKey === null || typeIds.has(t.parentKey) || !data.productTypes.some((o) => o.key === t.parentKey));
      const t = pending.splice(i < 0 ? 0 : i, 1)[0]!;
      const row = await trx
        .insertInto('product_types')
        .values({ key: t.key, name: t.name, active: 1, image: t.image, parent_id: t.parentKey ? (typeIds.get(t.parentKey) ?? null) : null, created: t.created, last_updated: t.last_updated, origin: 'upstream', extra: t.extra })
        .returning('id')
        .executeTakeFirstOrThrow();
      typeIds.set(t.key, row.id);
    }
    const typeIdByName = new Map(data.productTypes.map((t) => [t.name, typeIds.get(t.key)!]));

    // Upstream ids where the upstream has shown them (in links); fresh ids above them otherwise.
    const ids = new Map<string, number>();
    let next = Math.max(0, ...data.productIds.values()) + 1;
    for (const p of data.products) {
      const key = refKey(p.ref);
      ids.set(key, data.productIds.get(key) ?? next++);
    }
    const productId = (ref: ProductRef) => ids.get(refKey(ref));
    const products = data.products.filter((p) => {
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
    for (const [key, members] of data.typeMembers) {
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
    for (const c of data.collections) {
      const row = await trx
        .insertInto('collections')
        .values({ key: c.key, name: c.name, image: c.image ? JSON.stringify(c.image) : null, origin: 'upstream', extra: c.extra })
        .returning('id')
        .executeTakeFirstOrThrow();
      const items = [...new Set(c.items.filter((i) => present.has(refKey(i))).map((i) => productId(i)!))];
      await insertRows(trx, 'collection_items', items.map((product_id, position) => ({ collection_id: row.id, product_id, position })));
    }
    check();

    // --- Territories: counties are matched by name and state against the local geography. ---
    const counties = await trx.selectFrom('counties').select(['fips', 'state_code', 'match_name']).execute();
    const countyFips = new Map(counties.map((c) => [`${c.state_code}:${c.match_name}`, c.fips]));
    const assigned = new Set<string>();
    const territoryRows = [];
    const territoryCounties = [];
    for (const t of data.territories) {
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
    check();

    // --- Jurisdictions ---
    const countyByName = new Map(counties.map((c) => [`${c.state_code}:${c.match_name}`, c.fips]));
    const zipOwner = new Set<string>();
    await insertRows(
      trx,
      'jurisdictions',
      data.jurisdictions.map((j) => ({
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
    );
    await insertRows(
      trx,
      'jurisdiction_zip_codes',
      data.jurisdictions.flatMap((j) => j.zip_codes.filter((zip) => !zipOwner.has(zip) && zipOwner.add(zip)).map((zip) => ({ zip, jurisdiction_id: j.id }))),
    );
    await insertRows(trx, 'contacts', data.jurisdictions.flatMap((j) => j.contacts.map((c, position) => ({ ...c, jurisdiction_id: j.id, position }))));
    const jurisdictionIds = new Set(data.jurisdictions.map((j) => j.id));
    for (const p of kept) {
      if (p.jurisdiction_id !== null && jurisdictionIds.has(p.jurisdiction_id)) {
        await trx.updateTable('projects').set({ jurisdiction_id: p.jurisdiction_id }).where('id', '=', p.id).execute();
      }
    }
    check();

    // --- Users ---
    const keptUsers = new Set((await trx.selectFrom('users').select('id').execute()).map((u) => u.id));
    const newUsers = data.users.filter((u) => !keptUsers.has(u.id)).map((u) => ({ ...u, origin: 'upstream' as const }));
    await insertRows(trx, 'users', newUsers);
    for (const u of data.users.filter((u) => keptUsers.has(u.id))) {
      await trx.updateTable('users').set({ ...u, origin: 'upstream' }).where('id', '=', u.id).execute();
    }
    const userIds = new Set(data.users.map((u) => u.id));
    check();

    // --- Projects ---
    const keptById = new Map(kept.map((p) => [p.id, p]));
    const rows = [];
    const fixtures = [];
    const notes = [];
    for (const raw of data.projects) {
      let p;
      try {
        p = projectFrom(raw, productId);
      } catch (error) {
        if (!(error instanceof Rejected)) throw error;
        rejected.push({ resource: 'projects', id: String((raw as { id?: unknown }).id), reason: error.message });
        continue;
      }
      if (!userIds.has(p.row.user_id) && !keptUsers.has(p.row.user_id)) {
        rejected.push({ resource: 'projects', id: String(p.row.id), reason: `its engineer (user ${p.row.user_id}) is not among the users` });
        continue;
      }
      if (p.row.jurisdiction_id !== null && !jurisdictionIds.has(p.row.jurisdiction_id)) p.row.jurisdiction_id = null;
      const local = keptById.get(p.row.id);
      if (local) {
        // Edited here and not yet pushed: keep it; if the upstream moved on too, both versions stay.
        if (local.base_version === null || p.row.version > local.base_version) conflicts.push({ project_id: p.row.id, theirs: raw });
        continue;
      }
      rows.push({ ...p.row, dirty: 0 as const, base_version: p.row.version, origin: 'upstream' as const });
      fixtures.push(...p.fixtures.map((f, position) => ({ project_id: p.row.id, position, input: JSON.stringify(f) })));
      notes.push(...p.notes.map((n) => ({ ...n, project_id: p.row.id })));
    }
    await insertRows(trx, 'projects', rows);
    await insertRows(trx, 'project_fixtures', fixtures);
    await insertRows(trx, 'project_notes', notes);
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
