/**
 * Builds the seed jurisdictions from JURISDICTION_DEFS: their zip codes (from geography.json),
 * rules (their code family's, with the profile's sizing methods) and invented contacts.
 */
import { INSIDE_TRAP_LOCATIONS, type InsideTrapLocation } from '../../src-shared/api/vocabulary';
import type { SeedJurisdiction } from '../../src-shared/seed/people-seed';
import { codeFamilyRules } from '../../src-shared/sizing/code-family';
import type { AccessoryKind, JurisdictionRules } from '../../src-shared/sizing/jurisdiction-rules';
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

/**
 * The demo jurisdiction's rules. Its own rules were not read (issue 29): they are its code
 * family's, with the sizing methods of its profile standing for what a central service would
 * state. The authorities whose rules were read (resources/authorities/) replace these wherever
 * they attach. The random draws that once varied the rules are still taken, so the contacts and
 * locations drawn after them stay as they were.
 */
function buildRules(def: JurisdictionDef, rng: Rng): JurisdictionRules {
  const p = profileRules(def.profile, rng);
  retiredRuleDraws(def, p, rng);
  return codeFamilyRules({ name: def.name, plumbing_code: def.code, sizing_methods: p.sizing_methods });
}

/** The draws of the retired per-jurisdiction variation (sized-by basis, pump-out bounds, accessories, retention, units). */
function retiredRuleDraws(def: JurisdictionDef, p: ProfileRules, rng: Rng): void {
  if (p.fixture_flow_combination === 'sum' && (def.profile === 'upc' || def.profile === 'ipcHgi')) rng.chance(0.12);
  rng.weighted<number>([[0, 80], [1, 14], [2, 6]]);
  rng.weighted<number>([[0, 10], [1, 2], [2, 2], [3, 1], [4, 2], [5, 1], [6, 1]]);
  if (p.sizing_methods.indoor === 'hydromechanical-by-flow' || p.sizing_methods.outdoor === 'hydromechanical-by-flow') rng.chance(0.3);
  rng.chance(0.12);
  rng.chance(0.06);
  if (def.code !== null && /IPC/.test(def.code)) rng.chance(0.2);
  rng.weighted<number>([[30, 10], [24, 1], [45, 1]]);
  rng.weighted<number>([[1, 1], [2, 3], [3, 2], [4, 4], [6, 1]]);
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
