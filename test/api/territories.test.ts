import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { territory, territoryList } from '../../src-shared/api/territories.js';
import { apiError } from '../../src-shared/api/common.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { geography, territoriesSeed } from '../helpers/resources.js';

let t: TestServer;
const geo = geography();
const seed = territoriesSeed();
const countyByFips = new Map(geo.counties.map((c) => [c[0], c]));
const seedTerritoryOfCounty = new Map(seed.territories.flatMap((tr) => tr.counties.map((f) => [f, tr] as const)));

/** Expected territory of a county, from the shipped files rather than the code under test. */
function expectedFor(fips: string) {
  const tr = seedTerritoryOfCounty.get(fips);
  if (!tr) throw new Error(`county ${fips} has no territory in the seed`);
  return tr;
}
function fipsOf(state: string, name: string): string {
  const row = geo.counties.find((c) => c[1] === state && c[2] === name);
  if (!row) throw new Error(`no county ${name}, ${state}`);
  return row[0];
}

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

describe('GET /territories', () => {
  it('lists every territory as a reduced item, exactly the spec fields', async () => {
    const res = await t.get('/territories');
    expect(res.status).toBe(200);
    const body = territoryList.parse(res.body);
    expect(body.url).toBe('/territories');
    expect(body.data).toHaveLength(seed.territories.length);
    for (const item of body.data) expect(Object.keys(item).sort()).toEqual(['code', 'id', 'manager', 'name', 'object', 'rep_firm', 'url']);
    const first = seed.territories.find((s) => s.id === body.data[0]!.id)!;
    expect(body.data[0]).toMatchObject({ url: `/territory/${first.id}`, code: first.code, rep_firm: first.rep_firm, manager: first.manager });
    expect(res.headers.get('x-total-count')).toBe(String(seed.territories.length));
  });

  it('pages when asked, with the url repeating the query', async () => {
    const all = territoryList.parse((await t.get('/territories')).body).data;
    const res = await t.get('/territories?limit=5&offset=10');
    const body = territoryList.parse(res.body);
    expect(body.url).toBe('/territories?limit=5&offset=10');
    expect(body.data.map((d) => d.id)).toEqual(all.slice(10, 15).map((d) => d.id));
  });
});

describe('GET /territory/:id', () => {
  it('returns counties, zip codes and population summed from the counties', async () => {
    const s = seed.territories[3]!;
    const res = await t.get(`/territory/${s.id}`);
    expect(res.status).toBe(200);
    const body = territory.parse(res.body);
    expect(body.url).toBe(`/territory/${s.id}`);
    const expectedCounties = s.counties.map((f) => `${countyByFips.get(f)![2]}, ${countyByFips.get(f)![1]}`).sort();
    expect([...body.counties].sort()).toEqual(expectedCounties);
    expect(body.population).toBe(s.counties.reduce((sum, f) => sum + countyByFips.get(f)![4], 0));
    const inTerritory = new Set(s.counties);
    const expectedZips = geo.zips.filter((z) => inTerritory.has(z[4][0]![0])).map((z) => z[0]).sort();
    expect(body.zip_codes).toEqual(expectedZips);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await t.get('/territory/999999');
    expect(missing.status).toBe(404);
    expect(apiError.parse(missing.body).code).toBe('not_found');
    const bad = await t.get('/territory/abc');
    expect(bad.status).toBe(400);
    expect(apiError.parse(bad.body)).toMatchObject({ code: 'invalid_parameter', param: 'id' });
  });
});

describe('GET /territory?zip_code=', () => {
  it('finds the territory of the county holding the zip (Chicago 60601 → Cook County)', async () => {
    const res = await t.get('/territory?zip_code=60601');
    expect(res.status).toBe(200);
    const body = territory.parse(res.body);
    expect(body.id).toBe(expectedFor(fipsOf('IL', 'Cook County')).id);
    expect(body.counties).toContain('Cook County, IL');
    expect(body.zip_codes).toContain('60601');
  });

  it('uses the main county of a zip that spans several', async () => {
    const multi = geo.zips.find((z) => z[4].length > 1 && seedTerritoryOfCounty.get(z[4][0]![0]) !== seedTerritoryOfCounty.get(z[4][1]![0]) && seedTerritoryOfCounty.has(z[4][0]![0]))!;
    const res = await t.get(`/territory?zip_code=${multi[0]}`);
    expect(territory.parse(res.body).id).toBe(expectedFor(multi[4][0]![0]).id);
  });

  it('accepts ZIP+4 and tells Baltimore city (21201) from Baltimore County', async () => {
    const res = await t.get('/territory?zip_code=21201-1234');
    expect(res.status).toBe(200);
    const body = territory.parse(res.body);
    expect(body.id).toBe(expectedFor('24510').id);
    expect(body.counties).toContain('Baltimore city, MD');
  });

  it('answers 404 for an unknown zip and for a zip outside every territory', async () => {
    const unknown = await t.get('/territory?zip_code=00000');
    expect(unknown.status).toBe(404);
    expect(apiError.parse(unknown.body)).toMatchObject({ code: 'not_found', param: 'zip_code' });
    const pr = await t.get('/territory?zip_code=00601');
    expect(pr.status).toBe(404);
    expect(apiError.parse(pr.body).message).toMatch(/not in any sales territory/);
  });
});

describe('GET /territory?state=&county=', () => {
  const cases: [string, string, string, string][] = [
    // [state param, county param, state code, full county name]
    ['IL', 'Cook', 'IL', 'Cook County'],
    ['illinois', 'COOK COUNTY', 'IL', 'Cook County'],
    ['Il', 'cook county', 'IL', 'Cook County'],
    ['MD', 'Baltimore', 'MD', 'Baltimore County'],
    ['Maryland', 'Baltimore County', 'MD', 'Baltimore County'],
    ['md', 'baltimore city', 'MD', 'Baltimore city'],
    ['VA', 'Richmond', 'VA', 'Richmond County'],
    ['virginia', 'Richmond City', 'VA', 'Richmond city'],
    ['MO', 'St. Louis', 'MO', 'St. Louis County'],
    ['MO', 'saint louis city', 'MO', 'St. Louis city'],
    ['LA', 'Orleans', 'LA', 'Orleans Parish'],
    ['Louisiana', 'orleans parish', 'LA', 'Orleans Parish'],
    ['LA', 'St. Tammany', 'LA', 'St. Tammany Parish'],
    ['AK', 'Matanuska-Susitna', 'AK', 'Matanuska-Susitna Borough'],
    ['alaska', 'Bethel Census Area', 'AK', 'Bethel Census Area'],
    ['AK', 'Bethel', 'AK', 'Bethel Census Area'],
    ['AK', 'Anchorage', 'AK', 'Anchorage Municipality'],
    ['NM', 'Dona Ana', 'NM', 'Doña Ana County'],
    ['New Mexico', 'DOÑA ANA COUNTY', 'NM', 'Doña Ana County'],
    ['DC', 'District of Columbia', 'DC', 'District of Columbia'],
    ['nv', 'Carson City', 'NV', 'Carson City'],
  ];
  it.each(cases)('state=%s county=%s → %s, %s', async (state, county, code, fullName) => {
    const res = await t.get(`/territory?state=${encodeURIComponent(state)}&county=${encodeURIComponent(county)}`);
    expect(res.status, res.text).toBe(200);
    const body = territory.parse(res.body);
    expect(body.id).toBe(expectedFor(fipsOf(code, fullName)).id);
    expect(body.counties).toContain(`${fullName}, ${code}`);
  });

  it('answers 404 for a county that is not in the state', async () => {
    const res = await t.get('/territory?state=IL&county=Orleans');
    expect(res.status).toBe(404);
    expect(apiError.parse(res.body)).toMatchObject({ code: 'not_found', param: 'county' });
  });

  it('answers 404 for a county outside every territory', async () => {
    const res = await t.get('/territory?state=Puerto%20Rico&county=Adjuntas');
    expect(res.status).toBe(404);
    expect(apiError.parse(res.body).message).toMatch(/not in any sales territory/);
  });
});
