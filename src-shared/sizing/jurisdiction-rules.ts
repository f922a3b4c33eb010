/**
 * A jurisdiction's sizing rules as DATA. The engine never branches on a jurisdiction's name:
 * every local difference is a field here, so a new jurisdiction is a new record, not new code.
 */
import { z } from 'zod';
import {
  DRAINAGE_PERIODS,
  IPC_FIXTURE_CAPACITY_CAP_FACTOR,
  PUMP_OUT,
  UPC_GRAVITY_RETENTION_MINUTES,
  type DrainagePeriod,
} from './tables';

export const SIZING_METHODS = [
  /** HGI: rated flow ≥ design flow, then grease capacity ≥ grease over the pump-out cycle (§1–3, §6). */
  'hydromechanical-by-flow',
  /** GGI: volume from the UPC DFU table (+ GPM × retention for fixtures with no DFU value) (§4). */
  'gravity-by-dfu',
  /** GGI: volume = meals per peak hour × waste flow × retention × storage factor (§5). */
  'gravity-by-meals',
  /** GGI, IPC style (Chicago and others): volume = peak GPM × retention minutes (§4). */
  'gravity-by-peak-flow',
] as const;
export type SizingMethod = (typeof SIZING_METHODS)[number];

export function isGravityMethod(method: SizingMethod): boolean {
  return method !== 'hydromechanical-by-flow';
}

/** "sum" adds fixture flows; "largest-100-50-25" is the manufacturer diversity rule (§1). */
export const FLOW_COMBINATIONS = ['sum', 'largest-100-50-25'] as const;
export type FlowCombination = (typeof FLOW_COMBINATIONS)[number];

/**
 * Which flow `sized_by` takes (service-api 2.3):
 * - "lower-of-pipe-and-fixtures": the lower of the non-zero pipe flow and the fixtures' flow for
 *   the drainage period (the normal case);
 * - "fixtures": the fixtures' flow; the pipe flow only when there are no fixtures;
 * - "pipe": the full-pipe flow, whatever the fixtures.
 */
export const SIZED_BY_BASES = ['lower-of-pipe-and-fixtures', 'fixtures', 'pipe'] as const;
export type SizedByBasis = (typeof SIZED_BY_BASES)[number];

export const ACCESSORY_KINDS = [
  'riser',
  'anchor-kit',
  'traffic-cover',
  'sampling-port',
  'flow-control',
  'flow-splitter',
] as const;
export type AccessoryKind = (typeof ACCESSORY_KINDS)[number];

export const jurisdictionRulesSchema = z
  .object({
    name: z.string().min(1),
    plumbing_code: z.string().min(1).nullable(),
    sizing_methods: z.object({ indoor: z.enum(SIZING_METHODS), outdoor: z.enum(SIZING_METHODS) }),
    fixture_flow_combination: z.enum(FLOW_COMBINATIONS),
    drainage_period: z.enum(DRAINAGE_PERIODS as [DrainagePeriod, ...DrainagePeriod[]]),
    sized_by_basis: z.enum(SIZED_BY_BASES),
    pump_out_days: z.object({
      min: z.number().int().min(1).max(PUMP_OUT.engine_max_days),
      max: z.number().int().min(1).max(366),
    }),
    /** Accessory kinds the jurisdiction always requires (e.g. an effluent sampling port). */
    required_accessories: z.array(z.enum(ACCESSORY_KINDS)),
    /** Total fixture capacity (gal) ≤ factor × rated GPM; null when the code sets no cap (§1). */
    fixture_capacity_cap_factor: z.number().positive().nullable(),
    /** Retention minutes for GPM-based gravity volumes (§4: the UPC table assumes 30). */
    gravity_retention_minutes: z.number().positive(),
    /** Most identical units the engine may combine when no single unit is enough (1 = never). */
    max_identical_units: z.number().int().min(1).max(10),
    /** True when local requirements prevent an accurate recommendation (service-api 2.3). */
    unique_local_requirements: z.object({ flagged: z.boolean(), reason: z.string().nullable() }),
  })
  .refine((r) => r.pump_out_days.min <= r.pump_out_days.max, {
    message: 'pump_out_days.min must not exceed pump_out_days.max',
    path: ['pump_out_days'],
  })
  .refine((r) => !r.unique_local_requirements.flagged || (r.unique_local_requirements.reason ?? '').length > 0, {
    message: 'a jurisdiction flagged with unique local requirements must give the reason',
    path: ['unique_local_requirements', 'reason'],
  });

export type JurisdictionRules = z.infer<typeof jurisdictionRulesSchema>;

/**
 * The rules used when no jurisdiction is known: the manufacturer method this tool mirrors (§6,
 * §7): size a hydromechanical interceptor by flow, then by grease, indoors AND outdoors (UPC
 * allows HGIs in both places and the catalog is mostly HGIs rated for outdoor burial). Fixture
 * flows are summed (the simple rule, §1), and `sized_by` uses two-minute drainage because the
 * service documents it as "normally the lower of the non-zero pipe and two_minute values".
 * Pump-out 30–90 days is the usual recommendation (§6). No cap, no required accessories.
 * Jurisdictions that want gravity units outdoors say so in their own rules (examples below).
 */
export const DEFAULT_JURISDICTION_RULES: JurisdictionRules = {
  name: 'Default (UPC, manufacturer method)',
  plumbing_code: 'UPC',
  sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'hydromechanical-by-flow' },
  fixture_flow_combination: 'sum',
  drainage_period: 'two-minute',
  sized_by_basis: 'lower-of-pipe-and-fixtures',
  pump_out_days: { min: PUMP_OUT.usual_days[0], max: PUMP_OUT.engine_max_days },
  required_accessories: [],
  fixture_capacity_cap_factor: null,
  gravity_retention_minutes: UPC_GRAVITY_RETENTION_MINUTES,
  max_identical_units: 4,
  unique_local_requirements: { flagged: false, reason: null },
};

/** Contrasting rule sets, for tests and as templates for real jurisdictions. */
export const EXAMPLE_JURISDICTION_RULES = {
  default: DEFAULT_JURISDICTION_RULES,
  /** UPC jurisdiction requiring a gravity interceptor sized by DFU outdoors (§4). */
  upcGravityOutdoors: {
    ...DEFAULT_JURISDICTION_RULES,
    name: 'UPC, gravity outdoors',
    sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'gravity-by-dfu' },
  },
  /** UPC appendix H: gravity by meals outdoors (§5). */
  upcMealsOutdoors: {
    ...DEFAULT_JURISDICTION_RULES,
    name: 'UPC appendix H, meals outdoors',
    sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'gravity-by-meals' },
  },
  /**
   * IPC style (Chicago and others): one-minute drainage, fixture capacity capped at 2.5 × rated
   * GPM, gravity volume = peak GPM × 30 min outdoors, sampling port required.
   */
  ipcStrict: {
    ...DEFAULT_JURISDICTION_RULES,
    name: 'IPC, strict',
    plumbing_code: 'IPC',
    sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'gravity-by-peak-flow' },
    drainage_period: 'one-minute',
    fixture_capacity_cap_factor: IPC_FIXTURE_CAPACITY_CAP_FACTOR,
    required_accessories: ['sampling-port'],
  },
  /** Manufacturer diversity rule (Watts, §1) with one-minute drainage. */
  diversityOneMinute: {
    ...DEFAULT_JURISDICTION_RULES,
    name: 'Diversity rule, one-minute',
    fixture_flow_combination: 'largest-100-50-25',
    drainage_period: 'one-minute',
  },
  /** A utility that wants a 90-day pump-out and sizes by fixtures only, single units only. */
  utility90Days: {
    ...DEFAULT_JURISDICTION_RULES,
    name: 'Utility, 90-day pump-out',
    sized_by_basis: 'fixtures',
    pump_out_days: { min: 90, max: 90 },
    max_identical_units: 1,
  },
  /** Local requirements the engine cannot model: recommend nothing, give the reason. */
  uniqueLocal: {
    ...DEFAULT_JURISDICTION_RULES,
    name: 'Unique local requirements',
    plumbing_code: null,
    unique_local_requirements: {
      flagged: true,
      reason: 'The city requires an engineered interceptor design reviewed by its pretreatment office.',
    },
  },
} satisfies Record<string, JurisdictionRules>;

/** The sizing method for where the interceptor is installed. */
export function sizingMethodFor(rules: JurisdictionRules, location: 'indoors' | 'outdoors'): SizingMethod {
  return location === 'indoors' ? rules.sizing_methods.indoor : rules.sizing_methods.outdoor;
}

/** Highest pump-out cycle the engine shows under these rules: the jurisdiction's max, at most 90 days. */
export function pumpOutCap(rules: JurisdictionRules): number {
  return Math.min(rules.pump_out_days.max, PUMP_OUT.engine_max_days);
}

/** Lowest pump-out cycle allowed (never above the cap, so the bounds are always consistent). */
export function pumpOutFloor(rules: JurisdictionRules): number {
  return Math.min(rules.pump_out_days.min, pumpOutCap(rules));
}
