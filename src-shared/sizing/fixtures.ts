/**
 * Kitchen fixtures: each fixture's drainage flow (one- and two-minute, GPM and L/s), dimensions
 * and DFU, and how several fixtures combine under a jurisdiction's rule (§1, §4).
 */
import { z } from 'zod';
import type { FlowCombination } from './jurisdiction-rules';
import {
  DIVERSITY_WEIGHTS,
  DRAINAGE_PERIOD_MINUTES,
  FIXTURE_KINDS,
  FIXTURE_LIBRARY,
  FIXTURE_LOAD_FACTOR,
  MAX_COMPARTMENTS,
  type BasinDimensions,
  type FixtureKind,
} from './tables';
import { cubicInchesToGallons, measurementPair, type Measurement, type MeasurementPair } from './units';

const positiveInches = z.number().positive().finite();

const fixtureInputObject = z.object({
  kind: z.enum(FIXTURE_KINDS),
  /** Shown name; the library label when omitted. */
  name: z.string().min(1).optional(),
  compartments: z.number().int().min(1).max(MAX_COMPARTMENTS).optional(),
  /** Per compartment, inches. */
  length: positiveInches.optional(),
  width: positiveInches.optional(),
  depth: positiveInches.optional(),
  /** True: the library's typical basin is used and entered dimensions are ignored. */
  uses_typical_dimensions: z.boolean().default(true),
  /** Entered flow (GPM). When present it wins over any basin (dishwasher, disposer, custom …). */
  gpm: z.number().min(0).finite().optional(),
  /** Entered DFU, overriding the library's UPC value. */
  dfu: z.number().int().min(0).optional(),
});

type RawFixtureInput = z.infer<typeof fixtureInputObject>;

/** Where a fixture's flow comes from: an entered / fixed flow, or a basin drained over a period. */
type FlowSource = { kind: 'fixed'; gpm: number } | { kind: 'basin'; basin: BasinDimensions };

function resolveFlowSource(f: RawFixtureInput): FlowSource | { kind: 'error'; message: string } {
  const spec = FIXTURE_LIBRARY[f.kind];
  if (f.gpm !== undefined) return { kind: 'fixed', gpm: f.gpm };
  if (!f.uses_typical_dimensions) {
    if (f.length !== undefined && f.width !== undefined && f.depth !== undefined) {
      const compartments = f.compartments ?? spec.basin?.compartments ?? 1;
      return { kind: 'basin', basin: { length_in: f.length, width_in: f.width, depth_in: f.depth, compartments } };
    }
    // A fixture without a basin (floor drain, hand sink …) keeps its fixed flow.
    if (spec.basin !== null || spec.fixed_flow_gpm === null) {
      return { kind: 'error', message: 'length, width and depth are required when typical dimensions are not used' };
    }
  }
  if (spec.basin !== null) {
    return { kind: 'basin', basin: { ...spec.basin, compartments: f.compartments ?? spec.basin.compartments } };
  }
  if (spec.fixed_flow_gpm !== null) return { kind: 'fixed', gpm: spec.fixed_flow_gpm };
  return { kind: 'error', message: `a ${spec.label.toLowerCase()} needs its dimensions or its GPM` };
}

export const fixtureInputSchema = fixtureInputObject.superRefine((f, ctx) => {
  const source = resolveFlowSource(f);
  if (source.kind === 'error') ctx.addIssue({ code: 'custom', message: source.message });
});

export type FixtureInput = z.input<typeof fixtureInputSchema>;
export type ParsedFixtureInput = z.output<typeof fixtureInputSchema>;

/** One fixture, sized. Raw (unrounded) numbers; see `fixtureApiFields` for the API shape. */
export interface FixtureSizing {
  name: string;
  type: FixtureKind;
  uses_typical_dimensions: boolean;
  flow_source: 'basin' | 'fixed';
  /** Per-compartment basin; null for fixed-flow fixtures. */
  basin: BasinDimensions | null;
  /** L × W × D × compartments (in³); null for fixed-flow fixtures. */
  volume_cubic_in: number | null;
  /** Full capacity (gal): basin volume, or one minute of a fixed flow. Used by capacity caps. */
  capacity_gal: number;
  /** Drainage load (gal) = capacity × 0.75 for basins; null for fixed-flow fixtures. */
  load_gal: number | null;
  one_minute_gpm: number;
  two_minute_gpm: number;
  /** DFU (0 when the fixture has no DFU value). */
  dfu: number;
  /** Where the DFU value comes from: entered by the rep, the jurisdiction's table, the UPC, or none. */
  dfu_source: 'entered' | 'jurisdiction' | 'upc' | 'none';
  /** False when the fixture has no DFU value: a gravity volume adds its GPM × retention (§4). */
  dfu_listed: boolean;
}

/**
 * Sizes one fixture (§1): volume = L × W × D ÷ 231 per compartment × compartments; load = volume ×
 * 0.75; one-minute flow = load ÷ 1, two-minute = load ÷ 2. A fixed flow (hand sink, dishwasher …)
 * is a supply-limited, continuous flow, so a longer drainage period does not lower it: its
 * two-minute flow equals its one-minute flow.
 */
export function sizeFixture(input: FixtureInput, dfuTable: DfuTable = {}): FixtureSizing {
  return sizeParsedFixture(fixtureInputSchema.parse(input), dfuTable);
}

/** A jurisdiction's own DFU values by fixture kind (jurisdiction rules `dfu_table`). */
export type DfuTable = Partial<Record<FixtureKind, number>>;

/**
 * sizeFixture for input the caller has already validated (a project's parsed fixtures). The DFU
 * value: the one entered for the fixture, else the jurisdiction's table, else the UPC's (§4).
 */
export function sizeParsedFixture(f: ParsedFixtureInput, dfuTable: DfuTable = {}): FixtureSizing {
  const spec = FIXTURE_LIBRARY[f.kind];
  const source = resolveFlowSource(f);
  if (source.kind === 'error') throw new Error(source.message); // unreachable: the schema refused it
  const local = dfuTable[f.kind];
  const dfu = f.dfu ?? local ?? spec.dfu;
  // One object literal with every field (no spread of a shared part): V8 keeps one shape for it,
  // where spreading then adding fields made each fixture take a slow path (some 8 µs a fixture).
  const fixed = source.kind === 'fixed';
  const basin = fixed ? null : source.basin;
  const volumeCubicIn = basin === null ? null : basin.length_in * basin.width_in * basin.depth_in * basin.compartments;
  const loadGal = volumeCubicIn === null ? null : cubicInchesToGallons(volumeCubicIn) * FIXTURE_LOAD_FACTOR;
  return {
    name: f.name ?? spec.label,
    type: f.kind,
    uses_typical_dimensions: f.uses_typical_dimensions,
    dfu: dfu ?? 0,
    dfu_source: f.dfu !== undefined ? 'entered' : local !== undefined ? 'jurisdiction' : spec.dfu !== null ? 'upc' : 'none',
    dfu_listed: dfu !== null,
    flow_source: fixed ? 'fixed' : 'basin',
    basin,
    volume_cubic_in: volumeCubicIn,
    capacity_gal: fixed ? source.gpm * DRAINAGE_PERIOD_MINUTES['one-minute'] : cubicInchesToGallons(volumeCubicIn!),
    load_gal: loadGal,
    one_minute_gpm: fixed ? source.gpm : loadGal! / DRAINAGE_PERIOD_MINUTES['one-minute'],
    two_minute_gpm: fixed ? source.gpm : loadGal! / DRAINAGE_PERIOD_MINUTES['two-minute'],
  };
}

/**
 * Combines fixture flows: "sum" adds them; "largest-100-50-25" takes 100 % of the largest, 50 % of
 * the second and 25 % of the rest (§1). Neither can fall when a fixture is added.
 */
export function combineFlows(flows: readonly number[], rule: FlowCombination): number {
  if (rule === 'sum') return flows.reduce((total, flow) => total + flow, 0);
  const lastWeight = DIVERSITY_WEIGHTS[DIVERSITY_WEIGHTS.length - 1] ?? 0;
  return [...flows]
    .sort((a, b) => b - a)
    .reduce((total, flow, rank) => total + flow * (DIVERSITY_WEIGHTS[rank] ?? lastWeight), 0);
}

export interface CombinedFixtures {
  /** How many fixtures were combined. */
  count: number;
  one_minute_gpm: number;
  two_minute_gpm: number;
  dfu: number;
  /** Total connected capacity (gal), for the 2.5 × rated GPM cap (§1). */
  capacity_gal: number;
  /** Sum of one-minute flows of fixtures with no DFU value (gravity-by-dfu adds GPM × retention). */
  unlisted_dfu_gpm: number;
}

export function combineFixtures(fixtures: readonly FixtureSizing[], rule: FlowCombination): CombinedFixtures {
  return {
    count: fixtures.length,
    one_minute_gpm: combineFlows(
      fixtures.map((f) => f.one_minute_gpm),
      rule,
    ),
    two_minute_gpm: combineFlows(
      fixtures.map((f) => f.two_minute_gpm),
      rule,
    ),
    dfu: fixtures.reduce((total, f) => total + f.dfu, 0),
    capacity_gal: fixtures.reduce((total, f) => total + f.capacity_gal, 0),
    unlisted_dfu_gpm: fixtures.reduce((total, f) => total + (f.dfu_listed ? 0 : f.one_minute_gpm), 0),
  };
}

type FixtureDimensionKey = 'length' | 'width' | 'height' | 'volume' | 'capacity';
export type FixtureDimensionSet = Record<FixtureDimensionKey, Measurement>;

export interface FixtureApiFields {
  name: string;
  type: FixtureKind;
  uses_typical_dimensions: boolean;
  compartments: number | null;
  /**
   * Length, width and height of one compartment; volume (in³, labelled as the API labels it) and
   * capacity (gal) of all compartments. Null for fixtures sized by a fixed flow.
   */
  dimensions: { standard: FixtureDimensionSet; metric: FixtureDimensionSet } | null;
  flow_rate: { one_minute: MeasurementPair; two_minute: MeasurementPair; dfu: number };
}

/** The service API shape of a sized fixture (service-api 2.3 `fixtures`). */
export function fixtureApiFields(f: FixtureSizing): FixtureApiFields {
  let dimensions: FixtureApiFields['dimensions'] = null;
  if (f.basin !== null && f.volume_cubic_in !== null) {
    const pairs: Record<FixtureDimensionKey, MeasurementPair> = {
      length: measurementPair('length', f.basin.length_in),
      width: measurementPair('length', f.basin.width_in),
      height: measurementPair('length', f.basin.depth_in),
      volume: measurementPair('fixtureVolume', f.volume_cubic_in),
      capacity: measurementPair('volume', f.capacity_gal),
    };
    const side = (which: 'standard' | 'metric'): FixtureDimensionSet => ({
      length: pairs.length[which],
      width: pairs.width[which],
      height: pairs.height[which],
      volume: pairs.volume[which],
      capacity: pairs.capacity[which],
    });
    dimensions = { standard: side('standard'), metric: side('metric') };
  }
  return {
    name: f.name,
    type: f.type,
    uses_typical_dimensions: f.uses_typical_dimensions,
    compartments: f.basin?.compartments ?? null,
    dimensions,
    flow_rate: {
      one_minute: measurementPair('flow', f.one_minute_gpm),
      two_minute: measurementPair('flow', f.two_minute_gpm),
      dfu: f.dfu,
    },
  };
}
