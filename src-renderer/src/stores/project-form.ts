/**
 * The project editor's form: what the inputs hold (text as typed, so a half-typed number is not
 * lost), how it becomes a write body of the contract (the project resource's own field names,
 * so the engine's errors name the form's fields), and how a stored project fills it.
 * No rule of sizing or validation lives here: the engine checks and sizes what is sent.
 */
import type { Project } from '../../../src-shared/api/people';
import type { InsideTrapLocation } from '../../../src-shared/api/vocabulary';
import type { Vocabulary } from '../../../src-shared/ipc/contract';
import { burialDepthFor, insideTrapLocationFor } from '../../../src-shared/project-inputs';
import { UNKNOWN_ENGINEER } from '../../../src-shared/api/project-write';
import { toCanonicalInput, toShownInput, type InputQuantity, type UnitSystem } from '../../../src-shared/display-units';

export interface FixtureForm {
  /** Stable React key; not sent. */
  key: string;
  type: string;
  name: string;
  uses_typical_dimensions: boolean;
  compartments: string;
  gpm: string;
  dfu: string;
  length: string;
  width: string;
  height: string;
}

/**
 * The engineer: a user chosen from the list, a new contact typed in (the e-mail may follow later),
 * or not known yet. `fill`: a contact known by name only so far, whose e-mail (and company) the
 * rep may type in now.
 */
export type EngineerChoice =
  | { kind: 'user'; id: number; name: string; fill?: { email: string; company: string } }
  | { kind: 'new'; name: string; email: string; company: string }
  | { kind: 'unknown' };

/** A user chosen as the engineer; one without an e-mail yet (served as "") gets the fields to fill it in. */
export function chosenUser(user: { id: number; name: string | null; email: string | null }): EngineerChoice {
  const name = user.name ?? `User ${user.id}`;
  return user.email === '' ? { kind: 'user', id: user.id, name, fill: { email: '', company: '' } } : { kind: 'user', id: user.id, name };
}

export interface ProjectForm {
  /** The unit system the measured inputs (lengths, fixture flows) are typed in; the body sends US units. */
  units: UnitSystem;
  name: string;
  engineer: EngineerChoice | null;
  construction_type: string;
  street: string;
  street_2: string;
  city: string;
  state: string;
  postal_code: string;
  jurisdiction: { id: number; name: string; detail: string | null } | null;
  menu_type: string;
  servings_per_day: string;
  pump_out_target: string;
  fryer: boolean;
  flatware: boolean;
  food_waste_disposer: boolean;
  installation_location: string;
  inside_trap_location: string;
  buried: boolean;
  burial_depth: string;
  installed_in_traffic_area: boolean;
  installed_in_high_water_area: boolean;
  pipe_size: string;
  /** Size by the drain pipe alone while no fixture is known (the sizing's `size_by_pipe_only`). */
  size_by_pipe_only: boolean;
  fixtures: FixtureForm[];
}

let fixtureSeq = 0;
export const nextFixtureKey = () => `f${++fixtureSeq}`;

export function newForm(v: Vocabulary, units: UnitSystem): ProjectForm {
  const d = v.project_defaults;
  return {
    units,
    name: '',
    engineer: null,
    construction_type: d.construction_type,
    street: '',
    street_2: '',
    city: '',
    state: '',
    postal_code: '',
    jurisdiction: null,
    menu_type: d.menu_type,
    servings_per_day: String(d.servings_per_day),
    pump_out_target: String(d.pump_out_target),
    fryer: false,
    flatware: false,
    food_waste_disposer: false,
    installation_location: d.installation_location,
    inside_trap_location: d.inside_trap_location ?? 'kitchen',
    buried: false,
    burial_depth: '0',
    installed_in_traffic_area: false,
    installed_in_high_water_area: false,
    pipe_size: String(d.pipe_size),
    size_by_pipe_only: false,
    fixtures: [],
  };
}

export function fixtureForm(kind: Vocabulary['fixture_kinds'][number], units: UnitSystem): FixtureForm {
  const length = (n: number | undefined) => measuredText('length', n, units);
  return {
    key: nextFixtureKey(),
    type: kind.key,
    name: '',
    uses_typical_dimensions: kind.basin !== null || !kind.flow_input,
    compartments: kind.basin ? String(kind.basin.compartments) : '',
    gpm: kind.flow_input && kind.typical_gpm !== null ? measuredText('flow', kind.typical_gpm, units) : '',
    dfu: '',
    length: length(kind.basin?.length),
    width: length(kind.basin?.width),
    height: length(kind.basin?.depth),
  };
}

const keyOfLabel = (table: { key: string; label: string }[], text: string) => table.find((t) => t.label === text || t.key === text)?.key ?? text;
const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
/** A stored (US) measurement as the input shows it in `units`. */
const measuredText = (quantity: InputQuantity, n: number | null | undefined, units: UnitSystem) => (n === null || n === undefined ? '' : String(toShownInput(quantity, n, units)));

export function formOf(p: Project, v: Vocabulary, units: UnitSystem): ProjectForm {
  return {
    units,
    name: p.name,
    engineer: p.engineer.email === UNKNOWN_ENGINEER.email ? { kind: 'unknown' } : chosenUser(p.engineer),
    construction_type: keyOfLabel(v.construction_types, p.construction_type),
    street: p.address.street ?? '',
    street_2: p.address.street_2 ?? '',
    city: p.address.city ?? '',
    state: p.address.state ?? '',
    postal_code: p.address.postal_code ?? '',
    jurisdiction: p.jurisdiction ? { id: p.jurisdiction.id, name: p.jurisdiction.name, detail: p.jurisdiction.plumbing_code } : null,
    // An input the central service did not state stays empty (null), not a default.
    menu_type: p.menu_type ?? '',
    servings_per_day: text(p.servings_per_day),
    pump_out_target: text(p.pump_out_target),
    fryer: p.fryer ?? false,
    flatware: p.flatware ?? false,
    food_waste_disposer: p.food_waste_disposer ?? false,
    installation_location: keyOfLabel(v.installation_locations, p.installation_location ?? ''),
    inside_trap_location: p.inside_trap_location ?? 'kitchen',
    buried: p.buried ?? false,
    burial_depth: measuredText('length', p.burial_depth?.value, units),
    installed_in_traffic_area: p.installed_in_traffic_area ?? false,
    installed_in_high_water_area: p.installed_in_high_water_area ?? false,
    pipe_size: text(p.pipe_size?.value),
    size_by_pipe_only: p.size_by_pipe_only ?? false,
    fixtures: (p.fixtures?.data ?? []).map((f) => ({
      key: nextFixtureKey(),
      type: f.type,
      name: f.name,
      uses_typical_dimensions: f.uses_typical_dimensions,
      compartments: text(f.compartments),
      gpm: measuredText('flow', f.gpm, units),
      dfu: text(f.dfu),
      length: measuredText('length', f.dimensions?.standard.length.value, units),
      width: measuredText('length', f.dimensions?.standard.width.value, units),
      height: measuredText('length', f.dimensions?.standard.height.value, units),
    })),
  };
}

/**
 * The form in another unit system: each measured input that reads as a number is shown converted
 * (what the rep typed that is not a number stays, so its message still shows).
 */
export function convertForm(form: ProjectForm, units: UnitSystem): ProjectForm {
  if (form.units === units) return form;
  const convert = (quantity: InputQuantity, value: string) => {
    const n = typed(value);
    return typeof n === 'number' ? String(toShownInput(quantity, toCanonicalInput(quantity, n, form.units), units)) : value;
  };
  return {
    ...form,
    units,
    burial_depth: convert('length', form.burial_depth),
    fixtures: form.fixtures.map((f) => ({
      ...f,
      gpm: convert('flow', f.gpm),
      length: convert('length', f.length),
      width: convert('length', f.width),
      height: convert('length', f.height),
    })),
  };
}

/**
 * A number as typed: empty means "not given"; anything else is sent as a number when it reads as
 * one, else as the text itself, so the engine answers with its message for that field.
 */
function typed(value: string): number | string | undefined {
  const t = value.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

/** A measured input as typed in `units`, sent in the canonical US unit (text that is not a number goes as typed). */
function measured(quantity: InputQuantity, value: string, units: UnitSystem): number | string | undefined {
  const n = typed(value);
  return typeof n === 'number' ? toCanonicalInput(quantity, n, units) : n;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

function fixtureBody(f: FixtureForm, units: UnitSystem) {
  const dims = !f.uses_typical_dimensions && (f.length.trim() || f.width.trim() || f.height.trim());
  const inches = (value: string) => ({ value: measured('length', value, units), unit: 'in' });
  return {
    type: f.type,
    name: f.name.trim() || undefined,
    uses_typical_dimensions: f.uses_typical_dimensions,
    compartments: typed(f.compartments),
    gpm: measured('flow', f.gpm, units),
    dfu: typed(f.dfu),
    dimensions: dims ? { standard: { length: inches(f.length), width: inches(f.width), height: inches(f.height) } } : undefined,
  };
}

/** The inputs that size the kitchen (a preview needs no name or engineer). */
export function sizingBody(form: ProjectForm) {
  return {
    construction_type: form.construction_type,
    address: {
      street: orNull(form.street),
      street_2: orNull(form.street_2),
      city: orNull(form.city),
      state: orNull(form.state),
      postal_code: orNull(form.postal_code),
    },
    jurisdiction: form.jurisdiction ? { id: form.jurisdiction.id } : null,
    menu_type: form.menu_type === '' ? undefined : form.menu_type,
    servings_per_day: typed(form.servings_per_day),
    pump_out_target: typed(form.pump_out_target),
    fryer: form.fryer,
    flatware: form.flatware,
    food_waste_disposer: form.food_waste_disposer,
    installation_location: form.installation_location,
    inside_trap_location: insideTrapLocationFor(form.installation_location === 'outdoors' ? 'outdoors' : 'indoors', form.inside_trap_location as InsideTrapLocation),
    buried: form.buried,
    // Typed text goes as typed (the engine names a bad value); not buried is depth 0, as the engine stores it.
    burial_depth: form.buried ? measured('length', form.burial_depth, form.units) : burialDepthFor(false, null),
    installed_in_traffic_area: form.installed_in_traffic_area,
    installed_in_high_water_area: form.installed_in_high_water_area,
    pipe_size: typed(form.pipe_size),
    size_by_pipe_only: form.size_by_pipe_only,
    fixtures: form.fixtures.map((f) => fixtureBody(f, form.units)),
  };
}

/** The whole write body: the sizing inputs plus name and engineer. */
export function writeBody(form: ProjectForm) {
  return { ...sizingBody(form), name: form.name, engineer: engineerBody(form.engineer) };
}

function engineerBody(e: EngineerChoice | null) {
  if (!e) return undefined;
  if (e.kind === 'user') return e.fill && e.fill.email.trim() !== '' ? { id: e.id, email: e.fill.email.trim(), company: e.fill.company.trim() || null } : { id: e.id };
  if (e.kind === 'unknown') return { unknown: true as const };
  // A name alone is a contact whose e-mail follows later.
  return { name: e.name, ...(e.email.trim() === '' ? {} : { email: e.email.trim() }), company: e.company.trim() || null };
}
