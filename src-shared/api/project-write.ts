/**
 * The body of project writes. It uses the project resource's own field names, so a project read
 * with GET can be edited and sent back whole: computed and read-only fields are accepted and
 * ignored, anything else unknown is refused (400 naming it). Lengths may be given as a
 * measurement ({value, unit: "in"}) as GET shows them, or as a bare number of inches.
 */
import { z } from 'zod';
import { FIXTURE_KINDS, MENU_TYPES, PIPE_SIZES_IN } from '../sizing/tables.js';
import { fromMetric } from '../sizing/units.js';
import { fixtureInputSchema, type FixtureInput } from '../sizing/fixtures.js';
import { mealsInputsSchema } from '../sizing/gravity-volume.js';
import { CONSTRUCTION_TYPES, INSIDE_TRAP_LOCATIONS, INSTALLATION_LOCATIONS, keyOf, PROJECT_STATUSES } from './vocabulary.js';
import { checkRange, MAX_FIXTURES_PER_PROJECT, rangedNumber, type InputRangeName } from './input-ranges.js';
import { FIVE_DIGIT_ZIP } from './zip-code.js';
import type { ProjectInputValues } from '../project-inputs.js';

const inches = (field: string, range: InputRangeName) =>
  z
    .union([z.number(), z.object({ value: z.number(), unit: z.string() }).loose()], { error: `${field} is a number of inches or {value, unit: "in"}.` })
    .transform((v, ctx) => {
      const unit = typeof v === 'number' ? 'in' : v.unit;
      const value = typeof v === 'number' ? v : v.value;
      if (unit !== 'in') ctx.addIssue({ code: 'custom', message: `${field} must be in inches ("in"), not "${unit}".` });
      return value;
    })
    .pipe(rangedNumber(field, range));

const keyFrom = <K extends string>(table: readonly { key: K; label: string }[], field: string) =>
  z.string().transform((text, ctx) => {
    const key = keyOf(table, text);
    if (key === undefined) {
      ctx.addIssue({ code: 'custom', message: `${field} must be one of ${table.map((t) => t.key).join(', ')}.` });
      return z.NEVER;
    }
    return key;
  });

const menuTypeKeys = MENU_TYPES.map((m) => m.key) as [string, ...string[]];
const pipeSizes = PIPE_SIZES_IN;

/**
 * A fixture length as GET shows it ({value, unit}): inches or centimetres (converted to inches),
 * on either side of the dimension-set; a bare value is in the side's own unit.
 */
const lengthOn = (side: 'in' | 'cm') =>
  z
    .preprocess(
      // A bare number is a length in the side's own unit.
      (v) => (typeof v === 'number' ? { value: v } : v),
      z.object({ value: z.number(), unit: z.enum(['in', 'cm'], { error: 'Fixture dimensions are in inches ("in") or centimetres ("cm").' }).optional() }).loose(),
    )
    .transform((v) => ((v.unit ?? side) === 'cm' ? fromMetric('length', v.value) : v.value));
const lengthSet = (side: 'in' | 'cm') => z.object({ length: lengthOn(side), width: lengthOn(side), height: lengthOn(side) }).loose();
// Built once: a schema made inside a parse is made again for every fixture (a 100,000-project sync
// spent most of its time constructing these).
const LENGTH_SETS = { in: lengthSet('in'), cm: lengthSet('cm') };

/** A fixture's flow: GPM as a number, or a measurement in GPM or L/s (converted to GPM). */
const fixtureFlow = z.union(
  [
    z.number(),
    z
      .object({ value: z.number(), unit: z.enum(['GPM', 'L/s']) })
      .loose()
      .transform((v) => (v.unit === 'L/s' ? fromMetric('flow', v.value) : v.value)),
  ],
  { error: 'gpm is a number of GPM or {value, unit: "GPM" | "L/s"}.' },
);

const fixtureWriteObject = z
  .object({
    object: z.literal('fixture').optional(),
    name: z.string().trim().min(1).max(100).optional(),
    type: z.enum(FIXTURE_KINDS, { error: `type must be one of ${FIXTURE_KINDS.join(', ')}.` }),
    uses_typical_dimensions: z.boolean().default(true),
    compartments: rangedNumber('compartments', 'fixture_compartments').nullable().optional(),
    // Converted from L/s first, then held to its range in GPM.
    gpm: fixtureFlow.pipe(rangedNumber('gpm', 'fixture_gpm')).nullable().optional(),
    /** Entered DFU (a custom fixture's); null: the fixture kind's own value. */
    dfu: rangedNumber('dfu', 'fixture_dfu').nullable().optional(),
    dimensions: z
      .object({
        object: z.literal('dimension-set').optional(),
        // Either side may carry the lengths: `standard` (inches, or cm when so labelled), else `metric` (cm).
        standard: z.unknown().optional(),
        metric: z.unknown().optional(),
      })
      .strict()
      .transform((d, ctx) => {
        const fromSide = (value: unknown, side: 'in' | 'cm', key: 'standard' | 'metric') => {
          const parsed = LENGTH_SETS[side].safeParse(value);
          if (parsed.success) return parsed.data;
          for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [key, ...issue.path] });
          return z.NEVER;
        };
        if (d.standard !== undefined) return { standard: fromSide(d.standard, 'in', 'standard') };
        if (d.metric !== undefined) return { standard: fromSide(d.metric, 'cm', 'metric') };
        ctx.addIssue({ code: 'custom', message: 'dimensions need their standard (in) or metric (cm) lengths.', path: ['standard'] });
        return z.NEVER;
      })
      .nullable()
      .optional(),
    // Computed by the engine; accepted and ignored.
    flow_rate: z.unknown().optional(),
  })
  .strict();

/** A fixture as the project resource shows it (and a write sends it back) → the sizing engine's input. */
export function fixtureInputOf(f: z.output<typeof fixtureWriteObject>): FixtureInput {
  const input: FixtureInput = { kind: f.type, uses_typical_dimensions: f.uses_typical_dimensions };
  if (f.name !== undefined) input.name = f.name;
  if (f.compartments !== undefined && f.compartments !== null) input.compartments = f.compartments;
  if (f.gpm !== undefined && f.gpm !== null) input.gpm = f.gpm;
  if (f.dfu !== undefined && f.dfu !== null) input.dfu = f.dfu;
  // Entered dimensions matter only when the typical ones are not used (else they are the library's).
  if (!f.uses_typical_dimensions && f.dimensions) {
    input.length = f.dimensions.standard.length;
    input.width = f.dimensions.standard.width;
    input.depth = f.dimensions.standard.height;
  }
  return input;
}

/** Where a sizing input came from in the write body, so an error names the field sent. */
const WRITE_PATH: Record<string, PropertyKey[]> = {
  kind: ['type'],
  length: ['dimensions', 'standard', 'length', 'value'],
  width: ['dimensions', 'standard', 'width', 'value'],
  depth: ['dimensions', 'standard', 'height', 'value'],
};

/** A fixture the sizing can use: what the sizing library refuses is a 400 here, not a failure later. */
export const fixtureWrite = fixtureWriteObject.superRefine((f, ctx) => {
  const input = fixtureInputOf(f);
  // Entered dimensions within their physical range (input-ranges.ts), named as sent.
  checkRange(ctx, WRITE_PATH.length!, 'length', 'fixture_length', input.length);
  checkRange(ctx, WRITE_PATH.width!, 'width', 'fixture_width', input.width);
  checkRange(ctx, WRITE_PATH.depth!, 'height', 'fixture_height', input.depth);
  const result = fixtureInputSchema.safeParse(input);
  for (const issue of result.error?.issues ?? []) {
    const [first, ...rest] = issue.path;
    ctx.addIssue({ code: 'custom', message: issue.message, path: first === undefined ? [] : [...(WRITE_PATH[String(first)] ?? [first]), ...rest] });
  }
});

/** The answer to a fixture list over the limit (input-ranges.ts). */
export function tooManyFixtures(count?: number): string {
  const sent = count === undefined ? '' : ` (${count.toLocaleString('en-US')} were sent)`;
  return `A project holds at most ${MAX_FIXTURES_PER_PROJECT} fixtures${sent}; enter a group of like fixtures as one custom fixture with its total GPM or DFU.`;
}

/**
 * `fixtures` as GET shows it (a list object) or a plain array, read as the list object: a union
 * of the two would report a bad fixture as "fixtures: Invalid input" instead of naming the field
 * (`fixtures.data.2.type`).
 */
const fixtureList = z.preprocess(
  (v, ctx) => {
    // Counted before any fixture is parsed: 40,000 fixtures fit in a 1 MiB body.
    const list: unknown = Array.isArray(v) ? v : typeof v === 'object' && v !== null ? (v as { data?: unknown }).data : undefined;
    if (Array.isArray(list) && list.length > MAX_FIXTURES_PER_PROJECT) {
      ctx.addIssue({ code: 'custom', message: tooManyFixtures(list.length), path: ['data'], input: list });
      return z.NEVER;
    }
    return Array.isArray(v) ? { data: v } : v;
  },
  z
    .object({ object: z.literal('list').optional(), url: z.string().optional(), data: z.array(fixtureWrite).max(MAX_FIXTURES_PER_PROJECT, { error: tooManyFixtures() }) })
    .strict()
    .meta({ description: 'The fixtures list as GET shows it, or a plain array of fixtures' }),
);

const ignored = z.unknown().optional();

/**
 * The meals inputs of the sizing library, each number within its range (input-ranges.ts); the seats
 * checked by their range first, so 1e300 seats read "at most 10,000", not zod's safe-integer bound.
 */
const mealsWrite = mealsInputsSchema.extend({ seats: rangedNumber('meals.seats', 'meals_seats') }).superRefine((m, ctx) => {
  checkRange(ctx, ['meals_per_peak_hour'], 'meals.meals_per_peak_hour', 'meals_per_peak_hour', m.meals_per_peak_hour);
  checkRange(ctx, ['hours_of_operation'], 'meals.hours_of_operation', 'meals_hours_of_operation', m.hours_of_operation);
  checkRange(ctx, ['retention_hours'], 'meals.retention_hours', 'meals_retention_hours', m.retention_hours);
  checkRange(ctx, ['storage_factor'], 'meals.storage_factor', 'meals_storage_factor', m.storage_factor);
});

/**
 * The engineer: a user by id (as GET shows it, extra fields ignored), a new contact created with
 * the project, or not known yet (a placeholder user; docs/api.md "The engineer of a project").
 * A contact may be known by name only so far (its e-mail absent, null or ""); `{id, email,
 * company?}` fills in the e-mail (and company) of such a contact made here.
 */
const laterEmail = z
  .union([z.literal(''), z.email({ error: 'engineer.email must be an e-mail address (or left out while only the name is known).' }).max(200)])
  .nullable()
  .optional();
/** The e-mail with an id is read as the user's e-mail shown back (any text), checked only when it fills one in. */
const engineerById = z
  .object({ id: z.number().int().positive(), email: z.string().trim().max(320).nullable().optional(), company: z.string().trim().max(200).nullable().optional() })
  .loose();
/** An e-mail a contact may be given (a new contact's, or one filled in later). */
export const contactEmail = z.email({ error: 'engineer.email must be an e-mail address.' }).max(200);
const engineerNewContact = z
  .object({
    name: z.string().trim().min(1, { error: 'engineer.name cannot be empty.' }).max(200),
    email: laterEmail,
    company: z.string().trim().max(200).nullable().optional(),
  })
  .strict();
const engineerUnknown = z.object({ unknown: z.literal(true) }).strict();
/** The form is told by its keys (`id`, `unknown`, else a new contact), so an error names the field inside. */
const engineerWrite = z
  .unknown()
  .transform((value, ctx): z.output<typeof engineerById> | z.output<typeof engineerNewContact> | z.output<typeof engineerUnknown> => {
    const has = (key: string) => typeof value === 'object' && value !== null && key in value;
    const schema = has('id') ? engineerById : has('unknown') ? engineerUnknown : engineerNewContact;
    if (typeof value !== 'object' || value === null) {
      ctx.addIssue({ code: 'custom', message: 'engineer is {id} of a user, a new contact {name, email?, company?}, or {unknown: true}.' });
      return z.NEVER;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [...issue.path] });
    return z.NEVER;
  })
  .meta({ description: 'The engineer: {id} of a user (with email and company to complete a contact known by name only), a new contact {name, email?, company?} created with the project, or {unknown: true}' });
export type EngineerWrite = z.output<typeof engineerWrite>;

/** The placeholder user of `{unknown: true}`; `.invalid` is reserved (RFC 2606), so it never reaches a person. */
export const UNKNOWN_ENGINEER = { email: 'engineer-not-known@fieldsizer.invalid', name: 'Engineer not known yet' } as const;

export const projectWriteFields = z
  .object({
    name: z.string().trim().min(1, { error: 'name cannot be empty.' }).max(200),
    engineer: engineerWrite,
    construction_type: keyFrom(CONSTRUCTION_TYPES, 'construction_type'),
    address: z
      .object({
        street: z.string().trim().max(200).nullable().optional(),
        street_2: z.string().trim().max(200).nullable().optional(),
        city: z.string().trim().max(100).nullable().optional(),
        state: z.string().trim().regex(/^[A-Za-z]{2}$/, { error: 'address.state is a two-letter state code.' }).transform((s) => s.toUpperCase()).nullable().optional(),
        postal_code: z.string().trim().regex(FIVE_DIGIT_ZIP, { error: 'address.postal_code is a five-digit zip code.' }).nullable().optional(),
      })
      .strict(),
    jurisdiction: z.object({ id: z.number().int().positive() }).loose().nullable(),
    installation_location: keyFrom(INSTALLATION_LOCATIONS, 'installation_location'),
    inside_trap_location: z.enum(INSIDE_TRAP_LOCATIONS, { error: `inside_trap_location must be one of ${INSIDE_TRAP_LOCATIONS.join(', ')}.` }).nullable(),
    installed_in_traffic_area: z.boolean(),
    installed_in_high_water_area: z.boolean(),
    buried: z.boolean(),
    burial_depth: inches('burial_depth', 'burial_depth'),
    fryer: z.boolean(),
    flatware: z.boolean(),
    food_waste_disposer: z.boolean(),
    pipe_size: inches('pipe_size', 'pipe_size').refine((v) => pipeSizes.includes(v), { error: `pipe_size must be one of ${pipeSizes.join(', ')} in.` }),
    /** Size by the drain pipe alone (UPC Table 1014.2.1) while no fixture and no meals are known (docs/sizing.md). */
    size_by_pipe_only: z.boolean({ error: 'size_by_pipe_only is true or false.' }),
    servings_per_day: rangedNumber('servings_per_day', 'servings_per_day'),
    menu_type: z.enum(menuTypeKeys, { error: 'menu_type must be a known menu type key (see the sizing library).' }),
    pump_out_target: rangedNumber('pump_out_target', 'pump_out_target'),
    meals: mealsWrite.nullable(),
    fixtures: fixtureList,
    version: z.number().int().positive(),
    // Read-only fields of the resource: accepted so a GET body can be sent back, and ignored.
    object: z.literal('project').optional(),
    url: ignored,
    id: ignored,
    status: z.enum(PROJECT_STATUSES).optional(),
    created: ignored,
    submitted: ignored,
    approved: ignored,
    updated: ignored,
    recommended_product: ignored,
    pump_out_cycle: ignored,
    pump_out_cycle_basis: ignored,
    no_recommendation: ignored,
    figures_from: ignored,
    flow_rate: ignored,
    grease: ignored,
    unique_local_requirements: ignored,
    unique_local_requirements_reason: ignored,
    notes: ignored,
    accessories: ignored,
    spaces: ignored,
  })
  .strict();

/** Create: a name, the engineer (user) and the kitchen are needed; the rest has defaults. */
export const projectCreateBody = projectWriteFields.partial().required({ name: true, engineer: true });
/** Update (PATCH): any subset; `version`, when given, must be the current one. */
export const projectPatchBody = projectWriteFields.partial();

export type ProjectWrite = z.output<typeof projectPatchBody>;
export type FixtureWrite = z.output<typeof fixtureWrite>;

export const statusChangeBody = z
  .object({
    status: z.enum(PROJECT_STATUSES, { error: `status must be one of ${PROJECT_STATUSES.join(', ')}.` }),
    version: z.number().int().positive().optional(),
  })
  .strict();

/**
 * The sizing inputs of a write body over the current ones, under the names the store keeps them
 * by; what the body leaves out stays as it is (normalise after: project-inputs.ts). The one mapping
 * from the resource's field names to the stored ones: a write and an import both use it.
 */
export function applyWriteInputs<T extends Partial<ProjectInputValues>>(current: T, body: ProjectWrite): T {
  const inputs = { ...current };
  const set = <K extends keyof ProjectInputValues>(key: K, value: ProjectInputValues[K] | undefined) => {
    if (value !== undefined) (inputs as Partial<ProjectInputValues>)[key] = value;
  };
  set('menu_type', body.menu_type);
  set('servings_per_day', body.servings_per_day);
  set('pump_out_target_days', body.pump_out_target);
  set('fryer', body.fryer);
  set('flatware', body.flatware);
  set('food_waste_disposer', body.food_waste_disposer);
  set('pipe_size_in', body.pipe_size);
  set('size_by_pipe_only', body.size_by_pipe_only);
  set('installation_location', body.installation_location as ProjectInputValues['installation_location'] | undefined);
  set('inside_trap_location', body.inside_trap_location);
  set('buried', body.buried);
  set('burial_depth_in', body.burial_depth);
  set('installed_in_traffic_area', body.installed_in_traffic_area);
  set('installed_in_high_water_area', body.installed_in_high_water_area);
  if (body.meals !== undefined) {
    if (body.meals === null) delete (inputs as Partial<ProjectInputValues>).meals;
    else (inputs as Partial<ProjectInputValues>).meals = body.meals;
  }
  return inputs;
}

/** Stored input names that differ from the write body's (the rest are the same). */
const WRITE_NAME_OF_STORED: Record<string, string> = { pump_out_target_days: 'pump_out_target', pipe_size_in: 'pipe_size', burial_depth_in: 'burial_depth' };
const STORED_NAME_OF_WRITE: Record<string, string> = Object.fromEntries(Object.entries(WRITE_NAME_OF_STORED).map(([stored, write]) => [write, stored]));

/** A stored fixture (the sizing engine's input) as a write body's fixture, so the write schema can check it. */
function fixtureWriteOfStored(f: unknown): unknown {
  if (typeof f !== 'object' || f === null || Array.isArray(f)) return f;
  const { kind, length, width, depth, ...rest } = f as Record<string, unknown>;
  const body: Record<string, unknown> = { ...rest, type: kind };
  if (length !== undefined || width !== undefined || depth !== undefined) body.dimensions = { standard: { length, width, height: depth } };
  return body;
}

/**
 * Stored sizing inputs (as a `.fieldsizer` file carries them) as the fields of a write body: the
 * inverse of applyWriteInputs, so a file's project is checked by this same schema. Keys it does not
 * know are passed on, for the schema to name.
 */
export function writeFieldsOfStoredInputs(stored: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (key === 'fixtures') body.fixtures = Array.isArray(value) ? value.map(fixtureWriteOfStored) : value;
    else body[WRITE_NAME_OF_STORED[key] ?? key] = value;
  }
  return body;
}

/** Where a write body's field is among the stored inputs: `fixtures.data.2.type` → `fixtures.2.kind`. */
export function storedInputPathOf(path: readonly PropertyKey[]): PropertyKey[] {
  const [first, ...rest] = path;
  if (first === 'fixtures') {
    const [data, index, ...inside] = rest;
    if (data !== 'data' || index === undefined) return ['fixtures'];
    const [field, ...deeper] = inside;
    if (field === 'type') return ['fixtures', index, 'kind'];
    if (field === 'dimensions') {
      const [, length] = deeper;
      return ['fixtures', index, ...(length === undefined ? [] : [length === 'height' ? 'depth' : length])];
    }
    return ['fixtures', index, ...inside];
  }
  return first === undefined ? [] : [STORED_NAME_OF_WRITE[String(first)] ?? first, ...rest];
}
