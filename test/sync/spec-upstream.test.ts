/**
 * Sync against an independent central service that speaks only the spec (test/helpers/
 * spec-upstream: no jurisdiction endpoints, no ids on a project's engineer or jurisdiction, no
 * ETag, no totals, no versions, no writes; its own data with every data quirk on). After the first
 * sync the demo set is gone and every endpoint of the spec answers as the upstream does, field by
 * field; upstream changes arrive with the next sync; offline edits wait, visible, never conflicts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { handWrittenData } from '../helpers/spec-upstream/data.js';
import { startSpecUpstream, type SpecUpstream } from '../helpers/spec-upstream/server.js';
import { expectServedAs, sortedBy } from '../helpers/served-as.js';
import { LOCAL_ID_BASE } from '../../src-main/store/local-ids.js';
import { listBackups } from '../../src-main/store/backups.js';
import { openSqlite } from '../../src-main/store/sqlite.js';

/** The copies of the store taken by sync runs that replaced data (issue 13). */
const syncBackups = () => listBackups(down.engine.dataDir).filter((b) => b.reason === 'before-sync');

let up: SpecUpstream;
let down: TestServer;
/** What the first sync cost, for the next ones to be compared with. */
let first: { requests: number; bytes: number };

async function sync() {
  await down.engine.sync.syncNow();
  return down.engine.sync.status();
}

async function upstreamGet(path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(up.url + path, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${up.key}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

type List = { data: Record<string, unknown>[] };
/** What tells the items of a list apart on both sides (the upstream's embedded jurisdictions have no url). */
const byUrl = (i: Record<string, unknown>) => [i.key, i.code, i.part_number, i.store_id, i.name, i.plumbing_code].map((v) => String(v ?? '')).join('|');

/** The same status, and the same fields; `unordered` for lists whose order the spec leaves open. */
async function expectSame(path: string, options: { unordered?: boolean; body?: unknown } = {}) {
  const init = options.body === undefined ? {} : { method: 'POST', body: options.body };
  const [a, b] = await Promise.all([upstreamGet(path, init), options.body === undefined ? down.get(path) : down.request('POST', path, { body: JSON.stringify(options.body) })]);
  expect(b.status, path).toBe(a.status);
  if (a.status !== 200) return;
  if (options.unordered) {
    // Nested lists of children (a product type's `types`) are in no stated order either.
    const sort = (list: List) => sortedBy(list.data, byUrl).map((i) => (Array.isArray(i.types) ? { ...i, types: sortedBy(i.types as Record<string, unknown>[], byUrl) } : i));
    expectServedAs({ ...(b.body as List), data: sort(b.body as List) }, { ...(a.body as List), data: sort(a.body as List) }, path);
  } else expectServedAs(b.body, a.body, path);
}

beforeAll(async () => {
  up = await startSpecUpstream(handWrittenData());
  down = await startTestServer({ rateLimitPerMinute: 0 }, { syncTuning: { timeoutMs: 20_000, attempts: 3, backoffMs: 20 } });
  await down.engine.sync.saveSettings({ upstream_url: up.url, interval_minutes: 0 }, up.key);
}, 60_000);
afterAll(async () => {
  await down?.close();
  await up?.close();
});

describe('first sync against a service that speaks only the spec', () => {
  it('completes, and nothing of the demo set remains', async () => {
    const status = await sync();
    expect(status.last_error).toBeNull();
    expect(status.state).toBe('idle');
    first = { requests: status.requests, bytes: status.bytes };
    const db = down.engine.store.sqlite;
    expect(db.prepare("select count(*) from users where origin = 'embedded'").pluck().get()).toBe(0);
    expect(db.prepare("select count(*) from projects where origin = 'embedded'").pluck().get()).toBe(0);
    expect(db.prepare("select count(*) from jurisdictions where origin = 'embedded'").pluck().get()).toBe(0);
    expect(db.prepare('select count(*) from users').pluck().get()).toBe(up.data.users.length);
    expect(db.prepare('select id from projects order by id').pluck().all()).toEqual(up.data.projects.map((p) => p.id));
    // Never asked for more than once: the upstream has no jurisdiction endpoint.
    expect(up.seen.filter((r) => r.path.startsWith('/api/jurisdictions'))).toHaveLength(1);
    // The run replaced the demo set: a copy of the store as it was came first.
    const backups = syncBackups();
    expect(backups).toHaveLength(1);
    const copy = openSqlite(backups[0]!.file, { readonly: true });
    try {
      expect(copy.prepare("select count(*) from users where origin = 'embedded'").pluck().get()).toBeGreaterThan(0);
    } finally {
      copy.close();
    }
  }, 60_000);

  it('builds the jurisdictions from what projects embed: one per name and state, with local ids and their contacts', async () => {
    const list = (await down.get('/api/jurisdictions?limit=100')).body as List;
    const names = list.data.map((j) => `${String(j.name)} (${String(j.state)})`).sort();
    expect(names).toEqual(['City of Austin (TX)', 'City of Chicago (IL)', 'City of Springfield (IL)', 'City of Springfield (MO)', 'Cook County (IL)']);
    expect(list.data.every((j) => Number(j.id) >= LOCAL_ID_BASE)).toBe(true);
    const chicago = list.data.find((j) => j.name === 'City of Chicago')!;
    const contacts = (await down.get(`/api/jurisdictions/${String(chicago.id)}/contacts`)).body as List;
    expect(contacts.data.map((c) => c.name)).toEqual(['Ruth Adeyemi', 'Dr. Tom Kowalski, P.E.']);
    // They carry only a name, a plumbing code and sizing methods, yet the authority library knows
    // Austin and Chicago by name and state: their rules apply; the others keep their code family's.
    const source = (name: string, state: string) => {
      const j = list.data.find((x) => x.name === name && x.state === state)! as { rules_source: { status: string; verified: boolean; authority: string | null } };
      return j.rules_source;
    };
    expect(source('City of Austin', 'TX')).toMatchObject({ status: 'authority', verified: true, authority: 'Austin Water (City of Austin)' });
    expect(source('City of Chicago', 'IL')).toMatchObject({ status: 'authority', verified: true });
    expect(source('City of Springfield', 'IL')).toMatchObject({ status: 'code-family', verified: false });
    expect(source('Cook County', 'IL')).toMatchObject({ status: 'code-family', verified: false });
    // The draft without an address (no state) still found its jurisdiction by name.
    expect((await down.get('/api/projects/1008')).body).toMatchObject({ jurisdiction: { name: 'City of Chicago', id: chicago.id } });
  });

  it('reports what it kept with a warning, and rejected nothing', async () => {
    const status = down.engine.sync.status();
    expect(status.rejected).toBe(0);
    const issues = (await down.get('/api/sync/issues')).body as { data: { kind: string; resource: string; key: string; reason: string }[] };
    const warned = (resource: string, key: string) => issues.data.find((i) => i.kind === 'warning' && i.resource === resource && i.key === key);
    expect(warned('product-types', 'legacy-traps')?.reason).toMatch(/404/);
    expect(warned('products', 'GV-2000-01')?.reason).toMatch(/404/);
    expect(warned('projects', '1002')?.reason).toMatch(/fixture/);
    expect(warned('territories', '7')?.reason).toMatch(/Chicagoland/);
    // /products and /territories take no limit/offset by the spec: sent whole, as they should be, is no news.
    expect(issues.data.filter((i) => /limit\/offset|repeats items/.test(i.reason))).toEqual([]);
    expect(status.warnings).toBe(issues.data.length);
  });

  it('every endpoint of the spec answers as the upstream does, field by field', async () => {
    for (const path of ['/product-types', '/products', '/collections', '/territories']) await expectSame(path, { unordered: true });
    for (const path of [
      '/product-types/hydromechanical',
      '/product-types/gravity',
      '/product-types/legacy-traps',
      '/product-types/gravity/products',
      '/collections?only=high-flow',
      '/collections/chicago-approved',
      '/products/HM-35-01',
      '/products/HM-50-01',
      '/products/GV-1000-01',
      '/products/SP-4?store_id=sp4-west',
      '/products/RS-12',
      '/territory/7',
      '/territory/8',
      '/territory/9',
      '/territory?zip_code=60601',
      '/territory?zip_code=60602',
      '/territory?zip_code=78704',
      '/territory?state=IL&county=Cook',
      '/territory?state=Texas&county=Travis%20County',
      '/api/users?limit=5&offset=2',
      '/api/users?types=contractor',
      '/api/users?types[]=contractor&types[]=distributor',
      '/api/users/101?projects=true&contacts=true',
      '/api/users/106',
      '/api/users/104?projects=true&contacts=true',
      '/api/user-by-email/bea%40lindqvist-mech.example?projects=true',
      '/api/projects?limit=5&offset=3',
      '/api/projects?zip_codes=60601',
      '/api/projects?types=tenantFinish',
      '/api/projects/1001?fixtures=true&notes=true&accessories=true',
      '/api/projects/1002?fixtures=true&accessories=true',
      '/api/projects/1004?fixtures=true',
      '/api/projects/1005',
      '/api/projects/1006?fixtures=true&notes=true&accessories=true',
      '/api/projects/1008?fixtures=true',
    ]) {
      await expectSame(path);
    }
    await expectSame('/api/users-by-zip-code', { body: { zip_codes: ['60601', '60614'] } });
    for (const path of ['/api/search?type=user&query=quinn', '/api/search?type=project&query=chicago', '/api/search?type=jurisdiction&query=springfield']) {
      await expectSame(path, { unordered: true });
    }
  });

  it('serves the type tree and each type\'s product list exactly as the service answered them', async () => {
    // Its list in its order; an inactive child it shows only under its parent stays there.
    await expectSame('/product-types');
    const top = ((await down.get('/product-types')).body as List).data.map((t) => t.key);
    expect(top).not.toContain('point-of-use');
    const interceptors = (await down.get('/product-types/interceptors')).body as { types: { key: string; active: boolean }[] };
    expect(interceptors.types).toContainEqual(expect.objectContaining({ key: 'point-of-use', active: false }));
    for (const path of ['/product-types/interceptors', '/product-types/point-of-use', '/product-types/accessories', '/product-types/risers']) await expectSame(path);
    // A category lists what the service lists for it: here its own products only (none), not its sub-types'.
    for (const path of ['/product-types/interceptors/products', '/product-types/hydromechanical/products', '/product-types/accessories/products', '/product-types/risers/products']) await expectSame(path);
    expect(((await down.get('/product-types/interceptors/products')).body as List).data).toEqual([]);
    // The detail's products (a Fieldsizer extension) are the same list, as reduced items.
    const detail = (await down.get('/product-types/hydromechanical')).body as { products: List };
    const full = (await down.get('/product-types/hydromechanical/products')).body as List;
    expect(detail.products.data.map((p) => p.part_number)).toEqual(full.data.map((p) => p.part_number));
  });

  it('serves a null pump_out_cycle as null: on lists, in the detail, in a user\'s embedded projects and in search', async () => {
    const theirs = (await upstreamGet('/api/projects/1005')).body as { pump_out_cycle: unknown };
    expect(theirs.pump_out_cycle).toBeNull();
    for (const path of ['/api/projects/1005', '/api/projects?types=newConstruction', '/api/projects?zip_codes=78701', '/api/users/103?projects=true&contacts=true', '/api/search?type=project&query=taqueria']) await expectSame(path);
    const mine = (await down.get('/api/projects/1005')).body as { pump_out_cycle: unknown; pump_out_cycle_basis: unknown; figures_from: unknown };
    expect(mine).toMatchObject({ pump_out_cycle: null, pump_out_cycle_basis: null, figures_from: 'central_service' });
  });

  it('serves what the service states as it states it: prices, zips, counties, population, labels', async () => {
    const product = (await down.get('/products/HM-50-01')).body as { price: { retail: { price: string; multiplier: number }; list: string } };
    expect(product.price.retail).toEqual({ object: 'price', multiplier: 0.9, price: '2,199.00' });
    const territory = (await down.get('/territory?zip_code=60601')).body as { code: string; population: number; counties: string[]; match: { county: string | null; note: string | null } };
    expect(territory.code).toBe('IL-W');
    expect(territory.population).toBe(1_450_000);
    // The look-up says why: the service's zip list, against the county the zip lies in.
    expect(territory.match.county).toBe('Cook County, IL');
    expect(territory.match.note).toMatch(/lists zip code 60601 in this territory, although Cook County, IL is not in it/);
    expect(((await down.get('/territory/7')).body as { counties: string[] }).counties).toContain('Chicagoland (unincorporated areas)');
    const springfield = (await down.get('/api/projects/1006')).body as { jurisdiction: { sizing_methods: unknown }; menu_type: unknown; pump_out_target: unknown; flow_rate: unknown };
    expect(springfield.jurisdiction.sizing_methods).toEqual({ indoor: 'Local method (see contact)', outdoor: 'Local method (see contact)' });
    // Inputs the service did not state are not made up; its computed figures are kept as stated.
    expect(springfield.menu_type).toBeNull();
    expect(springfield.pump_out_target).toBeNull();
    expect(springfield.flow_rate).toEqual(((await upstreamGet('/api/projects/1006')).body as { flow_rate: unknown }).flow_rate);
  });

  it('keeps a product whose detail answers 404 as the list shows it, and links a project whose engineer shows no e-mail', async () => {
    const listed = ((await upstreamGet('/products')).body as List).data.find((p) => p.part_number === 'GV-2000-01')!;
    expect((await upstreamGet('/products/GV-2000-01')).status).toBe(404);
    const kept = (await down.get('/products/GV-2000-01')).body as Record<string, unknown>;
    for (const [k, v] of Object.entries(listed)) expect(kept[k], k).toEqual(v);
    // Project 1009 shows its engineer without an e-mail: linked through the user whose projects embed it.
    expect((await down.get('/api/projects/1009')).body).toMatchObject({ engineer: { id: 108, name: 'Hana Sato' } });
  });

  it('a fixture of an unknown kind is served back unchanged, and the local sizing sizes the rest and says what it assumed', async () => {
    const theirs = (await upstreamGet('/api/projects/1002?fixtures=true')).body as { fixtures: List };
    const mine = (await down.get('/api/projects/1002?fixtures=true')).body as { fixtures: List };
    expect(mine.fixtures.data.map((f) => f.type)).toEqual(theirs.fixtures.data.map((f) => f.type));
    const sizing = (await down.get('/api/projects/1002/sizing')).body as { fixtures: unknown[]; assumed_inputs: string[] };
    expect(sizing.fixtures).toHaveLength(3);
    expect(sizing.assumed_inputs).toEqual(expect.arrayContaining(['menu_type', 'pump_out_target_days']));
    expect(sizing.assumed_inputs).not.toContain('servings_per_day');
  });
});

describe('the next syncs', () => {
  it('a sync with nothing changed asks for no detail, nor again for the jurisdiction endpoint, and costs less than the first', async () => {
    const jurisdictionIds = async () => ((await down.get('/api/jurisdictions?limit=100')).body as List).data.map((j) => `${String(j.name)} ${String(j.state)} ${String(j.id)}`).sort();
    const idsBefore = await jurisdictionIds();
    const backupsBefore = syncBackups().length;
    const before = up.seen.length;
    const status = await sync();
    expect(status.last_error).toBeNull();
    const asked = up.seen.slice(before).map((r) => r.path.split('?')[0]!);
    expect(asked.filter((p) => /^\/api\/projects\/\d+$|^\/api\/users\/\d+$|^\/products\/./.test(p))).toEqual([]);
    expect(asked.filter((p) => p.startsWith('/api/jurisdictions'))).toEqual([]);
    // Requests and bytes are reported per run.
    expect(status.requests).toBe(asked.length);
    expect(status.requests).toBeLessThan(first.requests);
    expect(status.bytes).toBeLessThan(first.bytes);
    // The jurisdictions built from what projects embed keep their local ids.
    expect(await jurisdictionIds()).toEqual(idsBefore);
    // Nothing was replaced, so no copy was taken.
    expect(syncBackups()).toHaveLength(backupsBefore);
  }, 60_000);

  it('brings a rename, a price, a new user and project, and deletions', async () => {
    const today = new Date();
    const stamp = `${String(today.getUTCMonth() + 1).padStart(2, '0')}/${String(today.getUTCDate()).padStart(2, '0')}/${today.getUTCFullYear()}`;
    const data = up.data;
    data.projects.find((p) => p.id === 1003)!.name = 'Naperville Deli & Bakery';
    const hm20 = data.products.find((p) => p.part_number === 'HM-20-01')!;
    hm20.list = 1399;
    hm20.last_updated = stamp;
    data.users.push({ id: 110, service_user: true, name: 'Jo Kim', email: 'jo.kim@kim-arch.example', phone_number: null, position: 'Architect', company: 'Kim Architecture', postal_code: '60614', type: 'Engineer / Architect', registered: stamp, last_active: stamp, updated: stamp });
    data.projects.push({ ...data.projects.find((p) => p.id === 1009)!, id: 1013, user: 110, name: 'Lincoln Park Ramen', engineer_email_quirk: undefined });
    data.projects = data.projects.filter((p) => p.id !== 1012);
    data.users = data.users.filter((u) => u.id !== 107);
    up.data.projects = data.projects;
    up.data.users = data.users;

    const backupsBefore = syncBackups().length;
    const status = await sync();
    expect(status.last_error).toBeNull();
    expect(syncBackups()).toHaveLength(backupsBefore + 1);
    for (const path of ['/api/projects/1003', '/products/HM-20-01', '/api/users/110?projects=true&contacts=true', '/api/projects/1013?fixtures=true&notes=true&accessories=true', '/api/projects/1012', '/api/users/107']) {
      await expectSame(path);
    }
    expect((await down.get('/api/projects/1012')).status).toBe(404);
    await expectSame('/api/projects?limit=100');
    await expectSame('/api/users?limit=100');
    await expectSame('/products', { unordered: true });
  }, 60_000);
});

describe('offline work against a service without writes', () => {
  it('a rename here keeps the service\'s figures as received; a changed sizing input re-sizes and says so', async () => {
    const path = '/api/projects/1009?fixtures=true&notes=true&accessories=true';
    const theirs = (await upstreamGet(path)).body as Record<string, unknown>;
    const renamed = await down.request('PATCH', '/api/projects/1009', { body: JSON.stringify({ name: 'Fulton Market Grill & Bar' }) });
    expect(renamed.status, renamed.text).toBe(200);
    // Field by field as the service answered, but for the new name: flow, grease, cycle, product and fixtures as received.
    expectServedAs(renamed.body, { ...theirs, name: 'Fulton Market Grill & Bar' }, 'PATCH 1009');
    expectServedAs((await down.get(path)).body, { ...theirs, name: 'Fulton Market Grill & Bar' }, path);
    expect(renamed.body).toMatchObject({ figures_from: 'central_service' });
    // The same inputs sent back as they stand (as the app's editor saves a form): still the service's figures.
    const same = await down.request('PATCH', '/api/projects/1009', { body: JSON.stringify({ servings_per_day: theirs.servings_per_day, fryer: theirs.fryer, pipe_size: theirs.pipe_size }) });
    expect(same.body).toMatchObject({ figures_from: 'central_service', flow_rate: theirs.flow_rate, grease: theirs.grease });
    // Servings change: this app sizes it, and says whose figures these are now.
    const resized = await down.request('PATCH', '/api/projects/1009', { body: JSON.stringify({ servings_per_day: 900 }) });
    expect(resized.status, resized.text).toBe(200);
    const after = resized.body as { figures_from: string; grease: { per_day: { weight: { value: number } } }; servings_per_day: number };
    expect(after.figures_from).toBe('local');
    expect(after.servings_per_day).toBe(900);
    expect(after.grease.per_day.weight.value).not.toBe((theirs.grease as typeof after.grease).per_day.weight.value);
  });

  it('edits and new projects wait, shown as waiting, and never become conflicts', async () => {
    const created = await down.request('POST', '/api/projects', { body: JSON.stringify({ name: 'Offline pizzeria', engineer: { id: 101 }, servings_per_day: 180 }) });
    expect(created.status, created.text).toBe(201);
    const localId = (created.body as { id: number }).id;
    expect(localId).toBeGreaterThanOrEqual(LOCAL_ID_BASE);
    expect((await down.request('PATCH', '/api/projects/1008', { body: JSON.stringify({ servings_per_day: 320 }) })).status).toBe(200);
    // A synced draft deleted here: the delete waits too, and the pull does not bring the project back.
    expect((await down.request('DELETE', '/api/projects/1006')).status).toBe(204);
    // Meanwhile the same draft changes upstream.
    up.data.projects.find((p) => p.id === 1008)!.name = 'Food hall concept (revised)';
    up.data.projects.find((p) => p.id === 1006)!.name = 'Springfield Diner (new owner)';

    const status = await sync();
    expect(status.last_error).toBeNull();
    expect(status.waiting).toBe('waiting: the central service does not accept changes');
    expect(status.unsynced_changes).toBe(4);
    expect(status.conflicts).toBe(0);
    expect((await down.get('/api/projects/1006')).status).toBe(404);
    expect(await down.engine.sync.conflicts()).toEqual([]);
    // Nothing was sent but the one question whether writes are taken.
    expect(up.seen.filter((r) => r.method !== 'GET' && r.path !== '/api/users-by-zip-code').map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/projects']);
    // Both stay here as the rep left them.
    expect((await down.get(`/api/projects/${localId}`)).body).toMatchObject({ name: 'Offline pizzeria' });
    expect((await down.get('/api/projects/1008')).body).toMatchObject({ servings_per_day: 320, name: 'Food hall concept' });
    const api = (await down.get('/api/sync')).body as { waiting: string; unsynced_changes: number };
    expect(api).toMatchObject({ waiting: 'waiting: the central service does not accept changes', unsynced_changes: 4 });
  }, 60_000);
});
