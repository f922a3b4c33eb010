/**
 * A jurisdiction's sizing rules as DATA. The engine never branches on a jurisdiction's name:
 * every local difference is a field here, so a new jurisdiction is a new record, not new code.
 */
import { z } from 'zod';
import { localFormulaSchema } from './local-formula';
import {
  DRAINAGE_PERIODS,
  FIXTURE_KINDS,
  GRAVITY_GREASE_STORAGE_FRACTION,
  HGI_MIN_GREASE_LBS_PER_GPM,
  HGI_SIZE_LADDERS,
  PUMP_OUT,
  UPC_FIXTURE_CAPACITY_CAP_FACTOR,
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
  /** GGI: volume from the jurisdiction's own formula (`local_formulas.volume`, local-formula.ts). */
  'gravity-by-formula',
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
 * - "pipe": the pipe alone, whatever the fixtures;
 * - "formula": the jurisdiction's own flow formula (`local_formulas.flow`).
 * The pipe's figure is the interceptor size UPC Table 1014.2.1 gives for the pipe and the drainage
 * period, not the full-pipe flow (which stays in `flow_rate.pipe`).
 */
export const SIZED_BY_BASES = ['lower-of-pipe-and-fixtures', 'fixtures', 'pipe', 'formula'] as const;
export type SizedByBasis = (typeof SIZED_BY_BASES)[number];

export const ACCESSORY_KINDS = [
  'riser',
  'anchor-kit',
  'traffic-cover',
  'sampling-port',
  'flow-control',
  'flow-splitter',
  'solids-interceptor',
] as const;
export type AccessoryKind = (typeof ACCESSORY_KINDS)[number];

/** Each accessory kind as a rep and a plan reviewer call it (the one place: screen, report, notes). */
export const ACCESSORY_KIND_WORDS: Record<AccessoryKind, string> = {
  riser: 'Riser',
  'anchor-kit': 'Anchor kit',
  'traffic-cover': 'Traffic-rated cover',
  'sampling-port': 'Sampling port',
  'flow-control': 'Flow control',
  'flow-splitter': 'Flow splitter',
  'solids-interceptor': 'Solids interceptor',
};

/** The words of an accessory kind; a kind from elsewhere (the central service) with its dashes as spaces. */
export const accessoryKindWords = (kind: string): string =>
  ACCESSORY_KIND_WORDS[kind as AccessoryKind] ?? kind.charAt(0).toUpperCase() + kind.slice(1).replace(/-/g, ' ');

/**
 * What a jurisdiction does with a food-waste disposer upstream of the interceptor (UPC 1014.1.3:
 * none into a hydromechanical interceptor unless the authority permits; IPC 1003.3.2: a solids
 * interceptor first; some authorities ban them or send them to the sanitary drain):
 * allow; warn (sized with it, and said); exclude (it drains elsewhere: left out of the load);
 * solids-interceptor (a solids interceptor upstream joins the recommendation); refuse (nothing
 * is recommended while it is connected).
 */
export const DISPOSER_ACTIONS = ['allow', 'warn', 'exclude', 'solids-interceptor', 'refuse'] as const;
export type DisposerAction = (typeof DISPOSER_ACTIONS)[number];
/** Dishwashers (hot, detergent-laden discharge): the same choices but a solids interceptor. */
export const DISHWASHER_ACTIONS = ['allow', 'warn', 'exclude', 'refuse'] as const;
export type DishwasherAction = (typeof DISHWASHER_ACTIONS)[number];

/**
 * Where a rule set comes from, so every place a jurisdiction is shown can say it in plain words:
 * - authority: read from the authority's own published page or ordinance (the documents, each
 *   with its address, section and the date it was read);
 * - code-family: the authority's own rules were not read; the rules are its plumbing code's
 *   (UPC, IPC or a state code), with the sizing methods the jurisdiction states;
 * - default: no jurisdiction governs the address.
 */
export const RULES_SOURCE_STATUSES = ['authority', 'code-family', 'default'] as const;
export type RulesSourceStatus = (typeof RULES_SOURCE_STATUSES)[number];

export const rulesDocumentSchema = z
  .object({
    title: z.string().min(1),
    /** The document's address. */
    url: z.string().url(),
    /** The section, table or part of the page read. */
    section: z.string().min(1),
    /** The date it was read (YYYY-MM-DD). */
    read: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    /** How it was read (e.g. "read from the stored copy of <url>"). */
    read_from: z.string().min(1),
    /** What the document sets, in plain words. */
    sets: z.array(z.string().min(1)).min(1),
  })
  .strict();
export type RulesDocument = z.infer<typeof rulesDocumentSchema>;

export const rulesSourceSchema = z
  .object({
    status: z.enum(RULES_SOURCE_STATUSES),
    /** Who set the rules (the authority's name), null for code-family and default rules. */
    authority: z.string().nullable(),
    documents: z.array(rulesDocumentSchema),
    /** What the authority sets that was not read, or that the engine does not model (plain words). */
    not_read: z.array(z.string().min(1)),
  })
  .strict();
export type RulesSource = z.infer<typeof rulesSourceSchema>;

/** Rules stored or synced without a source: nobody read the authority's own rules. */
export const CODE_FAMILY_SOURCE: RulesSource = { status: 'code-family', authority: null, documents: [], not_read: [] };

const byInterceptor = <T extends z.ZodType>(action: T) => z.object({ hydromechanical: action, gravity: action }).strict();

const nullableGal = z.number().positive().finite().nullable();

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
    /** Total fixture capacity (gal) ≤ factor × rated GPM (UPC 1014.2.1: 2.5); null where the code sets no cap. */
    fixture_capacity_cap_factor: z.number().positive().nullable(),
    /** Retention minutes for GPM-based gravity volumes (§4: the UPC table assumes 30). */
    gravity_retention_minutes: z.number().positive(),
    /** Most identical units the engine may combine when no single unit is enough (1 = never). */
    max_identical_units: z.number().int().min(1).max(10),
    /** True when local requirements prevent an accurate recommendation (service-api 2.3). */
    unique_local_requirements: z.object({ flagged: z.boolean(), reason: z.string().nullable() }),

    // Rules added by issue 12. Each has a default, so rule sets stored or synced before it still
    // read; the defaults are the UPC / PDI practice the default rule set follows.
    /** Standard HGI sizes a design flow is rounded up to: PDI/ASME, or IPC Table 1003.3.5.1. */
    hgi_size_ladder: z.enum(HGI_SIZE_LADDERS).default('pdi'),
    /** Grease an HGI rating must hold per GPM (PDI-G101, ASME A112.14.3, IPC 1003.3.5.1: 2); null: no rule. */
    hgi_min_grease_lbs_per_gpm: z.number().positive().nullable().default(HGI_MIN_GREASE_LBS_PER_GPM),
    /** Local DFU values by fixture kind, replacing the UPC values (Wichita, Austin …). */
    dfu_table: z.partialRecord(z.enum(FIXTURE_KINDS), z.number().min(0).max(100)).default({}),
    /** Fixture kinds the jurisdiction exempts (not plumbed to the interceptor), with the reason. */
    excluded_fixtures: z.array(z.object({ kind: z.enum(FIXTURE_KINDS), reason: z.string().min(1) }).strict()).default([]),
    food_waste_disposer: byInterceptor(z.enum(DISPOSER_ACTIONS)).default({ hydromechanical: 'warn', gravity: 'allow' }),
    dishwasher: byInterceptor(z.enum(DISHWASHER_ACTIONS)).default({ hydromechanical: 'warn', gravity: 'allow' }),
    /**
     * The "25 % rule": grease and solids may not exceed this share of the unit's liquid capacity,
     * for hydromechanical and gravity units alike; the pump-out cycle follows it. Null: the rated
     * grease capacity decides (a gravity unit without a rating still stores 25 %).
     */
    pump_out_accumulation_limit: z.number().positive().max(1).nullable().default(null),
    /** Overrides of the UPC Appendix H factors (null: the published factor). */
    meals: z
      .object({ waste_flow_gal: nullableGal, retention_hours: nullableGal, storage_factor: nullableGal })
      .strict()
      .default({ waste_flow_gal: null, retention_hours: null, storage_factor: null }),
    /** Smallest and largest volume of each gravity unit (Claremont NC: 750 / 1,500 gal; Gwinnett County: 1,500 / 1,500); the smallest also raises the required volume. */
    gravity_unit_volume_gal: z.object({ min: nullableGal, max: nullableGal }).strict().default({ min: null, max: null }),
    /** Most gravity units in series; null: `max_identical_units`. */
    max_units_in_series: z.number().int().min(1).max(10).nullable().default(null),
    /** Compartments a gravity interceptor needs from a volume up (Phoenix: 2 from 500 gal, 3 from 750). */
    required_compartments: z
      .array(z.object({ from_volume_gal: z.number().min(0), compartments: z.number().int().min(1).max(6) }).strict())
      .default([]),
    /** The jurisdiction's own formulas (local-formula.ts): a volume for `gravity-by-formula`, a flow for `sized_by_basis: formula`. */
    local_formulas: z
      .object({ volume: localFormulaSchema.nullable(), flow: localFormulaSchema.nullable() })
      .strict()
      .default({ volume: null, flow: null }),

    // Rules added by issue 29 (each with a default, so older rule sets still read).
    /** Where the rules come from (authority, code family or default), with the documents read. */
    source: rulesSourceSchema.default(CODE_FAMILY_SOURCE),
    /**
     * When a hydromechanical interceptor may be used at all (Pima County Code 13.36.420: four or
     * fewer fixtures, and neither a dishwasher nor a food waste disposal unit); past these the
     * `otherwise` gravity method sizes the interceptor. Null: no such limit.
     */
    hydromechanical_limits: z
      .object({
        max_fixtures: z.number().int().min(1).nullable(),
        not_with: z.array(z.enum(FIXTURE_KINDS)),
        otherwise: z.enum(SIZING_METHODS),
        source: z.string().min(1),
      })
      .strict()
      .nullable()
      .default(null),
    /** Smallest hydromechanical rating accepted (Pima County: 25 GPM with 50 lb of grease); null: none. */
    hgi_min_rating: z.object({ flow_gpm: z.number().positive(), grease_lbs: z.number().min(0) }).strict().nullable().default(null),
    /**
     * A shorter longest pump-out interval for one kind of interceptor (Spokane SMC 13.03.0508:
     * hydromechanical interceptors at least every 30 days, gravity ones every 90; Pima County Code
     * 13.36.420 A: hydromechanical ones monthly); null: `pump_out_days.max` applies.
     */
    pump_out_max_days_by_kind: z
      .object({ hydromechanical: z.number().int().min(1).max(366).nullable(), gravity: z.number().int().min(1).max(366).nullable() })
      .strict()
      .default({ hydromechanical: null, gravity: null }),
    /** Accessories required only from a total liquid capacity up (Portland ENB-4.26: a sampling point from 500 gal). */
    required_accessories_from_volume: z
      .array(z.object({ kind: z.enum(ACCESSORY_KINDS), from_volume_gal: z.number().min(0) }).strict())
      .default([]),
  })
  .refine((r) => r.pump_out_days.min <= r.pump_out_days.max, {
    message: 'pump_out_days.min must not exceed pump_out_days.max',
    path: ['pump_out_days'],
  })
  .refine((r) => !r.unique_local_requirements.flagged || (r.unique_local_requirements.reason ?? '').length > 0, {
    message: 'a jurisdiction flagged with unique local requirements must give the reason',
    path: ['unique_local_requirements', 'reason'],
  })
  .refine((r) => (r.sizing_methods.indoor !== 'gravity-by-formula' && r.sizing_methods.outdoor !== 'gravity-by-formula') || r.local_formulas.volume !== null, {
    message: 'the gravity-by-formula method needs local_formulas.volume',
    path: ['local_formulas', 'volume'],
  })
  .refine((r) => r.sized_by_basis !== 'formula' || r.local_formulas.flow !== null, {
    message: 'sized_by_basis "formula" needs local_formulas.flow',
    path: ['local_formulas', 'flow'],
  })
  .refine((r) => r.gravity_unit_volume_gal.min === null || r.gravity_unit_volume_gal.max === null || r.gravity_unit_volume_gal.min <= r.gravity_unit_volume_gal.max, {
    message: 'gravity_unit_volume_gal.min must not exceed max',
    path: ['gravity_unit_volume_gal'],
  });

export type JurisdictionRules = z.infer<typeof jurisdictionRulesSchema>;

/**
 * The rules used when no jurisdiction is known: the manufacturer method this tool mirrors (§6,
 * §7) under the UPC: size a hydromechanical interceptor by flow, then by grease, indoors AND
 * outdoors (UPC allows HGIs in both places and the catalog is mostly HGIs rated for outdoor
 * burial). Fixture flows are summed (the simple rule, §1).
 *
 * Drainage period: TWO minutes, the service spec's normal design flow (service-api §2.3: `sized_by`
 * is "normally the lower of the non-zero pipe and two_minute values"), which projects from the
 * central service are sized by; UPC Table 1014.2.1 has a two-minute column. PDI-G101 calls one
 * minute good practice and two minutes acceptable "where conditions permit" (Mount Holly NC's
 * indoor grease trap rules, codelibrary.amlegal.com/codes/mthollync): an authority that requires
 * one minute says so in its own rules.
 *
 * UPC rules apply: the 2.5 × rated GPM cap on connected fixture capacity (UPC 1014.2.1), the PDI
 * size ladder, 2 lb of grease per rated GPM (PDI-G101 / ASME A112.14.3), and UPC 1014.1.3 for
 * hydromechanical units: no disposer or dishwasher "unless specifically permitted by the
 * authority" (warn: the rep must get that permission). Pump-out 30–90 days (§6).
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
  fixture_capacity_cap_factor: UPC_FIXTURE_CAPACITY_CAP_FACTOR,
  gravity_retention_minutes: UPC_GRAVITY_RETENTION_MINUTES,
  max_identical_units: 4,
  unique_local_requirements: { flagged: false, reason: null },
  hgi_size_ladder: 'pdi',
  hgi_min_grease_lbs_per_gpm: HGI_MIN_GREASE_LBS_PER_GPM,
  dfu_table: {},
  excluded_fixtures: [],
  food_waste_disposer: { hydromechanical: 'warn', gravity: 'allow' },
  dishwasher: { hydromechanical: 'warn', gravity: 'allow' },
  pump_out_accumulation_limit: null,
  meals: { waste_flow_gal: null, retention_hours: null, storage_factor: null },
  gravity_unit_volume_gal: { min: null, max: null },
  max_units_in_series: null,
  required_compartments: [],
  local_formulas: { volume: null, flow: null },
  source: { status: 'default', authority: null, documents: [], not_read: [] },
  hydromechanical_limits: null,
  hgi_min_rating: null,
  pump_out_max_days_by_kind: { hydromechanical: null, gravity: null },
  required_accessories_from_volume: [],
};

/** IPC rule sets: IPC ladder, no 2.5 × cap (a UPC rule), a solids interceptor ahead of a disposer (IPC 1003.3.2). */
const IPC_BASE: JurisdictionRules = {
  ...DEFAULT_JURISDICTION_RULES,
  plumbing_code: 'IPC',
  hgi_size_ladder: 'ipc',
  fixture_capacity_cap_factor: null,
  food_waste_disposer: { hydromechanical: 'solids-interceptor', gravity: 'solids-interceptor' },
  dishwasher: { hydromechanical: 'allow', gravity: 'allow' },
};

/** Contrasting rule sets, for tests and as templates for real jurisdictions. */
export const EXAMPLE_JURISDICTION_RULES = {
  default: DEFAULT_JURISDICTION_RULES,
  /** The UPC with two-minute drainage (UPC Table 1014.2.1 has both columns). */
  upcTwoMinute: { ...DEFAULT_JURISDICTION_RULES, name: 'UPC, two-minute drainage', drainage_period: 'two-minute' },
  /** An authority that requires one-minute drainage (PDI-G101's "good practice"). */
  upcOneMinute: { ...DEFAULT_JURISDICTION_RULES, name: 'UPC, one-minute drainage', drainage_period: 'one-minute' },
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
   * IPC style (Chicago and others): one-minute drainage, gravity volume = peak GPM × 30 min
   * outdoors (Chicago 18-29-1003.3.7), sampling port required.
   */
  ipcStrict: {
    ...IPC_BASE,
    name: 'IPC, strict',
    sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'gravity-by-peak-flow' },
    drainage_period: 'one-minute',
    required_accessories: ['sampling-port'],
  },
  /** Manufacturer diversity rule (Watts, §1) with one-minute drainage, no cap. */
  diversityOneMinute: {
    ...DEFAULT_JURISDICTION_RULES,
    name: 'Diversity rule, one-minute',
    fixture_flow_combination: 'largest-100-50-25',
    drainage_period: 'one-minute',
    fixture_capacity_cap_factor: null,
  },
  /** A utility that wants a 90-day pump-out and sizes by fixtures only, single units only. */
  utility90Days: {
    ...DEFAULT_JURISDICTION_RULES,
    name: 'Utility, 90-day pump-out',
    sized_by_basis: 'fixtures',
    pump_out_days: { min: 90, max: 90 },
    max_identical_units: 1,
  },
  /**
   * Austin Water's grease trap sizing criteria (austintexas.gov, "Grease trap sizing criteria"):
   * fixture units from its own table (hand sinks 0: they need not be plumbed to the trap), flow
   * rating = FU × 3 GPM, liquid capacity = flow rating × 12 minutes; garbage grinders prohibited.
   */
  austin: {
    ...DEFAULT_JURISDICTION_RULES,
    name: 'Austin Water grease trap criteria',
    sizing_methods: { indoor: 'gravity-by-formula', outdoor: 'gravity-by-formula' },
    dfu_table: { 'three-compartment-sink': 4, 'two-compartment-sink': 2, dishwasher: 4, 'wok-station': 4, 'hand-sink': 0, 'mop-sink': 3, 'floor-drain': 2, 'floor-sink': 3 },
    excluded_fixtures: [{ kind: 'hand-sink', reason: 'Austin Water: hand sinks are not required to be plumbed to the grease trap.' }],
    food_waste_disposer: { hydromechanical: 'refuse', gravity: 'refuse' },
    local_formulas: {
      volume: {
        name: 'Austin Water grease trap liquid capacity',
        source: 'Austin Water, Grease trap sizing criteria: flow rating = FU × 3 GPM; capacity = flow rating × 12 min',
        factors: [{ input: 'dfu' }, { constant: 3, label: 'GPM per fixture unit', unit: 'GPM/FU' }, { constant: 12, label: 'retention', unit: 'min' }],
      },
      flow: null,
    },
  },
  /**
   * Gainesville Regional Utilities' formula (GRU "Grease interceptor, grease trap and oil/water
   * sizing criteria"): GI = SC × FF × RT × SF with RT 2.5 h, SF 1.5 and the flow factor by
   * kitchen; grease traps rated GT = CS × 0.4 GPM.
   */
  gainesville: {
    ...DEFAULT_JURISDICTION_RULES,
    name: 'Gainesville Regional Utilities',
    sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'gravity-by-formula' },
    sized_by_basis: 'formula',
    fixture_capacity_cap_factor: null,
    local_formulas: {
      volume: {
        name: 'GRU grease interceptor volume',
        source: 'GRU sizing criteria: GI = SC × FF × RT × SF, RT = 2.5 h, SF = 1.5',
        factors: [
          { input: 'seats' },
          {
            label: 'flow factor',
            unit: 'gal/meal-h',
            choose: [
              { when: { fryer: true, dishwasher: true }, value: 3.0 },
              { when: { fryer: false, dishwasher: true }, value: 2.5 },
              { when: { fryer: true, flatware: false }, value: 2.5 },
              { when: { fryer: false, flatware: true, dishwasher: false }, value: 2.0 },
              { when: { fryer: false, flatware: false }, value: 1.5 },
            ],
            otherwise: 3.0,
          },
          { constant: 2.5, label: 'retention time', unit: 'h' },
          { constant: 1.5, label: 'storage factor', unit: '' },
        ],
      },
      flow: {
        name: 'GRU grease trap rating',
        source: 'GRU sizing criteria: GT = CS × 0.4 (CS: capacity in gallons of the fixtures discharged to the trap)',
        factors: [{ input: 'fixture_capacity_gal' }, { constant: 0.4, label: 'GPM per gallon of fixture capacity', unit: 'GPM/gal' }],
      },
    },
  },
  /**
   * Claremont NC §5-1-67.3: at least 750 gal, at most 1,500 gal per unit, larger volumes as
   * 1,500 gal units in series; 24 minutes of retention at peak flow.
   */
  claremont: {
    ...IPC_BASE,
    name: 'Claremont NC',
    sizing_methods: { indoor: 'gravity-by-peak-flow', outdoor: 'gravity-by-peak-flow' },
    gravity_retention_minutes: 24,
    gravity_unit_volume_gal: { min: 750, max: 1500 },
    max_units_in_series: 4,
  },
  /**
   * City of Phoenix grease interceptor sizing as read for issue 12 (phoenix.gov, "Grease trap
   * sizing calculations"; its address and the date read were not recorded, and no stored copy
   * was found again on 2026-11-26, so these rules are an example of rules as data and are not
   * applied to the City of Phoenix): 3 GPM per fixture unit × 12 min (17 with a disposer and no
   * solids interceptor), at least 500 gal with 2 compartments, 3 compartments from 750 gal.
   */
  phoenix: {
    ...DEFAULT_JURISDICTION_RULES,
    name: 'City of Phoenix (as read for issue 12)',
    sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'gravity-by-formula' },
    gravity_unit_volume_gal: { min: 500, max: null },
    required_compartments: [
      { from_volume_gal: 500, compartments: 2 },
      { from_volume_gal: 750, compartments: 3 },
    ],
    local_formulas: {
      volume: {
        name: 'City of Phoenix grease interceptor volume',
        source: 'City of Phoenix, Grease interceptor sizing calculations: 3 GPM per fixture unit × minimum retention time',
        factors: [
          { input: 'dfu' },
          { constant: 3, label: 'GPM per fixture unit', unit: 'GPM/FU' },
          { label: 'retention time', unit: 'min', choose: [{ when: { food_waste_disposer: true }, value: 17 }], otherwise: 12 },
        ],
      },
      flow: null,
    },
  },
  /**
   * Wichita Code 16.24.040 as read for issue 12 (wichita-ks.elaws.us; the date read was not
   * recorded and no stored copy was found again on 2026-11-26, so not applied to the City of
   * Wichita): the city's DFU per fixture (Table 1; Table 2 by drain size: 1½ in → 3), then the UPC
   * DFU table for the volume.
   */
  wichita: {
    ...DEFAULT_JURISDICTION_RULES,
    name: 'Wichita Code 16.24.040 (as read for issue 12)',
    sizing_methods: { indoor: 'hydromechanical-by-flow', outdoor: 'gravity-by-dfu' },
    dfu_table: {
      dishwasher: 6,
      'floor-drain': 3,
      'hand-sink': 1,
      'mop-sink': 3,
      'two-compartment-sink': 2,
      'three-compartment-sink': 4,
      'pre-rinse-sprayer': 4,
      'food-waste-disposer': 6,
      'wok-station': 4,
      'one-compartment-sink': 3,
      'prep-sink': 3,
    },
  },
  /** Boise City Code as read for issue 12 (not found again on 2026-11-26): "No waste from a food waste grinder shall be discharged into or through a grease interceptor." */
  boise: {
    ...DEFAULT_JURISDICTION_RULES,
    name: 'Boise City Code (as read for issue 12)',
    food_waste_disposer: { hydromechanical: 'exclude', gravity: 'exclude' },
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

/** Most units of one kind the rules allow: parallel hydromechanical units, or gravity tanks in series. */
export function maxUnits(rules: JurisdictionRules, kind: 'hydromechanical' | 'gravity'): number {
  return kind === 'gravity' ? (rules.max_units_in_series ?? rules.max_identical_units) : rules.max_identical_units;
}

/** Share of a gravity unit's liquid capacity taken as grease storage when it has no grease rating. */
export function gravityStorageFraction(rules: JurisdictionRules): number {
  return rules.pump_out_accumulation_limit ?? GRAVITY_GREASE_STORAGE_FRACTION;
}

/** The sizing method for where the interceptor is installed. */
export function sizingMethodFor(rules: JurisdictionRules, location: 'indoors' | 'outdoors'): SizingMethod {
  return location === 'indoors' ? rules.sizing_methods.indoor : rules.sizing_methods.outdoor;
}

/**
 * The rules as they bind one kind of interceptor: its own longest pump-out interval where the
 * jurisdiction sets one (`pump_out_max_days_by_kind`), the shortest lowered to it if need be.
 */
export function rulesForKind(rules: JurisdictionRules, kind: 'hydromechanical' | 'gravity'): JurisdictionRules {
  const max = rules.pump_out_max_days_by_kind[kind];
  if (max === null || max >= rules.pump_out_days.max) return rules;
  return { ...rules, pump_out_days: { min: Math.min(rules.pump_out_days.min, max), max } };
}

/** Highest pump-out cycle the engine shows under these rules: the jurisdiction's max, at most 90 days. */
export function pumpOutCap(rules: JurisdictionRules): number {
  return Math.min(rules.pump_out_days.max, PUMP_OUT.engine_max_days);
}

/** Lowest pump-out cycle allowed (never above the cap, so the bounds are always consistent). */
export function pumpOutFloor(rules: JurisdictionRules): number {
  return Math.min(rules.pump_out_days.min, pumpOutCap(rules));
}
