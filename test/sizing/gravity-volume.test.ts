import { describe, expect, it } from 'vitest';
import {
  DEFAULT_JURISDICTION_RULES,
  combineFixtures,
  dfuTableVolumeGal,
  mealsFactors,
  mealsMethodVolumeGal,
  mealsPerPeakHour,
  peakFlowVolumeGal,
  requiredGravityVolume,
  sizeFixture,
  storageFactor,
  wasteFlowPerMealGal,
  type CombinedFixtures,
  type GravityVolumeContext,
} from '../../src-shared/sizing';

const NONE: CombinedFixtures = { count: 0, one_minute_gpm: 0, two_minute_gpm: 0, dfu: 0, capacity_gal: 0, unlisted_dfu_gpm: 0 };
const NO_VALUES = {
  dfu: null,
  fixture_flow_gpm: null,
  full_pipe_flow_gpm: null,
  design_flow_gpm: null,
  fixture_capacity_gal: null,
  seats: null,
  meals_per_peak_hour: null,
  servings_per_day: null,
  hours_of_operation: null,
};
function ctx(over: Partial<GravityVolumeContext>): GravityVolumeContext {
  return {
    combined: NONE,
    pipe_in: 4,
    design_gpm: 0,
    design_available: true,
    meals: undefined,
    food_waste_disposer: false,
    kitchen: { fryer: false, flatware: false, dishwasher: false, food_waste_disposer: false, fast_food: false },
    formula_values: NO_VALUES,
    rules: DEFAULT_JURISDICTION_RULES,
    ...over,
  };
}

describe('§4 UPC DFU method', () => {
  it('worked example: 3 floor drains + mop sink + prep sink = 12 DFU → 750 gal', () => {
    const fixtures = [
      sizeFixture({ kind: 'floor-drain' }),
      sizeFixture({ kind: 'floor-drain' }),
      sizeFixture({ kind: 'floor-drain' }),
      sizeFixture({ kind: 'mop-sink' }),
      sizeFixture({ kind: 'prep-sink' }),
    ];
    const combined = combineFixtures(fixtures, 'sum');
    expect(combined.dfu).toBe(12);
    expect(dfuTableVolumeGal(12)).toBe(750);
    const required = requiredGravityVolume('gravity-by-dfu', ctx({ combined }));
    expect(required).toMatchObject({ ok: true, gal: 750 });
  });

  it.each([
    [0, 500],
    [8, 500],
    [9, 750],
    [21, 750],
    [22, 1000],
    [35, 1000],
    [90, 1250],
    [172, 1500],
    [216, 2000],
    [307, 2500],
    [342, 3000],
    [428, 4000],
    [576, 5000],
    [720, 7500],
    [2112, 10000],
    [2640, 15000],
  ])('%i DFU → %i gal', (dfu, gal) => {
    expect(dfuTableVolumeGal(dfu)).toBe(gal);
  });

  it('gives no answer beyond the table', () => {
    expect(dfuTableVolumeGal(2641)).toBeNull();
    const combined = { ...NONE, count: 1, dfu: 3000 };
    expect(requiredGravityVolume('gravity-by-dfu', ctx({ combined }))).toMatchObject({ ok: false, code: 'volume_out_of_table' });
  });

  it('fixtures with no DFU value add GPM × 30 min', () => {
    const combined = combineFixtures([sizeFixture({ kind: 'floor-drain' }), sizeFixture({ kind: 'dishwasher' })], 'sum');
    const required = requiredGravityVolume('gravity-by-dfu', ctx({ combined }));
    expect(required).toMatchObject({ ok: true, gal: 500 + 9 * 30 });
  });

  it('IPC-style alternative: peak GPM × 30 minutes', () => {
    expect(peakFlowVolumeGal(40, 30)).toBe(1200);
    const c = ctx({ design_gpm: 40 });
    expect(requiredGravityVolume('gravity-by-peak-flow', c)).toMatchObject({ ok: true, gal: 1200 });
    expect(requiredGravityVolume('hydromechanical-by-flow', c)).toBeNull();
    expect(requiredGravityVolume('gravity-by-peak-flow', ctx({ design_available: false }))).toMatchObject({ ok: false, code: 'pipe_beyond_table' });
  });
});

describe('§5 UPC appendix H meals method', () => {
  it('worked example: 133 × 2 × 2.5 × 1.5 = 997.5 gal', () => {
    expect(mealsMethodVolumeGal({ meals_per_peak_hour: 133, waste_flow_gal: 2, retention_hours: 2.5, storage_factor: 1.5 })).toBe(997.5);
  });

  it('the example from inputs: 100 fast-food seats, single-service, retention 2.5 h as the example uses', () => {
    // 133 = 100 seats × 1.33; 2 gal and 1.5 are the single-service figures; 2.5 h is the
    // commercial retention the example pairs with them (§5 lists 1.5 h for single-service).
    const f = mealsFactors({ seats: 100, fast_food: true, service: 'single-service', retention_hours: 2.5 }, false);
    expect(f).toMatchObject({ waste_flow_gal: 2, retention_hours: 2.5, storage_factor: 1.5 });
    expect(f.meals_per_peak_hour).toBeCloseTo(133, 10);
    expect(mealsMethodVolumeGal(f)).toBeCloseTo(997.5, 9);
    // With the listed single-service retention (1.5 h) the same kitchen needs 598.5 gal.
    expect(mealsMethodVolumeGal(mealsFactors({ seats: 100, fast_food: true, service: 'single-service' }, false))).toBeCloseTo(598.5, 9);
    // A jurisdiction's override wins over the project's.
    const local = mealsFactors({ seats: 100, fast_food: true, service: 'single-service', retention_hours: 2.5 }, false, { waste_flow_gal: 3, retention_hours: 2, storage_factor: null });
    expect(local).toMatchObject({ waste_flow_gal: 3, retention_hours: 2, storage_factor: 1.5 });
  });

  it('meals per peak hour = seats × meal factor, not rounded', () => {
    expect(mealsPerPeakHour(100, true)).toBeCloseTo(133, 10);
    expect(mealsPerPeakHour(100, false)).toBe(100);
    expect(mealsPerPeakHour(10, true)).toBeCloseTo(13.3, 10);
    expect(mealsPerPeakHour(100, 'leisure-dining')).toBeCloseTo(67, 10);
    expect(mealsPerPeakHour(100, 'dinner-club')).toBe(50);
  });

  it('waste flow: 6 with dishwasher, 5 without, 2 single-service, +1 with a disposer', () => {
    expect(wasteFlowPerMealGal('commercial', true, false)).toBe(6);
    expect(wasteFlowPerMealGal('commercial', false, false)).toBe(5);
    expect(wasteFlowPerMealGal('single-service', true, false)).toBe(2);
    expect(wasteFlowPerMealGal('commercial', true, true)).toBe(7);
  });

  it('storage factor: 1 / 2 / 3 for 8 / 16 / 24 h, 1.5 single-service', () => {
    expect(storageFactor('commercial', 8)).toBe(1);
    expect(storageFactor('commercial', 12)).toBe(2);
    expect(storageFactor('commercial', 16)).toBe(2);
    expect(storageFactor('commercial', 24)).toBe(3);
    expect(storageFactor('single-service', 24)).toBe(1.5);
  });

  it('a full commercial kitchen: 80 seats, dishwasher, disposer, 16 h', () => {
    const f = mealsFactors({ seats: 80, dishwasher: true, hours_of_operation: 16 }, true);
    expect(mealsMethodVolumeGal(f)).toBe(80 * 7 * 2.5 * 2);
  });

  it('needs its inputs', () => {
    expect(requiredGravityVolume('gravity-by-meals', ctx({}))).toMatchObject({ ok: false, code: 'missing_meals_inputs' });
  });
});
