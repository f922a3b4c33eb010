/**
 * Format of resources/people.json: the embedded demo users, jurisdictions (with their sizing
 * rules and contacts) and projects. Projects carry only their inputs; every computed field
 * (flow, grease, pump-out cycle, recommendation) is worked out by the sizing engine when the
 * data set is loaded, so the shipped figures can never disagree with the engine.
 */
import { z } from 'zod';
import { jurisdictionRulesSchema } from '../sizing/jurisdiction-rules.js';
import { fixtureInputSchema } from '../sizing/fixtures.js';
import { mealsInputsSchema } from '../sizing/gravity-volume.js';
import { USER_TYPE_KEYS, CONSTRUCTION_TYPE_KEYS, PROJECT_STATUSES, INSIDE_TRAP_LOCATIONS } from '../api/vocabulary.js';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/, 'ISO date or UTC timestamp');
const zip = z.string().regex(/^\d{5}$/);
const stateCode = z.string().regex(/^[A-Z]{2}$/);

export const seedContact = z.object({
  id: z.number().int().positive(),
  first_name: z.string().min(1),
  last_name: z.string().min(1),
  title: z.string().min(1),
  email: z.string().email(),
  primary_phone_number: z.string().min(1),
  department: z.string().min(1),
  facility: z.object({
    name: z.string().min(1),
    address: z.string().min(1),
    city: z.string().min(1),
    state: stateCode,
    postal_code: zip,
    county: z.string().nullable(),
  }),
});

export const seedJurisdiction = z.object({
  id: z.number().int().positive(),
  /** "City of Chicago", "Miami-Dade County". */
  name: z.string().min(1),
  kind: z.enum(['city', 'county']),
  state: stateCode,
  /** The county (FIPS) the jurisdiction lies in or is. */
  county_fips: z.string().regex(/^\d{5}$/),
  /** Zip codes it governs (projects there fall under it). */
  zip_codes: z.array(zip).min(1),
  /** Where indoors an interceptor may go under this jurisdiction. */
  inside_trap_locations: z.array(z.enum(INSIDE_TRAP_LOCATIONS)).min(1),
  rules: jurisdictionRulesSchema,
  contacts: z.array(seedContact),
});

export const seedUser = z.object({
  id: z.number().int().positive(),
  service_user: z.boolean(),
  name: z.string().min(1),
  email: z.string().email(),
  phone_number: z.string().nullable(),
  position: z.string().nullable(),
  company: z.string().nullable(),
  postal_code: zip,
  type: z.enum(USER_TYPE_KEYS).nullable(),
  registered: isoDate,
  last_active: isoDate,
  updated: isoDate,
});

export const seedProjectInputs = z.object({
  menu_type: z.string().min(1),
  servings_per_day: z.number().int().min(0),
  pump_out_target_days: z.number().int().min(1).max(366),
  fryer: z.boolean(),
  flatware: z.boolean(),
  food_waste_disposer: z.boolean(),
  pipe_size_in: z.number().positive(),
  /** The rep's choice to size by the drain pipe alone (UPC Table 1014.2.1); absent: not chosen. */
  size_by_pipe_only: z.boolean().optional(),
  installation_location: z.enum(['indoors', 'outdoors']),
  inside_trap_location: z.enum(INSIDE_TRAP_LOCATIONS).nullable(),
  buried: z.boolean(),
  burial_depth_in: z.number().min(0),
  installed_in_traffic_area: z.boolean(),
  installed_in_high_water_area: z.boolean(),
  meals: mealsInputsSchema.optional(),
  fixtures: z.array(fixtureInputSchema),
});

export const seedProject = z.object({
  id: z.number().int().positive(),
  user_id: z.number().int().positive(),
  name: z.string().min(1),
  status: z.enum(PROJECT_STATUSES),
  created: isoDate,
  /** Set once submitted for pre-approval (every status but Draft, and Closed ones that were). */
  submitted: isoDate.nullable(),
  /** Set for Closed/Approved. */
  approved: isoDate.nullable(),
  updated: isoDate,
  construction_type: z.enum(CONSTRUCTION_TYPE_KEYS),
  address: z.object({
    street: z.string().nullable(),
    street_2: z.string().nullable(),
    city: z.string().nullable(),
    state: stateCode.nullable(),
    postal_code: zip.nullable(),
  }),
  jurisdiction_id: z.number().int().positive().nullable(),
  inputs: seedProjectInputs,
  /** Administrator-written notes. */
  notes: z.array(z.object({ id: z.number().int().positive(), author: z.string().min(1), text: z.string().min(1), created: isoDate })),
});

export const peopleSeed = z.object({
  version: z.string(),
  jurisdictions: z.array(seedJurisdiction),
  users: z.array(seedUser),
  projects: z.array(seedProject),
});

export type PeopleSeed = z.infer<typeof peopleSeed>;
export type SeedUser = z.infer<typeof seedUser>;
export type SeedProject = z.infer<typeof seedProject>;
export type SeedJurisdiction = z.infer<typeof seedJurisdiction>;
