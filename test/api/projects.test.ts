/** Project reads (spec §2.3, §4.2; docs/api.md "Projects"): list, filters, detail, inclusions, personal data, sizing. */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { sizingResponse } from '../../src-shared/api/sizing.js';
import { project, projectList, type Project, type ProjectListItem } from '../../src-shared/api/people.js';
import { CONSTRUCTION_TYPES, INSTALLATION_LOCATIONS, SIZING_METHOD_LABELS } from '../../src-shared/api/vocabulary.js';
import type { SeedProject } from '../../src-shared/seed/people-seed.js';
import { PIPE_SIZE_TABLE } from '../../src-shared/sizing/tables.js';
import { loadAuthorityLibrary } from '../../src-main/store/authority-library.js';
import type { JurisdictionRules } from '../../src-shared/sizing/jurisdiction-rules.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { peopleIndex, usDate, usDateOrNull } from '../helpers/resources.js';

let t: TestServer;
const people = peopleIndex();
const { seed } = people;
const constructionLabel = (key: string) => CONSTRUCTION_TYPES.find((c) => c.key === key)!.label;
const locationLabel = (key: string) => INSTALLATION_LOCATIONS.find((c) => c.key === key)!.label;
/** The authority file (resources/authorities/) that names a jurisdiction, if any: its rules replace the demo rules. */
const library = loadAuthorityLibrary(path.resolve(import.meta.dirname, '../../resources'));
const authorityOf = (j: { name: string; state: string }) => library.find((a) => a.state === j.state && a.jurisdictions.includes(j.name));

/** The reduced item of docs/api.md, exactly these fields. */
const REDUCED_FIELDS = [
  'object', 'url', 'id', 'name', 'status', 'created', 'submitted', 'approved', 'updated', 'engineer', 'address', 'jurisdiction',
  'construction_type', 'installation_location', 'recommended_product', 'pump_out_cycle', 'pump_out_cycle_basis',
].sort();

/** The fields every project shares with people.json, checked one by one. */
function expectSeedFields(p: ProjectListItem, s: SeedProject, personal: boolean) {
  const u = people.userById.get(s.user_id)!;
  expect(p.url).toBe(`/api/projects/${s.id}`);
  expect(p.name).toBe(s.name);
  expect(p.status).toBe(s.status);
  expect(p.created).toBe(usDate(s.created));
  expect(p.submitted).toBe(usDateOrNull(s.submitted));
  expect(p.approved).toBe(usDateOrNull(s.approved));
  expect(p.updated).toBe(usDate(s.updated));
  expect(p.engineer).toEqual(personal ? { id: u.id, name: u.name, email: u.email, phone_number: u.phone_number } : { id: u.id, name: null, email: null, phone_number: null });
  expect(p.address).toEqual(s.address);
  if (s.jurisdiction_id === null) {
    expect(p.jurisdiction).toBeNull();
  } else {
    const j = people.jurisdictionById.get(s.jurisdiction_id)!;
    // Where an authority's rules were read, its sizing methods are the ones served.
    const methods = (authorityOf(j)?.rules.sizing_methods as JurisdictionRules['sizing_methods'] | undefined) ?? j.rules.sizing_methods;
    expect(p.jurisdiction).toEqual({
      object: 'jurisdiction',
      url: `/api/jurisdictions/${j.id}`,
      id: j.id,
      name: j.name,
      plumbing_code: j.rules.plumbing_code,
      sizing_methods: { indoor: SIZING_METHOD_LABELS[methods.indoor], outdoor: SIZING_METHOD_LABELS[methods.outdoor] },
    });
  }
  expect(p.construction_type).toBe(constructionLabel(s.construction_type));
  expect(p.installation_location).toBe(locationLabel(s.inputs.installation_location));
}

async function list(path: string, key?: string) {
  const res = await t.get(path, { key });
  expect(res.status, res.text).toBe(200);
  return { body: projectList.parse(res.body), total: Number(res.headers.get('x-total-count')) };
}

async function all(path: string): Promise<ProjectListItem[]> {
  const out: ProjectListItem[] = [];
  for (let offset = 0; ; offset += 100) {
    const { body, total } = await list(`${path}${path.includes('?') ? '&' : '?'}limit=100&offset=${offset}`);
    out.push(...body.data);
    if (out.length >= total || body.data.length === 0) return out;
  }
}

async function detail(id: number, query = '', key?: string): Promise<Project> {
  const res = await t.get(`/api/projects/${id}${query}`, { key });
  expect(res.status, res.text).toBe(200);
  return project.parse(res.body);
}

const near = (actual: number, expected: number, rel = 0.02) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.max(Math.abs(expected) * rel, 0.011));

let projectsOnlyKey: string;
beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 0 });
  projectsOnlyKey = (await t.engine.apiKeys.create('projects only', ['projects'])).key;
});
afterAll(async () => t?.close());

describe('GET /api/projects', () => {
  it('lists 25 reduced projects by default, exactly the documented fields, the total in X-Total-Count', async () => {
    const { body, total } = await list('/api/projects');
    expect(body.url).toBe('/api/projects');
    expect(body.data).toHaveLength(25);
    expect(total).toBe(seed.projects.length);
    for (const p of body.data) {
      expect(Object.keys(p).sort()).toEqual(REDUCED_FIELDS);
      expect(p.jurisdiction ? Object.keys(p.jurisdiction) : []).not.toContain('contacts');
      expectSeedFields(p, people.projectById.get(p.id)!, true);
    }
  });

  it('pages with limit / offset, the url repeating the query string', async () => {
    const whole = await list('/api/projects?limit=100');
    const page = await list('/api/projects?limit=10&offset=45');
    expect(page.body.url).toBe('/api/projects?limit=10&offset=45');
    expect(page.total).toBe(seed.projects.length);
    expect(page.body.data.map((p) => p.id)).toEqual(whole.body.data.slice(45, 55).map((p) => p.id));
    const tail = await list(`/api/projects?offset=${seed.projects.length - 2}`);
    expect(tail.body.data).toHaveLength(2);
  });

  const zipCounts = new Map<string, number>();
  for (const p of seed.projects) if (p.address.postal_code) zipCounts.set(p.address.postal_code, (zipCounts.get(p.address.postal_code) ?? 0) + 1);
  const [zipA, zipB] = [...zipCounts].filter(([, n]) => n >= 3 && n <= 40).map(([z]) => z);

  it('filters by one zip code (the address zip)', async () => {
    const expected = seed.projects.filter((p) => p.address.postal_code === zipA);
    const { body, total } = await list(`/api/projects?zip_codes=${zipA}&limit=100`);
    expect(total).toBe(expected.length);
    expect(body.data.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected.map((p) => p.id).sort((a, b) => a - b));
    for (const p of body.data) expectSeedFields(p, people.projectById.get(p.id)!, true);
  });

  it.each([
    ['repeated', (a: string, b: string) => `zip_codes=${a}&zip_codes=${b}`],
    ['bracketed', (a: string, b: string) => `zip_codes[]=${a}&zip_codes[]=${b}`],
  ])('filters by several zip codes (%s form)', async (_form, q) => {
    const expected = seed.projects.filter((p) => p.address.postal_code === zipA || p.address.postal_code === zipB);
    const { body, total } = await list(`/api/projects?${q(zipA!, zipB!)}&limit=100`);
    expect(body.url).toBe(`/api/projects?${q(zipA!, zipB!)}&limit=100`);
    expect(total).toBe(expected.length);
    expect(new Set(body.data.map((p) => p.id))).toEqual(new Set(expected.map((p) => p.id)));
  });

  it('filters by one construction type key and serves its label', async () => {
    const expected = seed.projects.filter((p) => p.construction_type === 'shell');
    const { body, total } = await list('/api/projects?types=shell&limit=100');
    expect(total).toBe(expected.length);
    for (const p of body.data) expect(p.construction_type).toBe('Shell');
    expect(new Set((await all('/api/projects?types=shell')).map((p) => p.id))).toEqual(new Set(expected.map((p) => p.id)));
  });

  it.each([
    ['repeated', 'types=interceptorReplacement&types=newConstruction'],
    ['bracketed', 'types[]=interceptorReplacement&types[]=newConstruction'],
  ])('filters by several construction types (%s form)', async (_form, q) => {
    const wanted = ['interceptorReplacement', 'newConstruction'];
    const { body, total } = await list(`/api/projects?${q}&limit=100&offset=200`);
    expect(total).toBe(seed.projects.filter((p) => wanted.includes(p.construction_type)).length);
    expect(new Set(body.data.map((p) => p.construction_type))).toEqual(new Set(['Interceptor Replacement', 'New Construction']));
    for (const p of body.data) expect(wanted).toContain(people.projectById.get(p.id)!.construction_type);
  });

  it('combines zip codes and types', async () => {
    const expected = seed.projects.filter((p) => (p.address.postal_code === zipA || p.address.postal_code === zipB) && p.construction_type === 'tenantFinish');
    const { body, total } = await list(`/api/projects?zip_codes=${zipA}&zip_codes=${zipB}&types=tenantFinish&limit=100`);
    expect(total).toBe(expected.length);
    expect(new Set(body.data.map((p) => p.id))).toEqual(new Set(expected.map((p) => p.id)));
  });

  it.each([
    ['/api/projects?types=remodel', 'invalid_parameter', /^types/],
    ['/api/projects?zip_codes=6060', 'invalid_parameter', /^zip_codes/],
    ['/api/projects?zip_code=60601', 'unknown_parameter', /^zip_code$/],
    ['/api/projects?limit=500', 'invalid_parameter', /^limit$/],
  ])('%s → 400 %s', async (path, code, param) => {
    const res = await t.get(path);
    expect(res.status).toBe(400);
    const error = apiError.parse(res.body);
    expect(error.code).toBe(code);
    expect(error.param).toMatch(param);
  });
});

describe('GET /api/projects/:id', () => {
  const withNotes = seed.projects.find((p) => p.notes.length >= 2 && p.inputs.fixtures.length >= 4)!;

  it('serves the inputs of the seed, with no notes, accessories or fixtures unless asked', async () => {
    const s = withNotes;
    const p = await detail(s.id);
    expectSeedFields(p, s, true);
    for (const absent of ['notes', 'accessories', 'fixtures']) expect(p).not.toHaveProperty(absent);
    expect(p.version).toBe(1);
    expect(p.servings_per_day).toBe(s.inputs.servings_per_day);
    expect(p.menu_type).toBe(s.inputs.menu_type);
    expect(p.pump_out_target).toBe(s.inputs.pump_out_target_days);
    expect(p.pipe_size).toEqual({ object: 'measurement', value: s.inputs.pipe_size_in, unit: 'in' });
    expect(p.fryer).toBe(s.inputs.fryer);
    expect(p.flatware).toBe(s.inputs.flatware);
    expect(p.food_waste_disposer).toBe(s.inputs.food_waste_disposer);
    expect(p.buried).toBe(s.inputs.buried);
    expect(p.burial_depth).toEqual({ object: 'measurement', value: s.inputs.buried ? s.inputs.burial_depth_in : 0, unit: 'in' });
    expect(p.installed_in_traffic_area).toBe(s.inputs.installed_in_traffic_area);
    expect(p.installed_in_high_water_area).toBe(s.inputs.installed_in_high_water_area);
    expect(p.inside_trap_location).toBe(s.inputs.installation_location === 'indoors' ? s.inputs.inside_trap_location : null);
    expect(p.meals).toEqual(s.inputs.meals ?? null);
  });

  it('notes=true gives the administrator notes of the seed', async () => {
    const p = await detail(withNotes.id, '?notes=true');
    expect(p.notes!.url).toBe(`/api/projects/${withNotes.id}`);
    expect(p).not.toHaveProperty('fixtures');
    expect(p).not.toHaveProperty('accessories');
    const expected = withNotes.notes.map((n) => ({ object: 'note', id: n.id, author: n.author, text: n.text, created: usDate(n.created) }));
    expect([...p.notes!.data].sort((a, b) => a.id - b.id)).toEqual(expected.sort((a, b) => a.id - b.id));
    const none = seed.projects.find((x) => x.notes.length === 0)!;
    expect((await detail(none.id, '?notes=true')).notes).toEqual({ object: 'list', url: `/api/projects/${none.id}`, data: [] });
  });

  it('fixtures=true gives every fixture of the seed, in order, with its flow and DFU', async () => {
    for (const s of [withNotes, seed.projects.find((x) => x.inputs.fixtures.some((f) => f.kind === 'custom' && f.dfu !== undefined))!]) {
      const p = await detail(s.id, '?fixtures=true');
      expect(p).not.toHaveProperty('notes');
      expect(p.fixtures!.url).toBe(`/api/projects/${s.id}`);
      expect(p.fixtures!.data).toHaveLength(s.inputs.fixtures.length);
      p.fixtures!.data.forEach((f, i) => {
        const sf = s.inputs.fixtures[i]!;
        expect(f.type).toBe(sf.kind);
        if (sf.name) expect(f.name).toBe(sf.name);
        expect(f.gpm).toBe(sf.gpm ?? null);
        if (sf.dfu !== undefined) expect(f.flow_rate.dfu).toBe(sf.dfu);
        expect(f.uses_typical_dimensions).toBe(sf.uses_typical_dimensions ?? true);
        expect(f.flow_rate.one_minute.standard.unit).toBe('GPM');
        expect(f.flow_rate.one_minute.metric.unit).toBe('L/s');
        // A fixed-flow fixture (hand sink, floor drain) has no dimensions.
        if (sf.kind === 'hand-sink' || sf.kind === 'floor-drain') expect(f.dimensions).toBeNull();
        if (sf.uses_typical_dimensions === false && sf.length !== undefined) {
          expect(f.dimensions!.standard.length).toEqual({ object: 'measurement', value: sf.length, unit: 'in' });
          expect(f.dimensions!.standard.width.value).toBe(sf.width);
          expect(f.dimensions!.standard.height.value).toBe(sf.depth);
        }
      });
      expect(p.flow_rate.dfu).toBe(p.fixtures!.data.reduce((sum, f) => sum + f.flow_rate.dfu, 0));
    }
  });

  it('accessories=true gives the recommended accessories, with those the jurisdiction requires', async () => {
    const p1 = await detail(1, '?accessories=true');
    expect(p1.accessories!.url).toBe('/api/projects/1');
    for (const a of p1.accessories!.data) expect(a.reason.length).toBeGreaterThan(5);
    // A project whose jurisdiction requires accessories (the rules it is sized by, as served:
    // Pima County's sampling port) and that has a recommendation lists them.
    const requiredBy = new Map<number, string[]>();
    for (let offset = 0; offset < seed.jurisdictions.length; offset += 100) {
      const page = (await t.get(`/api/jurisdictions?limit=100&offset=${offset}`)).body as { data: { id: number; rules: { required_accessories: string[] } }[] };
      for (const j of page.data) if (j.rules.required_accessories.length > 0) requiredBy.set(j.id, j.rules.required_accessories);
    }
    expect(requiredBy.size).toBeGreaterThan(0);
    const candidates = seed.projects.filter((s) => s.jurisdiction_id !== null && requiredBy.has(s.jurisdiction_id));
    let checked = 0;
    for (const s of candidates.slice(0, 60)) {
      const p = await detail(s.id, '?accessories=true');
      if (p.recommended_product === null) continue;
      const kinds = p.accessories!.data.map((a) => a.kind);
      for (const required of requiredBy.get(s.jurisdiction_id!)!) expect(kinds, `project ${s.id}`).toContain(required);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('all three inclusions together', async () => {
    const p = await detail(withNotes.id, '?notes=true&accessories=1&fixtures=yes');
    expect(p.notes!.data).toHaveLength(withNotes.notes.length);
    expect(p.fixtures!.data).toHaveLength(withNotes.inputs.fixtures.length);
    expect(p.accessories!.object).toBe('list');
  });

  it('a project with no jurisdiction: sized_by = the lower of the non-zero pipe and two_minute values (service-api §2.3)', async () => {
    const sample = seed.projects.filter((s) => s.jurisdiction_id === null && s.inputs.fixtures.length > 0).slice(0, 40);
    expect(sample.length).toBeGreaterThan(10);
    let literal = 0;
    for (const s of sample) {
      const f = (await detail(s.id)).flow_rate;
      // The pipe's side is UPC Table 1014.2.1's two-minute interceptor size, never above the full-pipe flow.
      const pipeSize = PIPE_SIZE_TABLE.find((r) => r.pipe_in === s.inputs.pipe_size_in)!.hgi_two_minute_gpm;
      expect(pipeSize).toBeLessThanOrEqual(f.pipe.value);
      expect(f.sized_by.value, `project ${s.id}`).toBe(Math.min(...[pipeSize, f.two_minute.value].filter((v) => v > 0)));
      if (f.two_minute.value > 0 && f.two_minute.value <= pipeSize) {
        // The spec's words exactly: min(pipe, two_minute).
        expect(f.sized_by.value, `project ${s.id}`).toBe(Math.min(f.pipe.value, f.two_minute.value));
        literal++;
      }
    }
    expect(literal).toBeGreaterThan(5);
  });

  it('flow rate and grease carry their units, with the relations the spec states', async () => {
    const sample = seed.projects.filter((s) => s.jurisdiction_id === null).slice(0, 40);
    for (const s of sample) {
      const p = await detail(s.id);
      const f = p.flow_rate;
      for (const m of [f.pipe, f.one_minute, f.two_minute, f.sized_by]) expect(m.unit).toBe('GPM');
      for (const period of ['per_serving', 'per_day', 'per_30_days', 'per_60_days', 'per_90_days'] as const) {
        expect(p.grease[period].weight.unit).toBe('lbs');
        expect(p.grease[period].volume.unit).toBe('gal');
      }
      // No jurisdiction: the default rules (two-minute drainage, service-api §2.3) size by the lower
      // of the fixtures' two-minute flow and the interceptor size UPC Table 1014.2.1 gives for the pipe.
      const pipeSize = PIPE_SIZE_TABLE.find((r) => r.pipe_in === s.inputs.pipe_size_in)!.hgi_two_minute_gpm;
      const flows = [pipeSize, f.two_minute.value].filter((v) => v > 0);
      expect(f.sized_by.value, `project ${s.id}`).toBe(Math.min(...flows));
      expect(f.one_minute.value).toBeGreaterThanOrEqual(f.two_minute.value);
      near(p.grease.per_day.weight.value, p.grease.per_serving.weight.value * s.inputs.servings_per_day);
      near(p.grease.per_30_days.weight.value, p.grease.per_day.weight.value * 30);
      near(p.grease.per_60_days.weight.value, p.grease.per_day.weight.value * 60);
      near(p.grease.per_90_days.volume.value, p.grease.per_day.volume.value * 90);
    }
  });

  it('answers 404 for an unknown project, 400 for a malformed id or an unknown parameter', async () => {
    const missing = await t.get(`/api/projects/${seed.projects.length + 1000}`);
    expect(missing.status).toBe(404);
    expect(apiError.parse(missing.body)).toMatchObject({ code: 'not_found', param: 'id' });
    const bad = await t.get('/api/projects/1x');
    expect(bad.status).toBe(400);
    expect(apiError.parse(bad.body)).toMatchObject({ code: 'invalid_parameter', param: 'id' });
    const unknown = await t.get('/api/projects/1?contacts=true');
    expect(unknown.status).toBe(400);
    expect(apiError.parse(unknown.body)).toMatchObject({ code: 'unknown_parameter', param: 'contacts' });
    const notBool = await t.get('/api/projects/1?notes=perhaps');
    expect(notBool.status).toBe(400);
    expect(apiError.parse(notBool.body)).toMatchObject({ code: 'invalid_parameter', param: 'notes' });
  });
});

describe('personal data in projects', () => {
  const s = seed.projects.find((p) => people.userById.get(p.user_id)!.phone_number !== null)!;

  it('a key without the users scope gets the engineer\'s id but null name, e-mail and phone', async () => {
    const p = await detail(s.id, '?fixtures=true&notes=true', projectsOnlyKey);
    expectSeedFields(p, s, false);
    const { body } = await list('/api/projects?limit=50', projectsOnlyKey);
    for (const item of body.data) {
      expect(item.engineer.name).toBeNull();
      expect(item.engineer.email).toBeNull();
      expect(item.engineer.phone_number).toBeNull();
      expect(item.engineer.id).toBe(people.projectById.get(item.id)!.user_id);
    }
  });

  it('a key with the users scope gets the engineer as in the seed', async () => {
    const k = await t.engine.apiKeys.create('projects and users', ['projects', 'users']);
    const p = await detail(s.id, '', k.key);
    const u = people.userById.get(s.user_id)!;
    expect(p.engineer).toEqual({ id: u.id, name: u.name, email: u.email, phone_number: u.phone_number });
  });

  it('projects need the projects scope', async () => {
    const usersOnly = await t.engine.apiKeys.create('users only', ['users']);
    for (const path of ['/api/projects', `/api/projects/${s.id}`, `/api/projects/${s.id}/sizing`]) {
      const res = await t.get(path, { key: usersOnly.key });
      expect(res.status, path).toBe(403);
      expect(apiError.parse(res.body).code).toBe('insufficient_scope');
    }
  });
});

interface Candidate {
  part_number: string;
  name: string;
  passed: boolean;
  failures: { code: string; message: string }[];
  checks: { code: string; passed: boolean }[];
}
interface SizingBody {
  object: string;
  sizing_method: string;
  flow_rate: Record<string, { value: number; unit: string } | number>;
  grease: Record<string, { weight: { value: number; unit: string } }>;
  recommended_product: string | null;
  recommendation: { status: string; product: { name: string } | null; reasons: string[]; chosen: Candidate | null; alternatives: Candidate[]; failed: Candidate[] };
}

describe('sizing endpoints', () => {
  const CRITERIA = ['type', 'location', 'traffic', 'efficiency', 'flow', 'capacity_rule', 'fixture_capacity', 'volume', 'unit_volume', 'compartments', 'grease', 'pump_out'];

  it('GET /api/projects/:id/sizing gives the recommendation with its reasons and every failed candidate with its criteria', async () => {
    const p = await detail(1);
    expect(p.recommended_product).not.toBeNull();
    const res = await t.get('/api/projects/1/sizing');
    expect(res.status, res.text).toBe(200);
    const s = sizingResponse.parse(res.body);
    expect(res.body).not.toHaveProperty('raw');
    expect(s.object).toBe('sizing');
    expect(s.recommendation.status).toBe('recommended');
    expect(s.recommendation.product!.name).toBe(p.recommended_product);
    expect(s.recommended_product).toBe(p.recommended_product);
    expect(s.recommendation.reasons.length).toBeGreaterThan(0);
    expect(s.recommendation.chosen!.passed).toBe(true);
    expect(s.recommendation.failed.length).toBeGreaterThan(0);
    for (const c of s.recommendation.failed) {
      expect(c.passed).toBe(false);
      expect(c.failures.length).toBeGreaterThan(0);
      for (const f of c.failures) {
        expect(CRITERIA).toContain(f.code);
        expect(f.message.length).toBeGreaterThan(5);
        expect(c.checks.find((k) => k.code === f.code)?.passed).toBe(false);
      }
    }
    for (const c of s.recommendation.alternatives) expect(c.passed).toBe(true);
    expect((s.flow_rate.sized_by as { value: number }).value).toBe(p.flow_rate.sized_by.value);
    expect(s.grease.per_day!.weight.value).toBe(p.grease.per_day.weight.value);
  });

  it('GET /api/projects/:id/sizing carries the derivation: every step sourced, agreeing with the project\'s figures', async () => {
    const withFixtures = seed.projects.find((x) => x.jurisdiction_id !== null && x.inputs.installation_location === 'indoors' && x.inputs.fixtures.length >= 3)!;
    const p = await detail(withFixtures.id, '?fixtures=true');
    const s = sizingResponse.parse((await t.get(`/api/projects/${withFixtures.id}/sizing`)).body);
    const step = (key: string) => s.derivation.find((d) => d.key === key);
    // The rules are named after the authority that set them where its rules were read.
    const seedJurisdiction = people.jurisdictionById.get(withFixtures.jurisdiction_id!)!;
    expect(step('rules')?.result.value).toBe(authorityOf(seedJurisdiction)?.authority ?? p.jurisdiction!.name);
    expect(step('flow.design')?.result).toEqual({ value: p.flow_rate.sized_by.value, unit: 'GPM' });
    expect(step('flow.design')?.source).toMatch(/UPC 1014\.2\.1/);
    expect(step('flow.pipe')?.result).toEqual({ value: p.flow_rate.pipe.value, unit: 'GPM' });
    expect(step('grease.per-day')?.result).toEqual({ value: p.grease.per_day.weight.value, unit: 'lb' });
    // Each fixture has its flow and DFU steps, labelled by the fixture's name.
    for (const [i, f] of p.fixtures!.data.entries()) {
      expect(step(`fixture.${i + 1}.flow`)?.label).toContain(f.name);
      expect(step(`fixture.${i + 1}.dfu`)).toBeDefined();
    }
    // The served cycle is the unit's (its derivation step) or, without one, the design target's.
    if (p.pump_out_cycle_basis === 'recommended_product') expect(step('pump-out.cycle')?.result).toEqual({ value: p.pump_out_cycle, unit: 'days' });
    else expect(Math.round(step('pump-out.target')!.result.value as number)).toBe(p.pump_out_cycle);
    for (const d of s.derivation) expect(d.source.length).toBeGreaterThan(2);
  });

  it('a project with no fitting product explains why through its failed candidates', async () => {
    const s0 = seed.projects.find((s) => s.jurisdiction_id === 1 && s.inputs.installation_location === 'outdoors')!;
    const p = await detail(s0.id);
    const s = (await t.get(`/api/projects/${s0.id}/sizing`)).body as SizingBody;
    expect(s.recommended_product).toBe(p.recommended_product);
    if (p.recommended_product === null) {
      expect(s.recommendation.status).toBe('none');
      expect(s.recommendation.failed.length).toBeGreaterThan(0);
    }
    expect((await t.get(`/api/projects/${seed.projects.length + 1000}/sizing`)).status).toBe(404);
  });

  it('POST /api/sizing sizes a body without saving anything', async () => {
    const before = Number((await t.get('/api/projects?limit=1')).headers.get('x-total-count'));
    const body = { menu_type: 'fried-chicken', servings_per_day: 600, fryer: true, fixtures: [{ type: 'three-compartment-sink' }, { type: 'hand-sink' }, { type: 'dishwasher', gpm: 9 }] };
    const res = await t.request('POST', '/api/sizing', { body: JSON.stringify(body) });
    expect(res.status, res.text).toBe(200);
    const s = res.body as SizingBody;
    expect(s.object).toBe('sizing');
    expect((s.flow_rate.two_minute as { value: number }).value).toBeGreaterThan(0);
    expect(s.grease.per_day!.weight.value).toBeGreaterThan(0);
    const more = (await t.request('POST', '/api/sizing', { body: JSON.stringify({ ...body, servings_per_day: 1200 }) })).body as SizingBody;
    near(more.grease.per_day!.weight.value, s.grease.per_day!.weight.value * 2);
    expect(Number((await t.get('/api/projects?limit=1')).headers.get('x-total-count'))).toBe(before);
  });

  it('POST /api/sizing?project_id= applies the body to a stored project without changing it', async () => {
    const s0 = seed.projects.find((s) => s.status === 'Draft' && s.inputs.servings_per_day > 50)!;
    const stored = await detail(s0.id);
    const same = (await t.request('POST', `/api/sizing?project_id=${s0.id}`, { body: '{}' })).body as SizingBody;
    expect((same.flow_rate.sized_by as { value: number }).value).toBe(stored.flow_rate.sized_by.value);
    expect(same.grease.per_day!.weight.value).toBe(stored.grease.per_day.weight.value);
    const doubled = (await t.request('POST', `/api/sizing?project_id=${s0.id}`, { body: JSON.stringify({ servings_per_day: s0.inputs.servings_per_day * 2 }) })).body as SizingBody;
    near(doubled.grease.per_day!.weight.value, stored.grease.per_day.weight.value * 2);
    const after = await detail(s0.id);
    expect(after.version).toBe(stored.version);
    expect(after.servings_per_day).toBe(s0.inputs.servings_per_day);
    const missing = await t.request('POST', `/api/sizing?project_id=${seed.projects.length + 1000}`, { body: '{}' });
    expect(missing.status).toBe(404);
  });

  it('POST /api/sizing refuses a bad body with 400 naming the field', async () => {
    for (const [body, param] of [
      [{ servings_per_day: -1 }, 'servings_per_day'],
      [{ pipe_size: 7 }, 'pipe_size'],
      [{ fixtures: [{ type: 'jacuzzi' }] }, 'fixtures.data.0.type'],
      [{ fixtures: [{ type: 'custom' }] }, 'fixtures.data.0'],
      [{ bogus: 1 }, 'bogus'],
    ] as const) {
      const res = await t.request('POST', '/api/sizing', { body: JSON.stringify(body) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(apiError.parse(res.body).param).toBe(param);
    }
  });
});

describe('pump_out_cycle (spec §2.3: an integer)', () => {
  /** The pump-out bounds a jurisdiction publishes (GET /api/jurisdictions/:id `rules`); the defaults without one. */
  async function pumpOutBounds(jurisdictionId: number | null): Promise<{ min: number; max: number }> {
    if (jurisdictionId === null) return { min: 30, max: 90 };
    const res = await t.get(`/api/jurisdictions/${jurisdictionId}`);
    const rules = (res.body as { rules: { pump_out_days: { min: number; max: number } } }).rules;
    // docs/api.md: never more than 90 days between pump-outs.
    const max = Math.min(rules.pump_out_days.max, 90);
    return { min: Math.min(rules.pump_out_days.min, max), max };
  }

  it('no project is served without an integer pump_out_cycle; the basis says what it is', async () => {
    const items = await all('/api/projects');
    expect(items).toHaveLength(seed.projects.length);
    for (const p of items) {
      expect(Number.isInteger(p.pump_out_cycle), `project ${p.id}`).toBe(true);
      expect(p.pump_out_cycle_basis).toBe(p.recommended_product === null ? 'design_target' : 'recommended_product');
    }
    // The embedded data set has kitchens nothing fits: they are the ones this is about.
    expect(items.filter((p) => p.recommended_product === null).length).toBeGreaterThan(100);
  });

  it('without a recommended product: the design target (the requested target within the jurisdiction\'s bounds) and why none fits', async () => {
    const items = await all('/api/projects');
    const none = items.filter((p) => p.recommended_product === null);
    // Every kind of jurisdiction, with or without one; bounded so the test stays quick.
    const sample = [...none.filter((p) => p.jurisdiction === null).slice(0, 5), ...none.filter((p) => p.jurisdiction !== null).slice(0, 25)];
    expect(sample.length).toBeGreaterThan(10);
    for (const item of sample) {
      const p = await detail(item.id);
      const { min, max } = await pumpOutBounds(p.jurisdiction?.id ?? null);
      expect(p.pump_out_cycle_basis).toBe('design_target');
      expect(p.pump_out_cycle, `project ${p.id}`).toBe(Math.min(Math.max(p.pump_out_target!, min), max));
      expect(p.no_recommendation).not.toBeNull();
      expect(p.no_recommendation!.code.length).toBeGreaterThan(3);
      expect(p.no_recommendation!.message.length).toBeGreaterThan(10);
      // The user-embedded copy serves the same figure.
      const user = await t.get(`/api/users/${p.engineer.id}?projects=true&limit=100`);
      const embedded = (user.body as { projects: { data: Project[] } }).projects.data.find((x) => x.id === p.id);
      if (embedded) expect([embedded.pump_out_cycle, embedded.pump_out_cycle_basis]).toEqual([p.pump_out_cycle, 'design_target']);
    }
  });

  it('with a recommended product: the days the unit holds, and no_recommendation is null', async () => {
    const items = await all('/api/projects');
    const withProduct = items.filter((p) => p.recommended_product !== null).slice(0, 10);
    for (const item of withProduct) {
      const p = await detail(item.id);
      expect(p.pump_out_cycle_basis).toBe('recommended_product');
      expect(p.no_recommendation).toBeNull();
      const { min, max } = await pumpOutBounds(p.jurisdiction?.id ?? null);
      expect(p.pump_out_cycle).toBeGreaterThanOrEqual(min);
      expect(p.pump_out_cycle).toBeLessThanOrEqual(max);
    }
  });
});