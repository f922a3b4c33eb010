/**
 * A received project's fixtures as the store keeps them (src-main/sync/convert.ts projectFrom):
 * the sizing library's input where the fixture can be read, the record as received beside the
 * service's figures. Conversions are kept by the fixture's text, so the same fixture met again,
 * and a fixture differing from it in one length, must each come out as their own input says.
 */
import { describe, expect, it } from 'vitest';
import { projectFrom } from '../../src-main/sync/convert.js';

const inches = (value: number) => ({ object: 'measurement', value, unit: 'in' });
const sink = (length: number, typical: boolean) => ({
  object: 'fixture',
  name: 'Prep sink',
  type: 'two-compartment-sink',
  uses_typical_dimensions: typical,
  compartments: 2,
  gpm: null,
  dfu: null,
  dimensions: { object: 'dimension-set', standard: { object: 'dimensions', length: inches(length), width: inches(20), height: inches(14) } },
  // The service's own figures: kept as they came.
  flow_rate: { one_minute: { object: 'dimension-set', standard: { object: 'measurement', value: 31.2, unit: 'GPM' } } },
});

const project = (id: number, fixtures: unknown[]) => ({
  object: 'project',
  url: `/api/projects/${id}`,
  id,
  name: `Kitchen ${id}`,
  created: '03/02/2024',
  engineer: { name: 'A. Engineer', email: 'engineer@example.com' },
  fixtures: { object: 'list', data: fixtures },
});

describe('received fixtures', () => {
  it('each project gets its own fixtures: a repeated one as before, one a length apart with that length', () => {
    const unknownKind = { object: 'fixture', name: 'Tilting skillet', type: 'tilting-skillet', uses_typical_dimensions: true };
    const first = projectFrom(project(1, [sink(24, false), sink(24, true), unknownKind]), () => undefined);
    const again = projectFrom(project(2, [sink(24, false)]), () => undefined);
    const longer = projectFrom(project(3, [sink(30, false)]), () => undefined);

    const inputs = (p: typeof first) => p.fixtures.map((f) => JSON.parse(f) as Record<string, unknown>);
    // Entered dimensions (typical ones off) are the input's lengths, in inches; height is depth.
    expect(inputs(first)[0]).toMatchObject({ kind: 'two-compartment-sink', length: 24, width: 20, depth: 14, compartments: 2, uses_typical_dimensions: false });
    // Typical dimensions on: the entered ones are not the input's.
    expect(inputs(first)[1]).toMatchObject({ kind: 'two-compartment-sink', uses_typical_dimensions: true });
    expect(inputs(first)[1]).not.toHaveProperty('length');
    // A kind the library does not know is kept as received.
    expect(inputs(first)[2]).toEqual({ unmapped: unknownKind });
    expect(first.unmappedFixtures).toBe(1);
    expect(inputs(again)).toEqual([inputs(first)[0]]);
    expect(inputs(longer)[0]).toMatchObject({ length: 30, width: 20, depth: 14 });
  });

  it('keeps the received fixtures, in order and unchanged, beside the service\'s figures', () => {
    const received = [sink(24, false), { object: 'fixture', type: 'Floor Drain', note: 'not in the spec' }, sink(18, true)];
    const p = projectFrom(project(4, received), () => undefined);
    const sizing = JSON.parse(p.row.sizing) as { source: string; fixtures: unknown[]; flow_rate: unknown };
    expect(sizing.source).toBe('upstream');
    expect(sizing.fixtures).toEqual(received);
    expect(sizing.flow_rate).toBeNull();
  });
});
