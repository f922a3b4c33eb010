/** Users (spec §2.2, §4.1; docs/api.md "Users"): lists, counts, lookups by zip, id and e-mail, embedded projects. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { user, userList, type User, type UserListItem } from '../../src-shared/api/people.js';
import { CONSTRUCTION_TYPES, USER_TYPES } from '../../src-shared/api/vocabulary.js';
import type { SeedUser } from '../../src-shared/seed/people-seed.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { idOfUrl, peopleIndex, usDate, usDateOrNull } from '../helpers/resources.js';

let t: TestServer;
const people = peopleIndex();
const { seed } = people;
const typeLabel = (key: string | null) => (key === null ? null : USER_TYPES.find((u) => u.key === key)!.label);

/** What a user list item must hold, from people.json alone. */
function expectedListItem(u: SeedUser, query: string): UserListItem {
  return {
    object: 'user',
    url: `/api/users/${u.id}${query}`,
    service_user: u.service_user,
    name: u.name,
    email: u.email,
    phone_number: u.phone_number,
    position: u.position,
    company: u.company,
    postal_code: u.postal_code,
    type: typeLabel(u.type),
    registered: usDate(u.registered),
    last_active: usDate(u.last_active),
    updated: usDate(u.updated),
    ...people.countsOf(u.id),
  };
}

async function list(path: string): Promise<{ body: ReturnType<typeof userList.parse>; total: number }> {
  const res = await t.get(path);
  expect(res.status, res.text).toBe(200);
  return { body: userList.parse(res.body), total: Number(res.headers.get('x-total-count')) };
}

/** Every item of a list, each checked field by field against the seed. */
function expectItemsMatchSeed(items: UserListItem[], query: string) {
  for (const item of items) {
    expect(item).not.toHaveProperty('id');
    const u = people.userById.get(idOfUrl(item.url));
    expect(u, item.url).toBeDefined();
    expect(item).toEqual(expectedListItem(u!, query));
  }
}

/** Every page of a paged list, concatenated. */
async function allPages(path: string, sep = path.includes('?') ? '&' : '?'): Promise<UserListItem[]> {
  const out: UserListItem[] = [];
  for (let offset = 0; ; offset += 100) {
    const { body, total } = await list(`${path}${sep}limit=100&offset=${offset}`);
    out.push(...body.data);
    if (out.length >= total || body.data.length === 0) return out;
  }
}

beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 0 });
});
afterAll(async () => t?.close());

describe('GET /api/users', () => {
  it('lists 25 users from offset 0 by default, items without id, the total in X-Total-Count', async () => {
    const { body, total } = await list('/api/users');
    expect(body.url).toBe('/api/users');
    expect(body.data).toHaveLength(25);
    expect(total).toBe(seed.users.length);
    expectItemsMatchSeed(body.data, '');
    const explicit = await list('/api/users?limit=25&offset=0');
    expect(explicit.body.data.map((u) => idOfUrl(u.url))).toEqual(body.data.map((u) => idOfUrl(u.url)));
  });

  it('every user is listed once, with project counts computed from the projects (pre-approval = submitted)', async () => {
    const all = await allPages('/api/users');
    expect(all).toHaveLength(seed.users.length);
    expect(new Set(all.map((u) => idOfUrl(u.url)))).toEqual(new Set(seed.users.map((u) => u.id)));
    for (const item of all) {
      expect(item.number_of_projects, item.url).toBe(people.countsOf(idOfUrl(item.url)).number_of_projects);
      expect(item.number_of_pre_approval_projects, item.url).toBe(people.countsOf(idOfUrl(item.url)).number_of_pre_approval_projects);
    }
    // The data set has users with no projects and users with many, and pre-approval counts below the totals.
    expect(all.some((u) => u.number_of_projects === 0)).toBe(true);
    expect(all.some((u) => u.number_of_pre_approval_projects > 0 && u.number_of_pre_approval_projects < u.number_of_projects)).toBe(true);
  });

  it('pages with limit and offset; url and every item url repeat the query string exactly', async () => {
    const whole = await list('/api/users?limit=60');
    const page = await list('/api/users?limit=10&offset=20');
    expect(page.total).toBe(seed.users.length);
    expect(page.body.url).toBe('/api/users?limit=10&offset=20');
    expect(page.body.data.map((u) => idOfUrl(u.url))).toEqual(whole.body.data.slice(20, 30).map((u) => idOfUrl(u.url)));
    expectItemsMatchSeed(page.body.data, '?limit=10&offset=20');
    const last = await list(`/api/users?offset=${seed.users.length - 3}`);
    expect(last.body.data).toHaveLength(3);
    const beyond = await list(`/api/users?offset=${seed.users.length + 5}`);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.total).toBe(seed.users.length);
  });

  it('filters by one type key and serves the type as its label', async () => {
    const expected = seed.users.filter((u) => u.type === 'contractor');
    const { body, total } = await list('/api/users?types=contractor&limit=100&offset=0');
    expect(total).toBe(expected.length);
    expect(body.data).toHaveLength(Math.min(100, expected.length));
    for (const u of body.data) expect(u.type).toBe('Contractor');
    expectItemsMatchSeed(body.data, '?types=contractor&limit=100&offset=0');
    const ids = (await allPages('/api/users?types=contractor')).map((u) => idOfUrl(u.url));
    expect(new Set(ids)).toEqual(new Set(expected.map((u) => u.id)));
  });

  it.each([
    ['repeated', 'types=ahjInspector&types=companyEmployee'],
    ['bracketed', 'types[]=ahjInspector&types[]=companyEmployee'],
    ['percent-encoded brackets', 'types%5B%5D=ahjInspector&types%5B%5D=companyEmployee'],
  ])('filters by several type keys (%s form)', async (_form, query) => {
    const expected = seed.users.filter((u) => u.type === 'ahjInspector' || u.type === 'companyEmployee');
    const { body, total } = await list(`/api/users?${query}&limit=100`);
    expect(body.url).toBe(`/api/users?${query}&limit=100`);
    expect(total).toBe(expected.length);
    expect(new Set(body.data.map((u) => idOfUrl(u.url)))).toEqual(new Set(expected.map((u) => u.id)));
    expect(new Set(body.data.map((u) => u.type))).toEqual(new Set(['AHJ / Inspector', 'Company Employee']));
    expectItemsMatchSeed(body.data, `?${query}&limit=100`);
  });

  it('serves every type label of the spec, and null for users without a type', async () => {
    const all = await allPages('/api/users');
    const labels = new Set(all.map((u) => u.type));
    for (const { label } of USER_TYPES) expect(labels).toContain(label);
    expect(labels).toContain(null);
  });

  it.each([
    ['/api/users?types=engineer', 400, 'invalid_parameter'],
    ['/api/users?types=Contractor', 400, 'invalid_parameter'],
    ['/api/users?limit=0', 400, 'invalid_parameter'],
    ['/api/users?limit=101', 400, 'invalid_parameter'],
    ['/api/users?offset=-1', 400, 'invalid_parameter'],
    ['/api/users?type=contractor', 400, 'unknown_parameter'],
  ])('%s → %i %s', async (path, status, code) => {
    const res = await t.get(path);
    expect(res.status, res.text).toBe(status);
    const error = apiError.parse(res.body);
    expect(error.code).toBe(code);
    expect(error.param).toMatch(/^(types|limit|offset|type)/);
  });
});

describe('POST /api/users-by-zip-code', () => {
  const usersPerZip = new Map<string, number>();
  for (const u of seed.users) usersPerZip.set(u.postal_code, (usersPerZip.get(u.postal_code) ?? 0) + 1);
  const zipsWithSeveral = [...usersPerZip].filter(([, n]) => n > 1).map(([z]) => z);
  const post = (body: unknown, query = '', headers?: Record<string, string>) =>
    t.request('POST', `/api/users-by-zip-code${query}`, { body: typeof body === 'string' ? body : JSON.stringify(body), headers });

  it('takes one zip code as a string', async () => {
    const zip = zipsWithSeveral[0]!;
    const expected = seed.users.filter((u) => u.postal_code === zip);
    const res = await post({ zip_codes: zip });
    expect(res.status, res.text).toBe(200);
    const body = userList.parse(res.body);
    expect(body.url).toBe('/api/users-by-zip-code');
    expect(res.headers.get('x-total-count')).toBe(String(expected.length));
    expect(new Set(body.data.map((u) => idOfUrl(u.url)))).toEqual(new Set(expected.map((u) => u.id)));
    expectItemsMatchSeed(body.data, '');
  });

  it('takes an array of zip codes, paged by limit / offset in the query string', async () => {
    const zips = zipsWithSeveral.slice(0, 3);
    const extra = seed.users.find((u) => !zips.includes(u.postal_code))!.postal_code;
    const wanted = [...zips, extra];
    const expected = seed.users.filter((u) => wanted.includes(u.postal_code));
    const res = await post({ zip_codes: wanted });
    expect(res.status, res.text).toBe(200);
    const all = userList.parse(res.body).data;
    expect(new Set(all.map((u) => idOfUrl(u.url)))).toEqual(new Set(expected.map((u) => u.id)));

    const page = await post({ zip_codes: wanted }, '?limit=2&offset=1');
    expect(page.status).toBe(200);
    const body = userList.parse(page.body);
    expect(body.url).toBe('/api/users-by-zip-code?limit=2&offset=1');
    expect(page.headers.get('x-total-count')).toBe(String(expected.length));
    expect(body.data.map((u) => idOfUrl(u.url))).toEqual(all.slice(1, 3).map((u) => idOfUrl(u.url)));
    expectItemsMatchSeed(body.data, '?limit=2&offset=1');
  });

  it('answers an empty list for a zip nobody has', async () => {
    const zip = ['00000', '99998', '99997'].find((z) => !seed.users.some((u) => u.postal_code === z))!;
    const res = await post({ zip_codes: [zip] });
    expect(res.status).toBe(200);
    expect(userList.parse(res.body).data).toEqual([]);
    expect(res.headers.get('x-total-count')).toBe('0');
  });

  it.each([
    ['a number', { zip_codes: 60601 }, 'invalid_field', 'zip_codes'],
    ['a malformed zip', { zip_codes: '6060' }, 'invalid_field', 'zip_codes'],
    ['an empty array', { zip_codes: [] }, 'invalid_field', 'zip_codes'],
    ['a malformed zip in the array', { zip_codes: ['60601', 'ABCDE'] }, 'invalid_field', 'zip_codes.1'],
    ['over 1,000 zips', { zip_codes: Array.from({ length: 1001 }, (_, i) => String(10000 + i)) }, 'invalid_field', 'zip_codes'],
    ['no zip_codes', {}, null, 'zip_codes'],
    ['an unknown field', { zip_codes: '60601', zip: '60602' }, 'unknown_field', 'zip'],
  ])('refuses %s with 400', async (_name, body, code, param) => {
    const res = await post(body);
    expect(res.status, res.text).toBe(400);
    const error = apiError.parse(res.body);
    if (code) expect(error.code).toBe(code);
    expect(error.param).toBe(param);
  });

  it('refuses malformed JSON with 400 invalid_body and a non-JSON body with 415', async () => {
    const bad = await post('{"zip_codes": ');
    expect(bad.status).toBe(400);
    expect(apiError.parse(bad.body).code).toBe('invalid_body');
    const text = await post('zip_codes=60601', '', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(text.status).toBe(415);
    expect(apiError.parse(text.body).code).toBe('unsupported_media_type');
    const plain = await post('{"zip_codes": "60601"}', '', { 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    expect(apiError.parse(plain.body).code).toBe('unsupported_media_type');
  });
});

describe('GET /api/users/:id and /api/user-by-email/:email', () => {
  const u = seed.users.find((x) => x.type !== null && x.phone_number !== null && people.countsOf(x.id).number_of_projects > 3)!;

  it('serves one user with id and a plain url, field by field', async () => {
    const res = await t.get(`/api/users/${u.id}`);
    expect(res.status, res.text).toBe(200);
    const body = user.parse(res.body);
    expect(body).toEqual({ ...expectedListItem(u, ''), id: u.id });
    expect(body).not.toHaveProperty('projects');
  });

  it('answers the identical body by e-mail, in any case', async () => {
    const byId = await t.get(`/api/users/${u.id}`);
    for (const email of [u.email, u.email.toUpperCase(), u.email.replace(/^./, (c) => c.toUpperCase())]) {
      const byEmail = await t.get(`/api/user-by-email/${encodeURIComponent(email)}`);
      expect(byEmail.status, email).toBe(200);
      expect(byEmail.text).toBe(byId.text);
    }
    const withProjectsId = await t.get(`/api/users/${u.id}?projects=true&limit=3`);
    const withProjectsEmail = await t.get(`/api/user-by-email/${encodeURIComponent(u.email.toUpperCase())}?projects=true&limit=3`);
    expect(withProjectsEmail.text).toBe(withProjectsId.text);
  });

  it('answers 404 for an unknown id or e-mail, 400 for a malformed id', async () => {
    const missing = await t.get(`/api/users/${seed.users.length + 1000}`);
    expect(missing.status).toBe(404);
    expect(apiError.parse(missing.body)).toMatchObject({ code: 'not_found', param: 'id' });
    const noEmail = await t.get('/api/user-by-email/nobody%40example.invalid');
    expect(noEmail.status).toBe(404);
    expect(apiError.parse(noEmail.body)).toMatchObject({ code: 'not_found', param: 'email' });
    const bad = await t.get('/api/users/abc');
    expect(bad.status).toBe(400);
    expect(apiError.parse(bad.body)).toMatchObject({ code: 'invalid_parameter', param: 'id' });
    const notEmail = await t.get('/api/user-by-email/not-an-email');
    expect(notEmail.status).toBe(400);
  });

  it('needs the users scope', async () => {
    const k = await t.engine.apiKeys.create('projects only', ['projects']);
    const res = await t.get(`/api/users/${u.id}`, { key: k.key });
    expect(res.status).toBe(403);
    expect(apiError.parse(res.body).code).toBe('insufficient_scope');
    expect((await t.get('/api/users', { key: k.key })).status).toBe(403);
    expect((await t.request('POST', '/api/users-by-zip-code', { key: k.key, body: '{"zip_codes":"60601"}' })).status).toBe(403);
  });
});

describe('GET /api/users/:id?projects=true', () => {
  const [busiest] = [...seed.users].sort((a, b) => people.countsOf(b.id).number_of_projects - people.countsOf(a.id).number_of_projects);
  const mine = people.projectsOfUser(busiest!.id);

  async function embedded(query: string): Promise<User> {
    const res = await t.get(`/api/users/${busiest!.id}?${query}`);
    expect(res.status, res.text).toBe(200);
    return user.parse(res.body);
  }

  it('embeds the user\'s projects, paged by limit / offset (default 25), the list url being the user\'s', async () => {
    expect(mine.length).toBeGreaterThan(25);
    const first = await embedded('projects=true');
    expect(first.projects!.url).toBe(`/api/users/${busiest!.id}`);
    expect(first.url).toBe(`/api/users/${busiest!.id}`);
    expect(first.projects!.data).toHaveLength(25);
    const all = await embedded('projects=true&limit=100');
    expect(new Set(all.projects!.data.map((p) => p.id))).toEqual(new Set(mine.map((p) => p.id)));
    expect(all.number_of_projects).toBe(mine.length);
    const page = await embedded('projects=true&limit=7&offset=20');
    expect(page.projects!.data.map((p) => p.id)).toEqual(all.projects!.data.slice(20, 27).map((p) => p.id));
    expect(first.projects!.data.map((p) => p.id)).toEqual(all.projects!.data.slice(0, 25).map((p) => p.id));
  });

  it('embedded projects have pipe_size as a bare number, spaces empty, and the seed\'s inputs', async () => {
    const all = await embedded('projects=1&limit=100');
    for (const p of all.projects!.data) {
      const s = people.projectById.get(p.id)!;
      expect(p.url).toBe(`/api/projects/${p.id}`);
      expect(p.pipe_size).toBe(s.inputs.pipe_size_in);
      expect(p.spaces).toEqual([]);
      expect(p.name).toBe(s.name);
      expect(p.status).toBe(s.status);
      expect(p.created).toBe(usDate(s.created));
      expect(p.submitted).toBe(usDateOrNull(s.submitted));
      expect(p.approved).toBe(usDateOrNull(s.approved));
      expect(p.engineer).toEqual({ id: busiest!.id, name: busiest!.name, email: busiest!.email, phone_number: busiest!.phone_number });
      expect(p.address).toEqual(s.address);
      expect(p.jurisdiction?.id ?? null).toBe(s.jurisdiction_id);
      if (p.jurisdiction) expect(p.jurisdiction).not.toHaveProperty('contacts');
      expect(p.construction_type).toBe(CONSTRUCTION_TYPES.find((c) => c.key === s.construction_type)!.label);
      expect(p.servings_per_day).toBe(s.inputs.servings_per_day);
      expect(p.menu_type).toBe(s.inputs.menu_type);
      expect(p.flow_rate.sized_by.unit).toBe('GPM');
    }
  });

  it('contacts=true adds the contacts of each embedded project\'s jurisdiction', async () => {
    const all = await embedded('projects=true&contacts=true&limit=100');
    const withJurisdiction = all.projects!.data.filter((p) => p.jurisdiction !== null);
    expect(withJurisdiction.length).toBeGreaterThan(0);
    for (const p of all.projects!.data) {
      if (p.jurisdiction === null) continue;
      const j = people.jurisdictionById.get(p.jurisdiction.id)!;
      expect(p.jurisdiction.name).toBe(j.name);
      expect(p.jurisdiction.contacts!.map((c) => c.id)).toEqual(j.contacts.map((c) => c.id));
      p.jurisdiction.contacts!.forEach((c, i) => {
        const sc = j.contacts[i]!;
        expect(c).toEqual({
          object: 'contact',
          id: sc.id,
          name: `${sc.first_name} ${sc.last_name}`,
          first_name: sc.first_name,
          last_name: sc.last_name,
          title: sc.title,
          email: sc.email,
          primary_phone_number: sc.primary_phone_number,
          department: sc.department,
          jurisdictions: [j.name],
          jurisdiction_name: j.name,
          facility: sc.facility,
        });
      });
    }
  });

  it('projects=true needs the projects scope and contacts=true the jurisdictions scope (403)', async () => {
    const usersOnly = await t.engine.apiKeys.create('users only', ['users']);
    const plain = await t.get(`/api/users/${busiest!.id}`, { key: usersOnly.key });
    expect(plain.status).toBe(200);
    const denied = await t.get(`/api/users/${busiest!.id}?projects=true`, { key: usersOnly.key });
    expect(denied.status).toBe(403);
    expect(apiError.parse(denied.body).code).toBe('insufficient_scope');
    const byEmail = await t.get(`/api/user-by-email/${encodeURIComponent(busiest!.email)}?projects=true`, { key: usersOnly.key });
    expect(byEmail.status).toBe(403);
    const noJurisdictions = await t.engine.apiKeys.create('users and projects', ['users', 'projects']);
    expect((await t.get(`/api/users/${busiest!.id}?projects=true`, { key: noJurisdictions.key })).status).toBe(200);
    const contacts = await t.get(`/api/users/${busiest!.id}?projects=true&contacts=true`, { key: noJurisdictions.key });
    expect(contacts.status).toBe(403);
    expect(apiError.parse(contacts.body).code).toBe('insufficient_scope');
  });

  it('projects=false embeds nothing; a value that is not a boolean is a 400', async () => {
    const off = await embedded('projects=false');
    expect(off).not.toHaveProperty('projects');
    const no = await embedded('projects=no');
    expect(no).not.toHaveProperty('projects');
    const bad = await t.get(`/api/users/${busiest!.id}?projects=maybe`);
    expect(bad.status).toBe(400);
    expect(apiError.parse(bad.body)).toMatchObject({ code: 'invalid_parameter', param: 'projects' });
  });

  it('a user without projects embeds an empty list', async () => {
    const idle = seed.users.find((u) => people.countsOf(u.id).number_of_projects === 0)!;
    const res = await t.get(`/api/users/${idle.id}?projects=true`);
    const body = user.parse(res.body);
    expect(body.projects).toEqual({ object: 'list', url: `/api/users/${idle.id}`, data: [] });
    expect(body.number_of_projects).toBe(0);
  });
});
