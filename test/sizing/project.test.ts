import { describe, expect, it } from 'vitest';
import { EXAMPLE_JURISDICTION_RULES as RULES, projectInputsSchema, sizeProject } from '../../src-shared/sizing';
import { SAMPLE_CATALOG } from './sample-catalog';

describe('sizeProject', () => {
  const r = sizeProject(
    {
      menu_type: 'family-diner',
      servings_per_day: 300,
      fryer: true,
      flatware: true,
      pump_out_target_days: 60,
      fixtures: [
        { kind: 'three-compartment-sink' },
        { kind: 'prep-sink' },
        { kind: 'hand-sink' },
        { kind: 'floor-drain' },
        { kind: 'dishwasher', gpm: 6 },
      ],
    },
    SAMPLE_CATALOG,
  );

  it('computes every project field in the API shapes', () => {
    expect(r.sizing_method).toBe('hydromechanical-by-flow');
    expect(r.jurisdiction).toEqual({
      name: 'Default (UPC, manufacturer method)',
      plumbing_code: 'UPC',
      sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'hydromechanical-by-flow' },
    });
    // 3-comp 37.87 + prep 12.62 GPM (one-minute; halved over two minutes), + hand sink 1.88 +
    // floor drain 2 (¾ in hose bib) + dishwasher 6, continuous. The default rules size by the lower
    // of the non-zero pipe (4 in: 75 GPM over two minutes, UPC Table 1014.2.1) and two-minute values
    // (service-api 2.3).
    const threeComp = ((18 * 18 * 12 * 3) / 231) * 0.75;
    const prep = ((18 * 18 * 12) / 231) * 0.75;
    const fixed = 1.88 + 2 + 6;
    const round2 = (v: number) => Math.round(v * 100) / 100;
    expect(r.flow_rate).toEqual({
      pipe: { value: 125, unit: 'GPM' },
      one_minute: { value: round2(threeComp + prep + fixed), unit: 'GPM' },
      two_minute: { value: round2((threeComp + prep) / 2 + fixed), unit: 'GPM' },
      sized_by: { value: round2((threeComp + prep) / 2 + fixed), unit: 'GPM' },
      dfu: 3 + 3 + 1 + 2,
    });
    expect(r.flow_rate.sized_by.value).toBe(Math.min(r.flow_rate.two_minute.value, 75));
    expect(r.flow_rate_metric.sized_by).toEqual({ value: round2((((threeComp + prep) / 2 + fixed) * 3.785411784) / 60), unit: 'L/s' });
    // high tier, fryer, flatware: 0.046 lb × 300 = 13.8 lb/day.
    expect(r.grease.per_serving.weight).toEqual({ value: 0.046, unit: 'lbs' });
    expect(r.grease.per_day).toEqual({ weight: { value: 13.8, unit: 'lbs' }, volume: { value: 1.89, unit: 'gal' } });
    expect(r.grease.per_60_days.weight.value).toBe(828);
    expect(r.grease_metric.per_day.weight).toEqual({ value: 6.26, unit: 'kg' });
    expect(r.unique_local_requirements).toBe(false);
    expect(r.unique_local_requirements_reason).toBeNull();
    expect(r.required_volume).toBeNull();
  });

  it('recommends the smallest unit for flow and 60 days of grease', () => {
    // 60.4 GPM needs the 75 GPM size; 828 lb over 60 days: only GB-250 (100 GPM, 1,895 lb) and GB-1000 hold it.
    expect(r.recommended_product).toBe('GB-250');
    expect(r.recommendation.rating).toMatchObject({ flow_gpm: 100, grease_lbs: 1895 });
    expect(r.pump_out_cycle).toBe(90); // 1,895 / 13.8 = 137 days, capped at 90
    expect(r.recommendation.reasons[0]).toMatch(/Smallest of 2 suitable candidates/);
  });

  it('lists the fixtures in the API shape', () => {
    expect(r.fixtures).toHaveLength(5);
    expect(r.fixtures[0]).toMatchObject({
      name: '3-compartment sink',
      type: 'three-compartment-sink',
      uses_typical_dimensions: true,
      compartments: 3,
      flow_rate: { one_minute: { standard: { value: 37.87, unit: 'GPM' } }, dfu: 3 },
    });
    expect(r.fixtures[0]?.dimensions?.standard).toEqual({
      length: { value: 18, unit: 'in' },
      width: { value: 18, unit: 'in' },
      height: { value: 12, unit: 'in' },
      volume: { value: 11_664, unit: 'sq in' },
      capacity: { value: 50.49, unit: 'gal' },
    });
    expect(r.fixtures[4]).toMatchObject({ type: 'dishwasher', dimensions: null, flow_rate: { dfu: 0 } });
  });

  it('warns that UPC 1014.1.3 needs the authority\'s permission for a dishwasher into a hydromechanical unit', () => {
    expect(r.warnings.map((w) => w.code)).toEqual(['dishwasher_needs_permission']);
    expect(r.warnings[0]?.source).toMatch(/UPC 1014\.1\.3/);
  });

  it('uses the outdoor method when installed outdoors', () => {
    const out = sizeProject({ menu_type: 'pizza', servings_per_day: 50, installation_location: 'outdoors' }, SAMPLE_CATALOG, RULES.upcGravityOutdoors);
    expect(out.sizing_method).toBe('gravity-by-dfu');
    // No fixtures: UPC 1014.3.6 sizes by the 4 in inlet's 216 DFU (Table 703.2) → 2,000 gal.
    expect(out.required_volume?.volume).toEqual({ standard: { value: 2000, unit: 'gal' }, metric: { value: 7570.82, unit: 'L' } });
  });
});

describe('project inputs schema', () => {
  it('fills defaults', () => {
    const p = projectInputsSchema.parse({ menu_type: 'pizza', servings_per_day: 10 });
    expect(p).toMatchObject({
      pipe_size_in: 4,
      pump_out_target_days: 30,
      installation_location: 'indoors',
      buried: false,
      fryer: false,
      flatware: false,
      fixtures: [],
    });
  });

  it('refuses unknown menu types, untabulated pipes, negative servings and bad fixtures', () => {
    expect(projectInputsSchema.safeParse({ menu_type: 'nope', servings_per_day: 1 }).success).toBe(false);
    expect(projectInputsSchema.safeParse({ menu_type: 'pizza', servings_per_day: 1, pipe_size_in: 7 }).success).toBe(false);
    expect(projectInputsSchema.safeParse({ menu_type: 'pizza', servings_per_day: 1, pipe_size_in: 8 }).success).toBe(true);
    expect(projectInputsSchema.safeParse({ menu_type: 'pizza', servings_per_day: -1 }).success).toBe(false);
    expect(projectInputsSchema.safeParse({ menu_type: 'pizza', servings_per_day: 1, fixtures: [{ kind: 'custom' }] }).success).toBe(false);
  });

  it('a menu tier overrides the menu type', () => {
    const low = sizeProject({ menu_type: 'steakhouse', menu_tier: 'low', servings_per_day: 100 }, []);
    expect(low.grease.per_serving.weight.value).toBe(0.005);
  });
});
