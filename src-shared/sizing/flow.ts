/**
 * The project's flow_rate (service-api 2.3): pipe, one_minute, two_minute, sized_by, dfu; plus the
 * pipe-size table look-ups (§2, UPC Table 1014.2.1 and Table 703.2) and the standard HGI size
 * ladders (§1, §3).
 */
import type { CombinedFixtures } from './fixtures';
import type { JurisdictionRules } from './jurisdiction-rules';
import {
  PIPE_SIZE_TABLE,
  PIPE_SIZES_IN,
  UPC_HORIZONTAL_DRAIN_MAX_DFU,
  UPC_PIPE_FLOW_BASIS,
  hgiLadderSizes,
  type DrainagePeriod,
  type HgiSizeLadder,
  type PipeSizeRow,
} from './tables';
import { standardMeasurement, type Measurement } from './units';

export function pipeSizeRow(pipeIn: number): PipeSizeRow | undefined {
  return PIPE_SIZE_TABLE.find((row) => row.pipe_in === pipeIn);
}

/** A pipe size some table of the code lists (Table 1014.2.1 or Table 703.2). */
export function isTabulatedPipeSize(pipeIn: number): boolean {
  return PIPE_SIZES_IN.includes(pipeIn);
}

function requireKnownPipe(pipeIn: number): void {
  if (!isTabulatedPipeSize(pipeIn)) {
    throw new RangeError(`pipe size ${pipeIn} in is not in the code's pipe tables (${PIPE_SIZES_IN.join(', ')} in)`);
  }
}

/** Cubic feet per second → GPM (7.48052 gal/ft³ × 60 s). */
const GPM_PER_CFS = 448.831;

/** Full-pipe flow by Manning's formula on UPC Table 1014.2.1's stated basis (¼ in/ft, n = 0.012). */
export function manningFullPipeGpm(pipeIn: number): number {
  const d = pipeIn / 12;
  const area = (Math.PI * d * d) / 4;
  const hydraulicRadius = d / 4;
  const slope = UPC_PIPE_FLOW_BASIS.slope_in_per_ft / 12;
  return (1.486 / UPC_PIPE_FLOW_BASIS.manning_n) * area * hydraulicRadius ** (2 / 3) * Math.sqrt(slope) * GPM_PER_CFS;
}

/**
 * Full-pipe flow (GPM) for a pipe size: the project's `flow_rate.pipe`. Table 1014.2.1's figure;
 * for a size only Table 703.2 lists (8 in), Manning's formula on the table's basis.
 */
export function pipeFlowGpm(pipeIn: number): number {
  requireKnownPipe(pipeIn);
  return pipeSizeRow(pipeIn)?.full_flow_gpm ?? manningFullPipeGpm(pipeIn);
}

/** The HGI size Table 1014.2.1 gives for a pipe and drainage period; null for a pipe it does not list. */
export function hgiSizeForPipe(pipeIn: number, period: DrainagePeriod): number | null {
  requireKnownPipe(pipeIn);
  const row = pipeSizeRow(pipeIn);
  if (row === undefined) return null;
  return period === 'one-minute' ? row.hgi_one_minute_gpm : row.hgi_two_minute_gpm;
}

/** The most DFU a horizontal drain of this size carries (UPC Table 703.2): UPC 1014.3.6 when DFU are not known. */
export function maxDfuForPipe(pipeIn: number): number | null {
  return UPC_HORIZONTAL_DRAIN_MAX_DFU.find((r) => r.pipe_in === pipeIn)?.max_dfu ?? null;
}

/**
 * How a computed flow is matched to a ladder of standard HGI sizes (§3: PDI or IPC, 4–500 GPM):
 * - "next-larger": the smallest standard size ≥ the flow. This is the PDI rule ("when the figure
 *   falls between rated sizes, the next larger size is chosen", §1) and the only one the engine
 *   uses to recommend: §7 warns that rounding down undersizes.
 * - "nearest": the closest standard size (ties go up). It exists only to reproduce manufacturer
 *   examples that read their result this way: Watts's 55.5 GPM → "a 50 GPM interceptor is
 *   recommended" (§1), like its single-sink 21 GPM → 20 GPM ("would drain in slightly more than
 *   one minute"). It can round down, so it contradicts §7 and never drives a recommendation.
 * Returns null above the largest standard size (500 GPM, UPC Table 1014.2.1).
 */
export type SizeRounding = 'next-larger' | 'nearest';

export function standardHgiSize(flowGpm: number, rounding: SizeRounding = 'next-larger', ladder: HgiSizeLadder = 'pdi'): number | null {
  const sizes = hgiLadderSizes(ladder);
  const largest = sizes[sizes.length - 1];
  if (largest === undefined || flowGpm > largest) return null;
  const nextLarger = sizes.find((size) => size >= flowGpm) ?? null;
  if (rounding === 'next-larger') return nextLarger;
  const nextSmaller = [...sizes].reverse().find((size) => size <= flowGpm);
  if (nextSmaller === undefined || nextLarger === null) return nextLarger ?? nextSmaller ?? null;
  return flowGpm - nextSmaller < nextLarger - flowGpm ? nextSmaller : nextLarger;
}

/**
 * The grease capacity a rated flow needs: lbs per GPM × GPM (§3: PDI-G101, ASME A112.14.3 and IPC
 * Table 1003.3.5.1 give 2 lb per GPM for every listed size, footnote a doubling the flow above 100
 * GPM; STANDARD_HGI_SIZES holds the same figures).
 */
export function minGreaseForSize(flowGpm: number, lbsPerGpm: number): number {
  return flowGpm * lbsPerGpm;
}

export interface ProjectFlow {
  pipe_in: number;
  /** Full-pipe flow (`flow_rate.pipe`). */
  pipe_gpm: number;
  /** Table 1014.2.1's figure, or Manning's formula for a pipe the table does not list. */
  pipe_gpm_basis: 'table' | 'manning';
  /** The interceptor size Table 1014.2.1 gives for the pipe and drainage period; null when it lists no such pipe. */
  pipe_limit_gpm: number | null;
  one_minute_gpm: number;
  two_minute_gpm: number;
  /** The fixtures' flow for the drainage period. */
  fixtures_gpm: number;
  /** Fixtures that drain to the interceptor (after exemptions). */
  fixture_count: number;
  drainage_period: DrainagePeriod;
  /** The design flow (`flow_rate.sized_by`); 0 when nothing gives one (`design_available` false). */
  sized_by_gpm: number;
  sized_by_source: 'pipe' | 'fixtures' | 'formula';
  /** False when the design flow would come from a pipe Table 1014.2.1 does not list. */
  design_available: boolean;
  /** Fixtures are connected but give 0 GPM: the pipe sized it instead, and the sizing says so. */
  zero_fixture_flow: boolean;
  dfu: number;
}

/**
 * Builds the project flow_rate. `sized_by` is the design flow:
 * - from the pipe alone, the interceptor size UPC Table 1014.2.1 gives for the pipe and the
 *   jurisdiction's drainage period (not the full-pipe flow);
 * - "lower-of-pipe-and-fixtures" (the normal case, service-api 2.3): the fixtures' flow for the
 *   drainage period, never above the pipe's figure; the pipe's figure when no fixtures drain to
 *   the interceptor, or when the connected fixtures give 0 GPM (then `zero_fixture_flow` says so:
 *   a fixture without a flow never switches the design to the pipe silently);
 * - "fixtures": the fixtures' flow (the pipe's when there are none); "pipe": the pipe's;
 *   "formula": the jurisdiction's own flow formula (`formulaGpm`).
 */
export function computeProjectFlow(
  combined: CombinedFixtures,
  pipeIn: number,
  rules: Pick<JurisdictionRules, 'drainage_period' | 'sized_by_basis'>,
  formulaGpm: number | null = null,
): ProjectFlow {
  const fixtureCount = combined.count;
  const pipeGpm = pipeFlowGpm(pipeIn);
  const pipeLimit = hgiSizeForPipe(pipeIn, rules.drainage_period);
  const fixturesGpm = rules.drainage_period === 'one-minute' ? combined.one_minute_gpm : combined.two_minute_gpm;
  const byPipe = (): { gpm: number; source: 'pipe' } => ({ gpm: pipeLimit ?? 0, source: 'pipe' });
  const zeroFlow = fixtureCount > 0 && fixturesGpm <= 0;
  let sizedBy: { gpm: number; source: 'pipe' | 'fixtures' | 'formula' };
  switch (rules.sized_by_basis) {
    case 'pipe':
      sizedBy = byPipe();
      break;
    case 'fixtures':
      sizedBy = fixtureCount > 0 && !zeroFlow ? { gpm: fixturesGpm, source: 'fixtures' } : byPipe();
      break;
    case 'formula':
      sizedBy = formulaGpm !== null ? { gpm: formulaGpm, source: 'formula' } : byPipe();
      break;
    case 'lower-of-pipe-and-fixtures':
      sizedBy =
        fixtureCount > 0 && !zeroFlow && (pipeLimit === null || fixturesGpm < pipeLimit)
          ? { gpm: fixturesGpm, source: 'fixtures' }
          : byPipe();
      break;
  }
  return {
    pipe_in: pipeIn,
    pipe_gpm: pipeGpm,
    pipe_gpm_basis: pipeSizeRow(pipeIn) ? 'table' : 'manning',
    pipe_limit_gpm: pipeLimit,
    one_minute_gpm: combined.one_minute_gpm,
    two_minute_gpm: combined.two_minute_gpm,
    fixtures_gpm: fixturesGpm,
    fixture_count: fixtureCount,
    drainage_period: rules.drainage_period,
    sized_by_gpm: sizedBy.gpm,
    sized_by_source: sizedBy.source,
    design_available: !(sizedBy.source === 'pipe' && pipeLimit === null),
    zero_fixture_flow: zeroFlow && sizedBy.source === 'pipe',
    dfu: combined.dfu,
  };
}

export interface FlowRateApiFields {
  pipe: Measurement;
  one_minute: Measurement;
  two_minute: Measurement;
  sized_by: Measurement;
  dfu: number;
}

/** The service API shape of `flow_rate` (GPM measurements, integer DFU). */
export function flowRateApiFields(flow: ProjectFlow): FlowRateApiFields {
  return {
    pipe: standardMeasurement('flow', flow.pipe_gpm),
    one_minute: standardMeasurement('flow', flow.one_minute_gpm),
    two_minute: standardMeasurement('flow', flow.two_minute_gpm),
    sized_by: standardMeasurement('flow', flow.sized_by_gpm),
    dfu: flow.dfu,
  };
}
