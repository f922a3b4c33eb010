/**
 * Worked examples and table values from published codes, ordinances and manufacturers' guides,
 * beyond those of docs/research/sizing-methods.md, run through the engine. Every expected number
 * is the publication's own (or read from its table), never one the engine produced; each test
 * names its source. docs/sizing.md lists them with the rules they check.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_JURISDICTION_RULES,
  EXAMPLE_JURISDICTION_RULES as RULES,
  sizeFixture,
  sizeProject,
  standardHgiSize,
  type FixtureInput,
  type ProjectInputs,
  type SizingCandidateInput,
} from '../../src-shared/sizing';
import { GRAVITY_TANKS, SI75, STANDARD_HGIS, gravityTank, standardHgi } from './sample-catalog';

const outdoors: Pick<ProjectInputs, 'installation_location' | 'buried'> = { installation_location: 'outdoors', buried: true };
const kitchen: ProjectInputs = { menu_type: 'casual-dining', servings_per_day: 0 };
describe('UPC 1014.3.6: DFU not known → the inlet pipe\'s maximum DFU (UPC Table 703.2, horizontal) → Table 1014.3.6', () => {
  // up.codes "Sizing criteria" (UPC 1014.3.6 and Table 1014.3.6); Table 703.2 horizontal drainage
  // maxima: 2 in 8, 3 in 35, 4 in 216 (King County's excerpt of the table), 5 in 428, 6 in 720, 8 in 2,640.
  it.each([
    [2, 8, 500],
    [3, 35, 1000],
    [4, 216, 2000],
    [5, 428, 4000],
    [6, 720, 7500],
    [8, 2640, 15000],
  ])('%i in inlet: %i DFU → %i gal', (pipe, dfu, gal) => {
    const r = sizeProject({ ...kitchen, ...outdoors, pipe_size_in: pipe }, GRAVITY_TANKS, RULES.upcGravityOutdoors);
    expect(r.required_volume?.volume.standard.value).toBe(gal);
    const fromPipe = r.derivation.find((s) => s.key === 'volume.dfu-from-pipe');
    expect(fromPipe?.result.value).toBe(dfu);
    expect(fromPipe?.source).toMatch(/UPC 1014\.3\.6, Table 703\.2/);
  });
});

describe('IPC Table 1003.3.5.1, footnote a: above 100 GPM, grease capacity = 2 × the flow-through rating', () => {
  // Everett WA copy of IPC 1003.3.5.1: "For total flow-through ratings greater than 100 (gpm), double the flow-through rate to determine the grease retention capacity (pounds)."
  it.each([
    [150, 300],
    [250, 500],
  ])('a %i GPM rating needs %i lb: one pound less and it cannot be the basis', (gpm, lbs) => {
    const ok: SizingCandidateInput = { ...standardHgi(gpm, 1000), id: 'ok', part_number: 'OK', ratings: [{ flow_gpm: gpm, grease_lbs: lbs }] };
    const short: SizingCandidateInput = { ...standardHgi(gpm, 900), id: 'short', part_number: 'SHORT', ratings: [{ flow_gpm: gpm, grease_lbs: lbs - 1 }] };
    const r = sizeProject({ ...kitchen, fixtures: [{ kind: 'custom', gpm: gpm - 10 }] }, [ok, short], { ...RULES.ipcStrict, name: 'IPC' });
    expect(r.recommendation.product?.id).toBe('ok');
    expect(r.recommendation.failed.find((f) => f.id === 'short')?.failures.map((f) => f.code)).toEqual(['capacity_rule']);
  });
});

describe('UPC 1014.2.1: connected fixture capacity ≤ 2.5 × the certified GPM (1994 UPC 1011 / Table 10-2 as the City of Phoenix quotes it)', () => {
  // 50 gal of fixtures drain at 50 × 0.75 ÷ 2 = 18.75 GPM over two minutes: the 20 GPM size.
  const basin = (cubicInches: number): FixtureInput => ({ kind: 'custom', uses_typical_dimensions: false, length: cubicInches / (15 * 14), width: 15, depth: 14 });
  const rules = { ...RULES.upcTwoMinute, name: 'UPC two-minute' };
  it('50 gal of fixtures may drain to a 20 GPM interceptor (2.5 × 20 = 50)', () => {
    const r = sizeProject({ ...kitchen, fixtures: [basin(50 * 231)] }, STANDARD_HGIS, rules);
    expect(r.recommended_product).toBe('HGI 20');
  });
  it('50.5 gal need the next size: 25 GPM', () => {
    const r = sizeProject({ ...kitchen, fixtures: [basin(50.5 * 231)] }, STANDARD_HGIS, rules);
    expect(r.flow_rate.sized_by.value).toBeLessThan(20); // the flow alone would take 20 GPM
    expect(r.recommended_product).toBe('HGI 25');
    expect(r.recommendation.failed.find((f) => f.id === 'hgi-20')?.failures.map((f) => f.code)).toEqual(['fixture_capacity']);
  });
  it('Gainesville Regional Utilities: grease trap rating GT = CS × 0.4 (CS 50 gal → 20 GPM)', () => {
    // GRU "Grease interceptor, grease trap and oil/water sizing criteria".
    const r = sizeProject({ ...kitchen, fixtures: [basin(50 * 231)] }, STANDARD_HGIS, RULES.gainesville);
    expect(r.flow_rate.sized_by.value).toBe(20);
    expect(r.recommended_product).toBe('HGI 20');
  });
});

describe('Mount Holly NC ordinance, indoor grease trap table (PDI method: load = 75 % of L × W × D ÷ 231; next larger size)', () => {
  // codelibrary.amlegal.com/codes/mthollync (indoor grease traps, division (A)(6)): compartment size,
  // compartments, drainage load (gal), one-minute and two-minute trap sizes (GPM).
  it.each([
    [18, 12, 8, 1, 5.6, 7, 4],
    [16, 14, 8, 1, 5.8, 7, 4],
    [18, 18, 8, 2, 16.8, 20, 10],
    [20, 18, 8, 2, 18.7, 20, 10],
    [30, 20, 8, 1, 15.5, 20, 10],
    [18, 20, 12, 1, 14.0, 15, 10],
    [24, 20, 12, 1, 18.7, 20, 10],
    [22, 20, 12, 2, 34.3, 35, 20],
    [18, 20, 12, 3, 42.1, 50, 25],
  ])('%i × %i × %i in × %i: load %f gal → %i GPM (one-minute), %i GPM (two-minute)', (l, w, d, n, load, one, two) => {
    const f = sizeFixture({ kind: 'custom', uses_typical_dimensions: false, length: l, width: w, depth: d, compartments: n });
    // The table shows one decimal, sometimes cut rather than rounded (30 × 20 × 8: 15.58 → "15.5").
    expect(Math.abs((f.load_gal ?? 0) - load)).toBeLessThan(0.1);
    expect(standardHgiSize(f.one_minute_gpm)).toBe(one);
    expect(standardHgiSize(f.two_minute_gpm)).toBe(two);
    // Through the engine with the UPC's two-minute column and no cap: the table's two-minute size.
    const r = sizeProject({ ...kitchen, fixtures: [{ kind: 'custom', uses_typical_dimensions: false, length: l, width: w, depth: d, compartments: n }] }, STANDARD_HGIS.concat(standardHgi(4, 100), standardHgi(7, 200)), {
      ...RULES.upcTwoMinute,
      fixture_capacity_cap_factor: null,
    });
    expect(r.recommendation.design.required_rating_gpm).toBe(two);
  });

  it('the same 22 × 20 × 12 in double sink on the IPC ladder (Table 1003.3.5.1 adds 18 GPM): 18, not 20', () => {
    const f = sizeFixture({ kind: 'custom', uses_typical_dimensions: false, length: 22, width: 20, depth: 12, compartments: 2 });
    expect(standardHgiSize(f.two_minute_gpm, 'next-larger', 'ipc')).toBe(18);
  });
});

describe('UPC Appendix H meals formula, as the published worksheets work it', () => {
  it('"Grease Interceptor Sizing Worksheet, the UPC formula": 34 seats × 1.33 = 45.22 meals (not rounded) × 5 × 1.5 × 1 = 339.15 gal', () => {
    const rules = { ...RULES.upcMealsOutdoors, meals: { waste_flow_gal: null, retention_hours: 1.5, storage_factor: 1 } };
    const r = sizeProject({ ...kitchen, ...outdoors, meals: { seats: 34, fast_food: true } }, GRAVITY_TANKS, rules);
    expect(r.derivation.find((s) => s.key === 'volume.meals')?.result.value).toBe(45.22);
    expect(r.required_volume?.volume.standard.value).toBe(339.15);
    expect(r.recommended_product).toBe('GGI 500 gal');
  });

  it('meal factors by service (Appendix H method, jerrysplumbingheating.com): dinner club 0.50, leisure dining 0.67 meals per seat', () => {
    const club = sizeProject({ ...kitchen, ...outdoors, meals: { seats: 120, meal_service: 'dinner-club' } }, GRAVITY_TANKS, RULES.upcMealsOutdoors);
    expect(club.derivation.find((s) => s.key === 'volume.meals')?.result.value).toBe(60);
    const leisure = sizeProject({ ...kitchen, ...outdoors, meals: { seats: 120, meal_service: 'leisure-dining' } }, GRAVITY_TANKS, RULES.upcMealsOutdoors);
    expect(leisure.derivation.find((s) => s.key === 'volume.meals')?.result.value).toBe(80.4);
  });
});

describe('Schier "Grease Production Sizing" (schierproducts.com/pages/grease-production-sizing): grease per meal by category', () => {
  // A 0.005 / B 0.0065 lb per meal (low, without / with flatware): sandwich shop, convenience store,
  // frozen yogurt, coffee shop …; C 0.025 / D 0.0325 (medium): pizza, ice cream parlor, Greek,
  // Japanese, cafeteria (limited prep), "low category restaurants w/ fryer".
  const perMeal = (inputs: Partial<ProjectInputs>) =>
    sizeProject({ ...kitchen, servings_per_day: 100, ...inputs }, STANDARD_HGIS).derivation.find((s) => s.key === 'grease.per-meal')?.result.value as number;
  it.each(['coffee-shop', 'deli-sandwich', 'convenience-store'])('%s is low: 0.005 lb per meal (A)', (menu) => {
    expect(perMeal({ menu_type: menu })).toBe(0.005);
  });
  it.each(['pizza', 'ice-cream', 'mediterranean', 'sushi-japanese', 'school-cafeteria'])('%s is medium: 0.025 lb per meal (C)', (menu) => {
    expect(perMeal({ menu_type: menu })).toBe(0.025);
  });
  it.each([
    ['coffee-shop', 0.0065],
    ['pizza', 0.0325],
  ])('%s with flatware: %f lb per meal (B, D), at most rounded up to 3 decimals as research §6\'s calculator does', (menu, published) => {
    const engine = perMeal({ menu_type: menu, flatware: true });
    expect(engine).toBeGreaterThanOrEqual(published);
    expect(engine).toBeLessThan(published + 0.001);
  });
  it('a low-category restaurant with a fryer produces as a medium one: 0.025 lb per meal', () => {
    expect(perMeal({ menu_type: 'deli-sandwich', fryer: true })).toBe(0.025);
  });
});

describe('Gainesville Regional Utilities: GI = SC × FF × RT (2.5 h) × SF (1.5)', () => {
  it('100 seats, deep frying and a dishwasher (FF 3.0): 1,125 gal', () => {
    const r = sizeProject({ ...kitchen, ...outdoors, fryer: true, flatware: true, meals: { seats: 100, dishwasher: true } }, GRAVITY_TANKS, RULES.gainesville);
    expect(r.required_volume?.volume.standard.value).toBe(1125);
    expect(r.recommended_product).toBe('GGI 1250 gal');
  });
  it('80 seats, no deep frying, disposable serving ware (FF 1.5): 450 gal', () => {
    const r = sizeProject({ ...kitchen, ...outdoors, meals: { seats: 80 } }, GRAVITY_TANKS, RULES.gainesville);
    expect(r.required_volume?.volume.standard.value).toBe(450);
  });
});

describe('Austin Water grease trap sizing criteria, the earlier version of the page (example rule set `austin`): FU × 3 GPM × 12 min', () => {
  const fixtures: FixtureInput[] = [
    { kind: 'three-compartment-sink' }, // 4 FU (2 in trap)
    { kind: 'dishwasher' }, // 4 FU
    { kind: 'floor-drain' }, // 2 FU (2 in)
    { kind: 'floor-drain' },
    { kind: 'hand-sink' }, // 0: "not required to be plumbed to the grease trap"
  ];
  it('3-compartment sink + dishwasher + 2 floor drains (+ hand sink, exempt) = 12 FU → 36 GPM → 432 gal', () => {
    const r = sizeProject({ ...kitchen, ...outdoors, fixtures }, GRAVITY_TANKS, RULES.austin);
    expect(r.flow_rate.dfu).toBe(12);
    expect(r.required_volume?.volume.standard.value).toBe(12 * 3 * 12);
    expect(r.excluded_fixtures.map((f) => f.kind)).toEqual(['hand-sink']);
  });
  it('garbage grinders are prohibited: nothing is recommended while one is connected', () => {
    const r = sizeProject({ ...kitchen, ...outdoors, fixtures: [...fixtures, { kind: 'food-waste-disposer' }] }, GRAVITY_TANKS, RULES.austin);
    expect(r.recommended_product).toBeNull();
    expect(r.recommendation.no_recommendation?.code).toBe('fixture_not_permitted');
  });
});

describe('Wichita Code 16.24.040: the city\'s DFU per fixture, then the UPC DFU table', () => {
  it('3-comp sink 4 + dishwasher 6 + pre-rinse 4 + 2 floor drains × 3 + hand sink 1 = 21 DFU → 750 gal', () => {
    const fixtures: FixtureInput[] = [
      { kind: 'three-compartment-sink' },
      { kind: 'dishwasher' },
      { kind: 'pre-rinse-sprayer' },
      { kind: 'floor-drain' },
      { kind: 'floor-drain' },
      { kind: 'hand-sink' },
    ];
    const r = sizeProject({ ...kitchen, ...outdoors, fixtures }, GRAVITY_TANKS, RULES.wichita);
    expect(r.flow_rate.dfu).toBe(21);
    expect(r.required_volume?.volume.standard.value).toBe(750);
  });
});

describe('City of Phoenix grease interceptor sizing: 3 GPM per fixture unit × 12 min (17 with a disposer), at least 500 gal', () => {
  const fixtures: FixtureInput[] = [{ kind: 'three-compartment-sink' }, { kind: 'mop-sink' }, { kind: 'floor-drain' }, { kind: 'floor-drain' }]; // 3 + 3 + 2 + 2 = 10 FU
  it('10 FU × 3 × 12 = 360 gal, raised to the 500 gal minimum', () => {
    const r = sizeProject({ ...kitchen, ...outdoors, fixtures }, GRAVITY_TANKS, RULES.phoenix);
    expect(r.derivation.find((s) => s.key === 'volume.formula')?.result.value).toBe(360);
    expect(r.required_volume?.volume.standard.value).toBe(500);
  });
  it('with a disposer and no solids interceptor, 17 minutes: 10 FU × 3 × 17 = 510 gal', () => {
    const r = sizeProject({ ...kitchen, ...outdoors, food_waste_disposer: true, fixtures }, GRAVITY_TANKS, RULES.phoenix);
    expect(r.required_volume?.volume.standard.value).toBe(510);
  });
});

describe('Claremont NC §5-1-67.3: 750 gal at least, 1,500 gal per unit at most, larger volumes as units in series', () => {
  const tanks = [750, 1500, 2000].map((gal) => gravityTank(gal, gal * 4));
  it('a small kitchen still gets the 750 gal minimum', () => {
    // 10 GPM × 24 min = 240 gal → 750 gal.
    const r = sizeProject({ ...kitchen, ...outdoors, fixtures: [{ kind: 'custom', gpm: 10 }] }, tanks, RULES.claremont);
    expect(r.required_volume?.volume.standard.value).toBe(750);
    expect(r.recommended_product).toBe('GGI 750 gal');
  });
  it('80 GPM × 24 min = 1,920 gal: not the 2,000 gal tank (above the largest unit) but 2 × 1,500 gal in series', () => {
    // A 6 in line (UPC Table 1014.2.1: 250 GPM over two minutes) does not cap the 80 GPM peak.
    const r = sizeProject({ ...kitchen, ...outdoors, pipe_size_in: 6, fixtures: [{ kind: 'custom', gpm: 80 }] }, tanks, RULES.claremont);
    expect(r.required_volume?.volume.standard.value).toBe(1920);
    expect(r.recommendation).toMatchObject({ units: 2, arrangement: 'series', product: { id: 'ggi-1500' } });
    expect(r.recommendation.failed.find((f) => f.id === 'ggi-2000')?.failures.map((f) => f.code)).toEqual(['unit_volume']);
  });
});

describe('IPC 1003.3.2: a solids interceptor separates a food waste grinder\'s discharge first', () => {
  it('an IPC jurisdiction adds the catalog\'s solids interceptor to the recommendation', () => {
    const r = sizeProject({ ...kitchen, fixtures: [{ kind: 'three-compartment-sink' }, { kind: 'food-waste-disposer' }] }, [...STANDARD_HGIS, standardHgi(100, 2000), SI75], RULES.ipcStrict);
    const solids = r.recommended_accessories.find((a) => a.kind === 'solids-interceptor');
    expect(solids?.product?.id).toBe('si75');
    expect(solids?.reason).toMatch(/IPC 1003\.3\.2/);
  });
  it('under the UPC (1014.1.3) the default rules warn instead: permission of the authority needed', () => {
    const r = sizeProject({ ...kitchen, fixtures: [{ kind: 'three-compartment-sink' }, { kind: 'food-waste-disposer' }] }, STANDARD_HGIS, DEFAULT_JURISDICTION_RULES);
    expect(r.warnings.map((w) => w.code)).toContain('disposer_needs_permission');
    expect(r.recommended_accessories.some((a) => a.kind === 'solids-interceptor')).toBe(false);
  });
});
