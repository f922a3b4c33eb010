import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONVERSIONS,
  DEFAULT_JURISDICTION_RULES,
  FIXTURE_KINDS,
  FLOW_COMBINATIONS,
  MENU_TYPES,
  DISPOSER_ACTIONS,
  DISHWASHER_ACTIONS,
  EXAMPLE_JURISDICTION_RULES,
  FIXTURE_LIBRARY,
  HGI_SIZE_LADDERS,
  PIPE_SIZE_TABLE,
  PIPE_SIZES_IN,
  SIZED_BY_BASES,
  SIZING_METHODS,
  combineFixtures,
  effectivePumpOutTarget,
  fromMetric,
  isGravityMethod,
  jurisdictionRulesSchema,
  pumpOutCap,
  roundForDisplay,
  sizeFixture,
  sizeProject,
  toMetric,
  type FixtureInput,
  type JurisdictionRules,
  type ProjectInputs,
  type Quantity,
  type SizingCandidateInput,
} from '../../src-shared/sizing';
import { SAMPLE_CATALOG } from './sample-catalog';

/**
 * Runs per property that sizes a whole project (a few milliseconds each on a loaded core). 200
 * keeps each near a second; fast-check draws new cases on every run of the suite (its seed comes
 * from the clock, and a failure prints it), so the cases tried add up run after run.
 * `PROPERTY_RUNS=5000 npx vitest run test/sizing/properties.test.ts` searches deeper.
 */
const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) };
const inches = fc.double({ min: 1, max: 60, noNaN: true });

const fixtureArb: fc.Arbitrary<FixtureInput> = fc.oneof(
  fc.record({
    kind: fc.constantFrom(...FIXTURE_KINDS.filter((k) => k !== 'custom')),
    compartments: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('custom' as const),
    uses_typical_dimensions: fc.constant(false),
    length: inches,
    width: inches,
    depth: inches,
    dfu: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constantFrom('custom' as const, 'dishwasher' as const, 'food-waste-disposer' as const),
    gpm: fc.double({ min: 0, max: 50, noNaN: true }),
  }),
);

const rulesArb: fc.Arbitrary<JurisdictionRules> = fc
  .record({
    indoor: fc.constantFrom(...SIZING_METHODS),
    outdoor: fc.constantFrom(...SIZING_METHODS),
    combination: fc.constantFrom(...FLOW_COMBINATIONS),
    period: fc.constantFrom('one-minute' as const, 'two-minute' as const),
    basis: fc.constantFrom(...SIZED_BY_BASES),
    min: fc.integer({ min: 1, max: 90 }),
    extra: fc.integer({ min: 0, max: 200 }),
    cap: fc.option(fc.constantFrom(2, 2.5, 3), { nil: null }),
    units: fc.integer({ min: 1, max: 4 }),
    unique: fc.integer({ min: 0, max: 9 }).map((n) => n === 0), // 10 %: the other cases exercise sizing
    ladder: fc.constantFrom(...HGI_SIZE_LADDERS),
    perGpm: fc.option(fc.constantFrom(2, 2.5), { nil: null }),
    accumulation: fc.option(fc.constantFrom(0.25, 0.2), { nil: null }),
    disposer: fc.constantFrom(...DISPOSER_ACTIONS.filter((a) => a !== 'exclude')),
    dishwasher: fc.constantFrom(...DISHWASHER_ACTIONS.filter((a) => a !== 'exclude')),
    minVolume: fc.option(fc.constantFrom(500, 750), { nil: null }),
  })
  .map((r) =>
    jurisdictionRulesSchema.parse({
      ...DEFAULT_JURISDICTION_RULES,
      name: 'generated',
      sizing_methods: { indoor: r.indoor, outdoor: r.outdoor },
      fixture_flow_combination: r.combination,
      drainage_period: r.period,
      sized_by_basis: r.basis,
      pump_out_days: { min: r.min, max: r.min + r.extra },
      fixture_capacity_cap_factor: r.cap,
      max_identical_units: r.units,
      unique_local_requirements: r.unique ? { flagged: true, reason: 'generated' } : { flagged: false, reason: null },
      hgi_size_ladder: r.ladder,
      hgi_min_grease_lbs_per_gpm: r.perGpm,
      pump_out_accumulation_limit: r.accumulation,
      food_waste_disposer: { hydromechanical: r.disposer, gravity: r.disposer },
      dishwasher: { hydromechanical: r.dishwasher, gravity: r.dishwasher },
      gravity_unit_volume_gal: { min: r.minVolume, max: null },
      // Formulas from the published examples, so the formula method and basis can be drawn too.
      local_formulas: { volume: EXAMPLE_JURISDICTION_RULES.austin.local_formulas.volume, flow: EXAMPLE_JURISDICTION_RULES.gainesville.local_formulas.flow },
    }),
  );

/** True 3 times in 4, so that generated catalogs often hold a fitting unit. */
const mostly = fc.integer({ min: 0, max: 3 }).map((n) => n > 0);

const candidateArb = (i: number): fc.Arbitrary<SizingCandidateInput> =>
  fc.record({
    id: fc.constant(`c${i}`),
    part_number: fc.constant(`P-${i}`),
    name: fc.constant(`Candidate ${i}`),
    type: fc.constantFrom('hydromechanical' as const, 'gravity' as const, 'solids' as const, 'other' as const),
    also_listed_as: fc.subarray(['hydromechanical' as const, 'gravity' as const]),
    ratings: fc.array(
      fc.record({
        flow_gpm: fc.integer({ min: 1, max: 300 }),
        grease_lbs: fc.double({ min: 0, max: 6000, noNaN: true }),
        efficiency_99: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
    liquid_capacity_gal: fc.option(fc.integer({ min: 10, max: 5000 }), { nil: null }),
    installation_options: fc.record({
      indoors: mostly,
      indoors_buried: mostly,
      outdoors: mostly,
      outdoors_buried: mostly,
      other: fc.constant(false),
      traffic_area: mostly,
    }),
    price: fc.option(fc.integer({ min: 0, max: 20000 }), { nil: null }),
  });

const catalogArb: fc.Arbitrary<SizingCandidateInput[]> = fc
  .integer({ min: 0, max: 8 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => candidateArb(i))))
  .map((cs) => [...cs]);

const projectArb: fc.Arbitrary<ProjectInputs> = fc.record({
  menu_type: fc.constantFrom(...MENU_TYPES.map((m) => m.key)),
  servings_per_day: fc.integer({ min: 0, max: 3000 }),
  pump_out_target_days: fc.integer({ min: 1, max: 366 }),
  fryer: fc.boolean(),
  flatware: fc.boolean(),
  food_waste_disposer: fc.boolean(),
  pipe_size_in: fc.constantFrom(...PIPE_SIZES_IN),
  installation_location: fc.constantFrom('indoors' as const, 'outdoors' as const),
  buried: fc.boolean(),
  burial_depth_in: fc.integer({ min: 0, max: 72 }),
  installed_in_traffic_area: fc.boolean(),
  installed_in_high_water_area: fc.boolean(),
  require_99_percent_efficiency: fc.boolean(),
  meals: fc.option(
    fc.record({
      seats: fc.integer({ min: 0, max: 500 }),
      fast_food: fc.boolean(),
      service: fc.constantFrom('commercial' as const, 'single-service' as const),
      dishwasher: fc.boolean(),
      hours_of_operation: fc.integer({ min: 1, max: 24 }),
    }),
    { nil: undefined },
  ),
  fixtures: fc.array(fixtureArb, { maxLength: 8 }),
});

describe('properties', () => {
  it('adding a fixture never lowers one_minute, two_minute or dfu', () => {
    fc.assert(
      fc.property(fc.array(fixtureArb, { maxLength: 10 }), fixtureArb, fc.constantFrom(...FLOW_COMBINATIONS), (fixtures, extra, rule) => {
        const sized = fixtures.map((f) => sizeFixture(f));
        const before = combineFixtures(sized, rule);
        const after = combineFixtures([...sized, sizeFixture(extra)], rule);
        const eps = 1e-9 * (1 + before.one_minute_gpm);
        expect(after.one_minute_gpm).toBeGreaterThanOrEqual(before.one_minute_gpm - eps);
        expect(after.two_minute_gpm).toBeGreaterThanOrEqual(before.two_minute_gpm - eps);
        expect(after.dfu).toBeGreaterThanOrEqual(before.dfu);
      }),
      { numRuns: 500 },
    );
  });

  it('the recommended unit satisfies every criterion it reports, checked against the raw data', () => {
    fc.assert(
      fc.property(projectArb, fc.oneof(catalogArb, fc.constant(SAMPLE_CATALOG)), rulesArb, (inputs, catalog, rules) => {
        const result = sizeProject(inputs, catalog, rules);
        const rec = result.recommendation;
        if (rec.status !== 'recommended') {
          expect(result.recommended_product).toBeNull();
          expect(result.pump_out_cycle).toBeNull();
          expect(rec.no_recommendation?.message.length).toBeGreaterThan(0);
          return;
        }
        const chosen = rec.chosen!;
        const candidate = catalog.find((c) => c.id === chosen.id)!;
        expect(result.recommended_product).toBe(candidate.name);
        expect(chosen.passed).toBe(true);
        expect(chosen.checks.every((c) => c.passed)).toBe(true);

        const units = rec.units;
        const method = result.sizing_method;
        const kinds = [candidate.type, ...(candidate.also_listed_as ?? [])];
        expect(kinds).toContain(isGravityMethod(method) ? 'gravity' : 'hydromechanical');
        // Location and traffic.
        const where = `${inputs.installation_location}${inputs.buried ? '_buried' : ''}` as const;
        expect(candidate.installation_options[where as keyof typeof candidate.installation_options]).toBe(true);
        if (inputs.installed_in_traffic_area) expect(candidate.installation_options.traffic_area).toBe(true);
        // Grease over the pump-out target.
        const target = effectivePumpOutTarget(inputs.pump_out_target_days ?? 30, rules);
        const needed = result.raw.grease.per_day_lbs * target;
        expect(chosen.totals.storage_lbs).toBeGreaterThanOrEqual(needed - 1e-9);
        expect(chosen.totals.storage_lbs).toBeLessThanOrEqual(chosen.totals.grease_lbs + 1e-9);
        if (!isGravityMethod(method)) {
          // Flow ≥ sized_by, with a real rating of the product.
          const rating = rec.rating!;
          expect(candidate.ratings.some((r) => r.flow_gpm === rating.flow_gpm && r.grease_lbs === rating.grease_lbs)).toBe(true);
          expect(rating.flow_gpm * units).toBeGreaterThanOrEqual(result.raw.flow.sized_by_gpm);
          expect(rating.flow_gpm * units).toBeGreaterThanOrEqual(rec.design.required_rating_gpm);
          if (inputs.require_99_percent_efficiency) expect(rating.efficiency_99).toBe(true);
          if (rules.fixture_capacity_cap_factor !== null) {
            const excluded = new Set(result.excluded_fixtures.map((f) => f.name));
            const capacity = result.raw.fixtures.filter((f) => !excluded.has(f.name)).reduce((t, f) => t + f.capacity_gal, 0);
            expect(capacity).toBeLessThanOrEqual(rules.fixture_capacity_cap_factor * rating.flow_gpm * units + 1e-9);
          }
        } else {
          // Liquid capacity ≥ required volume.
          expect(candidate.liquid_capacity_gal).not.toBeNull();
          expect(candidate.liquid_capacity_gal! * units).toBeGreaterThanOrEqual(rec.design.required_volume_gal!);
        }
        // Every candidate appears once: chosen, alternative or failed (with reasons).
        const ids = [chosen.id, ...rec.alternatives.map((a) => a.id), ...rec.failed.map((f) => f.id)];
        expect([...ids].sort()).toEqual(catalog.map((c) => c.id).sort());
        for (const f of rec.failed) expect(f.failures.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('pump_out_cycle stays within the jurisdiction bounds (and at most 90 days)', () => {
    fc.assert(
      fc.property(projectArb, fc.oneof(catalogArb, fc.constant(SAMPLE_CATALOG)), rulesArb, (inputs, catalog, rules) => {
        const result = sizeProject(inputs, catalog, rules);
        if (result.pump_out_cycle === null) {
          expect(result.recommended_product).toBeNull();
          return;
        }
        expect(Number.isInteger(result.pump_out_cycle)).toBe(true);
        expect(result.pump_out_cycle).toBeGreaterThanOrEqual(rules.pump_out_days.min);
        expect(result.pump_out_cycle).toBeLessThanOrEqual(pumpOutCap(rules));
        expect(result.pump_out_cycle).toBeLessThanOrEqual(90);
      }),
      RUNS,
    );
  });

  it('unique local requirements: never a product, always the reason', () => {
    fc.assert(
      fc.property(projectArb, rulesArb, (inputs, rules) => {
        const flagged = { ...rules, unique_local_requirements: { flagged: true, reason: 'Local review required.' } };
        const result = sizeProject(inputs, SAMPLE_CATALOG, flagged);
        expect(result.recommended_product).toBeNull();
        expect(result.unique_local_requirements).toBe(true);
        expect(result.unique_local_requirements_reason).toBe('Local review required.');
        expect(result.recommendation.no_recommendation?.code).toBe('unique_local_requirements');
      }),
      { numRuns: 100 },
    );
  });

  it('the design flow never falls below what the code requires', () => {
    // Worked out here from the published rules, independently of the engine: a basin drains
    // L × W × D × n ÷ 231 × 0.75 over the drainage period (PDI-G101); a fixed flow is continuous;
    // UPC Table 1014.2.1 gives the pipe's interceptor size per drainage period.
    const fixtureGpm = (f: FixtureInput, minutes: number): number => {
      const spec = FIXTURE_LIBRARY[f.kind];
      if (f.gpm !== undefined) return f.gpm;
      const own = f.uses_typical_dimensions === false && f.length !== undefined && f.width !== undefined && f.depth !== undefined;
      if (own) return ((f.length! * f.width! * f.depth! * (f.compartments ?? spec.basin?.compartments ?? 1)) / 231) * 0.75 / minutes;
      if (spec.basin) return ((spec.basin.length_in * spec.basin.width_in * spec.basin.depth_in * (f.compartments ?? spec.basin.compartments)) / 231) * 0.75 / minutes;
      return spec.fixed_flow_gpm ?? 0;
    };
    fc.assert(
      fc.property(projectArb, rulesArb, (inputs, rules) => {
        const result = sizeProject(inputs, SAMPLE_CATALOG, rules);
        const flow = result.raw.flow;
        const minutes = rules.drainage_period === 'one-minute' ? 1 : 2;
        const row = PIPE_SIZE_TABLE.find((r) => r.pipe_in === (inputs.pipe_size_in ?? 4));
        const pipeSize = row ? (minutes === 1 ? row.hgi_one_minute_gpm : row.hgi_two_minute_gpm) : null;
        const flows = (inputs.fixtures ?? []).map((f) => fixtureGpm(f, minutes));
        // The sum, or for the diversity rule at least 100 % of the largest fixture.
        const fixtures = rules.fixture_flow_combination === 'sum' ? flows.reduce((a, b) => a + b, 0) : Math.max(0, ...flows);
        const eps = 1e-9 * (1 + fixtures);
        const hasFlow = flows.length > 0 && flows.reduce((a, b) => a + b, 0) > 0;
        switch (rules.sized_by_basis) {
          case 'pipe':
            if (pipeSize !== null) expect(flow.sized_by_gpm).toBe(pipeSize);
            break;
          case 'fixtures':
            if (hasFlow) expect(flow.sized_by_gpm).toBeGreaterThanOrEqual(fixtures - eps);
            else if (pipeSize !== null) expect(flow.sized_by_gpm).toBe(pipeSize);
            break;
          case 'lower-of-pipe-and-fixtures':
            if (hasFlow) expect(flow.sized_by_gpm).toBeGreaterThanOrEqual(Math.min(fixtures, pipeSize ?? Infinity) - eps);
            else if (pipeSize !== null) expect(flow.sized_by_gpm).toBe(pipeSize);
            break;
          case 'formula':
            break; // the jurisdiction's own formula: checked in jurisdiction-rules.test.ts
        }
        // Never the full-pipe flow when sizing by the pipe: the table's column for the period.
        if (flow.sized_by_source === 'pipe' && pipeSize !== null) expect(flow.sized_by_gpm).toBe(pipeSize);
        // A hydromechanical unit needs at least the design flow, rounded up, never down.
        expect(result.recommendation.design.required_rating_gpm).toBeGreaterThanOrEqual(flow.sized_by_gpm);
      }),
      RUNS,
    );
  });

  it('every recommended rating meets the capacity rule (2 lb per GPM, at the standards\' 90 % efficiency)', () => {
    fc.assert(
      fc.property(projectArb, fc.oneof(catalogArb, fc.constant(SAMPLE_CATALOG)), rulesArb, (inputs, catalog, rules) => {
        const result = sizeProject(inputs, catalog, rules);
        const rating = result.recommendation.rating;
        if (result.recommendation.status !== 'recommended' || isGravityMethod(result.sizing_method) || rating === null) return;
        const perGpm = rules.hgi_min_grease_lbs_per_gpm;
        if (perGpm === null) return;
        const candidate = catalog.find((c) => c.id === result.recommendation.product?.id)!;
        // A 99 % figure is below what the unit holds at 90 %: the standard rating at the same flow certifies it.
        const standard = Math.max(rating.grease_lbs, ...candidate.ratings.filter((r) => r.flow_gpm === rating.flow_gpm && !r.efficiency_99).map((r) => r.grease_lbs));
        expect(standard).toBeGreaterThanOrEqual(perGpm * rating.flow_gpm - 1e-9);
      }),
      RUNS,
    );
  });

  it('every derivation step names its source and shows a result; pump_out_cycle is an integer', () => {
    fc.assert(
      fc.property(projectArb, rulesArb, (inputs, rules) => {
        const result = sizeProject(inputs, SAMPLE_CATALOG, rules);
        expect(result.derivation.length).toBeGreaterThan(3);
        for (const st of result.derivation) {
          expect(st.label.length).toBeGreaterThan(0);
          expect(st.formula.length).toBeGreaterThan(0);
          expect(st.source.length).toBeGreaterThan(0);
        }
        expect(new Set(result.derivation.map((st) => st.key)).size).toBe(result.derivation.length);
        if (result.pump_out_cycle !== null) expect(Number.isInteger(result.pump_out_cycle)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('unit conversions round-trip within the rounding rule', () => {
    const quantities = Object.keys(CONVERSIONS) as Quantity[];
    fc.assert(
      fc.property(fc.constantFrom(...quantities), fc.double({ min: 0, max: 1e6, noNaN: true }), (quantity, value) => {
        const metric = toMetric(quantity, value);
        const shown = roundForDisplay(metric);
        // 2 decimals (≤ 0.005) or, below 1, 3 significant figures (≤ 0.5 % of the value).
        const metricTolerance = Math.abs(metric) < 1 ? Math.abs(metric) * 0.005 : 0.005;
        const back = fromMetric(quantity, shown);
        expect(Math.abs(back - value)).toBeLessThanOrEqual(metricTolerance / CONVERSIONS[quantity].factor + 1e-9 * (1 + value));
        expect(Math.abs(fromMetric(quantity, metric) - value)).toBeLessThanOrEqual(1e-9 * (1 + value));
      }),
      { numRuns: 1000 },
    );
  });
});
