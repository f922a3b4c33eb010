/** Project objects from stored rows: pure, rows in and JSON out (spec §2.3, §2.3.1). */
import type { Measurement as ApiMeasurement } from '../../../src-shared/api/common.js';
import type { Contact, EmbeddedJurisdiction, Fixture, Project, ProjectListItem, UserProject } from '../../../src-shared/api/people.js';
import { CONSTRUCTION_TYPES, INSTALLATION_LOCATIONS, labelOf, SIZING_METHOD_LABELS, type ConstructionTypeKey, type ProjectStatus } from '../../../src-shared/api/vocabulary.js';
import type { FixtureInput } from '../../../src-shared/sizing/fixtures.js';
import type { Selectable } from 'kysely';
import type { ContactsTable } from '../../store/schema.js';
import type { ProjectRow, StoredSizing } from '../../store/projects.js';
import { apiDate } from '../format.js';
import { PROJECT_INPUT_DEFAULTS } from '../../../src-shared/project-inputs.js';
import { effectivePumpOutTarget } from '../../../src-shared/sizing/recommend.js';
import type { PumpOutCycleBasis } from '../../../src-shared/api/people.js';
import type { StoredInputs } from './project-inputs.js';
import { parseRules } from './project-sizing.js';
import { damagedProject } from './damaged-record.js';

/** What the caller may see: personal data needs the users scope (spec §5). */
export interface Viewer {
  personal: boolean;
}

export const projectUrl = (id: number) => `/api/projects/${id}`;

/** A project row's JSON columns, in the words the error of a damaged one uses. */
const COLUMN_WORDS = { inputs: 'sizing inputs', sizing: 'sizing results', extra: 'fields kept from the central service' } as const;
export type ProjectJsonColumn = keyof typeof COLUMN_WORDS;

/** A JSON object column of a project row, or the damaged_record error naming the project and what is damaged. */
export function projectJson<T>(row: { id: number; name: string }, column: ProjectJsonColumn, text: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw damagedProject(row, COLUMN_WORDS[column]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw damagedProject(row, COLUMN_WORDS[column]);
  return value as T;
}

/**
 * The inputs of a project shown in a list (the project list, search, a user's projects): when they
 * cannot be read, the project is still listed, its inputs as not stated (null), as for a project
 * of the central service that did not state them; reading the project itself says it is damaged.
 */
function listedInputs(row: ProjectRow): Partial<StoredInputs> {
  try {
    return projectJson<Partial<StoredInputs>>(row, 'inputs', row.inputs);
  } catch {
    return {};
  }
}
export const jurisdictionUrl = (id: number) => `/api/jurisdictions/${id}`;

const m = (x: { value: number; unit: string }): ApiMeasurement => ({ object: 'measurement', value: x.value, unit: x.unit });
const pair = (x: { standard: { value: number; unit: string }; metric: { value: number; unit: string } }) => ({
  object: 'dimension-set' as const,
  standard: m(x.standard),
  metric: m(x.metric),
});

export function embeddedJurisdiction(id: number, name: string, rulesJson: string, contacts?: Contact[], labelsJson: string | null = null): EmbeddedJurisdiction {
  const rules = JSON.parse(rulesJson) as { plumbing_code: string | null; sizing_methods: { indoor: string; outdoor: string } };
  return {
    object: 'jurisdiction',
    url: jurisdictionUrl(id),
    id,
    name,
    plumbing_code: rules.plumbing_code,
    // Labels the central service stated are served as stated.
    sizing_methods:
      labelsJson !== null
        ? (JSON.parse(labelsJson) as EmbeddedJurisdiction['sizing_methods'])
        : {
            indoor: SIZING_METHOD_LABELS[rules.sizing_methods.indoor] ?? rules.sizing_methods.indoor,
            outdoor: SIZING_METHOD_LABELS[rules.sizing_methods.outdoor] ?? rules.sizing_methods.outdoor,
          },
    ...(contacts ? { contacts } : {}),
  };
}

export function buildContact(row: Selectable<ContactsTable>, jurisdictionName: string, viewer: Viewer): Contact {
  const f = JSON.parse(row.facility) as Contact['facility'];
  const p = viewer.personal;
  return {
    object: 'contact',
    id: row.id,
    name: p ? (row.name_served ?? `${row.first_name} ${row.last_name}`) : null,
    first_name: p ? row.first_name : null,
    last_name: p ? row.last_name : null,
    title: row.title,
    email: p ? row.email : null,
    primary_phone_number: p ? row.primary_phone_number : null,
    department: row.department,
    jurisdictions: row.jurisdictions_served !== null ? (JSON.parse(row.jurisdictions_served) as string[]) : [jurisdictionName],
    jurisdiction_name: jurisdictionName,
    facility: { name: f.name, address: f.address, city: f.city, state: f.state, postal_code: f.postal_code, county: f.county },
  };
}

/**
 * `pump_out_cycle` is an integer (spec §2.3): the days the recommended unit(s) hold. Without a
 * recommended product the sizing has no such figure (the store keeps null), and the cycle served
 * is the design target the sizing used: the requested pump-out target within the jurisdiction's
 * bounds, the interval any unit chosen for the kitchen must reach. `pump_out_cycle_basis` says
 * which of the two it is. A project pulled from the central service keeps the figure it came with.
 */
export function servedPumpOutCycle(
  row: Pick<ProjectRow, 'pump_out_cycle' | 'recommended_product' | 'jurisdiction_rules' | 'sizing'>,
  inputs: Partial<StoredInputs>,
): { pump_out_cycle: number | null; pump_out_cycle_basis: PumpOutCycleBasis | null } {
  if (row.pump_out_cycle !== null) return { pump_out_cycle: row.pump_out_cycle, pump_out_cycle_basis: row.recommended_product === null ? 'design_target' : 'recommended_product' };
  // The central service stated no cycle: served as it stated it (nothing is made up for it).
  if (sizedByCentralService(row)) return { pump_out_cycle: null, pump_out_cycle_basis: null };
  // No cycle of the unit's own (none recommended, or 0 servings measured): the design target stands in.
  const pump_out_cycle_basis = 'design_target';
  // A central service that sent neither a cycle nor a target broke the spec: the usual target then.
  let target = inputs.pump_out_target_days ?? PROJECT_INPUT_DEFAULTS.pump_out_target_days;
  try {
    target = effectivePumpOutTarget(target, parseRules(row.jurisdiction_rules));
  } catch {
    // Rules the sizing library cannot read (an upstream's): the requested target as it stands.
  }
  return { pump_out_cycle: Math.round(target), pump_out_cycle_basis };
}

export function buildProjectListItem(row: ProjectRow, viewer: Viewer, contacts?: Contact[]): ProjectListItem {
  const inputs = listedInputs(row);
  return {
    object: 'project',
    url: projectUrl(row.id),
    id: row.id,
    name: row.name,
    status: row.status as ProjectStatus,
    created: apiDate(row.created),
    submitted: apiDate(row.submitted),
    approved: apiDate(row.approved),
    updated: apiDate(row.updated),
    engineer: {
      id: row.user_id,
      name: viewer.personal ? row.engineer_name : null,
      // "" for a contact known only by name so far (docs/api.md), as the user shows it.
      email: viewer.personal ? (row.engineer_email ?? '') : null,
      phone_number: viewer.personal ? row.engineer_phone : null,
    },
    address: { street: row.street, street_2: row.street_2, city: row.city, state: row.state, postal_code: row.postal_code },
    jurisdiction:
      row.jurisdiction_id === null || row.jurisdiction_name === null || row.jurisdiction_rules === null
        ? null
        : embeddedJurisdiction(row.jurisdiction_id, row.jurisdiction_name, row.jurisdiction_rules, contacts, row.jurisdiction_labels),
    construction_type: labelOf(CONSTRUCTION_TYPES, row.construction_type as ConstructionTypeKey),
    installation_location: labelOf(INSTALLATION_LOCATIONS, inputs.installation_location ?? null),
    recommended_product: row.recommended_product,
    ...servedPumpOutCycle(row, inputs),
  };
}

export function buildFixture(api: StoredSizing['fixtures'][number], input: FixtureInput | undefined): Fixture {
  const d = api.dimensions;
  const side = (s: NonNullable<typeof d>['standard']) => ({
    object: 'dimensions' as const,
    length: m(s.length),
    width: m(s.width),
    height: m(s.height),
    volume: m(s.volume),
    capacity: m(s.capacity),
  });
  return {
    object: 'fixture',
    name: api.name,
    type: api.type,
    uses_typical_dimensions: api.uses_typical_dimensions,
    compartments: api.compartments,
    gpm: input?.gpm ?? null,
    dfu: input?.dfu ?? null,
    dimensions: d === null ? null : { object: 'dimension-set', standard: side(d.standard), metric: side(d.metric) },
    flow_rate: { one_minute: pair(api.flow_rate.one_minute), two_minute: pair(api.flow_rate.two_minute), dfu: Math.round(api.flow_rate.dfu) },
  };
}

type DetailFields = Omit<Project, 'fixtures' | 'notes' | 'accessories'>;

/**
 * Whether a row's figures are the central service's, as it stated them (sync/convert.ts writes
 * them with `source` first), told without parsing the 7 KB sizing of every list item.
 */
export const sizedByCentralService = (row: Pick<ProjectRow, 'sizing'>) => row.sizing.startsWith('{"source":"upstream"');

/** The sizing the store keeps: computed here, or the central service's figures as it stated them. */
export type KeptSizing = StoredSizing | (Omit<StoredSizing, 'flow_rate' | 'grease' | 'fixtures'> & { source: 'upstream'; flow_rate: unknown; grease: unknown; fixtures: unknown[] });
export const isUpstreamSizing = (s: KeptSizing): s is Extract<KeptSizing, { source: 'upstream' }> => (s as { source?: string }).source === 'upstream';

/**
 * `inputs`: how to take inputs that cannot be read: `refuse` (the project itself is asked for: the
 * damaged_record error) or `as-unstated` (it is one of a list: shown as not stated).
 */
export function buildProject(row: ProjectRow, viewer: Viewer, contacts?: Contact[], inputsDamaged: 'refuse' | 'as-unstated' = 'refuse'): DetailFields {
  // Inputs the central service did not state are absent, and served as null (never a default).
  const inputs = inputsDamaged === 'refuse' ? projectJson<Partial<StoredInputs>>(row, 'inputs', row.inputs) : listedInputs(row);
  const kept = projectJson<KeptSizing>(row, 'sizing', row.sizing);
  const stated = <T>(value: T | undefined): T | null => (value === undefined ? null : value);
  const upstream = isUpstreamSizing(kept);
  const computed = () => {
    const sizing = kept as StoredSizing;
    const grease = (period: keyof StoredSizing['grease']) => ({
      object: 'grease-capacity-measurement' as const,
      weight: m(sizing.grease[period].weight),
      volume: m(sizing.grease[period].volume),
    });
    return {
      flow_rate: {
        pipe: m(sizing.flow_rate.pipe),
        two_minute: m(sizing.flow_rate.two_minute),
        one_minute: m(sizing.flow_rate.one_minute),
        sized_by: m(sizing.flow_rate.sized_by),
        dfu: Math.round(sizing.flow_rate.dfu),
      },
      grease: {
        per_serving: grease('per_serving'),
        per_day: grease('per_day'),
        per_30_days: grease('per_30_days'),
        per_60_days: grease('per_60_days'),
        per_90_days: grease('per_90_days'),
      },
    };
  };
  const body: DetailFields = {
    ...buildProjectListItem(row, viewer, contacts),
    version: row.version,
    inside_trap_location: upstream ? stated(inputs.inside_trap_location) : inputs.installation_location === 'indoors' ? stated(inputs.inside_trap_location) : null,
    installed_in_traffic_area: stated(inputs.installed_in_traffic_area),
    installed_in_high_water_area: stated(inputs.installed_in_high_water_area),
    buried: stated(inputs.buried),
    burial_depth: inputs.burial_depth_in === undefined ? null : m({ value: upstream || inputs.buried ? inputs.burial_depth_in : 0, unit: 'in' }),
    fryer: stated(inputs.fryer),
    flatware: stated(inputs.flatware),
    pipe_size: inputs.pipe_size_in === undefined ? null : m({ value: inputs.pipe_size_in, unit: 'in' }),
    // Not chosen is false for a project made here; the central service's may not state it.
    size_by_pipe_only: inputs.size_by_pipe_only ?? (upstream ? null : false),
    food_waste_disposer: stated(inputs.food_waste_disposer),
    servings_per_day: stated(inputs.servings_per_day),
    menu_type: stated(inputs.menu_type),
    pump_out_target: stated(inputs.pump_out_target_days),
    meals: inputs.meals ?? null,
    // The central service's figures, as it stated them (the local sizing is shown beside them).
    ...(upstream ? { flow_rate: kept.flow_rate as DetailFields['flow_rate'], grease: kept.grease as DetailFields['grease'] } : computed()),
    unique_local_requirements: row.unique_local_requirements === 1,
    unique_local_requirements_reason: kept.unique_local_requirements_reason,
    no_recommendation: noRecommendation(row, kept, {}),
    figures_from: upstream ? 'central_service' : 'local',
  };
  if (row.extra === '{}') return body;
  const extra = projectJson<Record<string, unknown>>(row, 'extra', row.extra);
  return { ...extra, ...body, no_recommendation: noRecommendation(row, kept, extra) };
}

/** A project as a user response embeds it: `pipe_size` a bare number, `spaces` empty (spec quirks). */
export function buildUserProject(row: ProjectRow, viewer: Viewer, contacts?: Contact[]): UserProject {
  const p = buildProject(row, viewer, contacts, 'as-unstated');
  return { ...p, pipe_size: p.pipe_size === null ? null : p.pipe_size.value, spaces: [] };
}

/**
 * Why no product is recommended, or null when one is: the sizing's reason; for a project sized
 * by the central service, the reason it sent (kept with its other fields in `extra`).
 */
function noRecommendation(row: ProjectRow, sizing: KeptSizing, extra: Record<string, unknown>): { code: string; message: string } | null {
  if (row.recommended_product !== null) return null;
  // A central service's sizing may come without the local recommendation's reasons.
  const stored = (sizing.recommendation as Partial<StoredSizing['recommendation']> | undefined)?.no_recommendation;
  if (stored) return { code: stored.code, message: stored.message };
  const sent = extra.no_recommendation as { code?: unknown; message?: unknown } | null | undefined;
  if (sent && typeof sent.code === 'string' && typeof sent.message === 'string') return { code: sent.code, message: sent.message };
  return { code: 'not_recommended', message: 'No product is recommended for this project.' };
}
