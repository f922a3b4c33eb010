/**
 * The project's flow_rate (service-api 2.3): pipe, one_minute, two_minute, sized_by, dfu; plus the
 * pipe-size table look-ups (§2) and standard HGI size look-ups (§1, §3).
 */
import type { CombinedFixtures } from './fixtures';
import type { JurisdictionRules } from './jurisdiction-rules';
import { PIPE_SIZE_TABLE, STANDARD_HGI_SIZES, type DrainagePeriod, type PipeSizeRow } from './tables';
import { standardMeasurement, type Measurement } from './units';

export function pipeSizeRow(pipeIn: number): PipeSizeRow | undefined {
  return PIPE_SIZE_TABLE.find((row) => row.pipe_in === pipeIn);
}

export function isTabulatedPipeSize(pipeIn: number): boolean {
  return pipeSizeRow(pipeIn) !== undefined;
}

function requirePipeRow(pipeIn: number): PipeSizeRow {
  const row = pipeSizeRow(pipeIn);
  if (row === undefined) {
    const sizes = PIPE_SIZE_TABLE.map((r) => r.pipe_in).join(', ');
    throw new RangeError(`pipe size ${pipeIn} in is not in the pipe-size table (${sizes} in)`);
  }
  return row;
}

/** Full-pipe flow (GPM) for a pipe size (§2): the project's `flow_rate.pipe`. */
export function pipeFlowGpm(pipeIn: number): number {
  return requirePipeRow(pipeIn).full_flow_gpm;
}

/** The HGI size the pipe table gives for a pipe and drainage period (§2). */
export function hgiSizeForPipe(pipeIn: number, period: DrainagePeriod): number {
  const row = requirePipeRow(pipeIn);
  return period === 'one-minute' ? row.hgi_one_minute_gpm : row.hgi_two_minute_gpm;
}

/**
 * How a computed flow is matched to the standard HGI sizes (§3 ladder, 4–100 GPM):
 * - "next-larger": the smallest standard size ≥ the flow. This is the PDI rule ("when the figure
 *   falls between rated sizes, the next larger size is chosen", §1) and the only one the engine
 *   uses to recommend: §7 warns that rounding down undersizes.
 * - "nearest": the closest standard size (ties go up). It exists only to reproduce manufacturer
 *   examples that read their result this way: Watts's 55.5 GPM → "a 50 GPM interceptor is
 *   recommended" (§1), like its single-sink 21 GPM → 20 GPM ("would drain in slightly more than
 *   one minute"). It can round down, so it contradicts §7 and never drives a recommendation.
 * Returns null above the largest standard size.
 */
export type SizeRounding = 'next-larger' | 'nearest';

export function standardHgiSize(flowGpm: number, rounding: SizeRounding = 'next-larger'): number | null {
  const sizes = STANDARD_HGI_SIZES.map((s) => s.flow_gpm);
  const largest = sizes[sizes.length - 1];
  if (largest === undefined || flowGpm > largest) return null;
  const nextLarger = sizes.find((size) => size >= flowGpm) ?? null;
  if (rounding === 'next-larger') return nextLarger;
  const nextSmaller = [...sizes].reverse().find((size) => size <= flowGpm);
  if (nextSmaller === undefined || nextLarger === null) return nextLarger ?? nextSmaller ?? null;
  return flowGpm - nextSmaller < nextLarger - flowGpm ? nextSmaller : nextLarger;
}

export interface ProjectFlow {
  pipe_in: number;
  pipe_gpm: number;
  one_minute_gpm: number;
  two_minute_gpm: number;
  /** The drainage period whose fixture flow competes with the pipe for `sized_by`. */
  drainage_period: DrainagePeriod;
  sized_by_gpm: number;
  /** Which value `sized_by` took. */
  sized_by_source: 'pipe' | 'fixtures';
  dfu: number;
}

/**
 * Builds the project flow_rate. `sized_by` is normally the lower of the non-zero pipe flow and the
 * fixtures' two-minute flow (service-api 2.3). The jurisdiction changes it in two ways:
 * `drainage_period` picks the one- or two-minute fixture flow, and `sized_by_basis` may size by
 * the fixtures only (pipe only when there are no fixtures) or by the pipe only.
 */
export function computeProjectFlow(
  combined: CombinedFixtures,
  pipeIn: number,
  rules: Pick<JurisdictionRules, 'drainage_period' | 'sized_by_basis'>,
): ProjectFlow {
  const pipeGpm = pipeFlowGpm(pipeIn);
  const fixturesGpm = rules.drainage_period === 'one-minute' ? combined.one_minute_gpm : combined.two_minute_gpm;
  let sizedBy: { gpm: number; source: 'pipe' | 'fixtures' };
  switch (rules.sized_by_basis) {
    case 'pipe':
      sizedBy = { gpm: pipeGpm, source: 'pipe' };
      break;
    case 'fixtures':
      sizedBy = fixturesGpm > 0 ? { gpm: fixturesGpm, source: 'fixtures' } : { gpm: pipeGpm, source: 'pipe' };
      break;
    case 'lower-of-pipe-and-fixtures':
      sizedBy =
        fixturesGpm > 0 && (fixturesGpm < pipeGpm || pipeGpm <= 0)
          ? { gpm: fixturesGpm, source: 'fixtures' }
          : { gpm: pipeGpm, source: 'pipe' };
      break;
  }
  return {
    pipe_in: pipeIn,
    pipe_gpm: pipeGpm,
    one_minute_gpm: combined.one_minute_gpm,
    two_minute_gpm: combined.two_minute_gpm,
    drainage_period: rules.drainage_period,
    sized_by_gpm: sizedBy.gpm,
    sized_by_source: sizedBy.source,
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
