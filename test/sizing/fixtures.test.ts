import { describe, expect, it } from 'vitest';
import {
  combineFixtures,
  combineFlows,
  fixtureApiFields,
  fixtureInputSchema,
  roundTo,
  sizeFixture,
  standardHgiSize,
} from '../../src-shared/sizing';

describe('§1 PDI worked example: a 48 × 24 × 12 in sink', () => {
  const sink = sizeFixture({ kind: 'custom', name: 'Pot sink', uses_typical_dimensions: false, length: 48, width: 24, depth: 12 });

  it('holds 13,824 in³ = 59.8 gal; load 44.9 gal', () => {
    expect(sink.volume_cubic_in).toBe(13_824);
    expect(roundTo(sink.capacity_gal, 1)).toBe(59.8);
    expect(roundTo(sink.load_gal ?? NaN, 1)).toBe(44.9);
  });

  it('one-minute flow 44.9 GPM (next size 50); two-minute 22.4 GPM (next size 25)', () => {
    expect(roundTo(sink.one_minute_gpm, 1)).toBe(44.9);
    expect(standardHgiSize(sink.one_minute_gpm)).toBe(50);
    expect(roundTo(sink.two_minute_gpm, 1)).toBe(22.4);
    expect(standardHgiSize(sink.two_minute_gpm)).toBe(25);
  });

  it('shows the API fields in both unit systems', () => {
    const api = fixtureApiFields(sink);
    expect(api.dimensions?.standard.length).toEqual({ value: 48, unit: 'in' });
    expect(api.dimensions?.metric.length).toEqual({ value: 121.92, unit: 'cm' });
    expect(api.dimensions?.standard.volume).toEqual({ value: 13_824, unit: 'sq in' });
    expect(api.dimensions?.metric.volume.value).toBe(226_534.77) // 13,824 × 16.387064 cm³;
    expect(api.dimensions?.standard.capacity).toEqual({ value: 59.84, unit: 'gal' });
    expect(api.flow_rate.one_minute).toEqual({ standard: { value: 44.88, unit: 'GPM' }, metric: { value: 2.83, unit: 'L/s' } });
    expect(api.flow_rate.two_minute.standard).toEqual({ value: 22.44, unit: 'GPM' });
  });
});

describe('typical fixtures', () => {
  it('3-compartment sink: 3 × 18 × 18 × 12 in, UPC 3 DFU', () => {
    const f = sizeFixture({ kind: 'three-compartment-sink' });
    expect(f.volume_cubic_in).toBe(11_664);
    expect(f.one_minute_gpm).toBeCloseTo((11_664 / 231) * 0.75, 10);
    expect(f.two_minute_gpm).toBeCloseTo(f.one_minute_gpm / 2, 10);
    expect(f.dfu).toBe(3);
    expect(f.name).toBe('3-compartment sink');
  });

  it('a compartment count overrides the typical one', () => {
    expect(sizeFixture({ kind: 'three-compartment-sink', compartments: 4 }).volume_cubic_in).toBe(4 * 18 * 18 * 12);
  });

  it('fixed flows are continuous: the two-minute flow equals the one-minute flow', () => {
    const drain = sizeFixture({ kind: 'floor-drain' });
    expect(drain).toMatchObject({ flow_source: 'fixed', one_minute_gpm: 2, two_minute_gpm: 2, dfu: 2, basin: null });
    expect(fixtureApiFields(drain).dimensions).toBeNull();
  });

  it('a dishwasher takes its GPM, defaults to 9, and has no UPC DFU value', () => {
    expect(sizeFixture({ kind: 'dishwasher', gpm: 12 }).one_minute_gpm).toBe(12);
    const dw = sizeFixture({ kind: 'dishwasher' });
    expect(dw.one_minute_gpm).toBe(9);
    expect(dw.dfu_listed).toBe(false);
    expect(dw.dfu).toBe(0);
  });

  it('entered dimensions are used only when typical dimensions are not', () => {
    const typical = sizeFixture({ kind: 'prep-sink', length: 30, width: 30, depth: 30 });
    expect(typical.volume_cubic_in).toBe(18 * 18 * 12);
    const own = sizeFixture({ kind: 'prep-sink', uses_typical_dimensions: false, length: 30, width: 30, depth: 30 });
    expect(own.volume_cubic_in).toBe(27_000);
  });

  it('an entered DFU overrides the library value', () => {
    expect(sizeFixture({ kind: 'floor-drain', dfu: 4 }).dfu).toBe(4);
    expect(sizeFixture({ kind: 'custom', gpm: 5, dfu: 2 })).toMatchObject({ dfu: 2, dfu_listed: true });
  });

  it('refuses a custom fixture with neither dimensions nor GPM, and missing dimensions', () => {
    expect(fixtureInputSchema.safeParse({ kind: 'custom' }).success).toBe(false);
    expect(fixtureInputSchema.safeParse({ kind: 'prep-sink', uses_typical_dimensions: false, length: 10 }).success).toBe(false);
    expect(fixtureInputSchema.safeParse({ kind: 'three-compartment-sink', compartments: 5 }).success).toBe(false);
    expect(fixtureInputSchema.safeParse({ kind: 'floor-drain', uses_typical_dimensions: false }).success).toBe(true);
  });
});

describe('§1 combining fixtures', () => {
  it('the simple rule adds the flows', () => {
    expect(combineFlows([35, 26, 18, 12], 'sum')).toBe(91);
    expect(combineFlows([], 'sum')).toBe(0);
  });

  it('Watts: 100 % of 35 + 50 % of 26 + 25 % of 18 and 12 = 55.5 GPM', () => {
    expect(combineFlows([35, 26, 18, 12], 'largest-100-50-25')).toBe(55.5);
    expect(combineFlows([12, 35, 18, 26], 'largest-100-50-25')).toBe(55.5);
  });

  it('adds DFU, capacity, and the GPM of fixtures without a DFU value', () => {
    const fixtures = [sizeFixture({ kind: 'mop-sink' }), sizeFixture({ kind: 'dishwasher' }), sizeFixture({ kind: 'floor-drain' })];
    const combined = combineFixtures(fixtures, 'sum');
    expect(combined).toMatchObject({ count: 3, one_minute_gpm: 14.75, two_minute_gpm: 14.75, dfu: 5, unlisted_dfu_gpm: 9 });
    expect(combined.capacity_gal).toBeCloseTo(14.75, 10);
  });
});
