/**
 * Project writes and the review's status machine (docs/api.md "Writes", "Status transitions"):
 * create, edit, delete, concurrency, validation, and every from → to pair of statuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { project, user, type Project } from '../../src-shared/api/people.js';
import { PROJECT_STATUSES, type ProjectStatus } from '../../src-shared/api/vocabulary.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { peopleIndex, todayUs, usDate } from '../helpers/resources.js';

let t: TestServer;
const people = peopleIndex();
const { seed } = people;

/** The transitions of docs/api.md, written out here rather than read from the code. */
const DOCUMENTED: { from: ProjectStatus; to: ProjectStatus; admin: boolean }[] = [
  { from: 'Draft', to: 'Submitted', admin: false },
  { from: 'Submitted', to: 'Draft', admin: false },
  { from: 'Submitted', to: 'Pending', admin: true },
  { from: 'Pending', to: 'Closed/Approved', admin: true },
  { from: 'Pending', to: 'Closed', admin: false },
  { from: 'Draft', to: 'Closed', admin: false },
  { from: 'Submitted', to: 'Closed', admin: false },
];
const openFrom = (from: ProjectStatus) => DOCUMENTED.filter((d) => d.from === from).map((d) => d.to);

/** A user of the seed with a phone (so the engineer's four fields can all be compared). */
const engineer = seed.users.find((u) => u.phone_number !== null && people.countsOf(u.id).number_of_projects > 0)!;
/** A jurisdiction that allows an indoor interceptor in the kitchen (the default), and one of its zips. */
const home = seed.jurisdictions.find((j) => j.inside_trap_locations.includes('kitchen') && j.zip_codes.length > 1)!;
const other = seed.jurisdictions.find((j) => j.id !== home.id && j.inside_trap_locations.includes('kitchen'))!;
const strict = seed.jurisdictions.find((j) => !j.inside_trap_locations.includes('kitchen'))!;
const ungovernedZip = seed.users.map((u) => u.postal_code).find((z) => !people.jurisdictionByZip.has(z))!;
const fullAddress = { street: '100 Test Street', street_2: null, city: 'Testville', state: home.state, postal_code: home.zip_codes[0]! };

let adminKey: string;
let userKey: string;

const json = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body));
const post = (path: string, body: unknown, key?: string) => t.request('POST', path, { body: json(body), key });
const patch = (id: number, body: unknown, key?: string) => t.request('PATCH', `/api/projects/${id}`, { body: json(body), key });

async function create(body: Record<string, unknown> = {}): Promise<Project> {
  const res = await post('/api/projects', { name: 'Test kitchen', engineer: { id: engineer.id }, ...body });
  expect(res.status, res.text).toBe(201);
  return project.parse(res.body);
}
async function get(id: number, query = '?fixtures=true'): Promise<Project> {
  const res = await t.get(`/api/projects/${id}${query}`);
  expect(res.status, res.text).toBe(200);
  return project.parse(res.body);
}
async function patchOk(id: number, body: unknown): Promise<Project> {
  const res = await patch(id, body);
  expect(res.status, res.text).toBe(200);
  return project.parse(res.body);
}
async function status(id: number, to: ProjectStatus, key = adminKey, version?: number) {
  return post(`/api/projects/${id}/status`, version === undefined ? { status: to } : { status: to, version }, key);
}
async function moveOk(id: number, to: ProjectStatus, key = adminKey): Promise<Project> {
  const res = await status(id, to, key);
  expect(res.status, `${to}: ${res.text}`).toBe(200);
  return project.parse(res.body);
}
/** A new project brought to a status through the documented transitions. */
async function projectIn(target: ProjectStatus): Promise<Project> {
  const p = await create({ address: fullAddress });
  const path: Record<ProjectStatus, ProjectStatus[]> = {
    Draft: [],
    Submitted: ['Submitted'],
    Pending: ['Submitted', 'Pending'],
    Closed: ['Closed'],
    'Closed/Approved': ['Submitted', 'Pending', 'Closed/Approved'],
  };
  let out = p;
  for (const step of path[target]) out = await moveOk(p.id, step);
  expect(out.status).toBe(target);
  return out;
}
/** The one error shape, with its status, code (when given) and param (when given). */
function expectError(res: { status: number; body: unknown; text: string }, status: number, code: string | undefined, param?: string | null) {
  expect(res.status, res.text).toBe(status);
  const error = apiError.parse(res.body);
  expect(error.status).toBe(status);
  if (code !== undefined) expect(error.code).toBe(code);
  if (param !== undefined) expect(error.param).toBe(param);
  return error;
}
/** Today (UTC) as the API writes it; a request that crossed midnight may have written yesterday. */
const expectToday = (value: string | null) => expect([todayUs(), usDate(new Date(Date.now() - 120_000).toISOString())]).toContain(value);
const projectCount = async () => Number((await t.get('/api/projects?limit=1')).headers.get('x-total-count'));

beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 0 });
  adminKey = t.key;
  userKey = (await t.engine.apiKeys.create('rep', ['projects', 'users'])).key;
});
afterAll(async () => t?.close());

describe('POST /api/projects', () => {
  it('creates a Draft: 201, Location, version 1, computed fields, the engineer from the user record', async () => {
    const before = await projectCount();
    const res = await post('/api/projects', {
      name: '  Taco Stand – new build  ',
      engineer: { id: engineer.id },
      construction_type: 'New Construction',
      menu_type: 'quick-service-mexican',
      servings_per_day: 400,
      fryer: true,
      address: fullAddress,
      fixtures: [{ type: 'three-compartment-sink' }, { type: 'hand-sink' }, { type: 'dishwasher', gpm: 9 }],
    });
    expect(res.status, res.text).toBe(201);
    const p = project.parse(res.body);
    expect(res.headers.get('location')).toBe(`/api/projects/${p.id}`);
    expect(p.url).toBe(`/api/projects/${p.id}`);
    expect(p).toMatchObject({ status: 'Draft', version: 1, name: 'Taco Stand – new build', submitted: null, approved: null, construction_type: 'New Construction', servings_per_day: 400, fryer: true });
    expectToday(p.created);
    expectToday(p.updated);
    expect(p.engineer).toEqual({ id: engineer.id, name: engineer.name, email: engineer.email, phone_number: engineer.phone_number });
    expect(p.address).toEqual(fullAddress);
    expect(p.jurisdiction?.id).toBe(home.id);
    expect(p.flow_rate.two_minute.value).toBeGreaterThan(0);
    expect(p.flow_rate.dfu).toBeGreaterThan(0);
    expect(p.grease.per_day.weight.value).toBeGreaterThan(0);
    expect(p.pipe_size).toEqual({ object: 'measurement', value: 4, unit: 'in' });
    expect(p.fixtures!.data.map((f) => f.type)).toEqual(['three-compartment-sink', 'hand-sink', 'dishwasher']);
    expect(p.fixtures!.data[2]!.gpm).toBe(9);
    expect(await projectCount()).toBe(before + 1);
    // What the create answered is what a read gives.
    const read = await t.get(`/api/projects/${p.id}?fixtures=true&notes=true&accessories=true`);
    expect(read.body).toEqual(res.body);
  });

  it('needs only a name and the engineer; the rest has defaults', async () => {
    const p = await create();
    expect(p.address).toEqual({ street: null, street_2: null, city: null, state: null, postal_code: null });
    expect(p.jurisdiction).toBeNull();
    expect(p.fixtures!.data).toEqual([]);
    expect(p.servings_per_day).toBe(0);
  });

  const bad: { name: string; body: unknown; status?: number; code?: string; param: string | null; headers?: Record<string, string> }[] = [
    { name: 'missing name', body: { engineer: { id: 1 } }, param: 'name' },
    { name: 'empty name', body: { name: '   ', engineer: { id: 1 } }, code: 'invalid_field', param: 'name' },
    { name: 'missing engineer', body: { name: 'x' }, param: 'engineer' },
    { name: 'unknown engineer id', body: { name: 'x', engineer: { id: 9_999_999 } }, code: 'invalid_field', param: 'engineer.id' },
    { name: 'engineer id not a number', body: { name: 'x', engineer: { id: '1' } }, code: 'invalid_field', param: 'engineer.id' },
    { name: 'unknown field', body: { name: 'x', engineer: { id: 1 }, colour: 'red' }, code: 'unknown_field', param: 'colour' },
    { name: 'unknown address field', body: { name: 'x', engineer: { id: 1 }, address: { zip: '60601' } }, code: 'unknown_field', param: 'zip' },
    { name: 'bad fixture type (array)', body: { name: 'x', engineer: { id: 1 }, fixtures: [{ type: 'hand-sink' }, { type: 'jacuzzi' }] }, code: 'invalid_field', param: 'fixtures.data.1.type' },
    { name: 'bad fixture type (list object)', body: { name: 'x', engineer: { id: 1 }, fixtures: { object: 'list', data: [{ type: 'hand-sink' }, { type: 'hand-sink' }, { type: 'bathtub' }] } }, code: 'invalid_field', param: 'fixtures.data.2.type' },
    { name: 'unknown fixture field', body: { name: 'x', engineer: { id: 1 }, fixtures: [{ type: 'hand-sink', colour: 'red' }] }, code: 'unknown_field', param: 'colour' },
    { name: 'too many compartments', body: { name: 'x', engineer: { id: 1 }, fixtures: [{ type: 'three-compartment-sink', compartments: 9 }] }, code: 'invalid_field', param: 'fixtures.data.0.compartments' },
    { name: 'custom fixture without GPM or dimensions', body: { name: 'x', engineer: { id: 1 }, fixtures: [{ type: 'custom' }] }, code: 'invalid_field', param: 'fixtures.data.0' },
    { name: 'own dimensions missing', body: { name: 'x', engineer: { id: 1 }, fixtures: [{ type: 'prep-sink', uses_typical_dimensions: false }] }, code: 'invalid_field', param: 'fixtures.data.0' },
    {
      name: 'zero fixture length',
      body: { name: 'x', engineer: { id: 1 }, fixtures: [{ type: 'prep-sink', uses_typical_dimensions: false, dimensions: { standard: { length: { value: 0, unit: 'in' }, width: { value: 18, unit: 'in' }, height: { value: 12, unit: 'in' } } } }] },
      code: 'invalid_field',
      param: 'fixtures.data.0.dimensions.standard.length.value',
    },
    {
      name: 'fixture dimension in millimetres',
      body: { name: 'x', engineer: { id: 1 }, fixtures: [{ type: 'prep-sink', uses_typical_dimensions: false, dimensions: { standard: { length: { value: 400, unit: 'mm' }, width: { value: 18, unit: 'in' }, height: { value: 12, unit: 'in' } } } }] },
      code: 'invalid_field',
      param: 'fixtures.data.0.dimensions.standard.length.unit',
    },
    { name: 'fixture flow in an unknown unit', body: { name: 'x', engineer: { id: 1 }, fixtures: [{ type: 'dishwasher', gpm: { value: 5, unit: 'm3/h' } }] }, code: 'invalid_field', param: 'fixtures.data.0.gpm' },
    { name: 'fixture flow above 500 GPM in L/s', body: { name: 'x', engineer: { id: 1 }, fixtures: [{ type: 'dishwasher', gpm: { value: 40, unit: 'L/s' } }] }, code: 'invalid_field', param: 'fixtures.data.0.gpm' },
    { name: 'pipe size not in the table', body: { name: 'x', engineer: { id: 1 }, pipe_size: 7 }, code: 'invalid_field', param: 'pipe_size' },
    { name: 'pipe size in the wrong unit', body: { name: 'x', engineer: { id: 1 }, pipe_size: { value: 4, unit: 'cm' } }, code: 'invalid_field', param: 'pipe_size' },
    { name: 'negative servings', body: { name: 'x', engineer: { id: 1 }, servings_per_day: -5 }, code: 'invalid_field', param: 'servings_per_day' },
    { name: 'fractional servings', body: { name: 'x', engineer: { id: 1 }, servings_per_day: 2.5 }, code: 'invalid_field', param: 'servings_per_day' },
    { name: 'negative burial depth', body: { name: 'x', engineer: { id: 1 }, buried: true, burial_depth: -1 }, code: 'invalid_field', param: 'burial_depth' },
    { name: 'unknown menu type', body: { name: 'x', engineer: { id: 1 }, menu_type: 'martian' }, code: 'invalid_field', param: 'menu_type' },
    { name: 'unknown construction type', body: { name: 'x', engineer: { id: 1 }, construction_type: 'igloo' }, code: 'invalid_field', param: 'construction_type' },
    { name: 'state not a code', body: { name: 'x', engineer: { id: 1 }, address: { state: 'Illinois' } }, code: 'invalid_field', param: 'address.state' },
    { name: 'malformed zip', body: { name: 'x', engineer: { id: 1 }, address: { postal_code: '6060' } }, code: 'invalid_field', param: 'address.postal_code' },
    { name: 'unknown jurisdiction', body: { name: 'x', engineer: { id: 1 }, jurisdiction: { id: 9_999_999 } }, code: 'invalid_field', param: 'jurisdiction.id' },
    { name: 'inside location the jurisdiction refuses', body: { name: 'x', engineer: { id: 1 }, jurisdiction: { id: strict.id }, installation_location: 'indoors', inside_trap_location: 'kitchen' }, code: 'invalid_field', param: 'inside_trap_location' },
    { name: 'boolean as a string', body: { name: 'x', engineer: { id: 1 }, fryer: 'yes' }, code: 'invalid_field', param: 'fryer' },
    { name: 'status other than a known one', body: { name: 'x', engineer: { id: 1 }, status: 'Approved' }, code: 'invalid_field', param: 'status' },
    { name: 'malformed JSON', body: '{"name": "x", "engineer": {"id": 1}', code: 'invalid_body', param: null },
    { name: 'an array body', body: '[1, 2]', code: 'invalid_field', param: null },
    { name: 'a body that is not JSON', body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' }, status: 415, code: 'unsupported_media_type', param: null },
    { name: 'plain text', body: '{"name": "x", "engineer": {"id": 1}}', headers: { 'content-type': 'text/plain' }, status: 415, code: 'unsupported_media_type', param: null },
    { name: 'a body over 1 MiB', body: { name: 'x', engineer: { id: 1 }, padding: 'y'.repeat(1024 * 1024 + 10) }, status: 413, code: 'body_too_large', param: null },
  ];

  it.each(bad)('refuses $name', async ({ body, status = 400, code, param, headers }) => {
    const before = await projectCount();
    const res = await t.request('POST', '/api/projects', { body: json(body), headers });
    const error = expectError(res, status, code, param);
    expect(error.message.length).toBeGreaterThan(5);
    expect(error.message).not.toMatch(/Invalid input$/);
    expect(await projectCount()).toBe(before);
  });

  it('accepts construction type and location as keys or labels, lengths as numbers or measurements', async () => {
    const a = await create({ construction_type: 'tenantFinish', installation_location: 'outdoors', pipe_size: 6, buried: true, burial_depth: 24 });
    expect(a).toMatchObject({ construction_type: 'Remodel / Tenant Finish', installation_location: 'Outdoors', inside_trap_location: null });
    expect(a.pipe_size).toEqual({ object: 'measurement', value: 6, unit: 'in' });
    expect(a.burial_depth).toEqual({ object: 'measurement', value: 24, unit: 'in' });
    const b = await create({ construction_type: 'Remodel / Tenant Finish', installation_location: 'Indoors', pipe_size: { value: 3, unit: 'in' } });
    expect(b).toMatchObject({ construction_type: 'Remodel / Tenant Finish', installation_location: 'Indoors' });
    expect(b.pipe_size?.value).toBe(3);
  });

  it('accepts fixtures entered in metric (cm, L/s) and converts them', async () => {
    // 45.72 × 45.72 × 30.48 cm is the 18 × 18 × 12 in basin; 0.5 L/s = 0.5 × 60 ÷ 3.785411784 GPM.
    const metricSink = { type: 'prep-sink', uses_typical_dimensions: false, dimensions: { metric: { length: { value: 45.72, unit: 'cm' }, width: { value: 45.72, unit: 'cm' }, height: { value: 30.48, unit: 'cm' } } } };
    const mixed = { type: 'one-compartment-sink', uses_typical_dimensions: false, dimensions: { standard: { length: { value: 45.72, unit: 'cm' }, width: { value: 18, unit: 'in' }, height: { value: 12 } } } };
    const p = await create({ fixtures: [metricSink, mixed, { type: 'dishwasher', gpm: { value: 0.5, unit: 'L/s' } }, { type: 'custom', gpm: { value: 3, unit: 'GPM' } }] });
    const [sink, one, dishwasher, custom] = p.fixtures!.data;
    for (const f of [sink!, one!]) {
      expect(f.dimensions!.standard.length.value).toBeCloseTo(18, 6);
      expect(f.dimensions!.standard.width.value).toBeCloseTo(18, 6);
      expect(f.dimensions!.standard.height.value).toBeCloseTo(12, 6);
    }
    expect(dishwasher!.gpm).toBeCloseTo((0.5 * 60) / 3.785411784, 9);
    expect(custom!.gpm).toBe(3);
    // The same kitchen entered in inches sizes the same.
    const inches = await create({ fixtures: [{ type: 'prep-sink' }, { type: 'one-compartment-sink' }, { type: 'dishwasher', gpm: (0.5 * 60) / 3.785411784 }, { type: 'custom', gpm: 3 }] });
    expect(p.flow_rate).toEqual(inches.flow_rate);
  });

  it("takes bare numbers as fixture lengths, in the side's own unit (inches on standard, cm on metric)", async () => {
    const bareInches = { type: 'prep-sink', uses_typical_dimensions: false, dimensions: { standard: { length: 18, width: 18, height: 12 } } };
    const bareCm = { type: 'prep-sink', uses_typical_dimensions: false, dimensions: { metric: { length: 45.72, width: 45.72, height: 30.48 } } };
    const p = await create({ fixtures: [bareInches, bareCm] });
    for (const f of p.fixtures!.data) {
      expect(f.dimensions!.standard.length.value).toBeCloseTo(18, 6);
      expect(f.dimensions!.standard.height.value).toBeCloseTo(12, 6);
    }
    // Still held to the physical range, named as sent.
    const huge = await post('/api/projects', { name: 'x', engineer: { id: engineer.id }, fixtures: [{ ...bareInches, dimensions: { standard: { length: 1e300, width: 18, height: 12 } } }] });
    expectError(huge, 400, 'invalid_field');
    expect((huge.body as { param: string }).param).toContain('length');
  });

  it('keeps the sizing catalog across writes and previews: it is read once per data version', async () => {
    const before = await t.engine.sizing.candidates();
    await create({ servings_per_day: 120, fixtures: [{ type: 'three-compartment-sink' }] });
    await t.engine.projects.preview({ servings_per_day: 300 });
    expect(await t.engine.sizing.candidates()).toBe(before);
    // Inside a write's transaction too (previews and writes size there): no second read.
    await t.engine.store.db.transaction().execute(async (trx) => {
      expect(await t.engine.sizing.candidates(trx)).toBe(before);
    });
  });

  it('needs the projects scope', async () => {
    const k = await t.engine.apiKeys.create('users only', ['users']);
    expectError(await post('/api/projects', { name: 'x', engineer: { id: engineer.id } }, k.key), 403, 'insufficient_scope');
  });
});

describe('PATCH /api/projects/:id', () => {
  it('changes the inputs; the sizing follows and the version grows', async () => {
    const p = await create({ menu_type: 'pizza', servings_per_day: 100, fixtures: [{ type: 'three-compartment-sink' }] });
    const more = await patchOk(p.id, { servings_per_day: 300 });
    expect(more.version).toBe(2);
    expect(more.servings_per_day).toBe(300);
    expect(more.grease.per_day.weight.value).toBeGreaterThan(p.grease.per_day.weight.value);
    expect(more.grease.per_day.weight.value).toBeCloseTo(p.grease.per_day.weight.value * 3, 1);
    const fixtures = await patchOk(p.id, { fixtures: [{ type: 'three-compartment-sink' }, { type: 'prep-sink' }, { type: 'mop-sink' }] });
    expect(fixtures.version).toBe(3);
    expect(fixtures.fixtures!.data).toHaveLength(3);
    expect(fixtures.flow_rate.two_minute.value).toBeGreaterThanOrEqual(more.flow_rate.two_minute.value);
    expect(fixtures.flow_rate.one_minute.value).toBeGreaterThan(more.flow_rate.one_minute.value);
    expect(fixtures.flow_rate.dfu).toBeGreaterThan(more.flow_rate.dfu);
    expect(fixtures.servings_per_day).toBe(300);
    const fryer = await patchOk(p.id, { fryer: true, name: 'Renamed' });
    expect(fryer.grease.per_day.weight.value).toBeGreaterThanOrEqual(fixtures.grease.per_day.weight.value);
    expect(fryer).toMatchObject({ name: 'Renamed', version: 4, fryer: true });
    expect((await get(p.id)).version).toBe(4);
  });

  it('takes the whole GET body back unchanged (seed drafts with every kind of fixture)', async () => {
    // Drafts whose fixtures between them use entered DFUs, GPMs, own dimensions, compartments, names and meals.
    const drafts = seed.projects.filter((s) => s.status === 'Draft');
    const picks = new Set<number>();
    const want = [
      (s: (typeof drafts)[number]) => s.inputs.fixtures.some((f) => f.dfu !== undefined),
      (s: (typeof drafts)[number]) => s.inputs.fixtures.some((f) => f.uses_typical_dimensions === false),
      (s: (typeof drafts)[number]) => s.inputs.fixtures.some((f) => f.compartments !== undefined),
      (s: (typeof drafts)[number]) => s.inputs.fixtures.some((f) => f.gpm !== undefined && f.kind !== 'custom'),
      (s: (typeof drafts)[number]) => s.inputs.meals !== undefined,
      (s: (typeof drafts)[number]) => s.jurisdiction_id !== null && s.inputs.installation_location === 'indoors',
      (s: (typeof drafts)[number]) => s.inputs.buried && s.inputs.installation_location === 'outdoors',
    ];
    for (const w of want) for (const s of drafts.filter(w).slice(0, 2)) picks.add(s.id);
    expect(picks.size).toBeGreaterThanOrEqual(want.length);
    for (const id of picks) {
      const before = await get(id, '?fixtures=true&notes=true&accessories=true');
      const res = await patch(id, before);
      expect(res.status, `project ${id}: ${res.text}`).toBe(200);
      const after = project.parse(res.body);
      const { version: v0, updated: _u0, ...rest0 } = before;
      const { version: v1, updated: _u1, ...rest1 } = after;
      expect(v1).toBe(v0 + 1);
      expect(rest1, `project ${id}`).toEqual(rest0);
    }
  });

  it('takes back a project as a user response embeds it (pipe_size a bare number, spaces)', async () => {
    const p = await create({ address: fullAddress, servings_per_day: 50, fixtures: [{ type: 'hand-sink' }] });
    const u = user.parse((await t.get(`/api/users/${engineer.id}?projects=true&limit=100`)).body);
    const embedded = u.projects!.data.find((x) => x.id === p.id)!;
    expect(embedded.pipe_size).toBe(4);
    const after = await patchOk(p.id, embedded);
    expect(after.version).toBe(p.version + 1);
    expect(after.pipe_size?.value).toBe(4);
    expect(after.flow_rate).toEqual(p.flow_rate);
  });

  it('a new zip code brings the jurisdiction that governs it (from the jurisdictions\' zip codes)', async () => {
    const p = await create({ address: fullAddress });
    expect(p.jurisdiction?.id).toBe(home.id);
    const moved = await patchOk(p.id, { address: { postal_code: other.zip_codes[0] } });
    expect(moved.jurisdiction?.id).toBe(people.jurisdictionByZip.get(other.zip_codes[0]!)!.id);
    expect(moved.jurisdiction?.name).toBe(other.name);
    expect(moved.address).toEqual({ ...fullAddress, postal_code: other.zip_codes[0] });
    const nowhere = await patchOk(p.id, { address: { postal_code: ungovernedZip } });
    expect(nowhere.jurisdiction).toBeNull();
    const back = await patchOk(p.id, { address: { postal_code: home.zip_codes[1] } });
    expect(back.jurisdiction?.id).toBe(home.id);
    // Unless the body names one.
    const named = await patchOk(p.id, { address: { postal_code: other.zip_codes[0] }, jurisdiction: { id: home.id } });
    expect(named.jurisdiction?.id).toBe(home.id);
    const none = await patchOk(p.id, { jurisdiction: null });
    expect(none.jurisdiction).toBeNull();
    // Other address fields alone leave the jurisdiction as it is.
    const street = await patchOk(p.id, { jurisdiction: { id: other.id }, address: { street: '1 Other Road' } });
    const city = await patchOk(p.id, { address: { city: 'Elsewhere' } });
    expect(street.jurisdiction?.id).toBe(other.id);
    expect(city.jurisdiction?.id).toBe(other.id);
    expect(city.address.street).toBe('1 Other Road');
  });

  it('a stale version is a 409 version_conflict and changes nothing', async () => {
    const p = await create({ servings_per_day: 10 });
    await patchOk(p.id, { servings_per_day: 20, version: 1 });
    expectError(await patch(p.id, { servings_per_day: 30, version: 1 }), 409, 'version_conflict', 'version');
    const now = await get(p.id);
    expect(now).toMatchObject({ version: 2, servings_per_day: 20 });
    expect((await patchOk(p.id, { servings_per_day: 40, version: 2 })).version).toBe(3);
  });

  it('a failed write changes nothing', async () => {
    const p = await create({ servings_per_day: 10, address: fullAddress, fixtures: [{ type: 'hand-sink' }] });
    const before = await get(p.id, '?fixtures=true&notes=true&accessories=true');
    const attempts: [unknown, number, string, string | null][] = [
      [{ servings_per_day: 99, pipe_size: 7 }, 400, 'invalid_field', 'pipe_size'],
      [{ servings_per_day: 99, fixtures: [{ type: 'mop-sink' }, { type: 'sauna' }] }, 400, 'invalid_field', 'fixtures.data.1.type'],
      [{ servings_per_day: 99, fixtures: [{ type: 'mop-sink' }], jurisdiction: { id: 9_999_999 } }, 400, 'invalid_field', 'jurisdiction.id'],
      [{ servings_per_day: 99, fixtures: [{ type: 'mop-sink' }], jurisdiction: { id: strict.id } }, 400, 'invalid_field', 'inside_trap_location'],
      // The Draft's engineer may change, but not to a new contact with a user's e-mail.
      [{ servings_per_day: 99, engineer: { name: 'Same Mail', email: engineer.email } }, 409, 'email_taken', 'engineer.email'],
      [{ servings_per_day: 99, engineer: { id: 9_999_999 } }, 400, 'invalid_field', 'engineer.id'],
      [{ servings_per_day: 99, status: 'Submitted' }, 409, 'status_change_not_here', 'status'],
      [{ servings_per_day: 99, version: 7 }, 409, 'version_conflict', 'version'],
      [{ servings_per_day: 99, flavour: 'mild' }, 400, 'unknown_field', 'flavour'],
    ];
    for (const [body, code, error, param] of attempts) expectError(await patch(p.id, body), code, error, param);
    const after = await get(p.id, '?fixtures=true&notes=true&accessories=true');
    expect(after).toEqual(before);
  });

  it('sending the same status is accepted (ignored); another status is 409 status_change_not_here', async () => {
    const p = await create();
    expect((await patchOk(p.id, { status: 'Draft', servings_per_day: 5 })).status).toBe('Draft');
    expectError(await patch(p.id, { status: 'Closed' }), 409, 'status_change_not_here', 'status');
  });

  it('only a Draft can be edited: 409 not_editable otherwise', async () => {
    for (const s of ['Submitted', 'Pending', 'Closed', 'Closed/Approved'] as const) {
      const p = await projectIn(s);
      expectError(await patch(p.id, { servings_per_day: 1 }), 409, 'not_editable', 'status');
      expect((await get(p.id)).servings_per_day).toBe(0);
      // Asked to name another engineer, the answer says why the engineer is fixed.
      const otherUser = seed.users.find((u) => u.id !== engineer.id)!;
      const fixed = await patch(p.id, { engineer: { id: otherUser.id } });
      expectError(fixed, 409, 'engineer_fixed', 'engineer');
      expect(apiError.parse(fixed.body).message).toMatch(/submitted for review/);
      expect((await get(p.id)).engineer.id).toBe(engineer.id);
    }
    const seeded = seed.projects.find((s) => s.status === 'Closed/Approved')!;
    expectError(await patch(seeded.id, { name: 'changed' }), 409, 'not_editable');
    expect((await get(seeded.id)).name).toBe(seeded.name);
  });

  it('answers 404 for an unknown project', async () => {
    expectError(await patch(9_999_999, { servings_per_day: 1 }), 404, 'not_found');
  });
});

describe('DELETE /api/projects/:id', () => {
  it('deletes a draft (204), after which it is 404', async () => {
    const before = await projectCount();
    const p = await create();
    const res = await t.request('DELETE', `/api/projects/${p.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectError(await t.get(`/api/projects/${p.id}`), 404, 'not_found');
    expectError(await t.request('DELETE', `/api/projects/${p.id}`), 404, 'not_found');
    expect(await projectCount()).toBe(before);
  });

  it("never gives a deleted draft's id to a new project: the old version cannot overwrite it", async () => {
    const newest = await create();
    expect(newest.id).toBeGreaterThanOrEqual(2 ** 31); // the local id space, apart from the service's ids
    expect((await t.request('DELETE', `/api/projects/${newest.id}`)).status).toBe(204);
    const next = await create();
    expect(next.id).toBeGreaterThan(newest.id);
    // A client still holding the deleted project (id and version 1) reaches nothing: no write,
    // no delete, no status change, and its saved link does not show another project.
    expectError(await t.request('PATCH', `/api/projects/${newest.id}`, { body: json({ version: 1, name: 'Overwrite' }) }), 404, 'not_found');
    expectError(await t.request('DELETE', `/api/projects/${newest.id}?version=1`), 404, 'not_found');
    expectError(await status(newest.id, 'Submitted', userKey), 404, 'not_found');
    expectError(await t.get(`/api/projects/${newest.id}`), 404, 'not_found');
    expect((await get(next.id)).name).toBe(next.name);
    expect((await get(next.id)).version).toBe(1);
  });

  it('a DELETE with an older ?version= is a 409 version_conflict', async () => {
    const p = await create();
    await patchOk(p.id, { servings_per_day: 2 });
    expectError(await t.request('DELETE', `/api/projects/${p.id}?version=1`), 409, 'version_conflict');
    expect((await t.request('DELETE', `/api/projects/${p.id}?version=2`)).status).toBe(204);
  });

  it('anything submitted stays: 409 not_deletable', async () => {
    for (const s of ['Submitted', 'Pending', 'Closed', 'Closed/Approved'] as const) {
      const p = await projectIn(s);
      expectError(await t.request('DELETE', `/api/projects/${p.id}`), 409, 'not_deletable', 'status');
      expect((await get(p.id)).status).toBe(s);
    }
    const seeded = seed.projects.find((s) => s.status === 'Submitted')!;
    expectError(await t.request('DELETE', `/api/projects/${seeded.id}`), 409, 'not_deletable');
  });
});

describe('POST /api/projects/:id/status', () => {
  it.each(DOCUMENTED)('$from → $to works', async ({ from, to, admin }) => {
    const p = await projectIn(from);
    if (admin) {
      // An administrator's step with a key lacking `admin` is 403, and changes nothing.
      expectError(await status(p.id, to, userKey), 403, 'insufficient_scope');
      expect((await get(p.id)).status).toBe(from);
    }
    const res = await status(p.id, to, admin ? adminKey : userKey);
    expect(res.status, res.text).toBe(200);
    const after = project.parse(res.body);
    expect(after.status).toBe(to);
    expect(after.version).toBe(p.version + 1);
    expect((await get(p.id)).status).toBe(to);
  });

  const pairs = PROJECT_STATUSES.flatMap((from) => PROJECT_STATUSES.map((to) => ({ from, to }))).filter(({ from, to }) => !DOCUMENTED.some((d) => d.from === from && d.to === to));

  // A refused change changes nothing (checked below), so one project per status serves every pair.
  const subjects = new Map<ProjectStatus, Promise<Project>>();
  const subject = (from: ProjectStatus) => subjects.get(from) ?? subjects.set(from, projectIn(from)).get(from)!;

  it.each(pairs)('$from → $to is refused', async ({ from, to }) => {
    const p = await subject(from);
    for (const key of [adminKey, userKey]) {
      const res = await status(p.id, to, key);
      if (from === to) {
        expectError(res, 409, 'same_status', 'status');
      } else {
        const error = expectError(res, 409, 'forbidden_transition', 'status');
        for (const open of openFrom(from)) expect(error.message).toContain(open);
      }
    }
    const after = await get(p.id);
    expect(after.status).toBe(from);
    expect(after.version).toBe(p.version);
  });

  it('covers all 25 from → to pairs', () => {
    expect(DOCUMENTED.length + pairs.length).toBe(25);
  });

  it('sets submitted on submission, clears it on withdrawal, sets approved on approval', async () => {
    const p = await create({ address: fullAddress });
    expect(p).toMatchObject({ submitted: null, approved: null });
    const submitted = await moveOk(p.id, 'Submitted', userKey);
    expectToday(submitted.submitted);
    expect(submitted.approved).toBeNull();
    const withdrawn = await moveOk(p.id, 'Draft', userKey);
    expect(withdrawn.submitted).toBeNull();
    await moveOk(p.id, 'Submitted', userKey);
    const pending = await moveOk(p.id, 'Pending');
    expect(pending.submitted).toBe(submitted.submitted);
    expect(pending.approved).toBeNull();
    const approved = await moveOk(p.id, 'Closed/Approved');
    expect(approved.submitted).toBe(pending.submitted);
    expectToday(approved.approved);
    // Closing keeps the submission date; a project closed as a draft was never submitted.
    const closed = await projectIn('Pending');
    expect(await moveOk(closed.id, 'Closed', userKey)).toMatchObject({ submitted: closed.submitted, approved: null });
    expect(closed.submitted).not.toBeNull();
    const dropped = await create({ address: fullAddress });
    expect(await moveOk(dropped.id, 'Closed', userKey)).toMatchObject({ submitted: null, approved: null });
  });

  it('submission needs street, city, state, zip and a jurisdiction: 409 incomplete_for_submission', async () => {
    const bare = await create();
    expectError(await status(bare.id, 'Submitted'), 409, 'incomplete_for_submission', 'address.street');
    for (const missing of ['street', 'city', 'state', 'postal_code'] as const) {
      const p = await create({ address: { ...fullAddress, [missing]: null } });
      expectError(await status(p.id, 'Submitted'), 409, 'incomplete_for_submission', `address.${missing}`);
      const after = await get(p.id);
      expect(after).toMatchObject({ status: 'Draft', version: 1, submitted: null });
    }
    const outside = await create({ address: { ...fullAddress, postal_code: ungovernedZip } });
    expect(outside.jurisdiction).toBeNull();
    expectError(await status(outside.id, 'Submitted'), 409, 'incomplete_for_submission', 'jurisdiction');
    const unset = await create({ address: fullAddress, jurisdiction: null });
    expectError(await status(unset.id, 'Submitted'), 409, 'incomplete_for_submission', 'jurisdiction');
    // Once complete, it goes through.
    expect((await moveOk(outside.id, 'Closed', userKey)).status).toBe('Closed');
    await patchOk(unset.id, { address: { postal_code: fullAddress.postal_code } });
    expect((await moveOk(unset.id, 'Submitted', userKey)).status).toBe('Submitted');
  });

  it('the user\'s counts follow a submission and a withdrawal', async () => {
    const counts = async () => {
      const u = user.parse((await t.get(`/api/users/${engineer.id}`)).body);
      return [u.number_of_projects, u.number_of_pre_approval_projects];
    };
    const [n0, pre0] = await counts();
    const p = await create({ address: fullAddress });
    expect(await counts()).toEqual([n0! + 1, pre0]);
    await moveOk(p.id, 'Submitted', userKey);
    expect(await counts()).toEqual([n0! + 1, pre0! + 1]);
    await moveOk(p.id, 'Draft', userKey);
    expect(await counts()).toEqual([n0! + 1, pre0]);
    await moveOk(p.id, 'Submitted', userKey);
    await moveOk(p.id, 'Pending');
    await moveOk(p.id, 'Closed', userKey);
    expect(await counts()).toEqual([n0! + 1, pre0! + 1]);
    const gone = await create();
    expect(await counts()).toEqual([n0! + 2, pre0! + 1]);
    await t.request('DELETE', `/api/projects/${gone.id}`);
    expect(await counts()).toEqual([n0! + 1, pre0! + 1]);
  });

  it('moves the seed\'s own projects too', async () => {
    const submitted = seed.projects.find((s) => s.status === 'Submitted')!;
    expect((await moveOk(submitted.id, 'Pending')).status).toBe('Pending');
    const pending = seed.projects.find((s) => s.status === 'Pending')!;
    expectToday((await moveOk(pending.id, 'Closed/Approved')).approved);
  });

  it('a status change with an older version is 409 version_conflict', async () => {
    const p = await create({ address: fullAddress });
    await patchOk(p.id, { servings_per_day: 3 });
    expectError(await status(p.id, 'Submitted', userKey, 1), 409, 'version_conflict', 'version');
    expect((await get(p.id)).status).toBe('Draft');
    expect((await status(p.id, 'Submitted', userKey, 2)).status).toBe(200);
  });

  it('refuses an unknown status, an unknown field and an unknown project', async () => {
    const p = await create();
    expectError(await post(`/api/projects/${p.id}/status`, { status: 'Approved' }), 400, 'invalid_field', 'status');
    expectError(await post(`/api/projects/${p.id}/status`, { status: 'Closed', reason: 'x' }), 400, 'unknown_field', 'reason');
    expectError(await post(`/api/projects/${p.id}/status`, {}), 400, undefined, 'status');
    expectError(await post('/api/projects/9999999/status', { status: 'Closed' }), 404, 'not_found');
  });
});
