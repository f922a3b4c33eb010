/** Jurisdictions (docs/api.md "Jurisdictions", "Personal data"): list, filters, the record, contacts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { contactList, jurisdiction, jurisdictionList, type Contact, type Jurisdiction } from '../../src-shared/api/people.js';
import { SIZING_METHOD_LABELS } from '../../src-shared/api/vocabulary.js';
import type { SeedJurisdiction } from '../../src-shared/seed/people-seed.js';
import path from 'node:path';
import { loadAuthorityLibrary } from '../../src-main/store/authority-library.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { geography, idOfUrl, peopleIndex } from '../helpers/resources.js';

let t: TestServer;
const library = loadAuthorityLibrary(path.resolve(import.meta.dirname, '../../resources'));
/** "name|state" of every jurisdiction an authority file names. */
const authorityNames = new Set(library.flatMap((a) => a.jurisdictions.map((n) => `${n}|${a.state}`)));
const people = peopleIndex();
const { seed } = people;
const countyName = new Map(geography().counties.map((c) => [c[0], c[2]]));

/** The record as docs/api.md describes it, from people.json and geography.json. */
function expectRecord(j: Jurisdiction, s: SeedJurisdiction) {
  // Where an authority's rules were read (resources/authorities/), they replace the demo rules.
  const read = authorityNames.has(`${s.name}|${s.state}`);
  const rules = read ? (j.rules as unknown as SeedJurisdiction['rules']) : s.rules;
  expect(j.rules_source.status).toBe(read ? 'authority' : 'code-family');
  expect(j).toMatchObject({
    object: 'jurisdiction',
    url: `/api/jurisdictions/${s.id}`,
    id: s.id,
    name: s.name,
    kind: s.kind,
    state: s.state,
    county: countyName.get(s.county_fips) ?? null,
    plumbing_code: rules.plumbing_code,
    sizing_methods: { indoor: SIZING_METHOD_LABELS[rules.sizing_methods.indoor], outdoor: SIZING_METHOD_LABELS[rules.sizing_methods.outdoor] },
    unique_local_requirements: s.rules.unique_local_requirements.flagged,
    unique_local_requirements_reason: s.rules.unique_local_requirements.reason,
  });
  expect(j.inside_trap_locations).toEqual(s.inside_trap_locations);
  if (!read) expect(j.rules).toEqual(s.rules);
  expect([...j.zip_codes].sort()).toEqual([...s.zip_codes].sort());
}

function expectContact(c: Contact, s: SeedJurisdiction, index: number, personal: boolean) {
  const sc = s.contacts[index]!;
  expect(c).toEqual({
    object: 'contact',
    id: sc.id,
    name: personal ? `${sc.first_name} ${sc.last_name}` : null,
    first_name: personal ? sc.first_name : null,
    last_name: personal ? sc.last_name : null,
    title: sc.title,
    email: personal ? sc.email : null,
    primary_phone_number: personal ? sc.primary_phone_number : null,
    department: sc.department,
    jurisdictions: [s.name],
    jurisdiction_name: s.name,
    facility: sc.facility,
  });
}

async function list(path: string, key?: string) {
  const res = await t.get(path, { key });
  expect(res.status, res.text).toBe(200);
  return { body: jurisdictionList.parse(res.body), total: Number(res.headers.get('x-total-count')) };
}

let noUsersKey: string;
beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 0 });
  noUsersKey = (await t.engine.apiKeys.create('jurisdictions only', ['jurisdictions'])).key;
});
afterAll(async () => t?.close());

describe('GET /api/jurisdictions', () => {
  it('lists 25 records by default, each equal to the seed, the total in X-Total-Count', async () => {
    const { body, total } = await list('/api/jurisdictions');
    expect(body.url).toBe('/api/jurisdictions');
    expect(body.data).toHaveLength(25);
    expect(total).toBe(seed.jurisdictions.length);
    for (const j of body.data) {
      expectRecord(j, people.jurisdictionById.get(j.id)!);
      expect(j).not.toHaveProperty('contacts');
    }
  });

  it('pages through every jurisdiction once', async () => {
    const seen: number[] = [];
    for (let offset = 0; offset < seed.jurisdictions.length; offset += 40) {
      const { body, total } = await list(`/api/jurisdictions?limit=40&offset=${offset}`);
      expect(body.url).toBe(`/api/jurisdictions?limit=40&offset=${offset}`);
      expect(total).toBe(seed.jurisdictions.length);
      seen.push(...body.data.map((j) => j.id));
    }
    expect(seen.sort((a, b) => a - b)).toEqual(seed.jurisdictions.map((j) => j.id).sort((a, b) => a - b));
    const whole = await list('/api/jurisdictions?limit=100');
    const page = await list('/api/jurisdictions?limit=5&offset=17');
    expect(page.body.data.map((j) => j.id)).toEqual(whole.body.data.slice(17, 22).map((j) => j.id));
  });

  it('filters by state (two-letter code, any case)', async () => {
    const states = new Map<string, number>();
    for (const j of seed.jurisdictions) states.set(j.state, (states.get(j.state) ?? 0) + 1);
    const [state] = [...states].sort((a, b) => b[1] - a[1])[0]!;
    const expected = seed.jurisdictions.filter((j) => j.state === state);
    for (const q of [state, state.toLowerCase()]) {
      const { body, total } = await list(`/api/jurisdictions?state=${q}&limit=100`);
      expect(total).toBe(expected.length);
      expect(new Set(body.data.map((j) => j.id))).toEqual(new Set(expected.map((j) => j.id)));
      for (const j of body.data) expectRecord(j, people.jurisdictionById.get(j.id)!);
    }
    const paged = await list(`/api/jurisdictions?state=${state}&limit=2&offset=1`);
    expect(paged.total).toBe(expected.length);
    expect(paged.body.data).toHaveLength(2);
    const none = await list('/api/jurisdictions?state=ZZ');
    expect(none.body.data).toEqual([]);
    expect(none.total).toBe(0);
  });

  it('filters by zip code: the jurisdiction governing it, or none', async () => {
    for (const s of [seed.jurisdictions[0]!, seed.jurisdictions[seed.jurisdictions.length - 1]!]) {
      const zip = s.zip_codes[s.zip_codes.length - 1]!;
      const { body, total } = await list(`/api/jurisdictions?zip_code=${zip}`);
      expect(total).toBe(1);
      expect(body.data.map((j) => j.id)).toEqual([people.jurisdictionByZip.get(zip)!.id]);
      expect(body.data[0]!.zip_codes).toContain(zip);
    }
    const ungoverned = seed.users.map((u) => u.postal_code).find((z) => !people.jurisdictionByZip.has(z))!;
    const { body, total } = await list(`/api/jurisdictions?zip_code=${ungoverned}`);
    expect(body.data).toEqual([]);
    expect(total).toBe(0);
    const s = seed.jurisdictions[0]!;
    const both = await list(`/api/jurisdictions?zip_code=${s.zip_codes[0]}&state=${s.state === 'TX' ? 'CA' : 'TX'}`);
    expect(both.total).toBe(0);
  });

  it.each([
    ['/api/jurisdictions?state=Texas', 'invalid_parameter', 'state'],
    ['/api/jurisdictions?zip_code=1234', 'invalid_parameter', 'zip_code'],
    ['/api/jurisdictions?limit=0', 'invalid_parameter', 'limit'],
    ['/api/jurisdictions?county=Cook', 'unknown_parameter', 'county'],
    ['/api/jurisdictions/1?contacts=maybe', 'invalid_parameter', 'contacts'],
    ['/api/jurisdictions/abc', 'invalid_parameter', 'id'],
    ['/api/jurisdictions/1/contacts?limit=1000', 'invalid_parameter', 'limit'],
  ])('%s → 400 %s', async (path, code, param) => {
    const res = await t.get(path);
    expect(res.status, res.text).toBe(400);
    expect(apiError.parse(res.body)).toMatchObject({ code, param });
  });
});

describe('GET /api/jurisdictions/:id', () => {
  const withContacts = seed.jurisdictions.find((j) => j.contacts.length >= 3)!;

  it('serves the record with its rules and zip codes, without contacts by default', async () => {
    for (const s of [withContacts, ...seed.jurisdictions.filter((j) => j.rules.unique_local_requirements.flagged).slice(0, 2)]) {
      const res = await t.get(`/api/jurisdictions/${s.id}`);
      expect(res.status).toBe(200);
      const j = jurisdiction.parse(res.body);
      expectRecord(j, s);
      expect(j).not.toHaveProperty('contacts');
      expect(j.updated).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    }
  });

  it('contacts=true adds the contacts of the seed, in order', async () => {
    const j = jurisdiction.parse((await t.get(`/api/jurisdictions/${withContacts.id}?contacts=true`)).body);
    expect(j.contacts!.url).toBe(`/api/jurisdictions/${withContacts.id}/contacts`);
    expect(j.contacts!.data).toHaveLength(withContacts.contacts.length);
    j.contacts!.data.forEach((c, i) => expectContact(c, withContacts, i, true));
  });

  it('a jurisdiction embedded in a project is the same jurisdiction', async () => {
    const s = seed.projects.find((p) => p.jurisdiction_id === withContacts.id)!;
    const p = (await t.get(`/api/projects/${s.id}`)).body as { jurisdiction: { id: number; url: string; name: string; plumbing_code: string | null; sizing_methods: unknown } };
    const j = jurisdiction.parse((await t.get(p.jurisdiction.url)).body);
    expect(idOfUrl(p.jurisdiction.url)).toBe(withContacts.id);
    expect({ name: j.name, plumbing_code: j.plumbing_code, sizing_methods: j.sizing_methods }).toEqual({ name: p.jurisdiction.name, plumbing_code: p.jurisdiction.plumbing_code, sizing_methods: p.jurisdiction.sizing_methods });
  });

  it('answers 404 for an unknown jurisdiction', async () => {
    for (const path of ['/api/jurisdictions/999999', '/api/jurisdictions/999999/contacts', '/api/jurisdictions/999999?contacts=true']) {
      const res = await t.get(path);
      expect(res.status, path).toBe(404);
      expect(apiError.parse(res.body)).toMatchObject({ code: 'not_found', param: 'id' });
    }
  });
});

describe('rules_source (issue 29): the rules each jurisdiction is sized by, and where they come from', () => {
  it('Austin (78701): Austin Water\'s published criteria, with the address, section and date read', async () => {
    const { body } = await list('/api/jurisdictions?zip_code=78701');
    const austin = body.data[0]!;
    expect(austin.name).toBe('City of Austin');
    expect(austin.rules_source).toMatchObject({ status: 'authority', verified: true, authority: 'Austin Water (City of Austin)' });
    expect(austin.rules_source.documents[0]).toMatchObject({ url: 'https://austintexas.gov/department/grease-trap-sizing-criteria', read: '2026-11-26' });
    expect(austin.rules_source.summary).toMatch(/^Rules read from Austin Water \(City of Austin\)'s own published rules/);
    // Austin Water's criteria: liquid holding capacity by its formula, at least 100 gallons.
    expect(austin.sizing_methods).toEqual({ indoor: SIZING_METHOD_LABELS['gravity-by-formula'], outdoor: SIZING_METHOD_LABELS['gravity-by-formula'] });
    expect(austin.rules).toMatchObject({ gravity_unit_volume_gal: { min: 100, max: null }, food_waste_disposer: { hydromechanical: 'refuse', gravity: 'refuse' } });
  });

  it('a jurisdiction whose rules were not read says so in plain words, and carries its code family\'s rules', async () => {
    const philadelphia = seed.jurisdictions.find((j) => j.name === 'City of Philadelphia')!;
    const res = await t.get(`/api/jurisdictions/${philadelphia.id}`);
    const j = jurisdiction.parse(res.body);
    expect(j.rules_source).toMatchObject({ status: 'code-family', verified: false, authority: null, documents: [] });
    expect(j.rules_source.summary).toBe(
      "City of Philadelphia's own rules have not been read: these are the rules of its plumbing code (Philadelphia Plumbing Code, the International Plumbing Code's family), with the sizing methods it states. Confirm local requirements with the plan reviewer.",
    );
  });

  it('every record carries one, in the list as in the record', async () => {
    const { body } = await list('/api/jurisdictions?limit=100');
    const statuses = new Set(body.data.map((j) => j.rules_source.status));
    expect(statuses).toEqual(new Set(['authority', 'code-family']));
  });
});

describe('GET /api/jurisdictions/:id/contacts', () => {
  const s = seed.jurisdictions.find((j) => j.contacts.length >= 3)!;

  it('lists the contacts, paged, the total in X-Total-Count', async () => {
    const res = await t.get(`/api/jurisdictions/${s.id}/contacts`);
    expect(res.status).toBe(200);
    const body = contactList.parse(res.body);
    expect(body.url).toBe(`/api/jurisdictions/${s.id}/contacts`);
    expect(res.headers.get('x-total-count')).toBe(String(s.contacts.length));
    body.data.forEach((c, i) => expectContact(c, s, i, true));
    const page = await t.get(`/api/jurisdictions/${s.id}/contacts?limit=1&offset=1`);
    const pageBody = contactList.parse(page.body);
    expect(pageBody.url).toBe(`/api/jurisdictions/${s.id}/contacts?limit=1&offset=1`);
    expect(pageBody.data).toHaveLength(1);
    expectContact(pageBody.data[0]!, s, 1, true);
    expect(page.headers.get('x-total-count')).toBe(String(s.contacts.length));
    const past = contactList.parse((await t.get(`/api/jurisdictions/${s.id}/contacts?offset=${s.contacts.length}`)).body);
    expect(past.data).toEqual([]);
  });

  it('without the users scope, names, e-mails and phones are null (both ways of reading contacts)', async () => {
    const listed = contactList.parse((await t.get(`/api/jurisdictions/${s.id}/contacts`, { key: noUsersKey })).body);
    expect(listed.data).toHaveLength(s.contacts.length);
    listed.data.forEach((c, i) => expectContact(c, s, i, false));
    const embedded = jurisdiction.parse((await t.get(`/api/jurisdictions/${s.id}?contacts=true`, { key: noUsersKey })).body);
    embedded.contacts!.data.forEach((c, i) => expectContact(c, s, i, false));
    expectRecord(embedded, s);
  });

  it('needs the jurisdictions scope', async () => {
    const k = await t.engine.apiKeys.create('users and projects', ['users', 'projects']);
    for (const path of ['/api/jurisdictions', `/api/jurisdictions/${s.id}`, `/api/jurisdictions/${s.id}/contacts`]) {
      const res = await t.get(path, { key: k.key });
      expect(res.status, path).toBe(403);
      expect(apiError.parse(res.body).code).toBe('insufficient_scope');
    }
  });
});
