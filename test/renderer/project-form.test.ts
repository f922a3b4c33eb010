/**
 * The editor's form (src-renderer/src/stores/project-form.ts) without a browser: what it sends for
 * what a rep typed, in US units whatever units the rep types in, and how a stored project fills it.
 * Conversions are checked against the exact definitions (1 in = 25.4 mm; 1 US gal = 3.785411784 L,
 * NIST Handbook 44), not against the code's own tables.
 */
import { describe, expect, it } from 'vitest';
import type { Project } from '../../src-shared/api/people';
import { UNKNOWN_ENGINEER } from '../../src-shared/api/project-write';
import type { Vocabulary } from '../../src-shared/ipc/contract';
import { convertForm, fixtureForm, formOf, newForm, sizingBody, writeBody, type ProjectForm } from '../../src-renderer/src/stores/project-form';

const MM_PER_IN = 25.4;
const LITRES_PER_SECOND_PER_GPM = 3.785411784 / 60;

/** Only what the form reads of the vocabulary. */
const vocabulary = {
  construction_types: [
    { key: 'newConstruction', label: 'New construction' },
    { key: 'tenantFinish', label: 'Tenant finish' },
  ],
  installation_locations: [
    { key: 'indoors', label: 'Indoors' },
    { key: 'outdoors', label: 'Outdoors' },
  ],
  project_defaults: {
    construction_type: 'newConstruction',
    menu_type: 'pizza',
    servings_per_day: 200,
    pump_out_target: 30,
    pipe_size: 4,
    installation_location: 'indoors',
    inside_trap_location: 'kitchen',
  },
} as unknown as Vocabulary;

const sink = { key: 'three-compartment-sink', label: 'Three-compartment sink', basin: { length: 18, width: 18, depth: 12, compartments: 3 }, flow_input: false, typical_gpm: null };
const custom = { key: 'custom', label: 'Custom', basin: null, flow_input: true, typical_gpm: null };

const form = (changes: Partial<ProjectForm> = {}, units: 'standard' | 'metric' = 'standard'): ProjectForm => ({ ...newForm(vocabulary, units), ...changes });

describe('the write body of the editor form', () => {
  it('a new form sends the defaults, no address, no fixture, and a unit not buried at depth 0', () => {
    const body = writeBody(form());
    expect(body).toMatchObject({
      construction_type: 'newConstruction',
      menu_type: 'pizza',
      servings_per_day: 200,
      pump_out_target: 30,
      pipe_size: 4,
      installation_location: 'indoors',
      inside_trap_location: 'kitchen',
      buried: false,
      burial_depth: 0,
      address: { street: null, street_2: null, city: null, state: null, postal_code: null },
      jurisdiction: null,
      fixtures: [],
      name: '',
    });
    expect(body.engineer).toBeUndefined();
  });

  it('sends a number typed with spaces as the number, nothing for an empty box, and text that is no number as typed (the engine names the field)', () => {
    const body = sizingBody(form({ servings_per_day: ' 150 ', pump_out_target: '', pipe_size: 'four' }));
    expect(body.servings_per_day).toBe(150);
    expect(body.pump_out_target).toBeUndefined();
    expect(body.pipe_size).toBe('four');
  });

  it('an outdoor unit has no inside location; a depth typed for a unit not buried is not sent', () => {
    const body = sizingBody(form({ installation_location: 'outdoors', inside_trap_location: 'kitchen', buried: false, burial_depth: '30' }));
    expect(body.inside_trap_location).toBeNull();
    expect(body.burial_depth).toBe(0);
    expect(sizingBody(form({ buried: true, burial_depth: '30' })).burial_depth).toBe(30);
  });

  it('trims the address and sends an empty line as null', () => {
    const body = sizingBody(form({ street: ' 12 Main St ', city: '   ', postal_code: '60601' }));
    expect(body.address).toEqual({ street: '12 Main St', street_2: null, city: null, state: null, postal_code: '60601' });
  });

  it('sends the engineer as chosen: a user by id, not known yet, or a new contact trimmed (no company: null)', () => {
    expect(writeBody(form({ engineer: { kind: 'user', id: 7, name: 'Theo' } })).engineer).toEqual({ id: 7 });
    expect(writeBody(form({ engineer: { kind: 'unknown' } })).engineer).toEqual({ unknown: true });
    expect(writeBody(form({ engineer: { kind: 'new', name: 'Ana Ruiz', email: ' ana@example.com ', company: '  ' } })).engineer).toEqual({
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      company: null,
    });
  });

  it('a fixture sends its own sizes only when typical dimensions are off and a size is typed', () => {
    const typical = fixtureForm(sink, 'standard');
    expect(typical.uses_typical_dimensions).toBe(true);
    expect(sizingBody(form({ fixtures: [typical] })).fixtures[0]!.dimensions).toBeUndefined();
    const own = { ...typical, uses_typical_dimensions: false, length: '20', width: '24', height: '14' };
    expect(sizingBody(form({ fixtures: [own] })).fixtures[0]!.dimensions).toEqual({
      standard: { length: { value: 20, unit: 'in' }, width: { value: 24, unit: 'in' }, height: { value: 14, unit: 'in' } },
    });
    const blank = { ...typical, uses_typical_dimensions: false, length: ' ', width: '', height: '' };
    expect(sizingBody(form({ fixtures: [blank] })).fixtures[0]!.dimensions).toBeUndefined();
  });

  it('in metric, sizes typed in mm and flows in L/s are sent in inches and GPM', () => {
    const f = { ...fixtureForm(custom, 'metric'), uses_typical_dimensions: false, gpm: '1', length: '508', width: '610', height: '' };
    const body = sizingBody(form({ buried: true, burial_depth: '762', fixtures: [f] }, 'metric'));
    expect(body.burial_depth).toBeCloseTo(762 / MM_PER_IN, 9); // 30 in
    const sent = body.fixtures[0]!;
    expect(sent.gpm).toBeCloseTo(1 / LITRES_PER_SECOND_PER_GPM, 6); // 15.850 GPM
    expect(sent.dimensions!.standard.length.value).toBeCloseTo(20, 9);
    expect(sent.dimensions!.standard.width.value).toBeCloseTo(610 / MM_PER_IN, 9);
    expect(sent.dimensions!.standard.height.value).toBeUndefined();
  });
});

describe('switching the form between units', () => {
  it('shows each measured input in the other units, whole mm and L/s to 0.001, and keeps text that is no number', () => {
    const f = { ...fixtureForm(custom, 'standard'), uses_typical_dimensions: false, gpm: '15.85', length: '20', width: 'wide', height: '' };
    const metric = convertForm(form({ burial_depth: '24', fixtures: [f] }), 'metric');
    expect(metric.units).toBe('metric');
    expect(metric.burial_depth).toBe('610'); // 609.6 mm
    expect(metric.fixtures[0]).toMatchObject({ gpm: '1', length: '508', width: 'wide', height: '' }); // 0.99998 L/s
    // Pipe size and servings are not measured inputs: unchanged.
    expect(metric.pipe_size).toBe('4');
    const back = convertForm(metric, 'standard');
    expect(Number(back.burial_depth)).toBeCloseTo(610 / MM_PER_IN, 3);
    expect(back.fixtures[0]!.length).toBe('20');
  });

  it('leaves a form already in those units as it is', () => {
    const f = form();
    expect(convertForm(f, 'standard')).toBe(f);
  });
});

describe('a stored project in the form', () => {
  const project = {
    name: 'Corner Deli',
    engineer: { id: 3, name: UNKNOWN_ENGINEER.name, email: UNKNOWN_ENGINEER.email },
    construction_type: 'Tenant finish',
    address: { street: '1 Elm St', street_2: null, city: 'Chicago', state: 'IL', postal_code: '60614' },
    jurisdiction: null,
    menu_type: null,
    servings_per_day: 120,
    pump_out_target: null,
    fryer: true,
    flatware: null,
    food_waste_disposer: false,
    installation_location: 'Outdoors',
    inside_trap_location: null,
    buried: true,
    burial_depth: { value: 36, unit: 'in' },
    installed_in_traffic_area: false,
    installed_in_high_water_area: false,
    pipe_size: { value: 4, unit: 'in' },
    size_by_pipe_only: false,
    fixtures: {
      data: [{ type: 'custom', name: 'Wok line', uses_typical_dimensions: false, compartments: null, gpm: 31.7, dfu: 4, dimensions: null }],
    },
  } as unknown as Project;

  it('reads labels back to the keys it sends, the placeholder engineer as not known, and an input never stated as empty', () => {
    const f = formOf(project, vocabulary, 'standard');
    expect(f.engineer).toEqual({ kind: 'unknown' });
    expect(f.construction_type).toBe('tenantFinish');
    expect(f.installation_location).toBe('outdoors');
    expect(f.menu_type).toBe('');
    expect(f.pump_out_target).toBe('');
    expect(f.flatware).toBe(false);
    expect(f.burial_depth).toBe('36');
    expect(f.fixtures[0]).toMatchObject({ type: 'custom', name: 'Wok line', gpm: '31.7', dfu: '4', compartments: '', length: '' });
  });

  it('in metric shows the stored US figures in mm and L/s', () => {
    const f = formOf(project, vocabulary, 'metric');
    expect(f.burial_depth).toBe(String(Math.round(36 * MM_PER_IN))); // 914 mm
    expect(Number(f.fixtures[0]!.gpm)).toBeCloseTo(31.7 * LITRES_PER_SECOND_PER_GPM, 3); // 2 L/s
  });

  it('sends back what it read: the same inputs, in US units, from either unit system', () => {
    const standard = sizingBody(formOf(project, vocabulary, 'standard'));
    expect(standard).toMatchObject({ servings_per_day: 120, burial_depth: 36, pipe_size: 4, construction_type: 'tenantFinish', inside_trap_location: null });
    expect(standard.fixtures[0]).toMatchObject({ gpm: 31.7, dfu: 4 });
    const metric = sizingBody(formOf(project, vocabulary, 'metric'));
    // Whole mm and 0.001 L/s as shown: within half a mm (0.02 in) and 0.0005 L/s (0.008 GPM).
    expect(Math.abs((metric.burial_depth as number) - 36)).toBeLessThanOrEqual(0.5 / MM_PER_IN);
    expect(Math.abs((metric.fixtures[0]!.gpm as number) - 31.7)).toBeLessThanOrEqual(0.0005 / LITRES_PER_SECOND_PER_GPM);
  });
});
