import { describe, expect, it } from 'vitest';
import {
  DEFAULT_JURISDICTION_RULES,
  EXAMPLE_JURISDICTION_RULES as RULES,
  effectivePumpOutTarget,
  evaluateCandidate,
  pumpOutCycleDays,
  recommend,
  sizeProject,
  sizingCandidateSchema,
  type FixtureInput,
  type ProjectInputs,
  type ProjectSizing,
  type SizingDemand,
} from '../../src-shared/sizing';
import { GB1, GB1000, GB250, GRAVITY_TANKS, SAMPLE_CATALOG, SI75, STANDARD_HGIS, gravityTank } from './sample-catalog';

const pdiSink: FixtureInput = { kind: 'custom', name: 'Pot sink', uses_typical_dimensions: false, length: 48, width: 24, depth: 12 };
const base: ProjectInputs = { menu_type: 'coffee-shop', servings_per_day: 0, fixtures: [pdiSink] };
/** The UPC with two-minute drainage permitted: the PDI sink drains at 22.4 GPM. */
const TWO = RULES.upcTwoMinute;

function failureCodes(result: ProjectSizing, id: string): string[] {
  const entry = result.recommendation.failed.find((f) => f.id === id);
  return entry?.failures.map((f) => f.code) ?? [];
}

describe('sizing by flow (PDI worked example)', () => {
  it('two-minute drainage: 22.4 GPM → the 25 GPM unit (next size), not GB1 25 GPM with more grease', () => {
    const r = sizeProject(base, SAMPLE_CATALOG, TWO);
    expect(r.flow_rate.sized_by).toEqual({ value: 22.44, unit: 'GPM' });
    expect(r.recommended_product).toBe('HGI 25');
    expect(r.recommendation.rating).toMatchObject({ flow_gpm: 25, grease_lbs: 50 });
    expect(r.recommendation.alternatives.map((a) => a.id)).toContain('gb1');
    // 20 GPM is too small, and the sink's 59.8 gal exceed 2.5 × 20 GPM (UPC 1014.2.1).
    expect(failureCodes(r, 'hgi-20')).toEqual(['flow', 'fixture_capacity']);
  });

  it('one-minute drainage: 44.9 GPM → the 50 GPM unit (next size)', () => {
    const r = sizeProject(base, SAMPLE_CATALOG, RULES.diversityOneMinute);
    expect(r.recommended_product).toBe('HGI 50');
  });
});

describe('Watts example through the engine', () => {
  it('55.5 GPM: the engine never rounds down, so it recommends 75 GPM and says why 50 fails', () => {
    const fixtures: FixtureInput[] = [35, 26, 18, 12].map((gpm) => ({ kind: 'custom', gpm }));
    const r = sizeProject({ ...base, fixtures }, STANDARD_HGIS, RULES.diversityOneMinute);
    expect(r.flow_rate.one_minute.value).toBe(55.5);
    expect(r.flow_rate.sized_by.value).toBe(55.5);
    expect(r.recommended_product).toBe('HGI 75');
    const fifty = r.recommendation.failed.find((f) => f.id === 'hgi-50');
    expect(fifty?.failures).toEqual([{ code: 'flow', message: 'Rated 50 GPM < 75 GPM required (design flow 55.5 GPM, next standard size).' }]);
  });
});

describe('sizing by grease', () => {
  it('a busy very-high-tier kitchen needs a large grease capacity; the rating used is the lowest flow that fits', () => {
    // 0.075 lb × 1,000 meals = 75 lb/day; 30 days = 2,250 lb.
    const r = sizeProject(
      { ...base, menu_type: 'chinese', fryer: true, flatware: true, servings_per_day: 1000, installation_location: 'outdoors', buried: true },
      SAMPLE_CATALOG,
    );
    expect(r.grease.per_day.weight.value).toBe(75);
    expect(r.recommended_product).toBe('GB-1000');
    expect(r.recommendation.rating).toMatchObject({ flow_gpm: 100, grease_lbs: 5495, efficiency_99: false });
    expect(r.pump_out_cycle).toBe(73); // 5,495 / 75 = 73.3 days
    expect(failureCodes(r, 'gb250')).toEqual(['grease', 'pump_out']); // 1,895 lb lasts 25 days
  });

  it('GB1: picks the 25 GPM rating only when the flow needs it', () => {
    const demand: SizingDemand = {
      method: 'hydromechanical-by-flow',
      location: 'indoors',
      buried: false,
      traffic_area: false,
      require_99_percent_efficiency: false,
      sized_by_gpm: 18,
      grease_per_day_lbs: 1,
      pump_out_target_days: 30,
      fixture_capacity_gal: 0,
      required_volume: null,
    };
    const gb1 = sizingCandidateSchema.parse(GB1);
    expect(evaluateCandidate(gb1, demand, DEFAULT_JURISDICTION_RULES).rating).toMatchObject({ flow_gpm: 20, grease_lbs: 70 });
    expect(evaluateCandidate(gb1, { ...demand, sized_by_gpm: 22 }, DEFAULT_JURISDICTION_RULES).rating).toMatchObject({
      flow_gpm: 25,
      grease_lbs: 64,
    });
    const at99 = { ...demand, require_99_percent_efficiency: true, grease_per_day_lbs: 0.5 };
    const strict = evaluateCandidate(gb1, at99, DEFAULT_JURISDICTION_RULES);
    expect(strict.passed).toBe(true); // 16 lb at 99 % ≥ 15 lb over 30 days
    expect(strict.rating).toMatchObject({ flow_gpm: 20, grease_lbs: 16, efficiency_99: true });
    // 1 lb/day: the 99 % rating holds too little, the others are not at 99 %.
    const miss = evaluateCandidate(gb1, { ...at99, grease_per_day_lbs: 1 }, DEFAULT_JURISDICTION_RULES);
    expect(miss.passed).toBe(false);
    expect(miss.failures.length).toBeGreaterThan(0);
  });

  it('99 % efficiency required: only 99 % ratings qualify', () => {
    const r = sizeProject({ ...base, fixtures: [{ kind: 'hand-sink' }], require_99_percent_efficiency: true }, SAMPLE_CATALOG);
    expect(r.recommended_product).toBe('GB1');
    expect(r.recommendation.rating?.efficiency_99).toBe(true);
    expect(failureCodes(r, 'hgi-10')).toEqual(['efficiency']);
  });
});

describe('where the unit is installed', () => {
  it('outdoors buried excludes indoor-only units (location) and other kinds (type)', () => {
    const r = sizeProject({ ...base, installation_location: 'outdoors', buried: true }, SAMPLE_CATALOG, TWO);
    expect(r.recommended_product).toBe('GB-250');
    expect(failureCodes(r, 'hgi-25')).toEqual(['location']);
    expect(failureCodes(r, 'si75')).toEqual(['type']);
    expect(failureCodes(r, 'ggi-500')).toEqual(['type', 'flow', 'fixture_capacity']); // every failed criterion is listed
  });

  it('a traffic area needs a traffic-rated unit', () => {
    const r = sizeProject({ ...base, installed_in_traffic_area: true }, SAMPLE_CATALOG, TWO);
    expect(failureCodes(r, 'hgi-25')).toEqual(['traffic']);
    expect(r.recommended_product).toBe('GB-250');
  });
});

describe('fixture capacity cap (2.5 × rated GPM)', () => {
  it('moves up a size when the connected fixtures hold more than 2.5 × the rating', () => {
    // 48 × 24 × 13 in = 64.8 gal; two-minute flow 24.3 GPM; 2.5 × 25 = 62.5 gal < 64.8.
    const sink: FixtureInput = { kind: 'custom', uses_typical_dimensions: false, length: 48, width: 24, depth: 13 };
    expect(TWO.fixture_capacity_cap_factor).toBe(2.5); // UPC 1014.2.1
    const r = sizeProject({ ...base, fixtures: [sink] }, STANDARD_HGIS, TWO);
    expect(failureCodes(r, 'hgi-25')).toEqual(['fixture_capacity']);
    expect(r.recommended_product).toBe('HGI 35');
    expect(sizeProject({ ...base, fixtures: [sink] }, STANDARD_HGIS, { ...TWO, fixture_capacity_cap_factor: null }).recommended_product).toBe('HGI 25');
  });
});

describe('several identical units', () => {
  it('no fixtures, 4 in pipe, one-minute drainage required: UPC Table 1014.2.1 sizes it at 150 GPM, 2 × 75 GPM in parallel', () => {
    const r = sizeProject({ ...base, fixtures: [], size_by_pipe_only: true }, STANDARD_HGIS, RULES.upcOneMinute);
    expect(r.flow_rate.pipe.value).toBe(125);
    expect(r.flow_rate.sized_by.value).toBe(150);
    expect(r.recommendation).toMatchObject({ units: 2, arrangement: 'parallel', product: { id: 'hgi-75' } });
    expect(r.recommendation.reasons.join(' ')).toMatch(/No single unit is enough .*: flow\); 2 identical units in parallel/);
    expect(r.recommendation.chosen?.totals.flow_gpm).toBe(150);
  });

  it('never combines when the jurisdiction allows single units only', () => {
    const r = sizeProject({ ...base, fixtures: [], size_by_pipe_only: true }, STANDARD_HGIS, { ...RULES.upcOneMinute, max_identical_units: 1 });
    expect(r.recommended_product).toBeNull();
    expect(r.recommendation.no_recommendation?.code).toBe('no_candidate_fits');
    expect(r.recommendation.failed).toHaveLength(STANDARD_HGIS.length);
  });

  it('gravity tanks in series reach a volume no single tank has', () => {
    // 36 DFU → 1,250 gal; tanks of 500 and 750 gal only → 2 × 750 in series.
    const fixtures: FixtureInput[] = Array.from({ length: 12 }, () => ({ kind: 'three-compartment-sink' as const }));
    const r = sizeProject({ ...base, fixtures, installation_location: 'outdoors' }, [gravityTank(500, 2000), gravityTank(750, 3000)], RULES.upcGravityOutdoors);
    expect(r.flow_rate.dfu).toBe(36);
    expect(r.required_volume?.volume.standard).toEqual({ value: 1250, unit: 'gal' });
    expect(r.recommendation).toMatchObject({ units: 2, arrangement: 'series', product: { id: 'ggi-750' } });
  });
});

describe('gravity methods', () => {
  it('DFU method (§4 worked example): 12 DFU → 750 gal → the 750 gal tank', () => {
    const fixtures: FixtureInput[] = [
      { kind: 'floor-drain' },
      { kind: 'floor-drain' },
      { kind: 'floor-drain' },
      { kind: 'mop-sink' },
      { kind: 'prep-sink' },
    ];
    const r = sizeProject({ ...base, fixtures, installation_location: 'outdoors', buried: true }, SAMPLE_CATALOG, RULES.upcGravityOutdoors);
    expect(r.sizing_method).toBe('gravity-by-dfu');
    expect(r.flow_rate.dfu).toBe(12);
    expect(r.recommended_product).toBe('GGI 750 gal');
    expect(failureCodes(r, 'ggi-500')).toEqual(['volume']);
    expect(failureCodes(r, 'gb250')).toEqual(['type', 'volume']);
    // GB-1000 is also listed as gravity, but its liquid capacity is not stated.
    const gb1000 = r.recommendation.failed.find((f) => f.id === 'gb1000');
    expect(gb1000?.failures.map((f) => f.code)).toEqual(['volume']);
    expect(gb1000?.failures[0]?.message).toMatch(/Liquid capacity unknown/);
    // No grease rating: storage is 25 % of 750 gal at 7.3 lb/gal.
    expect(r.recommendation.rating).toMatchObject({ derived: true, grease_gal: 187.5, grease_lbs: 1368.75 });
  });

  it('meals method (§5): 997.5 gal → the 1,000 gal tank', () => {
    const r = sizeProject(
      {
        ...base,
        installation_location: 'outdoors',
        meals: { seats: 100, fast_food: true, service: 'single-service', retention_hours: 2.5 },
      },
      SAMPLE_CATALOG,
      RULES.upcMealsOutdoors,
    );
    expect(r.required_volume?.volume.standard.value).toBe(997.5);
    expect(r.recommended_product).toBe('GGI 1000 gal');
  });

  it('meals method without meals inputs recommends nothing and says why', () => {
    const r = sizeProject({ ...base, installation_location: 'outdoors' }, SAMPLE_CATALOG, RULES.upcMealsOutdoors);
    expect(r.recommended_product).toBeNull();
    expect(r.recommendation.no_recommendation?.code).toBe('missing_meals_inputs');
  });

  it('peak-flow method (IPC): one-minute 44.9 GPM × 30 min = 1,346 gal → 1,500 gal tank', () => {
    const r = sizeProject({ ...base, installation_location: 'outdoors' }, SAMPLE_CATALOG, RULES.ipcStrict);
    expect(r.required_volume?.volume.standard.value).toBeCloseTo(1346.49, 2);
    expect(r.recommended_product).toBe('GGI 1500 gal');
  });

  it('beyond the DFU table: no recommendation, engineered design', () => {
    const fixtures: FixtureInput[] = [{ kind: 'custom', gpm: 1, dfu: 3000 }];
    const r = sizeProject({ ...base, fixtures, installation_location: 'outdoors' }, GRAVITY_TANKS, RULES.upcGravityOutdoors);
    expect(r.recommendation.no_recommendation?.code).toBe('volume_out_of_table');
    expect(r.recommendation.failed).toHaveLength(GRAVITY_TANKS.length);
  });
});

describe('pump-out cycle', () => {
  it('is the days the unit holds, floored, capped at the jurisdiction max and 90 days', () => {
    expect(pumpOutCycleDays(70, 1, DEFAULT_JURISDICTION_RULES)).toBe(70);
    expect(pumpOutCycleDays(70, 1.5, DEFAULT_JURISDICTION_RULES)).toBe(46);
    expect(pumpOutCycleDays(5000, 1, DEFAULT_JURISDICTION_RULES)).toBe(90);
    expect(pumpOutCycleDays(5000, 0, DEFAULT_JURISDICTION_RULES)).toBe(90);
    expect(pumpOutCycleDays(5000, 1, { ...DEFAULT_JURISDICTION_RULES, pump_out_days: { min: 7, max: 60 } })).toBe(60);
    expect(pumpOutCycleDays(5000, 1, { ...DEFAULT_JURISDICTION_RULES, pump_out_days: { min: 7, max: 180 } })).toBe(90);
  });

  it('clamps the requested target to the jurisdiction bounds', () => {
    expect(effectivePumpOutTarget(10, DEFAULT_JURISDICTION_RULES)).toBe(30);
    expect(effectivePumpOutTarget(60, DEFAULT_JURISDICTION_RULES)).toBe(60);
    expect(effectivePumpOutTarget(200, DEFAULT_JURISDICTION_RULES)).toBe(90);
    expect(effectivePumpOutTarget(30, RULES.utility90Days)).toBe(90);
  });

  it('a 90-day utility rejects a unit that fills sooner', () => {
    // low tier 0.005 lb × 200 meals = 1 lb/day; GB1 20 GPM holds 70 lb → 70 days < 90.
    const inputs: ProjectInputs = { ...base, servings_per_day: 200, fixtures: [{ kind: 'hand-sink' }] };
    expect(sizeProject(inputs, [GB1]).pump_out_cycle).toBe(70);
    const strict = sizeProject(inputs, [GB1, GB250], RULES.utility90Days);
    expect(strict.recommended_product).toBe('GB-250');
    expect(strict.pump_out_cycle).toBe(90);
    expect(failureCodes(strict, 'gb1')).toEqual(['grease', 'pump_out']);
    expect(strict.recommendation.reasons).toContain('Requested pump-out of 30 days adjusted to 90 days, the jurisdiction\'s bounds.');
  });
});

describe('unique local requirements', () => {
  it('recommends nothing and gives the reason', () => {
    const r = sizeProject(base, SAMPLE_CATALOG, RULES.uniqueLocal);
    expect(r.unique_local_requirements).toBe(true);
    expect(r.unique_local_requirements_reason).toBe(RULES.uniqueLocal.unique_local_requirements.reason);
    expect(r.recommended_product).toBeNull();
    expect(r.pump_out_cycle).toBeNull();
    expect(r.recommended_accessories).toEqual([]);
    expect(r.recommendation).toMatchObject({ status: 'none', product: null, no_recommendation: { code: 'unique_local_requirements' } });
    expect(r.recommendation.no_recommendation?.message).toContain('pretreatment office');
    // Flows and grease are still computed (the PDI sink over two minutes: 44.88 ÷ 2).
    expect(r.flow_rate.sized_by.value).toBe(22.44);
  });

  it('the rules schema refuses a flag without a reason', () => {
    const bad = { ...RULES.uniqueLocal, unique_local_requirements: { flagged: true, reason: null } };
    expect(() => sizeProject(base, SAMPLE_CATALOG, bad)).toThrow(/reason/);
  });
});

describe('every candidate is accounted for', () => {
  it('chosen + alternatives + failed = all candidates, each once', () => {
    const r = sizeProject(base, SAMPLE_CATALOG);
    const ids = [r.recommendation.product?.id, ...r.recommendation.alternatives.map((a) => a.id), ...r.recommendation.failed.map((f) => f.id)];
    expect(ids.sort()).toEqual(SAMPLE_CATALOG.map((c) => c.id).sort());
    for (const f of r.recommendation.failed) {
      expect(f.failures.length).toBeGreaterThan(0);
      for (const failure of f.failures) expect(failure.message.length).toBeGreaterThan(0);
    }
  });

  it('no candidates: nothing recommended, with the reason', () => {
    const r = recommend(
      {
        method: 'hydromechanical-by-flow',
        location: 'indoors',
        buried: false,
        traffic_area: false,
        require_99_percent_efficiency: false,
        sized_by_gpm: 10,
        grease_per_day_lbs: 0,
        pump_out_target_days: 30,
        fixture_capacity_gal: 0,
        required_volume: null,
      },
      [],
      DEFAULT_JURISDICTION_RULES,
    );
    expect(r.no_recommendation?.code).toBe('no_candidates');
  });

  it('candidates with no ratings fail flow, and grease when the kitchen makes grease', () => {
    const bare = { ...GB1, id: 'bare', ratings: [] };
    const r = sizeProject(base, [bare, SI75, GB1000]);
    expect(failureCodes(r, 'bare')).toEqual(['flow', 'fixture_capacity']);
    expect(r.recommended_product).toBe('GB-1000');
    const greasy = sizeProject({ ...base, servings_per_day: 100 }, [bare, GB1000]);
    expect(failureCodes(greasy, 'bare')).toEqual(['flow', 'fixture_capacity', 'grease', 'pump_out']);
  });
});
