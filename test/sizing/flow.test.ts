import { describe, expect, it } from 'vitest';
import {
  DEFAULT_JURISDICTION_RULES,
  combineFixtures,
  computeProjectFlow,
  flowRateApiFields,
  sizeFixture,
  standardHgiSize,
  type CombinedFixtures,
} from '../../src-shared/sizing';

const none: CombinedFixtures = { count: 0, one_minute_gpm: 0, two_minute_gpm: 0, dfu: 0, capacity_gal: 0, unlisted_dfu_gpm: 0 };
const pdiSink = combineFixtures(
  [sizeFixture({ kind: 'custom', uses_typical_dimensions: false, length: 48, width: 24, depth: 12 })],
  'sum',
);
const twoMinute = { drainage_period: 'two-minute', sized_by_basis: 'lower-of-pipe-and-fixtures' } as const;

describe('project flow_rate', () => {
  it('no fixtures: the interceptor size UPC Table 1014.2.1 gives for the pipe, not the full-pipe flow', () => {
    // 4 in: full-pipe 125 GPM; interceptor 150 GPM (one-minute column), 75 GPM (two-minute column).
    const one = computeProjectFlow(none, 4, { ...twoMinute, drainage_period: 'one-minute' });
    expect(one).toMatchObject({ pipe_gpm: 125, pipe_limit_gpm: 150, sized_by_gpm: 150, sized_by_source: 'pipe', dfu: 0 });
    const two = computeProjectFlow(none, 4, DEFAULT_JURISDICTION_RULES);
    expect(two).toMatchObject({ pipe_gpm: 125, pipe_limit_gpm: 75, sized_by_gpm: 75, sized_by_source: 'pipe' });
  });

  it('an authority that requires one-minute drainage (PDI-G101 "good practice"): the PDI sink sizes at 44.9 GPM', () => {
    const flow = computeProjectFlow(pdiSink, 4, { ...twoMinute, drainage_period: 'one-minute' });
    expect(flow.sized_by_gpm).toBeCloseTo(44.88, 2);
    expect(flow.sized_by_source).toBe('fixtures');
  });

  it('the default rules (no jurisdiction): service-api 2.3, sized_by = the lower of the non-zero pipe and two_minute values', () => {
    expect(DEFAULT_JURISDICTION_RULES.drainage_period).toBe('two-minute');
    const flow = computeProjectFlow(pdiSink, 4, DEFAULT_JURISDICTION_RULES);
    expect(flow.sized_by_gpm).toBeCloseTo(22.44, 2);
    expect(flowRateApiFields(flow)).toEqual({
      pipe: { value: 125, unit: 'GPM' },
      one_minute: { value: 44.88, unit: 'GPM' },
      two_minute: { value: 22.44, unit: 'GPM' },
      sized_by: { value: 22.44, unit: 'GPM' },
      dfu: 0, // a custom fixture has no UPC DFU value unless one is entered
    });
  });

  it('a small pipe wins over large fixtures: its one-minute interceptor size', () => {
    const flow = computeProjectFlow(pdiSink, 2, { drainage_period: 'one-minute', sized_by_basis: 'lower-of-pipe-and-fixtures' });
    expect(flow).toMatchObject({ sized_by_gpm: 20, sized_by_source: 'pipe' });
  });

  it('the jurisdiction picks the drainage period and the basis', () => {
    const pipe = computeProjectFlow(pdiSink, 4, { drainage_period: 'two-minute', sized_by_basis: 'pipe' });
    expect(pipe.sized_by_gpm).toBe(75);
    const fixtures = computeProjectFlow(pdiSink, 2, { drainage_period: 'one-minute', sized_by_basis: 'fixtures' });
    expect(fixtures.sized_by_gpm).toBeCloseTo(44.88, 2);
    const noFixtures = computeProjectFlow(none, 3, { drainage_period: 'one-minute', sized_by_basis: 'fixtures' });
    expect(noFixtures).toMatchObject({ sized_by_gpm: 75, sized_by_source: 'pipe' });
    const formula = computeProjectFlow(pdiSink, 4, { drainage_period: 'one-minute', sized_by_basis: 'formula' }, 33);
    expect(formula).toMatchObject({ sized_by_gpm: 33, sized_by_source: 'formula' });
  });

  it('fixtures with 0 GPM never switch silently to the pipe: the flow says so', () => {
    const zero = combineFixtures([sizeFixture({ kind: 'custom', gpm: 0 })], 'sum');
    const flow = computeProjectFlow(zero, 4, DEFAULT_JURISDICTION_RULES);
    expect(flow).toMatchObject({ zero_fixture_flow: true, sized_by_source: 'pipe', sized_by_gpm: 75 });
  });

  it('an 8 in pipe: Table 703.2 lists it, Table 1014.2.1 does not, so the pipe gives no design flow', () => {
    const flow = computeProjectFlow(none, 8, DEFAULT_JURISDICTION_RULES);
    expect(flow).toMatchObject({ pipe_gpm_basis: 'manning', pipe_limit_gpm: null, design_available: false });
    expect(computeProjectFlow(pdiSink, 8, DEFAULT_JURISDICTION_RULES)).toMatchObject({ design_available: true, sized_by_source: 'fixtures' });
  });
});

describe('§1 Watts example: 35 / 26 / 18 / 12 GPM → 55.5 GPM, "unit chosen 50 GPM"', () => {
  /*
   * The document reports Watts's choice faithfully: 55.5 GPM, "a 50 GPM interceptor is
   * recommended". Watts reads its result against the rated sizes by the NEAREST size (50 is 5.5
   * away, 75 is 19.5 away), as on its own page a 21 GPM sink gets a 20 GPM unit that "would
   * drain in slightly more than one minute"; the 50 GPM unit drains 55.5 gal in 1.11 min. That
   * rounds down, which §7 says undersizes and §1 (PDI) contradicts (22.4 GPM → 25, not the
   * nearer 20). So the engine reproduces Watts's choice with `standardHgiSize(…, 'nearest')` but
   * always recommends by the next larger size: 75 GPM (see recommend.test.ts).
   */
  const flows = [35, 26, 18, 12].map((gpm) => sizeFixture({ kind: 'custom', gpm }));
  const combined = combineFixtures(flows, 'largest-100-50-25');

  it('combines to 55.5 GPM', () => {
    expect(combined.one_minute_gpm).toBe(55.5);
  });

  it('Watts reading (nearest size): 50 GPM', () => {
    expect(standardHgiSize(55.5, 'nearest')).toBe(50);
    expect(standardHgiSize(21, 'nearest')).toBe(20);
  });

  it('engine reading (never round down): 75 GPM', () => {
    expect(standardHgiSize(55.5)).toBe(75);
  });

  it('the nearest reading contradicts the PDI example, so it never drives a recommendation', () => {
    expect(standardHgiSize(22.44, 'nearest')).toBe(20);
    expect(standardHgiSize(22.44)).toBe(25);
  });
});
