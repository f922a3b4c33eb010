/**
 * Builds the seed jurisdictions from JURISDICTION_DEFS: their zip codes (from geography.json),
 * rules (profile + tweaks + deterministic per-jurisdiction variation) and invented contacts.
 */
import { INSIDE_TRAP_LOCATIONS, type InsideTrapLocation } from '../../src-shared/api/vocabulary';
import type { SeedJurisdiction } from '../../src-shared/seed/people-seed';
import {
  ACCESSORY_KINDS,
  DEFAULT_JURISDICTION_RULES,
  type AccessoryKind,
  type JurisdictionRules,
  type SizedByBasis,
} from '../../src-shared/sizing/jurisdiction-rules';
import { PUMP_OUT, UPC_FIXTURE_CAPACITY_CAP_FACTOR, UPC_GRAVITY_RETENTION_MINUTES } from '../../src-shared/sizing/tables';
import type { Geography, Zip } from './geo';
import { JURISDICTION_DEFS, type JurisdictionDef, type RuleProfile } from './jurisdiction-list';
import { EmailRegistry, fictionalPhone, personName, streetAddress } from './names';
import { Rng } from './random';

/** A stable seed per jurisdiction, so adding one never changes the others. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

type ProfileRules = Pick<JurisdictionRules, 'sizing_methods' | 'fixture_flow_combination' | 'drainage_period'> & {
  accessories: AccessoryKind[];
};

/**
 * The code family a jurisdiction's plumbing code belongs to, from its name: the UPC and the state
 * codes built on it (California, Oregon, Washington, Minnesota, Idaho, Iowa, Maine, Southern
 * Nevada …), the IPC and the codes built on it, or a state's own code (Wisconsin SPS 382, the
 * Illinois and Massachusetts codes, New Jersey's National Standard Plumbing Code).
 */
export type CodeFamily = 'upc' | 'ipc' | 'state';
export function codeFamily(code: string | null): CodeFamily {
  if (code === null) return 'upc'; // Alaska adopts the UPC
  if (/Wisconsin|Illinois|Massachusetts|National Standard|Chicago/.test(code)) return 'state';
  if (/UPC|California|Oregon|Washington State|Minnesota|Idaho|Iowa|Maine|Nevada|Los Angeles|San Francisco|Houston/.test(code)) return 'upc';
  return 'ipc';
}

/**
 * What the code family sets (issue 12): the UPC's 2.5 × cap (UPC 1014.2.1), PDI ladder and
 * UPC 1014.1.3 (disposer or dishwasher into a hydromechanical unit only with the authority's
 * permission: warn); the IPC's ladder (Table 1003.3.5.1), no cap, a solids interceptor ahead of a
 * disposer (IPC 1003.3.2) and dishwashers connected (IPC 1003.3.1 lists them); a state code: PDI
 * ladder, no cap, warnings.
 */
function familyRules(family: CodeFamily): Pick<JurisdictionRules, 'hgi_size_ladder' | 'fixture_capacity_cap_factor' | 'food_waste_disposer' | 'dishwasher'> {
  switch (family) {
    case 'upc':
      return {
        hgi_size_ladder: 'pdi',
        fixture_capacity_cap_factor: UPC_FIXTURE_CAPACITY_CAP_FACTOR,
        food_waste_disposer: { hydromechanical: 'warn', gravity: 'allow' },
        dishwasher: { hydromechanical: 'warn', gravity: 'allow' },
      };
    case 'ipc':
      return {
        hgi_size_ladder: 'ipc',
        fixture_capacity_cap_factor: null,
        food_waste_disposer: { hydromechanical: 'solids-interceptor', gravity: 'solids-interceptor' },
        dishwasher: { hydromechanical: 'allow', gravity: 'allow' },
      };
    case 'state':
      return {
        hgi_size_ladder: 'pdi',
        fixture_capacity_cap_factor: null,
        food_waste_disposer: { hydromechanical: 'warn', gravity: 'warn' },
        dishwasher: { hydromechanical: 'warn', gravity: 'allow' },
      };
  }
}

function profileRules(profile: RuleProfile, rng: Rng): ProfileRules {
  const hgi = 'hydromechanical-by-flow' as const;
  const base: ProfileRules = {
    sizing_methods: { indoor: hgi, outdoor: hgi },
    fixture_flow_combination: 'sum',
    drainage_period: 'two-minute',
    accessories: [],
  };
  switch (profile) {
    case 'upc':
      return { ...base, sizing_methods: { indoor: hgi, outdoor: 'gravity-by-dfu' } };
    case 'upcMeals':
      return { ...base, sizing_methods: { indoor: hgi, outdoor: 'gravity-by-meals' } };
    case 'upcHgi':
      return base;
    case 'dfuAll':
      return { ...base, sizing_methods: { indoor: 'gravity-by-dfu', outdoor: 'gravity-by-dfu' } };
    case 'ipc':
      return {
        ...base,
        sizing_methods: { indoor: hgi, outdoor: 'gravity-by-peak-flow' },
        drainage_period: 'one-minute',
        accessories: ['sampling-port'],
      };
    case 'ipcHgi': {
      const drainage = rng.chance(0.6) ? 'one-minute' : 'two-minute';
      rng.chance(0.75); // the draw that once chose a cap, kept so the stream of numbers stays the same
      return { ...base, drainage_period: drainage };
    }
    case 'gravityAll':
      return {
        ...base,
        sizing_methods: { indoor: 'gravity-by-peak-flow', outdoor: 'gravity-by-peak-flow' },
        drainage_period: rng.chance(0.6) ? 'one-minute' : 'two-minute',
        accessories: rng.chance(0.5) ? ['sampling-port'] : [],
      };
    case 'diversity':
      return { ...base, fixture_flow_combination: 'largest-100-50-25', drainage_period: rng.chance(0.5) ? 'one-minute' : 'two-minute' };
  }
}

function buildRules(def: JurisdictionDef, rng: Rng): JurisdictionRules {
  const p = profileRules(def.profile, rng);
  const combination =
    p.fixture_flow_combination === 'sum' && (def.profile === 'upc' || def.profile === 'ipcHgi') && rng.chance(0.12)
      ? 'largest-100-50-25'
      : p.fixture_flow_combination;
  const sizedBy = rng.weighted<SizedByBasis>([
    ['lower-of-pipe-and-fixtures', 80],
    ['fixtures', 14],
    ['pipe', 6],
  ]);
  const [min, max] = rng.weighted<[number, number]>([
    [[30, 90], 10],
    [[30, 60], 2],
    [[60, 90], 2],
    [[90, 90], 1],
    [[30, 180], 2],
    [[14, 90], 1],
    [[30, 30], 1],
  ]);
  const accessories = new Set<AccessoryKind>(p.accessories);
  const hgiSomewhere = p.sizing_methods.indoor === 'hydromechanical-by-flow' || p.sizing_methods.outdoor === 'hydromechanical-by-flow';
  if (hgiSomewhere && rng.chance(0.3)) accessories.add('flow-control');
  if (rng.chance(0.12)) accessories.add('sampling-port');
  if (rng.chance(0.06)) accessories.add('riser');
  // The draw that once chose an IPC cap is kept so the stream of numbers stays the same; the cap is
  // now the code family's (UPC 1014.2.1), not a chance.
  if (def.code !== null && /IPC/.test(def.code)) rng.chance(0.2);
  const retention = rng.weighted<number>([
    [UPC_GRAVITY_RETENTION_MINUTES, 10],
    [24, 1],
    [45, 1],
  ]);
  const units = rng.weighted<number>([
    [1, 1],
    [2, 3],
    [3, 2],
    [4, 4],
    [6, 1],
  ]);
  // Rules of issue 12 drawn from a stream of their own, so the draws above stay as they were.
  const extra = new Rng(seedOf(`${def.name}|${def.state}|issue-12`));
  const rules: JurisdictionRules = {
    ...DEFAULT_JURISDICTION_RULES,
    name: def.name,
    plumbing_code: def.code,
    sizing_methods: p.sizing_methods,
    fixture_flow_combination: combination,
    drainage_period: p.drainage_period,
    sized_by_basis: sizedBy,
    pump_out_days: { min, max },
    required_accessories: ACCESSORY_KINDS.filter((k) => accessories.has(k)),
    gravity_retention_minutes: retention,
    max_identical_units: units,
    ...familyRules(codeFamily(def.code)),
    // "Many local rules require pumping when grease and solids reach 25 % of the liquid depth" (research §6).
    pump_out_accumulation_limit: extra.chance(0.3) ? PUMP_OUT.grease_and_solids_depth_limit : null,
    ...def.rules,
    unique_local_requirements: def.flagged === undefined ? { flagged: false, reason: null } : { flagged: true, reason: def.flagged },
  };
  return rules;
}

const LOCATION_SETS: readonly (readonly [InsideTrapLocation[], number])[] = [
  [['kitchen', 'otherLocation'], 5],
  [['kitchen', 'underSink', 'otherLocation'], 3],
  [['kitchen', 'underSink', 'mechanicalRoom', 'basement', 'otherLocation'], 2],
  [['mechanicalRoom', 'basement', 'otherLocation'], 2],
  [['kitchen', 'mechanicalRoom', 'basement'], 1],
  [['underSink', 'mechanicalRoom'], 1],
];

const CONTACT_TITLES = [
  'Pretreatment Coordinator',
  'FOG Program Manager',
  'FOG Inspector',
  'Industrial Pretreatment Specialist',
  'Environmental Compliance Inspector',
  'Plumbing Plans Examiner',
  'Chief Plumbing Inspector',
  'Source Control Supervisor',
  'Water Quality Specialist',
  'Senior Environmental Engineer',
  'Pretreatment Program Administrator',
];

const CITY_FACILITIES = [
  'Municipal Services Building',
  'Public Works Operations Center',
  'Water Reclamation Administration Building',
  'Development Services Center',
  'Environmental Services Building',
  'Utilities Administration Building',
  'City Hall Annex',
];
const COUNTY_FACILITIES = [
  'Government Center',
  'Administration Building',
  'Environmental Health Office',
  'Public Works Complex',
  'Permit Center',
  'Human Services Campus',
];

/** "City of Chicago" -> "Chicago", "Miami-Dade County" stays. */
export const shortName = (name: string): string =>
  name
    .replace(/^City and County of /, '')
    .replace(/^City of /, '')
    .replace(/^Municipality of /, '')
    .replace(/^Metropolitan Government of (\w+).*$/, '$1')
    .replace(/-Fayette Urban County Government$/, '');

/** Zip codes per definition, before cities and counties are reconciled. */
function candidateZips(def: JurisdictionDef, geo: Geography): Zip[] {
  if (def.kind === 'county') {
    if (def.fips === undefined) throw new Error(`${def.name}: a county needs its FIPS`);
    return geo.countyZips(def.fips);
  }
  if (def.wholeCounties !== undefined) return def.wholeCounties.flatMap((fips) => geo.countyZips(fips));
  const names = def.cities ?? [shortName(def.name)];
  const zips = names.flatMap((c) => geo.cityZips(c, def.state));
  return def.inCounties === undefined ? zips : zips.filter((z) => def.inCounties?.includes(z.county));
}

/** The most common main county among the zips (ties: the more populous zip set). */
function mainCounty(zips: readonly Zip[]): string {
  const pop = new Map<string, number>();
  for (const z of zips) pop.set(z.county, (pop.get(z.county) ?? 0) + z.population + 1);
  return [...pop].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}

export function buildJurisdictions(geo: Geography, emails: EmailRegistry): SeedJurisdiction[] {
  const claimed = new Set<string>();
  const zipsOf = new Map<JurisdictionDef, Zip[]>();
  // Cities first, then counties take what is left of theirs: a zip belongs to one jurisdiction.
  const ordered = [...JURISDICTION_DEFS.filter((d) => d.kind === 'city'), ...JURISDICTION_DEFS.filter((d) => d.kind === 'county')];
  for (const def of ordered) {
    const zips = candidateZips(def, geo)
      .filter((z) => !claimed.has(z.zip))
      .sort((a, b) => a.zip.localeCompare(b.zip));
    if (zips.length === 0) throw new Error(`${def.name} (${def.state}) has no zip codes in geography.json`);
    for (const z of zips) claimed.add(z.zip);
    zipsOf.set(def, zips);
  }

  let contactId = 0;
  return JURISDICTION_DEFS.map((def, index) => {
    const rng = new Rng(seedOf(`${def.name}|${def.state}`));
    const zips = zipsOf.get(def) ?? [];
    const fips = def.kind === 'county' ? (def.fips ?? '') : mainCounty(zips);
    const rules = buildRules(def, rng);
    const locations = def.locations ?? rng.weighted(LOCATION_SETS);

    // Contacts share the office, in the jurisdiction's most populous zips.
    const short = shortName(def.name);
    const officeCity = def.officeCity ?? short;
    const inOfficeCity = zips.filter((z) => z.city === officeCity);
    const office = rng.pick([...(inOfficeCity.length > 0 ? inOfficeCity : zips)].sort((a, b) => b.population - a.population).slice(0, 3));
    if (office === undefined) throw new Error('unreachable: zips checked above');
    const facilityName =
      def.kind === 'county' ? `${short} ${rng.pick(COUNTY_FACILITIES)}` : `${short} ${rng.pick(CITY_FACILITIES)}`;
    const facility = {
      name: facilityName,
      address: streetAddress(rng),
      city: office.city,
      state: office.state,
      postal_code: office.zip,
      county: geo.counties.get(office.county)?.name ?? null,
    };
    const department = def.department ?? (def.kind === 'county' ? 'Environmental Services – FOG Program' : 'Public Works – Pretreatment Program');
    const count = rng.weighted<number>([
      [1, 3],
      [2, 4],
      [3, 2],
      [4, 1],
    ]);
    const titles = rng.sample(CONTACT_TITLES, count);
    const contacts = titles.map((title) => {
      const name = personName(rng);
      return {
        id: ++contactId,
        first_name: name.first,
        last_name: name.last,
        title,
        email: emails.claim(rng, name, ['example.org', 'example.com']),
        primary_phone_number: fictionalPhone(rng, def.area),
        department,
        facility,
      };
    });
    return {
      id: index + 1,
      name: def.name,
      kind: def.kind,
      state: def.state,
      county_fips: fips,
      zip_codes: zips.map((z) => z.zip),
      inside_trap_locations: INSIDE_TRAP_LOCATIONS.filter((l) => locations.includes(l)),
      rules,
      contacts,
    };
  });
}
