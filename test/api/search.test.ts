/** Search (spec §4.6; docs/api.md "Search"): shapes per type, prefix words, ranking, accents, FTS syntax, scopes. */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { jurisdictionList, projectList, userList } from '../../src-shared/api/people.js';
import type { SeedJurisdiction, SeedProject, SeedUser } from '../../src-shared/seed/people-seed.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { fold, idOfUrl, peopleIndex, searchTokens } from '../helpers/resources.js';

let t: TestServer;
const people = peopleIndex();
const { seed } = people;

/** Indexed words, per docs/api.md, from people.json. */
const userWords = (u: SeedUser) => searchTokens(u.name, u.email, u.company, u.position, u.postal_code);
const jurisdictionWords = (j: SeedJurisdiction) => searchTokens(j.name, j.state);
const projectWords = (p: SeedProject) => searchTokens(p.name, p.address.street, p.address.city, p.address.state, p.address.postal_code);
/** Every word of the query is a prefix of some indexed word. */
const matchesAll = (query: string | string[], words: string[]) => (typeof query === 'string' ? searchTokens(query) : query).every((q) => words.some((w) => w.startsWith(q)));

const search = (type: string, query: string, extra = '', key?: string | null) => t.get(`/api/search?type=${type}&query=${encodeURIComponent(query)}${extra}`, { key });

/** Ids of every result of a query (all pages), with the total header. */
async function allIds(type: 'user' | 'project' | 'jurisdiction', query: string): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await search(type, query, `&limit=100&offset=${offset}`);
    expect(res.status, res.text).toBe(200);
    const total = Number(res.headers.get('x-total-count'));
    const data = (res.body as { data: { url: string }[] }).data;
    ids.push(...data.map((d) => idOfUrl(d.url)));
    if (ids.length >= total || data.length === 0) return { ids, total };
  }
}

let usersOnly: string;
let projectsOnly: string;
beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 0 });
  usersOnly = (await t.engine.apiKeys.create('users only', ['users'])).key;
  projectsOnly = (await t.engine.apiKeys.create('projects only', ['projects'])).key;
});
afterAll(async () => t?.close());

describe('the response follows the type', () => {
  const u = seed.users.find((x) => x.company !== null && x.phone_number !== null)!;

  it('type=user: user list items (no id, url repeating the query string)', async () => {
    const res = await search('user', u.name, '&limit=5');
    expect(res.status, res.text).toBe(200);
    const body = userList.parse(res.body);
    const query = `?type=user&query=${encodeURIComponent(u.name)}&limit=5`;
    expect(body.url).toBe(`/api/search${query}`);
    const item = body.data.find((d) => idOfUrl(d.url) === u.id)!;
    expect(item).toBeDefined();
    expect(item).not.toHaveProperty('id');
    expect(item.url).toBe(`/api/users/${u.id}${query}`);
    expect(item).toMatchObject({ name: u.name, email: u.email, company: u.company, ...people.countsOf(u.id) });
  });

  it('type=project: reduced projects', async () => {
    const p = seed.projects.find((x) => x.address.city !== null)!;
    const res = await search('project', p.name, '&limit=100');
    expect(res.status).toBe(200);
    const body = projectList.parse(res.body);
    const item = body.data.find((d) => d.id === p.id)!;
    expect(item).toBeDefined();
    expect(Object.keys(item).sort()).toEqual(
      ['object', 'url', 'id', 'name', 'status', 'created', 'submitted', 'approved', 'updated', 'engineer', 'address', 'jurisdiction', 'construction_type', 'installation_location', 'recommended_product', 'pump_out_cycle', 'pump_out_cycle_basis'].sort(),
    );
    expect(item).toMatchObject({ name: p.name, status: p.status, address: p.address });
  });

  it('type=jurisdiction: jurisdiction records', async () => {
    const j = seed.jurisdictions[0]!;
    const res = await search('jurisdiction', j.name);
    expect(res.status).toBe(200);
    const body = jurisdictionList.parse(res.body);
    expect(body.data[0]).toMatchObject({ id: j.id, name: j.name, state: j.state, kind: j.kind });
    expect([...body.data[0]!.zip_codes].sort()).toEqual([...j.zip_codes].sort());
  });
});

describe('matching', () => {
  it('a 3-letter prefix of a real surname finds that user, and exactly the users with a word so starting', async () => {
    const sample = [seed.users[0]!, seed.users[100]!, seed.users[333]!, seed.users[seed.users.length - 1]!];
    for (const u of sample) {
      const prefix = u.name.split(' ').at(-1)!.slice(0, 3);
      const expected = seed.users.filter((x) => matchesAll(prefix, userWords(x))).map((x) => x.id);
      const { ids, total } = await allIds('user', prefix);
      expect(ids, prefix).toContain(u.id);
      expect(total, prefix).toBe(expected.length);
      expect(new Set(ids)).toEqual(new Set(expected));
    }
  });

  it('several words must all match', async () => {
    const u = seed.users.find((x) => x.company !== null && x.company.split(' ').length > 1)!;
    const query = `${u.name.split(' ')[0]!} ${u.company!.split(' ')[0]!.slice(0, 4)}`;
    const expected = seed.users.filter((x) => matchesAll(query, userWords(x))).map((x) => x.id);
    const { ids, total } = await allIds('user', query);
    expect(ids).toContain(u.id);
    expect(total).toBe(expected.length);
    expect(new Set(ids)).toEqual(new Set(expected));
    // Each word alone finds more than both together.
    for (const word of query.split(' ')) expect((await allIds('user', word)).total).toBeGreaterThan(total);
    const none = await search('user', `${query} zzzzqx`);
    expect(userList.parse(none.body).data).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
  });

  it('projects are found by name, city, zip; jurisdictions by name and state', async () => {
    const p = seed.projects.find((x) => x.address.city !== null && x.address.postal_code !== null)!;
    for (const query of [p.address.city!, p.address.postal_code!, `${p.name.split(' ')[0]} ${p.address.city}`]) {
      const expected = seed.projects.filter((x) => matchesAll(query, projectWords(x))).map((x) => x.id);
      const { ids } = await allIds('project', query);
      expect(ids, query).toContain(p.id);
      for (const id of expected) expect(ids, query).toContain(id);
    }
    const j = seed.jurisdictions.find((x) => x.kind === 'county')!;
    const byState = seed.jurisdictions.filter((x) => matchesAll(`county ${j.state}`, jurisdictionWords(x))).map((x) => x.id);
    const { ids, total } = await allIds('jurisdiction', `county ${j.state}`);
    expect(total).toBe(byState.length);
    expect(new Set(ids)).toEqual(new Set(byState));
  });

  it('an exact name ranks first, even where other names start with the same words', async () => {
    // Users whose every name word is also a prefix of words of some other user: the hard cases.
    const wordsOf = new Map(seed.users.map((u) => [u.id, userWords(u)]));
    const hard = seed.users.filter((u) => {
      const name = searchTokens(u.name);
      return seed.users.some((o) => o.id !== u.id && fold(o.name) !== fold(u.name) && matchesAll(name, wordsOf.get(o.id)!));
    });
    expect(hard.length).toBeGreaterThan(0);
    for (const u of [...hard, seed.users[5]!, seed.users[50]!]) {
      const res = await search('user', u.name, '&limit=3');
      const first = userList.parse(res.body).data[0]!;
      expect(fold(first.name), `search "${u.name}"`).toBe(fold(u.name));
    }
    const hardJ = seed.jurisdictions.filter((j) => seed.jurisdictions.some((o) => o.id !== j.id && o.name !== j.name && matchesAll(j.name, jurisdictionWords(o))));
    for (const j of hardJ) {
      const first = jurisdictionList.parse((await search('jurisdiction', j.name, '&limit=3')).body).data[0]!;
      expect(first.name, `search "${j.name}"`).toBe(j.name);
    }
  });

  it('FTS syntax that parses is honoured: pizza OR tacos', async () => {
    // In FTS syntax a word is a whole word, not a prefix.
    const has = (p: SeedProject, w: string) => projectWords(p).includes(w);
    const expected = seed.projects.filter((p) => has(p, 'pizza') || has(p, 'tacos')).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(0);
    const either = await allIds('project', 'pizza OR tacos');
    expect(either.total).toBe(expected.length);
    expect(new Set(either.ids)).toEqual(new Set(expected));
    const pizza = await allIds('project', 'pizza');
    expect(either.total).toBeGreaterThan(pizza.total);
    const phrase = seed.projects.find((p) => p.name.includes(' – '))!;
    const words = phrase.name.split(' – ')[0]!;
    const quoted = await allIds('project', `"${words}"`);
    expect(quoted.ids).toContain(phrase.id);
  });

  it('paging: limit, offset and X-Total-Count', async () => {
    const whole = await search('user', 'a', '&limit=100');
    const total = Number(whole.headers.get('x-total-count'));
    expect(total).toBe(seed.users.filter((u) => matchesAll('a', userWords(u))).length);
    const page = await search('user', 'a', '&limit=10&offset=5');
    expect(page.headers.get('x-total-count')).toBe(String(total));
    expect(userList.parse(page.body).data.map((d) => idOfUrl(d.url))).toEqual(userList.parse(whole.body).data.slice(5, 15).map((d) => idOfUrl(d.url)));
    const first = await search('user', 'a');
    expect(userList.parse(first.body).data).toHaveLength(25);
    const beyond = await search('user', 'a', `&offset=${total}`);
    expect(userList.parse(beyond.body).data).toEqual([]);
  });
});

describe('accents, case and the triggers that keep the index in step', () => {
  const id = 900_001;
  let db: Database.Database;
  beforeAll(() => {
    db = new Database(t.engine.store.file);
    db.pragma('busy_timeout = 5000');
  });
  afterAll(() => db?.close());

  const found = async (query: string) => (await allIds('user', query)).ids.includes(id);

  it('finds a user inserted directly into the store, ignoring accents and case', async () => {
    expect(await found('jose alvarez')).toBe(false);
    db.prepare(
      `insert into users (id, service_user, name, email, phone_number, position, company, postal_code, type, registered, last_active, updated)
       values (?, 1, 'José Álvarez', 'jalvarez@example.com', null, 'Ingeniero', 'Compañía Ñandú', '78701', 'engineerArchitect', '2024-01-02', '2024-02-03', '2024-01-02')`,
    ).run(id);
    for (const q of ['jose alvarez', 'JOSÉ', 'José Álvarez', 'alv', 'ALVAREZ jos', 'compania nandu', 'ñandú']) expect(await found(q), q).toBe(true);
    const res = await search('user', 'jose alvarez');
    const item = userList.parse(res.body).data[0]!;
    expect(item).toMatchObject({ name: 'José Álvarez', url: `/api/users/${id}?type=user&query=jose%20alvarez`, type: 'Engineer / Architect', registered: '01/02/2024', number_of_projects: 0 });
  });

  it('follows an update of the row', async () => {
    db.prepare("update users set name = 'María Núñez' where id = ?").run(id);
    expect(await found('jose alvarez')).toBe(false);
    expect(await found('maria nunez')).toBe(true);
    expect(await found('NÚÑ')).toBe(true);
  });

  it('follows a delete of the row', async () => {
    db.prepare('delete from users where id = ?').run(id);
    expect(await found('maria nunez')).toBe(false);
    expect(await found('nandu')).toBe(false);
  });
});

describe('queries FTS cannot parse never fail', () => {
  it.each(['"unterminated', 'NEAR(', 'AND', 'a:b', 'OR', 'NOT', 'theo AND', '(theo', 'theo)', '"theo', 'x NOT', 'col:', '{a b}', 'a"b"c', 'NEAR(a b, 99999999999)', 'NEAR(a, b)', '***a', '*theo', 'a OR OR b', '- a'])('%s → 200, a list', async (q) => {
    const res = await search('user', q);
    expect(res.status, res.text).toBe(200);
    userList.parse(res.body);
  });

  it.each(['*', '"', '()', '---', ':', '  ', '^', '^*', '"" ""', '!!!'])('%j (no words) → 400 invalid_parameter', async (q) => {
    const res = await search('user', q);
    expect(res.status, res.text).toBe(400);
    expect(apiError.parse(res.body)).toMatchObject({ code: 'invalid_parameter', param: 'query' });
  });

  it('a query that does not parse is searched as its plain words', async () => {
    const same = async (a: string, b: string) => expect((await allIds('user', a)).ids, `${a} vs ${b}`).toEqual((await allIds('user', b)).ids);
    await same('"theo', 'theo');
    await same('AND', 'and');
    await same('a:b', 'a b');
    await same('theo AND', 'theo and');
    await same('*theo', 'theo');
    await same('NEAR(theo, medina)', 'near theo medina');
    for (const type of ['project', 'jurisdiction']) expect((await search(type, 'NEAR(')).status).toBe(200);
  });
});

describe('parameters and scopes', () => {
  it.each([
    ['/api/search?query=theo', 'type'],
    ['/api/search?type=users&query=theo', 'type'],
    ['/api/search?type=product&query=theo', 'type'],
    ['/api/search?type=user', 'query'],
    ['/api/search?type=user&query=', 'query'],
    ['/api/search?type=user&query=a&query=b', 'query'],
    [`/api/search?type=user&query=${'a'.repeat(501)}`, 'query'],
    ['/api/search?type=user&query=theo&limit=0', 'limit'],
    ['/api/search?type=user&query=theo&sort=name', 'sort'],
  ])('%s → 400 naming %s', async (path, param) => {
    const res = await t.get(path);
    expect(res.status, res.text).toBe(400);
    const error = apiError.parse(res.body);
    expect(error.param).toBe(param);
    expect(['invalid_parameter', 'missing_parameter', 'unknown_parameter']).toContain(error.code);
  });

  it('the scope follows the type', async () => {
    expect((await search('user', 'theo', '', usersOnly)).status).toBe(200);
    for (const type of ['project', 'jurisdiction']) {
      const res = await search(type, 'theo', '', usersOnly);
      expect(res.status, type).toBe(403);
      expect(apiError.parse(res.body).code).toBe('insufficient_scope');
    }
    expect((await search('project', 'pizza', '', projectsOnly)).status).toBe(200);
    expect((await search('user', 'theo', '', projectsOnly)).status).toBe(403);
    expect((await search('jurisdiction', 'county', '', projectsOnly)).status).toBe(403);
    expect((await search('user', 'theo', '', null)).status).toBe(401);
  });

  it('projects found by a key without the users scope hide the engineer\'s personal data', async () => {
    const body = projectList.parse((await search('project', 'pizza', '&limit=20', projectsOnly)).body);
    expect(body.data.length).toBeGreaterThan(0);
    for (const p of body.data) {
      expect(p.engineer).toEqual({ id: people.projectById.get(p.id)!.user_id, name: null, email: null, phone_number: null });
    }
  });
});
