/**
 * Two real headless servers: one is the central service (upstream) of the other. After a sync
 * the downstream serves the same JSON as the upstream; upstream edits, additions and deletions
 * arrive; offline edits are pushed; a two-sided edit becomes a conflict and loses neither version.
 */
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { syncPair, type TestServer } from '../helpers/api-server.js';
import { asSyncedFrom } from '../helpers/served-as.js';

let up: TestServer;
let down: TestServer;
syncPair({ ready: (pair) => ({ up, down } = pair) });

async function sync(t: TestServer) {
  await t.engine.sync.syncNow();
  return t.engine.sync.status();
}

/** Changes the upstream's data behind its API, as another client of the central service would. */
function upstreamSql(statement: string, ...params: unknown[]) {
  const db = new Database(up.engine.store.file);
  try {
    db.prepare(statement).run(...params);
  } finally {
    db.close();
  }
}

beforeAll(() => {
  // Make the upstream differ from the embedded set the downstream starts with.
  upstreamSql("update products set short_name = 'GB-250 (central)' where part_number = '4055-007-02'");
  upstreamSql("update users set company = 'Central Plumbing Co.' where id = 2");
  upstreamSql('delete from projects where id = 7');
});

const sampled = [
  '/product-types',
  '/products',
  '/products/4055-007-02',
  '/products/4080-XXX-01?store_id=279',
  '/products/5045-003-01',
  '/collections',
  '/collections?only=high-flow',
  '/territories',
  '/territory/11',
  '/territory?zip_code=60601',
  '/territory?state=MD&county=Baltimore',
  '/api/users?limit=50',
  '/api/users?types=contractor&limit=10&offset=5',
  '/api/users/2?projects=true&contacts=true',
  '/api/user-by-email/tariq_zhang@example.com?projects=true',
  '/api/projects?limit=40',
  '/api/projects?types[]=shell&types[]=tenantFinish&limit=30',
  '/api/projects/5?fixtures=true&notes=true&accessories=true',
  '/api/projects/12?fixtures=true',
  '/api/jurisdictions?limit=100',
  '/api/jurisdictions/1?contacts=true',
  '/api/search?type=project&query=pizza',
  '/api/search?type=user&query=mar',
];

describe('first sync', () => {
  it('replaces the embedded data with the upstream and serves the same JSON for every sampled request', async () => {
    const status = await sync(down);
    expect(status.last_error).toBeNull();
    expect(status.state).toBe('idle');
    expect(status.phase).toBe('done');
    expect(status.bytes).toBeGreaterThan(100_000);
    const products = status.progress.find((p) => p.resource === 'products')!;
    expect(products.done).toBe(products.total);
    for (const path of sampled) {
      const [a, b] = await Promise.all([up.get(path), down.get(path)]);
      expect(b.status, path).toBe(a.status);
      expect(b.body, path).toEqual(asSyncedFrom(a.body));
    }
  }, 120_000);

  it('brought the upstream edits and deletions', async () => {
    expect((await down.get('/products/4055-007-02')).body).toMatchObject({ short_name: 'GB-250 (central)' });
    expect((await down.get('/api/projects/7')).status).toBe(404);
  });
});

describe('later syncs', () => {
  it('transfers almost nothing when nothing changed upstream, and serves the same data', async () => {
    const first = down.engine.sync.status().bytes;
    const status = await sync(down);
    expect(status.last_error).toBeNull();
    expect(status.bytes).toBeLessThan(first / 20);
    expect((await down.get('/products/4055-007-02')).body).toEqual((await up.get('/products/4055-007-02')).body);
  }, 120_000);

  it('brings an upstream addition', async () => {
    const created = await up.request('POST', '/api/projects', { body: JSON.stringify({ name: 'Added upstream', engineer: { id: 4 }, menu_type: 'pizza', servings_per_day: 120 }) });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    expect((await down.get(`/api/projects/${id}`)).status).toBe(404);
    await sync(down);
    const [a, b] = await Promise.all([up.get(`/api/projects/${id}?fixtures=true`), down.get(`/api/projects/${id}?fixtures=true`)]);
    expect(b.body).toEqual(asSyncedFrom(a.body));
  }, 120_000);
});

describe('offline edits and conflicts', () => {
  it('pushes a project created offline and an edit, and a two-sided edit keeps both versions', async () => {
    // Offline: a new project and an edit of an upstream draft on the downstream.
    const drafts = (await down.get('/api/projects?limit=100')).body as { data: { id: number; status: string }[] };
    const [editedHere, editedBoth] = drafts.data.filter((p) => p.status === 'Draft').map((p) => p.id);
    const created = await down.request('POST', '/api/projects', { body: JSON.stringify({ name: 'Offline taqueria', engineer: { id: 3 }, menu_type: 'quick-service-mexican', servings_per_day: 300 }) });
    expect(created.status, created.text).toBe(201);
    expect((await down.request('PATCH', `/api/projects/${editedHere}`, { body: JSON.stringify({ servings_per_day: 777 }) })).status).toBe(200);
    expect((await down.request('PATCH', `/api/projects/${editedBoth}`, { body: JSON.stringify({ name: 'Mine' }) })).status).toBe(200);
    // Meanwhile the same draft changes upstream.
    expect((await up.request('PATCH', `/api/projects/${editedBoth}`, { body: JSON.stringify({ name: 'Theirs' }) })).status).toBe(200);
    expect(down.engine.sync.status().unsynced_changes).toBeGreaterThanOrEqual(3);

    const status = await sync(down);
    expect(status.last_error).toBeNull();
    // The offline project now exists upstream, once.
    const search = (await up.get('/api/search?type=project&query=offline%20taqueria')).body as { data: { id: number }[] };
    expect(search.data).toHaveLength(1);
    expect((await up.get(`/api/projects/${editedHere}`)).body).toMatchObject({ servings_per_day: 777 });
    // Both versions of the two-sided edit are kept: mine locally, theirs upstream, and a conflict listed.
    expect((await down.get(`/api/projects/${editedBoth}`)).body).toMatchObject({ name: 'Mine' });
    expect((await up.get(`/api/projects/${editedBoth}`)).body).toMatchObject({ name: 'Theirs' });
    const conflicts = await down.engine.sync.conflicts();
    expect(conflicts.map((c) => c.project_id)).toEqual([editedBoth]);
    expect(conflicts[0]!.mine).toMatchObject({ name: 'Mine' });
    expect(conflicts[0]!.theirs).toMatchObject({ name: 'Theirs' });
    expect(status.conflicts).toBe(1);

    // Keep mine: the next sync sends it over theirs.
    await down.engine.sync.resolve(editedBoth!, 'mine');
    const after = await sync(down);
    expect(after.conflicts).toBe(0);
    expect((await up.get(`/api/projects/${editedBoth}`)).body).toMatchObject({ name: 'Mine' });
  }, 120_000);
});
