/**
 * Jurisdiction rules as data (issue 12): what each rule does to a sizing, that older rule sets
 * still read, that the schema refuses what the engine could not use, and how the engine explains
 * itself (no-fit explanations, pump-out basis, warnings).
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_JURISDICTION_RULES,
  EXAMPLE_JURISDICTION_RULES as RULES,
  jurisdictionRulesSchema,
  sizeProject,
  type FixtureInput,
  type JurisdictionRules,
  type ProjectInputs,
  type SizingCandidateInput,
} from '../../src-shared/sizing';
import { GB1, GB250, GRAVITY_TANKS, STANDARD_HGIS, gravityTank, standardHgi } from './sample-catalog';

const kitchen: ProjectInputs = { menu_type: 'coffee-shop', servings_per_day: 0 };
const outdoors = { installation_location: 'outdoors', buried: true } as const;
const sink: FixtureInput = { kind: 'three-compartment-sink' };

describe('rule sets stored before issue 12', () => {
  it('still read: every new rule takes the default UPC / PDI practice', () => {
    const old = {
      name: 'Old city',
      plumbing_code: 'UPC',
      sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'gravity-by-dfu' },
      fixture_flow_combination: 'sum',
      drainage_period: 'two-minute',
      sized_by_basis: 'lower-of-pipe-and-fixtures',
      pump_out_days: { min: 30, max: 90 },
      required_accessories: [],
      fixture_capacity_cap_factor: null,
      gravity_retention_minutes: 30,
      max_identical_units: 4,
      unique_local_requirements: { flagged: false, reason: null },
    };
    const rules = jurisdictionRulesSchema.parse(old);
    expect(rules).toMatchObject({ hgi_size_ladder: 'pdi', hgi_min_grease_lbs_per_gpm: 2, dfu_table: {}, excluded_fixtures: [], pump_out_accumulation_limit: null });
    expect(sizeProject({ ...kitchen, fixtures: [sink] }, STANDARD_HGIS, rules).recommended_product).not.toBeNull();
  });

  it('the schema refuses a formula method without a formula, unknown formula inputs and inverted volume limits', () => {
    const base = DEFAULT_JURISDICTION_RULES;
    expect(jurisdictionRulesSchema.safeParse({ ...base, sizing_methods: { indoor: 'gravity-by-formula', outdoor: 'gravity-by-dfu' } }).success).toBe(false);
    expect(jurisdictionRulesSchema.safeParse({ ...base, sized_by_basis: 'formula' }).success).toBe(false);
    const badInput = { ...base, local_formulas: { volume: { name: 'x', source: 'y', factors: [{ input: 'moon_phase' }] }, flow: null } };
    expect(jurisdictionRulesSchema.safeParse(badInput).success).toBe(false);
    expect(jurisdictionRulesSchema.safeParse({ ...base, gravity_unit_volume_gal: { min: 2000, max: 1000 } }).success).toBe(false);
    expect(jurisdictionRulesSchema.safeParse({ ...base, dfu_table: { jacuzzi: 4 } }).success).toBe(false);
  });
});

describe('local formulas', () => {
  it('a formula that reads an input the project lacks recommends nothing and says which', () => {
    const r = sizeProject({ ...kitchen, ...outdoors }, GRAVITY_TANKS, RULES.gainesville);
    expect(r.recommended_product).toBeNull();
    expect(r.recommendation.no_recommendation).toMatchObject({ code: 'missing_formula_input' });
    expect(r.recommendation.no_recommendation?.message).toMatch(/seats/);
  });

  it('full-pipe flow × minutes is expressible too', () => {
    const rules: JurisdictionRules = {
      ...DEFAULT_JURISDICTION_RULES,
      name: 'Pipe × minutes',
      sizing_methods: { indoor: 'gravity-by-formula', outdoor: 'gravity-by-formula' },
      local_formulas: { volume: { name: 'pipe × 12', source: 'test rule', factors: [{ input: 'full_pipe_flow_gpm' }, { constant: 12, label: 'retention', unit: 'min' }] }, flow: null },
    };
    // 4 in: 125 GPM full-pipe (UPC Table 1014.2.1) × 12 min.
    const r = sizeProject({ ...kitchen, ...outdoors }, GRAVITY_TANKS, rules);
    expect(r.required_volume?.volume.standard.value).toBe(1500);
  });
});

describe('fixtures under the jurisdiction\'s rules', () => {
  it('an exempt fixture is left out of the load, with the reason shown', () => {
    const rules = { ...RULES.upcTwoMinute, excluded_fixtures: [{ kind: 'hand-sink' as const, reason: 'Hand sinks need not drain to the interceptor.' }] };
    const r = sizeProject({ ...kitchen, fixtures: [sink, { kind: 'hand-sink' }] }, STANDARD_HGIS, rules);
    const without = sizeProject({ ...kitchen, fixtures: [sink] }, STANDARD_HGIS, rules);
    expect(r.flow_rate).toEqual(without.flow_rate);
    // The exemption's source is the code these (default, not an authority's) rules follow, never an internal name.
    expect(r.excluded_fixtures).toEqual([{ name: 'Hand sink', kind: 'hand-sink', included: false, reason: 'Hand sinks need not drain to the interceptor.', source: expect.stringMatching(/^UPC \(Uniform Plumbing Code\)/) }]);
    expect(r.fixtures).toHaveLength(2); // still listed on the project
    expect(r.derivation.find((s) => s.key === 'fixture.2.flow')?.note).toMatch(/Left out/);
  });

  it('dishwashers: excluded with the reason, or refused', () => {
    const fixtures: FixtureInput[] = [sink, { kind: 'dishwasher', gpm: 9 }];
    const exclude = sizeProject({ ...kitchen, fixtures }, STANDARD_HGIS, { ...DEFAULT_JURISDICTION_RULES, dishwasher: { hydromechanical: 'exclude', gravity: 'allow' } });
    expect(exclude.excluded_fixtures[0]?.reason).toMatch(/hot water and detergents/);
    expect(exclude.flow_rate.dfu).toBe(3);
    const refuse = sizeProject({ ...kitchen, fixtures }, STANDARD_HGIS, { ...DEFAULT_JURISDICTION_RULES, dishwasher: { hydromechanical: 'refuse', gravity: 'allow' } });
    expect(refuse.recommendation.no_recommendation?.code).toBe('fixture_not_permitted');
  });

  it('a disposer the rules send to the sanitary drain (Boise) adds nothing to the load or to the meals waste flow', () => {
    const rules = { ...RULES.upcMealsOutdoors, food_waste_disposer: { hydromechanical: 'exclude' as const, gravity: 'exclude' as const } };
    const meals = { seats: 100, dishwasher: true };
    const withDisposer = sizeProject({ ...kitchen, ...outdoors, food_waste_disposer: true, meals, fixtures: [{ kind: 'food-waste-disposer' }] }, GRAVITY_TANKS, rules);
    const withoutDisposer = sizeProject({ ...kitchen, ...outdoors, meals }, GRAVITY_TANKS, rules);
    expect(withDisposer.required_volume).toEqual(withoutDisposer.required_volume);
    expect(withDisposer.excluded_fixtures.map((f) => f.kind)).toEqual(['food-waste-disposer']);
  });
});

describe('pump-out', () => {
  it('the 25 % rule holds a hydromechanical unit\'s storage to 25 % of its liquid capacity, and the cycle follows', () => {
    // GB1: 20 GPM, 70 lb, 10 gal liquid: 25 % × 10 gal × 7.3 lb/gal = 18.25 lb.
    const inputs: ProjectInputs = { ...kitchen, servings_per_day: 100, fixtures: [{ kind: 'hand-sink' }] }; // 0.5 lb/day
    const free = sizeProject(inputs, [GB1], { ...DEFAULT_JURISDICTION_RULES, pump_out_days: { min: 1, max: 90 } });
    expect(free.pump_out_cycle).toBe(90); // 70 / 0.5 = 140 → capped
    const limited = sizeProject(inputs, [GB1], { ...DEFAULT_JURISDICTION_RULES, pump_out_days: { min: 1, max: 90 }, pump_out_accumulation_limit: 0.25 });
    expect(limited.recommendation.rating).toMatchObject({ storage_basis: 'accumulation-limit', storage_lbs: 18.25 });
    expect(limited.pump_out_cycle).toBe(36); // floor(18.25 / 0.5)
    expect(Number.isInteger(limited.pump_out_cycle)).toBe(true);
  });

  it('0 servings: the cycle is the longest interval allowed, and says it is not a measured figure', () => {
    const r = sizeProject({ ...kitchen, fixtures: [sink] }, STANDARD_HGIS, DEFAULT_JURISDICTION_RULES);
    expect(r.pump_out_cycle).toBe(90);
    expect(r.recommendation.pump_out_basis).toBe('maximum-interval');
    expect(r.recommendation.reasons.join(' ')).toMatch(/not one worked out from grease/);
    expect(r.derivation.find((s) => s.key === 'pump-out.cycle')?.note).toMatch(/Not a measured figure/);
    const busy = sizeProject({ ...kitchen, servings_per_day: 100, fixtures: [sink] }, [...STANDARD_HGIS, GB250], DEFAULT_JURISDICTION_RULES);
    expect(busy.recommendation.pump_out_basis).toBe('grease-capacity');
  });
});

describe('gravity limits', () => {
  it('required compartments are enforced where the catalog states them', () => {
    const twoComp = { ...gravityTank(1000, 4000), compartments: 2 };
    const threeComp: SizingCandidateInput = { ...gravityTank(1250, 5000), compartments: 3 };
    const rules = { ...RULES.upcGravityOutdoors, required_compartments: [{ from_volume_gal: 750, compartments: 3 }] };
    // 8 sinks × 3 = 24 DFU → 1,000 gal (Table 1014.3.6): the 2-compartment 1,000 gal tank holds the
    // volume but fails the compartments; the larger 3-compartment one fits.
    const fixtures: FixtureInput[] = Array.from({ length: 8 }, () => sink);
    const r = sizeProject({ ...kitchen, ...outdoors, fixtures }, [twoComp, threeComp], rules);
    expect(r.required_volume?.volume.standard.value).toBe(1000);
    expect(r.recommended_product).toBe('GGI 1250 gal');
    expect(r.recommendation.failed[0]?.failures.map((f) => f.code)).toEqual(['compartments']);
  });

  it('past the largest volume the code lists (15,000 gal) an engineered design, never tanks stacked in series', () => {
    const r = sizeProject({ ...kitchen, ...outdoors, meals: { seats: 1000, dishwasher: true, hours_of_operation: 24 } }, [gravityTank(15000, 60000)], RULES.upcMealsOutdoors);
    expect(r.recommendation.no_recommendation?.code).toBe('engineered_design_required');
    expect(r.recommendation.units).toBe(0);
  });

  it('units in series are limited by max_units_in_series', () => {
    const fixtures: FixtureInput[] = Array.from({ length: 12 }, () => sink); // 36 DFU → 1,250 gal
    const rules = { ...RULES.upcGravityOutdoors, max_units_in_series: 1 };
    const r = sizeProject({ ...kitchen, ...outdoors, fixtures }, [gravityTank(750, 3000)], rules);
    expect(r.recommended_product).toBeNull();
    expect(sizeProject({ ...kitchen, ...outdoors, fixtures }, [gravityTank(750, 3000)], RULES.upcGravityOutdoors).recommendation.units).toBe(2);
  });
});

describe('pipes and flows', () => {
  it('8 in pipe, no fixtures: no hydromechanical size (Table 1014.2.1 stops at 6 in), but a gravity size (Table 703.2: 2,640 DFU → 15,000 gal)', () => {
    const hgi = sizeProject({ ...kitchen, pipe_size_in: 8 }, STANDARD_HGIS, DEFAULT_JURISDICTION_RULES);
    expect(hgi.recommendation.no_recommendation?.code).toBe('design_flow_unavailable');
    expect(hgi.flow_rate.pipe.value).toBeGreaterThan(375); // full-pipe flow by Manning on the table's basis
    expect(hgi.warnings.map((w) => w.code)).toContain('pipe_flow_computed');
    const ggi = sizeProject({ ...kitchen, ...outdoors, pipe_size_in: 8 }, [gravityTank(15000, 60000)], RULES.upcGravityOutdoors);
    expect(ggi.recommended_product).toBe('GGI 15000 gal');
  });

  it('a fixture with 0 GPM does not switch the design to the full-pipe flow silently', () => {
    const r = sizeProject({ ...kitchen, fixtures: [{ kind: 'custom', gpm: 0 }] }, STANDARD_HGIS, DEFAULT_JURISDICTION_RULES);
    expect(r.flow_rate.sized_by.value).toBe(75); // the pipe's two-minute interceptor size (UPC Table 1014.2.1), not 125 GPM full-pipe
    expect(r.warnings.map((w) => w.code)).toContain('zero_fixture_flow');
  });
});

describe('99 % efficiency ratings and the capacity rule', () => {
  const only99: SizingCandidateInput = { ...standardHgi(20, 900), id: 'only99', part_number: 'ONLY99', ratings: [{ flow_gpm: 20, grease_lbs: 16, efficiency_99: true, label: 'at 99%' }] };
  it('a 99 % figure below 2 lb/GPM is certified by the unit\'s standard rating at the same flow (GB1: 70 lb at 20 GPM)', () => {
    const r = sizeProject({ ...kitchen, fixtures: [{ kind: 'hand-sink' }], require_99_percent_efficiency: true }, [GB1, only99], DEFAULT_JURISDICTION_RULES);
    expect(r.recommended_product).toBe('GB1');
    expect(r.recommendation.rating).toMatchObject({ flow_gpm: 20, grease_lbs: 16, efficiency_99: true });
    expect(r.recommendation.failed.find((f) => f.id === 'only99')?.failures.map((f) => f.code)).toEqual(['capacity_rule']);
  });
});

describe('when nothing fits', () => {
  it('names the deciding criterion, the closest unit and its miss, and what would fit', () => {
    // 1,000 meals × 0.005 lb = 5 lb/day; 30 days = 150 lb; HGI 50 holds 100 lb (20 days).
    const r = sizeProject({ ...kitchen, servings_per_day: 1000, fixtures: [sink] }, [standardHgi(50, 1000)], { ...DEFAULT_JURISDICTION_RULES, max_identical_units: 1, pump_out_days: { min: 14, max: 90 } });
    const nf = r.recommendation.no_fit!;
    expect(nf.deciding).toBe('grease');
    expect(nf.closest).toMatchObject({ id: 'hgi-50', units: 1, misses: [{ code: 'grease', required: 150, provided: 100, short_by: 50 }] });
    expect(nf.suggestions.join(' ')).toMatch(/shorter pump-out cycle: HGI 50 holds 20 days/);
    expect(nf.suggestions.join(' ')).toMatch(/gravity interceptor/);
    expect(nf.suggestions.join(' ')).toMatch(/engineered design/);
    expect(r.recommendation.no_recommendation?.message).toMatch(/closest, HGI 50, misses on the grease capacity by 50 lb /);
    // The way out, found by sizing again: a 20-day target (the rules allow down to 14) gives HGI 50.
    expect(nf.ways_out.map((w) => w.message)).toEqual(['Pump-out target: 14 days gives HGI 50']);
  });

  it('a unit missing a figure a rule needs is a catalog gap, never the closest; the real reason and the way out are named', () => {
    const gravity = { ...RULES.upcGravityOutdoors, name: 'Gravity City', sizing_methods: { indoor: 'gravity-by-dfu', outdoor: 'gravity-by-dfu' } } as const;
    // A hydromechanical unit listed as gravity too, with no liquid capacity; and gravity tanks listed for burial only.
    const listedAsGravity = { ...standardHgi(100, 5000), id: 'hgi-also-gravity', name: 'HGI 100 (gravity listing)', liquid_capacity_gal: null, also_listed_as: ['gravity' as const] };
    const tanks = [gravityTank(750, 3000), gravityTank(1000, 4000)].map((t) => ({ ...t, installation_options: { ...t.installation_options, outdoors: false, indoors_buried: true } }));
    const r = sizeProject({ ...kitchen, installation_location: 'indoors', buried: false, fixtures: [sink, sink] }, [listedAsGravity, ...tanks], gravity);
    const nf = r.recommendation.no_fit!;
    expect(nf.closest).toBeNull();
    expect(nf.catalog_gaps).toEqual([expect.objectContaining({ id: 'hgi-also-gravity', missing: 'liquid capacity' })]);
    expect(nf.message).toBe('Gravity City requires a gravity interceptor sized by drainage fixture units here; every gravity unit in the catalog installs below grade (buried) only, and this one goes indoors.');
    expect(nf.ways_out.map((w) => w.message)).toEqual(['Buried: yes gives GGI 750 gal']);
    expect(r.derivation.find((s) => s.key === 'selection.none')?.note).toMatch(/^The way out: Buried: yes gives GGI 750 gal\. Gaps in the catalog data: HGI 100 \(gravity listing\)/);
  });

  it('more units than the rules allow, as the way out when no input gives a unit', () => {
    const single = { ...DEFAULT_JURISDICTION_RULES, name: 'One Unit Town', max_identical_units: 1 };
    const r = sizeProject({ ...kitchen, fixtures: [{ kind: 'custom', gpm: 50 }] }, [standardHgi(35, 800)], single);
    expect(r.recommendation.no_fit?.ways_out.map((w) => w.message)).toEqual(['Units in parallel: 2 (One Unit Town allows 1: ask the plan reviewer) gives 2 × HGI 35']);
  });
});
