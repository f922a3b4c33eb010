/**
 * Invented users: the people who size projects (engineers, contractors, reps …). Dates are set
 * here except last_active, which the project build raises to the user's latest activity.
 */
import { USER_TYPE_KEYS, type UserTypeKey } from '../../src-shared/api/vocabulary';
import type { SeedUser } from '../../src-shared/seed/people-seed';
import { DATA_END, DATA_START, DAY_MS, minute } from './dates';
import type { Geography, Zip } from './geo';
import { companyFor, EmailRegistry, fictionalPhone, LAST_NAMES, personName, STATE_AREA_CODES } from './names';
import type { Rng } from './random';

/** A user while the data set is built: numbers for dates, the home zip. */
export interface DraftUser {
  id: number;
  service_user: boolean;
  name: string;
  email: string;
  phone_number: string | null;
  position: string | null;
  company: string | null;
  home: Zip;
  type: UserTypeKey | null;
  registered: number;
  last_active: number;
  updated: number;
  /** Projects to create for this user. */
  project_count: number;
}

const TYPE_WEIGHTS: readonly (readonly [UserTypeKey | null, number])[] = [
  ['engineerArchitect', 28],
  ['contractor', 22],
  ['manufacturerRep', 16],
  ['distributor', 8],
  ['facilityOwner', 8],
  ['ahjInspector', 6],
  ['other', 5],
  ['companyEmployee', 4],
  [null, 3],
];

const POSITIONS: Record<UserTypeKey | 'none', readonly string[]> = {
  engineerArchitect: ['Project Engineer', 'Plumbing Engineer', 'MEP Engineer', 'Senior Mechanical Engineer', 'Architect', 'Project Architect', 'Principal', 'Plumbing Designer', 'Engineer in Training'],
  contractor: ['Project Manager', 'Estimator', 'Master Plumber', 'Superintendent', 'Owner', 'Service Manager', 'Foreman'],
  distributor: ['Inside Sales', 'Branch Manager', 'Counter Sales', 'Account Manager', 'Commercial Sales', 'Quotations Specialist'],
  ahjInspector: ['Plumbing Inspector', 'Pretreatment Coordinator', 'FOG Inspector', 'Plans Examiner', 'Environmental Compliance Specialist'],
  facilityOwner: ['Owner', 'General Manager', 'Facilities Manager', 'Director of Operations', 'Kitchen Manager', 'Construction Manager'],
  manufacturerRep: ['Sales Representative', 'Territory Manager', 'Regional Sales Manager', 'Principal', 'Outside Sales', 'Specification Sales'],
  other: ['Consultant', 'Food Service Consultant', 'Student', 'Property Manager', 'Kitchen Designer'],
  companyEmployee: ['Product Manager', 'Applications Engineer', 'Customer Service Representative', 'Technical Support Specialist', 'Regional Manager', 'Inside Sales'],
  none: ['Manager', 'Coordinator', 'Designer'],
};

/** Projects per user by type: [min, max] ranges with weights; skewed, reps size the most. */
const PROJECT_COUNTS: Record<UserTypeKey | 'none', readonly (readonly [[number, number], number])[]> = {
  manufacturerRep: [[[0, 3], 1], [[4, 15], 3], [[16, 40], 4], [[41, 60], 2]],
  engineerArchitect: [[[0, 0], 1], [[1, 5], 4], [[6, 20], 4], [[21, 45], 1]],
  contractor: [[[0, 0], 1], [[1, 5], 5], [[6, 15], 3], [[16, 30], 1]],
  distributor: [[[0, 0], 2], [[1, 5], 4], [[6, 15], 2], [[16, 30], 1]],
  ahjInspector: [[[0, 0], 5], [[1, 3], 3], [[4, 10], 1]],
  facilityOwner: [[[0, 0], 1], [[1, 3], 6], [[4, 8], 2]],
  companyEmployee: [[[0, 0], 2], [[1, 10], 3], [[11, 40], 3]],
  other: [[[0, 0], 3], [[1, 4], 4], [[5, 10], 1]],
  none: [[[0, 0], 3], [[1, 4], 4], [[5, 10], 1]],
};

export const MAX_PROJECTS_PER_USER = 60;

export function buildUsers(rng: Rng, geo: Geography, emails: EmailRegistry, count: number, projectTarget: number): DraftUser[] {
  const users: DraftUser[] = [];
  for (let id = 1; id <= count; id++) {
    // Every type several times: the first users cycle through the types, the rest are weighted.
    const type = id <= USER_TYPE_KEYS.length * 3 ? (USER_TYPE_KEYS[(id - 1) % USER_TYPE_KEYS.length] ?? null) : rng.weighted(TYPE_WEIGHTS);
    const name = personName(rng);
    const home = geo.national.pick(rng);
    const areas = STATE_AREA_CODES[home.state] ?? ['555'];
    const registered = minute(DATA_START + rng.next() * (DATA_END - 120 * DAY_MS - DATA_START) + rng.int(0, 9) * 3_600_000);
    // Most users are still active in the last months; some dropped away.
    const lastActive = rng.chance(0.6)
      ? Math.max(registered, DATA_END - rng.int(0, 180) * DAY_MS - rng.int(0, 20) * 3_600_000)
      : registered + rng.next() * (DATA_END - registered);
    const updated = registered + rng.next() * (DATA_END - registered) * rng.next();
    const key = type ?? 'none';
    const [lo, hi] = rng.weighted(PROJECT_COUNTS[key]);
    users.push({
      id,
      service_user: rng.chance(0.92),
      name: `${name.first} ${name.last}`,
      email: emails.claim(rng, name, ['example.com', 'example.net', 'example.org']),
      phone_number: rng.chance(0.8) ? fictionalPhone(rng, rng.pick(areas)) : null,
      position: type === null && rng.chance(0.6) ? null : rng.chance(0.9) ? rng.pick(POSITIONS[key]) : null,
      company: type === null && rng.chance(0.5) ? null : type === 'other' && rng.chance(0.3) ? null : companyFor(rng, type, () => rng.pick(LAST_NAMES), home.city),
      home,
      type,
      registered,
      last_active: minute(lastActive),
      updated: minute(updated),
      project_count: rng.int(lo, hi),
    });
  }
  // Exactly the project target: busy users (5+ projects) get more, up to the cap, or lose some.
  let total = users.reduce((sum, u) => sum + u.project_count, 0);
  const busy = users.filter((u) => u.project_count >= 5);
  while (total !== projectTarget && busy.length > 0) {
    const u = rng.pick(busy);
    if (total < projectTarget && u.project_count < MAX_PROJECTS_PER_USER) {
      u.project_count++;
      total++;
    } else if (total > projectTarget && u.project_count > 5) {
      u.project_count--;
      total--;
    }
  }
  return users;
}

export function toSeedUser(u: DraftUser, iso: (ms: number) => string): SeedUser {
  return {
    id: u.id,
    service_user: u.service_user,
    name: u.name,
    email: u.email,
    phone_number: u.phone_number,
    position: u.position,
    company: u.company,
    postal_code: u.home.zip,
    type: u.type,
    registered: iso(u.registered),
    last_active: iso(u.last_active),
    updated: iso(u.updated),
  };
}
