/**
 * The spec-only central service's own data, written by hand for the tests (not generated from
 * the project's resources or seed): a few product types (one inactive), products, collections,
 * territories, users, and projects whose jurisdictions and contacts exist only embedded in them,
 * as the spec (docs/service-api.md) shows them. Records tagged with a `quirk` are served only
 * while that quirk is switched on (see quirks.ts).
 *
 * Imports nothing from the project: this is what an independent service would hold.
 */
import type { QuirkName } from './quirks.js';

export interface TypeRecord {
  key: string;
  name: string;
  active: boolean;
  parent: string | null;
  created: string;
  last_updated: string | null;
  quirk?: QuirkName;
  /** Listed only in its parent's `types`, never in /product-types itself. */
  underParentOnly?: boolean;
}

export interface RatingRecord {
  gpm: number;
  lbs: number;
  gal: number;
  label: string | null;
}

export interface ProductRecord {
  /** The service's own id, shown only in simple-products. */
  id: number;
  part_number: string;
  store_id: string | null;
  base_part_number: string;
  name: string;
  short_name: string;
  type: string;
  created: string;
  last_updated: string | null;
  description: string;
  short_description: string | null;
  list: number;
  retail: number;
  wholesale: number;
  /** The retail price as the service states it when it is not list × multiplier (quirk). */
  retail_price_text?: string;
  ratings: RatingRecord[];
  solids_gal: number | null;
  liquid_gal: number | null;
  /** Length, width, height (in) and weight (lbs). */
  size: [number, number, number, number];
  indoors: boolean;
  outdoors: boolean;
  traffic: boolean;
  accessories: string[];
  related: string[];
  options: { id: number; name: string; price: number | null; option_type: string }[];
  certifications: { name: string; type: string; link: string | null }[];
  lead_time: number | null;
  quirk?: QuirkName;
}

export interface CollectionRecord {
  key: string;
  name: string;
  items: string[];
}

export interface TerritoryRecord {
  id: number;
  code: string;
  name: string | null;
  rep_firm: string;
  manager: { name: string; email: string | null };
  population: number;
  counties: { text: string; quirk?: QuirkName }[];
  /** `quirk`: listed only while the quirk is on; `unless`: only while it is off. */
  zip_codes: { zip: string; quirk?: QuirkName; unless?: QuirkName }[];
}

export interface UserRecord {
  id: number;
  service_user: boolean;
  name: string;
  email: string;
  phone_number: string | null;
  position: string | null;
  company: string | null;
  postal_code: string;
  /** The label, as responses show it. */
  type: string | null;
  registered: string;
  last_active: string;
  updated: string;
}

export interface ContactRecord {
  id: number;
  name: string;
  first_name: string;
  last_name: string;
  title: string;
  email: string;
  primary_phone_number: string;
  department: string;
  jurisdictions: string[];
  facility: { name: string; address: string; city: string; state: string; postal_code: string; county: string | null };
}

export interface JurisdictionRecord {
  name: string;
  plumbing_code: string | null;
  indoor: string;
  outdoor: string;
  contacts: ContactRecord[];
}

export interface FixtureRecord {
  name: string;
  type: string;
  typical: boolean;
  /** Length, width, height (in) per compartment; volume (sq in) and capacity (gal). */
  dims: [number, number, number, number, number];
  gpm1: number;
  gpm2: number;
  dfu: number;
  quirk?: QuirkName;
}

export interface ProjectRecord {
  id: number;
  user: number;
  name: string;
  status: string;
  created: string;
  submitted: string | null;
  approved: string | null;
  address: { street: string | null; street_2: string | null; city: string | null; state: string | null; postal_code: string | null };
  /** Key into SpecData.jurisdictions, or null. */
  jurisdiction: string | null;
  pump_out_cycle: number;
  /** Served with `pump_out_cycle` null while this quirk is on. */
  null_cycle_quirk?: QuirkName;
  construction_type: string;
  installation_location: string;
  inside_trap_location: string | null;
  traffic: boolean;
  high_water: boolean;
  buried: boolean;
  fryer: boolean;
  flatware: boolean;
  pipe_in: number;
  disposer: boolean;
  servings: number;
  recommended_product: string | null;
  flow: { pipe: number; two_minute: number; one_minute: number; sized_by: number; dfu: number };
  /** Grease per serving (lbs); the periods follow. */
  grease_lbs: number;
  unique_local_requirements: boolean;
  fixtures: FixtureRecord[];
  notes: { author: string; text: string; created: string }[];
  /** Part numbers of recommended accessories, and free-form items (quirk). */
  accessories: (string | { quirk: QuirkName; item: Record<string, unknown> })[];
  /** Served with `engineer.email` null while this quirk is on (linked only through the user). */
  engineer_email_quirk?: QuirkName;
}

export interface SpecData {
  types: TypeRecord[];
  products: ProductRecord[];
  collections: CollectionRecord[];
  territories: TerritoryRecord[];
  users: UserRecord[];
  jurisdictions: Record<string, JurisdictionRecord>;
  projects: ProjectRecord[];
}

const hgi = (over: Partial<ProductRecord> & Pick<ProductRecord, 'id' | 'part_number' | 'name' | 'short_name' | 'list' | 'ratings'>): ProductRecord => ({
  store_id: null,
  base_part_number: over.part_number,
  type: 'Hydromechanical Interceptors',
  created: '03/14/2019',
  last_updated: '06/02/2023',
  description: 'A hydromechanical grease interceptor for commercial kitchens.',
  short_description: 'Hydromechanical grease interceptor',
  retail: 0.9,
  wholesale: 0.62,
  solids_gal: 4,
  liquid_gal: 12,
  size: [24, 16, 14, 38],
  indoors: true,
  outdoors: false,
  traffic: false,
  accessories: ['RS-12', 'AK-2'],
  related: [],
  options: [],
  certifications: [{ name: 'PDI-G101', type: 'standard', link: null }],
  lead_time: null,
  ...over,
});

const accessory = (over: Partial<ProductRecord> & Pick<ProductRecord, 'id' | 'part_number' | 'name' | 'short_name' | 'list' | 'type'>): ProductRecord => ({
  store_id: null,
  base_part_number: over.part_number,
  created: '01/09/2020',
  last_updated: null,
  description: 'An accessory for grease interceptors.',
  short_description: null,
  retail: 0.95,
  wholesale: 0.7,
  ratings: [],
  solids_gal: null,
  liquid_gal: null,
  size: [12, 12, 4, 6],
  indoors: true,
  outdoors: true,
  traffic: false,
  accessories: [],
  related: [],
  options: [],
  certifications: [],
  lead_time: null,
  ...over,
});

const contact = (id: number, first: string, last: string, jurisdiction: string, city: string, state: string, over: Partial<ContactRecord> = {}): ContactRecord => ({
  id,
  name: `${first} ${last}`,
  first_name: first,
  last_name: last,
  title: 'Plumbing Inspector',
  email: `${first}.${last}@${city.toLowerCase().replace(/\W+/g, '')}.gov.example`.toLowerCase(),
  primary_phone_number: '555-0100',
  department: 'Buildings',
  jurisdictions: [jurisdiction],
  facility: { name: `${city} Permit Center`, address: '1 Civic Plaza', city, state, postal_code: '00000', county: null },
  ...over,
});

const sink3: FixtureRecord = { name: 'Pot sink', type: 'threeCompartmentSink', typical: true, dims: [18, 18, 12, 3888, 50.5], gpm1: 50.5, gpm2: 25.2, dfu: 3 };
const hand: FixtureRecord = { name: 'Hand sink', type: 'handSink', typical: true, dims: [0, 0, 0, 0, 0], gpm1: 2, gpm2: 1, dfu: 1 };
const dish: FixtureRecord = { name: 'Dish machine', type: 'dishwasher', typical: true, dims: [0, 0, 0, 0, 0], gpm1: 6, gpm2: 3, dfu: 2 };
const wok: FixtureRecord = { name: 'Wok range', type: 'wokRange', typical: true, dims: [0, 0, 0, 0, 0], gpm1: 4, gpm2: 2, dfu: 2, quirk: 'oddFixtures' };
const drain: FixtureRecord = { name: 'Floor drain', type: 'Floor Drain', typical: true, dims: [0, 0, 0, 0, 0], gpm1: 3, gpm2: 1.5, dfu: 2 };

const project = (over: Partial<ProjectRecord> & Pick<ProjectRecord, 'id' | 'user' | 'name'>): ProjectRecord => ({
  status: 'Draft',
  created: '02/11/2024',
  submitted: null,
  approved: null,
  address: { street: null, street_2: null, city: null, state: null, postal_code: null },
  jurisdiction: null,
  pump_out_cycle: 30,
  construction_type: 'New Construction',
  installation_location: 'Indoors',
  inside_trap_location: 'kitchen',
  traffic: false,
  high_water: false,
  buried: false,
  fryer: true,
  flatware: true,
  pipe_in: 4,
  disposer: false,
  servings: 250,
  recommended_product: 'HM-35',
  flow: { pipe: 90, two_minute: 28.2, one_minute: 56.5, sized_by: 28.2, dfu: 6 },
  grease_lbs: 0.05,
  unique_local_requirements: false,
  fixtures: [sink3, hand],
  notes: [],
  accessories: ['RS-12'],
  ...over,
});

const address = (street: string, city: string, state: string, postal_code: string) => ({ street, street_2: null, city, state, postal_code });

/** A fresh copy of the hand-written data set (tests change it between syncs). */
export function handWrittenData(): SpecData {
  return {
    types: [
      { key: 'interceptors', name: 'Interceptors', active: true, parent: null, created: '01/05/2018', last_updated: null },
      { key: 'hydromechanical', name: 'Hydromechanical Interceptors', active: true, parent: 'interceptors', created: '01/05/2018', last_updated: '02/01/2022' },
      { key: 'gravity', name: 'Gravity Interceptors', active: true, parent: 'interceptors', created: '01/05/2018', last_updated: null },
      { key: 'accessories', name: 'Accessories', active: true, parent: null, created: '01/05/2018', last_updated: null },
      { key: 'risers', name: 'Risers and Covers', active: true, parent: 'accessories', created: '04/22/2019', last_updated: null },
      { key: 'legacy-traps', name: 'Legacy Grease Traps', active: false, parent: null, created: '01/05/2018', last_updated: '09/30/2021', quirk: 'inactiveTypeListed' },
      { key: 'point-of-use', name: 'Point-of-Use Traps', active: false, parent: 'interceptors', created: '06/12/2018', last_updated: '03/03/2022', quirk: 'inactiveChildUnderParent', underParentOnly: true },
    ],
    products: [
      hgi({ id: 11, part_number: 'HM-20-01', name: 'HM-20 Hydromechanical Interceptor, 20 GPM', short_name: 'HM-20', list: 1325, ratings: [{ gpm: 20, lbs: 40, gal: 5.2, label: 'PDI-G101' }] }),
      hgi({
        id: 12,
        part_number: 'HM-35-01',
        name: 'HM-35 Hydromechanical Interceptor, 35 GPM',
        short_name: 'HM-35',
        list: 1980,
        ratings: [{ gpm: 35, lbs: 70, gal: 9.1, label: 'PDI-G101' }],
        options: [
          { id: 901, name: 'Bolted cover', price: null, option_type: 'cover' },
          { id: 902, name: '4 in no-hub connection', price: 35, option_type: 'connection' },
        ],
      }),
      hgi({
        id: 13,
        part_number: 'HM-50-01',
        name: 'HM-50 Hydromechanical Interceptor, 50 GPM',
        short_name: 'HM-50',
        list: 2480,
        retail_price_text: '2,199.00',
        ratings: [
          { gpm: 50, lbs: 100, gal: 13, label: 'PDI-G101' },
          { gpm: 50, lbs: 120, gal: 15.6, label: 'ASME A112.14.3' },
        ],
        size: [34, 22, 18, 71],
        traffic: true,
        outdoors: true,
        lead_time: 10,
      }),
      hgi({
        id: 14,
        part_number: 'GV-1000-01',
        name: 'GV-1000 Gravity Interceptor, 1,000 gal',
        short_name: 'GV-1000',
        type: 'Gravity Interceptors',
        list: 6890,
        ratings: [{ gpm: 75, lbs: 900, gal: 117, label: null }],
        solids_gal: 250,
        liquid_gal: 1000,
        size: [120, 60, 66, 4200],
        indoors: false,
        outdoors: true,
        traffic: true,
        accessories: ['RS-12', 'TC-36', 'SP-4'],
        related: ['GV-1500-01'],
        lead_time: 21,
        certifications: [{ name: 'IAPMO', type: 'listing', link: 'https://example.com/iapmo/gv-1000' }],
      }),
      hgi({
        id: 15,
        part_number: 'GV-1500-01',
        name: 'GV-1500 Gravity Interceptor, 1,500 gal',
        short_name: 'GV-1500',
        type: 'Gravity Interceptors',
        list: 8975,
        ratings: [{ gpm: 100, lbs: 1350, gal: 175, label: null }],
        solids_gal: 380,
        liquid_gal: 1500,
        size: [144, 72, 66, 5900],
        indoors: false,
        outdoors: true,
        traffic: true,
        accessories: ['RS-12', 'TC-36'],
        related: ['GV-1000-01'],
        lead_time: 28,
      }),
      hgi({
        id: 16,
        part_number: 'GV-2000-01',
        name: 'GV-2000 Gravity Interceptor, 2,000 gal',
        short_name: 'GV-2000',
        type: 'Gravity Interceptors',
        list: 10450,
        ratings: [{ gpm: 150, lbs: 1800, gal: 234, label: null }],
        solids_gal: 500,
        liquid_gal: 2000,
        size: [168, 84, 66, 7600],
        indoors: false,
        outdoors: true,
        traffic: true,
        quirk: 'productDetail404',
      }),
      accessory({ id: 21, part_number: 'RS-12', name: 'RS-12 Riser, 12 in', short_name: 'RS-12', type: 'Risers and Covers', list: 210 }),
      accessory({ id: 22, part_number: 'AK-2', name: 'AK-2 Anchor Kit', short_name: 'AK-2', type: 'Accessories', list: 95 }),
      accessory({ id: 23, part_number: 'TC-36', name: 'TC-36 Traffic Cover, 36 in', short_name: 'TC-36', type: 'Risers and Covers', list: 640, traffic: true }),
      accessory({ id: 24, part_number: 'SP-4', name: 'SP-4 Sampling Port', short_name: 'SP-4', type: 'Accessories', list: 310, store_id: 'sp4-east' }),
      accessory({ id: 25, part_number: 'SP-4', name: 'SP-4 Sampling Port (west)', short_name: 'SP-4 W', type: 'Accessories', list: 325, store_id: 'sp4-west' }),
      accessory({ id: 26, part_number: 'FC-20', name: 'FC-20 Flow Control', short_name: 'FC-20', type: 'Accessories', list: 150, last_updated: '11/20/2023' }),
    ],
    collections: [
      { key: 'high-flow', name: 'High-flow models', items: ['HM-50-01', 'GV-1000-01', 'GV-1500-01'] },
      { key: 'chicago-approved', name: 'Approved in Chicago', items: ['HM-35-01', 'HM-50-01', 'SP-4'] },
    ],
    territories: [
      {
        id: 7,
        code: 'IL-N',
        name: 'Northern Illinois',
        rep_firm: 'Prairie Plumbing Reps',
        manager: { name: 'Dana Whitfield', email: 'dana@prairie-reps.example' },
        population: 5_275_541,
        counties: [{ text: 'Cook County, IL' }, { text: 'Chicagoland (unincorporated areas)', quirk: 'countyFreeText' }],
        zip_codes: [{ zip: '60601', unless: 'zipElsewhere' }, { zip: '60602' }, { zip: '60614' }, { zip: '60657' }],
      },
      {
        id: 8,
        code: 'IL-W',
        name: 'Western Suburbs',
        rep_firm: 'Prairie Plumbing Reps',
        manager: { name: 'Luis Ortega', email: null },
        // Not the sum of DuPage and Kane: the service's own figure.
        population: 1_450_000,
        counties: [{ text: 'DuPage County, IL' }, { text: 'Kane County, IL' }],
        zip_codes: [{ zip: '60187' }, { zip: '60120' }, { zip: '60601', quirk: 'zipElsewhere' }],
      },
      {
        id: 9,
        code: 'TX-C',
        name: null,
        rep_firm: 'Hill Country Sales',
        manager: { name: 'Mae Holloway', email: 'mae@hcsales.example' },
        population: 1_290_188,
        counties: [{ text: 'Travis County, TX' }],
        zip_codes: [{ zip: '78701' }, { zip: '78704' }],
      },
      {
        id: 10,
        code: 'MO-S',
        name: 'Southwest Missouri',
        rep_firm: 'Ozark Trade Partners',
        manager: { name: 'Ben Carver', email: 'ben@ozark.example' },
        population: 298_915,
        counties: [{ text: 'Greene County, MO' }],
        zip_codes: [{ zip: '65806' }],
      },
    ],
    users: [
      { id: 101, service_user: true, name: 'Avery Quinn', email: 'avery.quinn@quinn-eng.example', phone_number: '312-555-0101', position: 'Principal', company: 'Quinn Engineering', postal_code: '60601', type: 'Engineer / Architect', registered: '05/02/2019', last_active: '01/30/2024', updated: '01/30/2024' },
      { id: 102, service_user: true, name: 'Bea Lindqvist', email: 'bea@lindqvist-mech.example', phone_number: null, position: null, company: 'Lindqvist Mechanical', postal_code: '60187', type: 'Contractor', registered: '08/19/2020', last_active: '02/02/2024', updated: '11/12/2023' },
      { id: 103, service_user: false, name: 'Carlos Ibarra', email: 'cibarra@distro.example', phone_number: '512-555-0133', position: 'Branch manager', company: 'Central Distribution', postal_code: '78701', type: 'Distributor', registered: '03/03/2021', last_active: '03/03/2021', updated: '03/03/2021' },
      { id: 104, service_user: true, name: 'Dee Okafor', email: 'dee.okafor@springfield-mo.gov.example', phone_number: null, position: 'Inspector', company: 'City of Springfield', postal_code: '65806', type: 'AHJ / Inspector', registered: '10/10/2020', last_active: '12/01/2023', updated: '12/01/2023' },
      { id: 105, service_user: true, name: 'Eli Brandt', email: 'eli@brandt-foods.example', phone_number: '217-555-0155', position: 'Owner', company: 'Brandt Foods', postal_code: '62701', type: 'Facility Owner', registered: '06/07/2022', last_active: '02/10/2024', updated: '02/10/2024' },
      { id: 106, service_user: true, name: 'Fern Castillo', email: 'fern@castillo-design.example', phone_number: null, position: 'Plan reviewer', company: null, postal_code: '60614', type: 'Plan Reviewer', registered: '01/15/2023', last_active: '01/16/2023', updated: '01/15/2023' },
      { id: 107, service_user: false, name: 'Gus Marlow', email: 'gus@marlow-plumbing.example', phone_number: '630-555-0177', position: null, company: 'Marlow Plumbing', postal_code: '60120', type: 'Contractor', registered: '09/09/2021', last_active: '09/09/2021', updated: '09/09/2021' },
      { id: 108, service_user: true, name: 'Hana Sato', email: 'hana.sato@quinn-eng.example', phone_number: '312-555-0188', position: 'Engineer', company: 'Quinn Engineering', postal_code: '60601', type: 'Engineer / Architect', registered: '02/20/2022', last_active: '02/20/2024', updated: '02/20/2024' },
      { id: 109, service_user: true, name: 'Ivo Petrov', email: 'ivo@company.example', phone_number: null, position: 'Sales engineer', company: 'Interceptor Co.', postal_code: '60657', type: 'Company Employee', registered: '07/01/2018', last_active: '02/21/2024', updated: '06/30/2023' },
    ],
    jurisdictions: {
      chicago: {
        name: 'City of Chicago',
        plumbing_code: 'Chicago Plumbing Code 2019',
        indoor: 'Hydromechanical, by flow rate',
        outdoor: 'Gravity, by peak flow and retention',
        contacts: [
          contact(501, 'Ruth', 'Adeyemi', 'City of Chicago', 'Chicago', 'IL'),
          contact(502, 'Tom', 'Kowalski', 'City of Chicago', 'Chicago', 'IL', { name: 'Dr. Tom Kowalski, P.E.', jurisdictions: ['City of Chicago', 'Cook County'] }),
        ],
      },
      cook: { name: 'Cook County', plumbing_code: 'Cook County Plumbing Ordinance', indoor: 'Hydromechanical, by flow rate', outdoor: 'Hydromechanical, by flow rate', contacts: [contact(503, 'Ana', 'Ruiz', 'Cook County', 'Maywood', 'IL')] },
      austin: { name: 'City of Austin', plumbing_code: 'UPC 2021', indoor: 'Gravity, by drainage fixture units', outdoor: 'Gravity, by drainage fixture units', contacts: [contact(504, 'Jo', 'Whitaker', 'City of Austin', 'Austin', 'TX')] },
      springfieldIl: { name: 'City of Springfield', plumbing_code: 'Illinois Plumbing Code', indoor: 'Hydromechanical, by flow rate', outdoor: 'Hydromechanical, by flow rate', contacts: [contact(505, 'Kim', 'Novak', 'City of Springfield', 'Springfield', 'IL')] },
      springfieldMo: { name: 'City of Springfield', plumbing_code: null, indoor: 'Local method (see contact)', outdoor: 'Local method (see contact)', contacts: [contact(506, 'Lee', 'Harmon', 'City of Springfield', 'Springfield', 'MO')] },
    },
    projects: [
      project({ id: 1001, user: 101, name: 'Lakeshore Bistro', status: 'Submitted', submitted: '03/01/2024', address: address('400 E Randolph St', 'Chicago', 'IL', '60601'), jurisdiction: 'chicago', notes: [{ author: 'Plan desk', text: 'Please confirm the sampling port.', created: '03/04/2024' }], accessories: ['RS-12', 'SP-4'] }),
      project({ id: 1002, user: 101, name: 'Wicker Park Noodle Bar', address: address('1550 N Milwaukee Ave', 'Chicago', 'IL', '60622'), jurisdiction: 'chicago', fixtures: [sink3, wok, hand, drain], recommended_product: 'HM-50', accessories: ['RS-12', { quirk: 'oddAccessories', item: { object: 'accessory-suggestion', label: 'Grease level monitor', qty: 1, vendor_code: 'GLM-7' } }] }),
      project({ id: 1003, user: 102, name: 'Naperville Deli', status: 'Pending', submitted: '01/10/2024', address: address('12 W Jefferson Ave', 'Naperville', 'IL', '60540'), jurisdiction: 'cook', construction_type: 'Remodel / Tenant Finish' }),
      project({ id: 1004, user: 102, name: 'Elgin Brewpub', status: 'Closed/Approved', submitted: '06/01/2023', approved: '07/15/2023', address: address('100 S Grove Ave', 'Elgin', 'IL', '60120'), installation_location: 'Outdoors', inside_trap_location: null, buried: true, recommended_product: 'GV-1000', pump_out_cycle: 90, flow: { pipe: 90, two_minute: 60.5, one_minute: 121, sized_by: 60.5, dfu: 24 }, fixtures: [sink3, sink3, dish, drain] }),
      project({ id: 1005, user: 103, name: 'Congress Ave Taqueria', status: 'Submitted', submitted: '02/28/2024', address: address('801 Congress Ave', 'Austin', 'TX', '78701'), jurisdiction: 'austin', servings: 600, unique_local_requirements: true, recommended_product: null, null_cycle_quirk: 'nullPumpOutCycle' }),
      project({ id: 1006, user: 104, name: 'Springfield Diner', address: address('300 S Campbell Ave', 'Springfield', 'MO', '65806'), jurisdiction: 'springfieldMo', construction_type: 'Interceptor Replacement' }),
      project({ id: 1007, user: 105, name: 'Capitol Coffee', status: 'Closed', submitted: '05/05/2023', address: address('1 Old State Capitol Plaza', 'Springfield', 'IL', '62701'), jurisdiction: 'springfieldIl', fryer: false, servings: 120 }),
      // A draft without pre-approval: the address is mostly empty, the jurisdiction still named.
      project({ id: 1008, user: 106, name: 'Food hall concept', jurisdiction: 'chicago', fixtures: [] }),
      project({ id: 1009, user: 108, name: 'Fulton Market Grill', address: address('900 W Fulton Market', 'Chicago', 'IL', '60607'), jurisdiction: 'chicago', construction_type: 'Shell', engineer_email_quirk: 'engineerWithoutEmail' }),
      project({ id: 1010, user: 108, name: 'River North Sushi', status: 'Submitted', submitted: '02/14/2024', address: address('60 W Erie St', 'Chicago', 'IL', '60654'), jurisdiction: 'chicago' }),
      project({ id: 1011, user: 109, name: 'Demo kitchen (company)', address: address('2800 N Clark St', 'Chicago', 'IL', '60657'), jurisdiction: null }),
      project({ id: 1012, user: 107, name: 'Geneva Pizza Co.', address: address('310 W State St', 'Geneva', 'IL', '60134'), jurisdiction: null, installation_location: 'Outdoors', inside_trap_location: null, recommended_product: 'GV-1000' }),
    ],
  };
}
