/**
 * A large data set for the spec-only service (the bench): products, users, jurisdictions,
 * territories and projects made up deterministically from a seed, in the shapes of data.ts. Like
 * data.ts it owes nothing to the project's resources or seed; the hand-written set's product types
 * and a few of its records (with their quirks) are kept, the rest is generated.
 */
import { handWrittenData, type ContactRecord, type FixtureRecord, type JurisdictionRecord, type ProductRecord, type ProjectRecord, type SpecData, type TerritoryRecord, type UserRecord } from './data.js';

const STATES = ['IL', 'TX', 'MO', 'WI', 'IN'];
const CITIES = ['Springfield', 'Riverton', 'Lakeside', 'Fairview', 'Oakdale', 'Milton', 'Georgetown', 'Clinton', 'Franklin', 'Salem'];
const FIRST = ['Ava', 'Ben', 'Cora', 'Dev', 'Elif', 'Farid', 'Gia', 'Hugo', 'Ines', 'Jae', 'Kofi', 'Lena', 'Milo', 'Nia', 'Omar'];
const LAST = ['Adler', 'Brooks', 'Chen', 'Diaz', 'Eberly', 'Fox', 'Grant', 'Haddad', 'Ito', 'Jansen', 'Kovacs', 'Lund'];
const KITCHENS = ['Bistro', 'Grill', 'Taqueria', 'Noodle Bar', 'Deli', 'Pizzeria', 'Cafe', 'Diner', 'Bakery', 'Sushi'];
const STATUSES = ['Draft', 'Submitted', 'Pending', 'Closed', 'Closed/Approved'];
const TYPES = ['Engineer / Architect', 'Contractor', 'Distributor', 'AHJ / Inspector', 'Facility Owner', 'Manufacturer Rep', 'Other', 'Company Employee'];
const CONSTRUCTION = ['New Construction', 'Remodel / Tenant Finish', 'Shell', 'Interceptor Replacement'];

/** A small linear congruential generator: the same data for the same sizes, run after run. */
function random(seed: number) {
  let s = seed;
  return (n: number) => ((s = (s * 1103515245 + 12345) % 2 ** 31), s % n);
}

const date = (day: number) => {
  const d = new Date(Date.UTC(2019, 0, 1) + day * 86_400_000);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

export function generatedData(size: { products: number; users: number; projects: number; jurisdictions?: number; territories?: number }): SpecData {
  const base = handWrittenData();
  const pick = random(7);
  const products: ProductRecord[] = [...base.products];
  for (let i = products.length; i < size.products; i++) {
    const gpm = 10 + (i % 90) * 5;
    const template = base.products[i % 5]!;
    products.push({
      ...template,
      id: 1000 + i,
      part_number: `GX-${String(i).padStart(5, '0')}-01`,
      base_part_number: `GX-${String(i).padStart(5, '0')}-01`,
      name: `GX-${i} Interceptor, ${gpm} GPM`,
      short_name: `GX-${i}`,
      list: 900 + (i % 400) * 25,
      ratings: [{ gpm, lbs: gpm * 2, gal: Math.round(gpm * 26) / 10, label: i % 3 === 0 ? 'PDI-G101' : null }],
      created: date(pick(1500)),
      last_updated: i % 4 === 0 ? null : date(400 + pick(1000)),
      accessories: ['RS-12', 'AK-2'],
      related: [],
      quirk: undefined,
      retail_price_text: undefined,
    });
  }
  const contact = (id: number, j: string, city: string, state: string): ContactRecord => {
    const first = FIRST[id % FIRST.length]!;
    const last = LAST[id % LAST.length]!;
    return {
      id,
      name: `${first} ${last}`,
      first_name: first,
      last_name: last,
      title: 'Plumbing Inspector',
      email: `${first}.${last}.${id}@${city.toLowerCase()}.gov.example`.toLowerCase(),
      primary_phone_number: `555-${String(1000 + (id % 9000))}`,
      department: 'Buildings',
      jurisdictions: [j],
      facility: { name: `${city} Permit Center`, address: `${id} Main St`, city, state, postal_code: String(10000 + (id % 89999)), county: null },
    };
  };
  const jurisdictions: Record<string, JurisdictionRecord> = { ...base.jurisdictions };
  const jurisdictionKeys = Object.keys(jurisdictions);
  for (let i = jurisdictionKeys.length; i < (size.jurisdictions ?? 200); i++) {
    const state = STATES[i % STATES.length]!;
    const city = `${CITIES[i % CITIES.length]} ${i}`;
    const name = `City of ${city}`;
    jurisdictions[`j${i}`] = { name, plumbing_code: i % 2 ? 'UPC 2021' : 'IPC 2018', indoor: 'Hydromechanical, by flow rate', outdoor: 'Gravity, by drainage fixture units', contacts: [contact(10_000 + i * 2, name, city, state), contact(10_001 + i * 2, name, city, state)] };
    jurisdictionKeys.push(`j${i}`);
  }
  const users: UserRecord[] = [...base.users];
  for (let i = users.length; i < size.users; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    users.push({
      id: 200 + i,
      service_user: i % 5 !== 0,
      name: `${first} ${last} ${i}`,
      email: `${first}.${last}.${i}@example.com`.toLowerCase(),
      phone_number: i % 3 ? `555-01${String(i % 100).padStart(2, '0')}` : null,
      position: i % 4 ? 'Engineer' : null,
      company: `${last} & Partners ${i % 500}`,
      postal_code: String(60000 + (i % 9000)),
      type: TYPES[i % TYPES.length]!,
      registered: date(pick(1200)),
      last_active: date(1200 + pick(300)),
      updated: date(1200 + pick(300)),
    });
  }
  const fixtures: FixtureRecord[][] = base.projects.map((p) => p.fixtures);
  const projects: ProjectRecord[] = [...base.projects];
  for (let i = projects.length; i < size.projects; i++) {
    const template = base.projects[i % base.projects.length]!;
    const state = STATES[i % STATES.length]!;
    const status = STATUSES[i % STATUSES.length]!;
    projects.push({
      ...template,
      id: 2000 + i,
      user: users[(i * 13) % users.length]!.id,
      name: `${CITIES[i % CITIES.length]} ${KITCHENS[i % KITCHENS.length]} #${i}`,
      status,
      created: date(pick(1400)),
      submitted: status === 'Draft' ? null : date(1400 + pick(100)),
      approved: status === 'Closed/Approved' ? date(1500 + pick(50)) : null,
      address: { street: `${100 + (i % 900)} Market St`, street_2: null, city: CITIES[i % CITIES.length]!, state, postal_code: String(60000 + (i % 9000)) },
      jurisdiction: i % 7 === 0 ? null : jurisdictionKeys[i % jurisdictionKeys.length]!,
      construction_type: CONSTRUCTION[i % CONSTRUCTION.length]!,
      servings: 50 + (i % 40) * 25,
      fixtures: fixtures[i % fixtures.length]!,
      notes: i % 5 === 0 ? [{ author: 'Plan desk', text: `Review note ${i}`, created: date(1450) }] : [],
      accessories: ['RS-12'],
      engineer_email_quirk: undefined,
    });
  }
  const territories: TerritoryRecord[] = [...base.territories];
  for (let i = territories.length; i < (size.territories ?? 65); i++) {
    territories.push({
      id: 100 + i,
      code: `T-${i}`,
      name: `Territory ${i}`,
      rep_firm: `Rep Firm ${i % 20}`,
      manager: { name: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`, email: `manager${i}@reps.example` },
      population: 100_000 + i * 1_234,
      counties: [{ text: `County ${i}, ${STATES[i % STATES.length]}` }],
      zip_codes: Array.from({ length: 200 }, (_, z) => ({ zip: String(10000 + i * 200 + z) })),
    });
  }
  return { ...base, products, users, jurisdictions, projects, territories };
}
