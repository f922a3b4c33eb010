import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { territory, territoryList, territoryLookup } from '../../src-shared/api/territories.js';
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
    const body = territoryLookup.parse(res.body);
    expect(body.id).toBe(expectedFor(fipsOf('IL', 'Cook County')).id);
    expect(body.counties).toContain('Cook County, IL');
    expect(body.zip_codes).toContain('60601');
    expect(body.match).toEqual({ county: 'Cook County, IL', note: null });
  });

  it('uses the main county of a zip that spans several', async () => {
    const multi = geo.zips.find((z) => z[4].length > 1 && seedTerritoryOfCounty.get(z[4][0]![0]) !== seedTerritoryOfCounty.get(z[4][1]![0]) && seedTerritoryOfCounty.has(z[4][0]![0]))!;
    const res = await t.get(`/territory?zip_code=${multi[0]}`);
    expect(territoryLookup.parse(res.body).id).toBe(expectedFor(multi[4][0]![0]).id);
  });

  it('accepts ZIP+4 and tells Baltimore city (21201) from Baltimore County', async () => {
    const res = await t.get('/territory?zip_code=21201-1234');
    expect(res.status).toBe(200);
    const body = territoryLookup.parse(res.body);
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
    const body = territoryLookup.parse(res.body);
    expect(body.id).toBe(expectedFor(fipsOf(code, fullName)).id);
    expect(body.counties).toContain(`${fullName}, ${code}`);
    expect(body.match).toEqual({ county: `${fullName}, ${code}`, note: null });
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

describe('Connecticut: the counties people still name', () => {
  /** Connecticut's towns with their county until 2022 and their planning region (scripts/sources). */
  const crosswalk = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../scripts/sources/ct-planning-regions.json'), 'utf8')) as {
    towns: [string, string, string][];
  };
  const formerCounties = [
    ['09001', 'Fairfield'],
    ['09003', 'Hartford'],
    ['09005', 'Litchfield'],
    ['09007', 'Middlesex'],
    ['09009', 'New Haven'],
    ['09011', 'New London'],
    ['09013', 'Tolland'],
    ['09015', 'Windham'],
  ] as const;
  /** The planning regions holding a former county's towns, most towns first. */
  function regionsOf(fips: string): [string, number][] {
    const counts = new Map<string, number>();
    for (const [, county, region] of crosswalk.towns) if (county === fips) counts.set(region, (counts.get(region) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  }
  const regionName = (fips: string) => countyByFips.get(fips)![2];

  it('the data holds the 2022 planning regions only, so these names are no county of the data set', () => {
    const ct = geo.counties.filter((c) => c[1] === 'CT').map((c) => c[2]);
    expect(ct).toHaveLength(9);
    for (const [, name] of formerCounties) expect(ct).not.toContain(`${name} County`);
  });

  it.each(formerCounties)('%s %s County resolves to the region holding most of its towns, with the match explained', async (fips, name) => {
    const [first, ...others] = regionsOf(fips);
    const [main, mainTowns] = first!;
    const total = mainTowns + others.reduce((n, [, c]) => n + c, 0);
    for (const county of [name, `${name} County`, name.toUpperCase(), `${name.toLowerCase()} county`]) {
      const res = await t.get(`/territory?state=CT&county=${encodeURIComponent(county)}`);
      expect(res.status, `${county}: ${res.text}`).toBe(200);
      const body = territoryLookup.parse(res.body);
      expect(body.id).toBe(expectedFor(main).id);
      expect(body.counties).toContain(`${regionName(main)}, CT`);
      expect(body.match.county).toBe(`${regionName(main)}, CT`);
      const note = body.match.note!;
      expect(note).toContain(`${name} County`);
      expect(note).toContain('2022');
      expect(note).toContain(`${mainTowns} of its ${total} towns`);
      for (const [other] of others) expect(note).toContain(regionName(other));
    }
  });

  it('Hartford: 26 of 29 towns in the Capitol Planning Region; Bristol, Burlington and Hartland named as the others', async () => {
    const body = territoryLookup.parse((await t.get('/territory?state=Connecticut&county=Hartford')).body);
    expect(body.match.county).toBe('Capitol Planning Region, CT');
    expect(body.match.note).toMatch(/26 of its 29 towns are in Capitol Planning Region/);
    expect(body.match.note).toMatch(/Bristol/);
    expect(body.match.note).toMatch(/Burlington, Hartland/);
  });

  it('the planning regions themselves still resolve directly, without a note', async () => {
    for (const county of ['Capitol Planning Region', 'Capitol', 'greater bridgeport']) {
      const body = territoryLookup.parse((await t.get(`/territory?state=CT&county=${encodeURIComponent(county)}`)).body);
      expect(body.match.note).toBeNull();
    }
  });

  it('former county names count only in their own state, and unknown names stay 404', async () => {
    expect((await t.get('/territory?state=CT&county=Cook')).status).toBe(404);
    // Hartford is no county of Illinois (nor a former one).
    expect((await t.get('/territory?state=IL&county=Hartford')).status).toBe(404);
    // Windham County, Vermont is a county today: no note.
    const vt = territoryLookup.parse((await t.get('/territory?state=VT&county=Windham')).body);
    expect(vt.match).toEqual({ county: 'Windham County, VT', note: null });
  });

  it('a single territory has no match field', async () => {
    const body = territory.parse((await t.get(`/territory/${seed.territories[0]!.id}`)).body);
    expect(body).not.toHaveProperty('match');
  });
});
