/** Users (spec §2.2), projects (§2.3), jurisdictions (§2.3.1 and the standalone record). */
import { z } from 'zod';
import { apiDate, listOf, measurement, measurementSet } from './common.js';
import { accessoryProduct, simpleProduct } from './catalog.js';
import { PROJECT_STATUSES } from './vocabulary.js';

const nullableString = z.string().nullable();

export const facility = z
  .object({ name: z.string(), address: z.string(), city: z.string(), state: z.string(), postal_code: z.string(), county: nullableString })
  .strict();

/** Name, e-mail and phone are personal data: null for keys without the users scope. */
export const contact = z
  .object({
    object: z.literal('contact'),
    id: z.number().int(),
    name: nullableString,
    first_name: nullableString,
    last_name: nullableString,
    title: z.string(),
    email: nullableString,
    primary_phone_number: nullableString,
    department: z.string(),
    jurisdictions: z.array(z.string()),
    jurisdiction_name: z.string(),
    facility,
  })
  .strict()
  .meta({ id: 'Contact' });

const sizingMethods = z.object({ indoor: z.string(), outdoor: z.string() }).strict();

/** The jurisdiction as a project embeds it. */
export const embeddedJurisdiction = z
  .object({
    object: z.literal('jurisdiction'),
    url: z.string(),
    id: z.number().int(),
    name: z.string(),
    plumbing_code: nullableString,
    sizing_methods: sizingMethods,
    contacts: z.array(contact).optional(),
  })
  .strict()
  .meta({ id: 'EmbeddedJurisdiction' });

/**
 * Where a jurisdiction's sizing rules come from (issue 29): read from the authority's own
 * published rules (with the documents, their addresses, sections and the dates read), the code
 * family's rules (the authority's own were not read), or the default rules (no jurisdiction).
 */
export const rulesSource = z
  .object({
    status: z.enum(['authority', 'code-family', 'default']),
    verified: z.boolean().meta({ description: 'true only when the rules were read from the authority\'s own published rules' }),
    authority: nullableString,
    summary: z.string().meta({ description: 'the same plain-words sentence the editor, the jurisdiction page and the report show' }),
    documents: z.array(
      z
        .object({ title: z.string(), url: z.string(), section: z.string(), read: z.string(), read_from: z.string(), sets: z.array(z.string()) })
        .strict(),
    ),
    not_read: z.array(z.string()),
  })
  .strict()
  .meta({ id: 'RulesSource' });

export const jurisdiction = z
  .object({
    object: z.literal('jurisdiction'),
    url: z.string().meta({ example: '/api/jurisdictions/12' }),
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(['city', 'county']),
    state: z.string(),
    county: nullableString,
    plumbing_code: nullableString,
    sizing_methods: sizingMethods,
    unique_local_requirements: z.boolean(),
    unique_local_requirements_reason: nullableString,
    inside_trap_locations: z.array(z.string()),
    rules: z.record(z.string(), z.unknown()).meta({ description: 'The sizing rules as data, the ones this jurisdiction is sized by (method keys, drainage period, pump-out bounds, required accessories …)' }),
    rules_source: rulesSource,
    zip_codes: z.array(z.string()),
    updated: apiDate,
    contacts: listOf(contact).optional(),
  })
  .strict()
  .meta({ id: 'Jurisdiction' });

const engineer = z
  .object({ id: z.number().int(), name: nullableString, email: nullableString, phone_number: nullableString })
  .strict()
  .meta({ description: 'The user who created the project; name, e-mail and phone are null for keys without the users scope' });

const address = z
  .object({ street: nullableString, street_2: nullableString, city: nullableString, state: nullableString, postal_code: nullableString })
  .strict();

const greaseAmount = z.object({ object: z.literal('grease-capacity-measurement'), weight: measurement, volume: measurement }).strict();

export const projectFlowRate = z
  .object({ pipe: measurement, two_minute: measurement, one_minute: measurement, sized_by: measurement, dfu: z.number().int() })
  .strict();

export const projectGrease = z
  .object({
    per_serving: greaseAmount,
    per_day: greaseAmount,
    per_30_days: greaseAmount,
    per_60_days: greaseAmount,
    per_90_days: greaseAmount,
  })
  .strict();

const fixtureDimensions = z
  .object({ object: z.literal('dimensions'), length: measurement, width: measurement, height: measurement, volume: measurement, capacity: measurement })
  .strict();

export const fixture = z
  .object({
    object: z.literal('fixture'),
    name: z.string(),
    type: z.string().meta({ description: 'Fixture kind key, e.g. three-compartment-sink' }),
    uses_typical_dimensions: z.boolean(),
    compartments: z.number().int().nullable(),
    /** Entered flow (GPM) for fixtures sized by flow rather than by basin, else null. */
    gpm: z.number().nullable(),
    /** Entered DFU (a custom fixture's), else null: `flow_rate.dfu` is the value used. */
    dfu: z.number().int().nullable(),
    dimensions: z.object({ object: z.literal('dimension-set'), standard: fixtureDimensions, metric: fixtureDimensions }).strict().nullable(),
    flow_rate: z.object({ one_minute: measurementSet, two_minute: measurementSet, dfu: z.number().int() }).strict(),
  })
  .strict()
  .meta({ id: 'Fixture' });

export const note = z
  .object({ object: z.literal('note'), id: z.number().int(), author: z.string(), text: z.string(), created: apiDate })
  .strict()
  .meta({ id: 'Note' });

export const recommendedAccessory = z
  .object({
    object: z.literal('recommended-accessory'),
    kind: z.string(),
    reason: z.string(),
    quantity: z.number().int().nullable(),
    note: nullableString,
    product: z.union([accessoryProduct, simpleProduct]).nullable(),
  })
  .strict()
  .meta({ id: 'RecommendedAccessory' });

/** What a project's `pump_out_cycle` is (docs/api.md "Projects"). */
export const PUMP_OUT_CYCLE_BASES = ['recommended_product', 'design_target'] as const;
export type PumpOutCycleBasis = (typeof PUMP_OUT_CYCLE_BASES)[number];

const projectCore = {
  object: z.literal('project'),
  url: z.string().meta({ example: '/api/projects/42' }),
  id: z.number().int(),
  name: z.string(),
  status: z.enum(PROJECT_STATUSES),
  created: apiDate,
  submitted: apiDate.nullable(),
  approved: apiDate.nullable(),
  updated: apiDate,
  engineer,
  address,
  jurisdiction: embeddedJurisdiction.nullable(),
  construction_type: z.string().meta({ description: 'Label, e.g. "New Construction"' }),
  installation_location: z.string().nullable().meta({ description: 'Label: "Indoors" or "Outdoors"' }),
  recommended_product: nullableString,
  pump_out_cycle: z.number().int().nullable().meta({
    description:
      'Days between pump-outs: what the recommended unit(s) hold; when no product is recommended, the design target the sizing used (see pump_out_cycle_basis). Null only where the central service stated none (served as received)',
  }),
  pump_out_cycle_basis: z.enum(PUMP_OUT_CYCLE_BASES).nullable().meta({
    description: '"recommended_product": the days the recommended unit(s) hold; "design_target": no product is recommended, and pump_out_cycle is the requested pump-out target within the jurisdiction\'s bounds; null when pump_out_cycle is',
  }),
};

/** The reduced project of /api/projects and search results. */
export const projectListItem = z.object(projectCore).strict().meta({ id: 'ProjectListItem' });

/** Inputs a project of the central service did not state are null: nothing is made up for them. */
const projectDetailFields = {
  ...projectCore,
  version: z.number().int().meta({ description: 'Increases with every change; send it back to detect a concurrent edit (409)' }),
  inside_trap_location: nullableString,
  installed_in_traffic_area: z.boolean().nullable(),
  installed_in_high_water_area: z.boolean().nullable(),
  buried: z.boolean().nullable(),
  burial_depth: measurement.nullable(),
  fryer: z.boolean().nullable(),
  flatware: z.boolean().nullable(),
  pipe_size: measurement.nullable(),
  size_by_pipe_only: z.boolean().nullable().meta({
    description: 'Sized by the drain pipe alone (UPC Table 1014.2.1) while no fixture and no meals are entered; null when the central service did not state it',
  }),
  food_waste_disposer: z.boolean().nullable(),
  servings_per_day: z.number().int().nullable(),
  menu_type: z.string().nullable().meta({ description: 'Menu type key (grease tier), e.g. pizza; null when the central service did not state one' }),
  pump_out_target: z.number().int().nullable().meta({ description: 'Requested days between pump-outs; null when the central service did not state one' }),
  meals: z.record(z.string(), z.unknown()).nullable().meta({ description: 'Seats and hours, for jurisdictions sizing gravity interceptors by meals' }),
  flow_rate: projectFlowRate,
  grease: projectGrease,
  unique_local_requirements: z.boolean(),
  unique_local_requirements_reason: nullableString,
  no_recommendation: z
    .object({ code: z.string(), message: z.string() })
    .strict()
    .nullable()
    .meta({ description: 'Why no product is recommended (null when one is): e.g. no_candidate_fits, unique_local_requirements' }),
  figures_from: z.enum(['central_service', 'local']).meta({
    description:
      'Whose figures (flow_rate, grease, recommended_product, pump_out_cycle) these are: the central service\'s, as it stated them, or this app\'s sizing (a project made here, or a synced one whose sizing inputs were changed here)',
  }),
};

export const project = z
  .object({
    ...projectDetailFields,
    fixtures: listOf(fixture).optional(),
    notes: listOf(note).optional(),
    accessories: listOf(recommendedAccessory).optional(),
  })
  .strict()
  .meta({ id: 'Project' });

/** A project inside a user response: `pipe_size` is a bare number and `spaces` appears (spec quirks). */
export const userProject = z
  .object({ ...projectDetailFields, pipe_size: z.number().nullable(), spaces: z.array(z.unknown()) })
  .strict()
  .meta({ id: 'UserProject' });

const userFields = {
  object: z.literal('user'),
  url: z.string(),
  service_user: z.boolean(),
  name: z.string(),
  email: z.string(),
  phone_number: nullableString,
  position: nullableString,
  company: nullableString,
  postal_code: z.string(),
  type: z.string().nullable().meta({ description: 'Label, e.g. "Engineer / Architect"' }),
  registered: apiDate,
  last_active: apiDate,
  updated: apiDate,
  number_of_projects: z.number().int(),
  number_of_pre_approval_projects: z.number().int(),
};

/** List items carry no id and repeat the query string in `url` (spec §2.2). */
export const userListItem = z.object(userFields).strict().meta({ id: 'UserListItem' });

export const user = z
  .object({ ...userFields, id: z.number().int(), projects: listOf(userProject).optional() })
  .strict()
  .meta({ id: 'User' });

export const userList = listOf(userListItem).meta({ id: 'UserList' });
export const projectList = listOf(projectListItem).meta({ id: 'ProjectList' });
export const jurisdictionList = listOf(jurisdiction).meta({ id: 'JurisdictionList' });
export const contactList = listOf(contact).meta({ id: 'ContactList' });

export type User = z.infer<typeof user>;
export type UserListItem = z.infer<typeof userListItem>;
export type Project = z.infer<typeof project>;
export type ProjectListItem = z.infer<typeof projectListItem>;
export type UserProject = z.infer<typeof userProject>;
export type Jurisdiction = z.infer<typeof jurisdiction>;
export type EmbeddedJurisdiction = z.infer<typeof embeddedJurisdiction>;
export type Contact = z.infer<typeof contact>;
export type Fixture = z.infer<typeof fixture>;
export type RecommendedAccessory = z.infer<typeof recommendedAccessory>;
