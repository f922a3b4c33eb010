/**
 * Every table of research/sizing-methods.md as data, plus the engine's typical-fixture and
 * menu-type libraries. Code reads these tables; it never repeats their numbers. Jurisdictions
 * change tables, so a table is replaced here (or overridden through jurisdiction rules), never
 * patched in code. "§n" refers to the section of sizing-methods.md a figure comes from.
 */

// ---------------------------------------------------------------------------------------------
// §1 Fixture drainage
// ---------------------------------------------------------------------------------------------

/** Fixtures are never drained completely full: drainage load = volume × 0.75 (§1). */
export const FIXTURE_LOAD_FACTOR = 0.75;

/** Minutes over which the drainage load is spread, per drainage period (§1). */
export const DRAINAGE_PERIOD_MINUTES = { 'one-minute': 1, 'two-minute': 2 } as const;
export type DrainagePeriod = keyof typeof DRAINAGE_PERIOD_MINUTES;
export const DRAINAGE_PERIODS = Object.keys(DRAINAGE_PERIOD_MINUTES) as DrainagePeriod[];

/**
 * The manufacturer (Watts) diversity rule (§1): 100 % of the largest fixture flow, 50 % of the
 * second, 25 % of every other. Index = rank of the flow (0 = largest); the last weight repeats.
 */
export const DIVERSITY_WEIGHTS = [1, 0.5, 0.25] as const;

/**
 * UPC 1014.2.1: "the total capacity in gallons of fixtures discharging into a hydromechanical
 * grease interceptor shall not exceed two and one-half times the certified GPM flow rate of the
 * interceptor" (the same rule as 1994 UPC 1011 / Table 10-2, quoted on the City of Phoenix's
 * grease trap sizing page). A UPC rule: the UPC rule sets apply it, IPC ones do not.
 */
export const UPC_FIXTURE_CAPACITY_CAP_FACTOR = 2.5;

/**
 * ¾ in hose bib flow range (§1; the same 1.5–2.0 GPM per ¾ in faucet in Drain-net's published
 * sizing steps, drain-net.com/resources-and-more). Floor drains and floor sinks take the flow of
 * the hose bib that washes into them: the upper end, so the design flow is never under-counted.
 */
export const HOSE_BIB_GPM = { low: 1.5, high: 2.0 } as const;

// ---------------------------------------------------------------------------------------------
// §2 Pipe size → flow (UPC chapter 10, ¼ in/ft slope, n = 0.012)
// ---------------------------------------------------------------------------------------------

export interface PipeSizeRow {
  pipe_in: number;
  full_flow_gpm: number;
  hgi_one_minute_gpm: number;
  hgi_two_minute_gpm: number;
}

export const PIPE_SIZE_TABLE: readonly PipeSizeRow[] = [
  { pipe_in: 2, full_flow_gpm: 20, hgi_one_minute_gpm: 20, hgi_two_minute_gpm: 10 },
  { pipe_in: 3, full_flow_gpm: 60, hgi_one_minute_gpm: 75, hgi_two_minute_gpm: 35 },
  { pipe_in: 4, full_flow_gpm: 125, hgi_one_minute_gpm: 150, hgi_two_minute_gpm: 75 },
  { pipe_in: 5, full_flow_gpm: 230, hgi_one_minute_gpm: 250, hgi_two_minute_gpm: 125 },
  { pipe_in: 6, full_flow_gpm: 375, hgi_one_minute_gpm: 500, hgi_two_minute_gpm: 250 },
];

/** The project's pipe size when none is entered (§2, service-api 2.3). */
export const DEFAULT_PIPE_SIZE_IN = 4;

/**
 * UPC Table 703.2, "Maximum unit loading … drainage piping, horizontal": the most DFU a
 * horizontal drain of each size may carry. UPC 1014.3.6 sizes a gravity interceptor by this figure
 * for the inlet pipe when the fixtures are not known. Values to 4 in as King County quotes the
 * table (kingcounty.gov, "Drainage and venting fixture unit values"); 5, 6 and 8 in from the same
 * table, and they are the rows of Table 1014.3.6 (428, 720, 2,640 DFU), whose footnote 2 says the
 * volumes are based on Table 703.2.
 */
export const UPC_HORIZONTAL_DRAIN_MAX_DFU: readonly { pipe_in: number; max_dfu: number }[] = [
  { pipe_in: 2, max_dfu: 8 },
  { pipe_in: 3, max_dfu: 35 },
  { pipe_in: 4, max_dfu: 216 },
  { pipe_in: 5, max_dfu: 428 },
  { pipe_in: 6, max_dfu: 720 },
  { pipe_in: 8, max_dfu: 2640 },
];

/** Every pipe size a project may name: the rows of Table 1014.2.1 and of Table 703.2. */
export const PIPE_SIZES_IN: readonly number[] = [...new Set([...PIPE_SIZE_TABLE.map((r) => r.pipe_in), ...UPC_HORIZONTAL_DRAIN_MAX_DFU.map((r) => r.pipe_in)])].sort(
  (a, b) => a - b,
);

/**
 * The footnote of UPC Table 1014.2.1: full-pipe flows at ¼ in per foot by Manning's formula with
 * n = 0.012. Only used for a pipe the table does not list (8 in): `flow_rate.pipe` still shows a
 * full-pipe flow, worked out on the table's stated basis; no interceptor size is read from it.
 */
export const UPC_PIPE_FLOW_BASIS = { slope_in_per_ft: 0.25, manning_n: 0.012 } as const;

// ---------------------------------------------------------------------------------------------
// §3 Hydromechanical interceptor (HGI) ratings
// ---------------------------------------------------------------------------------------------

/** PDI-G101 / ASME A112.14.3: at least 2 lb grease retained per GPM of rated flow (§3). */
export const HGI_MIN_GREASE_LBS_PER_GPM = 2;
/** … and 90 % average separation efficiency (§3). */
export const HGI_MIN_AVERAGE_EFFICIENCY = 0.9;

export interface StandardHgiSize {
  flow_gpm: number;
  min_grease_lbs: number;
  /** Who lists the size: the PDI/ASME series, IPC Table 1003.3.5.1, or UPC Table 1014.2.1 (> 100 GPM). */
  source: 'PDI' | 'IPC' | 'UPC';
}

/**
 * Standard HGI sizes, ascending (§3). PDI-G101 / ASME A112.14.3 rate 4, 7, 10, 15, 20, 25, 35, 50,
 * 75 and 100 GPM; IPC Table 1003.3.5.1 lists the same and adds 6, 9, 12, 14 and 18 GPM, each with
 * 2 lb of grease per GPM. Above 100 GPM: the interceptor sizes UPC Table 1014.2.1 lists (125, 150,
 * 250 and 500 GPM), with the grease capacity of IPC Table 1003.3.5.1 footnote a ("for total
 * flow-through ratings greater than 100 gpm, double the flow-through rate", everett.wa.gov copy).
 */
export const STANDARD_HGI_SIZES: readonly StandardHgiSize[] = [
  { flow_gpm: 4, min_grease_lbs: 8, source: 'PDI' },
  { flow_gpm: 6, min_grease_lbs: 12, source: 'IPC' },
  { flow_gpm: 7, min_grease_lbs: 14, source: 'PDI' },
  { flow_gpm: 9, min_grease_lbs: 18, source: 'IPC' },
  { flow_gpm: 10, min_grease_lbs: 20, source: 'PDI' },
  { flow_gpm: 12, min_grease_lbs: 24, source: 'IPC' },
  { flow_gpm: 14, min_grease_lbs: 28, source: 'IPC' },
  { flow_gpm: 15, min_grease_lbs: 30, source: 'PDI' },
  { flow_gpm: 18, min_grease_lbs: 36, source: 'IPC' },
  { flow_gpm: 20, min_grease_lbs: 40, source: 'PDI' },
  { flow_gpm: 25, min_grease_lbs: 50, source: 'PDI' },
  { flow_gpm: 35, min_grease_lbs: 70, source: 'PDI' },
  { flow_gpm: 50, min_grease_lbs: 100, source: 'PDI' },
  { flow_gpm: 75, min_grease_lbs: 150, source: 'PDI' },
  { flow_gpm: 100, min_grease_lbs: 200, source: 'PDI' },
  { flow_gpm: 125, min_grease_lbs: 250, source: 'UPC' },
  { flow_gpm: 150, min_grease_lbs: 300, source: 'UPC' },
  { flow_gpm: 250, min_grease_lbs: 500, source: 'UPC' },
  { flow_gpm: 500, min_grease_lbs: 1000, source: 'UPC' },
];

/** The size ladders a jurisdiction's code uses: PDI/ASME (and the larger UPC sizes), or IPC's. */
export const HGI_SIZE_LADDERS = ['pdi', 'ipc'] as const;
export type HgiSizeLadder = (typeof HGI_SIZE_LADDERS)[number];

export function hgiLadderSizes(ladder: HgiSizeLadder): number[] {
  return STANDARD_HGI_SIZES.filter((s) => ladder === 'ipc' || s.source !== 'IPC').map((s) => s.flow_gpm);
}

// ---------------------------------------------------------------------------------------------
// §4 Gravity interceptors (GGI) by drainage fixture units (UPC table 1014.3.6)
// ---------------------------------------------------------------------------------------------

export interface DfuVolumeRow {
  max_dfu: number;
  volume_gal: number;
}

/** "DFU up to" → interceptor volume. Beyond the last row the table gives no answer. */
export const UPC_GGI_DFU_TABLE: readonly DfuVolumeRow[] = [
  { max_dfu: 8, volume_gal: 500 },
  { max_dfu: 21, volume_gal: 750 },
  { max_dfu: 35, volume_gal: 1000 },
  { max_dfu: 90, volume_gal: 1250 },
  { max_dfu: 172, volume_gal: 1500 },
  { max_dfu: 216, volume_gal: 2000 },
  { max_dfu: 307, volume_gal: 2500 },
  { max_dfu: 342, volume_gal: 3000 },
  { max_dfu: 428, volume_gal: 4000 },
  { max_dfu: 576, volume_gal: 5000 },
  { max_dfu: 720, volume_gal: 7500 },
  { max_dfu: 2112, volume_gal: 10000 },
  { max_dfu: 2640, volume_gal: 15000 },
];

/** The largest volume Table 1014.3.6 lists: beyond it the code gives no size (an engineered design). */
export const UPC_GGI_MAX_TABULATED_GAL = 15000;

/** The DFU table assumes 30 minutes of retention; fixtures with no DFU value add GPM × 30 (§4). */
export const UPC_GRAVITY_RETENTION_MINUTES = 30;

/** UPC DFU values used in kitchens (§4). */
export const UPC_DFU = {
  floor_drain: 2,
  mop_or_service_sink: 3,
  commercial_sink: 3,
  commercial_food_waste_disposer: 3,
  special_purpose_sink_1_5_in: 3,
  special_purpose_sink_2_in: 4,
  special_purpose_sink_3_in: 6,
  lavatory_or_hand_sink: 1,
  domestic_dishwasher: 2,
} as const;

// ---------------------------------------------------------------------------------------------
// §5 Gravity interceptors by meals (UPC appendix H)
// ---------------------------------------------------------------------------------------------

export type KitchenService = 'commercial' | 'single-service';

/**
 * Meal factors (meals per seat in the peak hour) by kind of service, as the UPC Appendix H
 * worksheets publish them with the average time per meal: fast food / cafeteria 1.33 (45 min),
 * restaurant 1.00 (60 min), leisure dining 0.67 (90 min), dinner club 0.50 (120 min)
 * (jerrysplumbingheating.com "Uniform Plumbing Code method"; the same four factors head the
 * "Grease Interceptor Sizing Worksheet, the Uniform Plumbing Code Formula").
 */
export const MEAL_SERVICE_TYPES = ['fast-food', 'restaurant', 'leisure-dining', 'dinner-club'] as const;
export type MealServiceType = (typeof MEAL_SERVICE_TYPES)[number];
export const MEAL_FACTORS: Record<MealServiceType, { factor: number; minutes_per_meal: number; label: string }> = {
  'fast-food': { factor: 1.33, minutes_per_meal: 45, label: 'Fast food / cafeteria' },
  restaurant: { factor: 1.0, minutes_per_meal: 60, label: 'Restaurant' },
  'leisure-dining': { factor: 0.67, minutes_per_meal: 90, label: 'Leisure dining' },
  'dinner-club': { factor: 0.5, minutes_per_meal: 120, label: 'Dinner club' },
};

export const MEALS_METHOD = {
  /** Meals per peak hour = seats × peak factor (the two factors of §5; MEAL_FACTORS has all four). */
  peak_factor: { fast_food: MEAL_FACTORS['fast-food'].factor, other: MEAL_FACTORS.restaurant.factor },
  /** Waste flow per meal (gal). */
  waste_flow_gal: { with_dishwasher: 6, without_dishwasher: 5, single_service: 2, food_waste_disposer_extra: 1 },
  /** Retention time (h). */
  retention_hours: { commercial: 2.5, 'single-service': 1.5 } satisfies Record<KitchenService, number>,
  /** Storage factor: commercial kitchens by hours of operation ("up to"), single-service flat. */
  storage_factor_commercial: [
    { max_hours: 8, factor: 1 },
    { max_hours: 16, factor: 2 },
    { max_hours: 24, factor: 3 },
  ],
  storage_factor_single_service: 1.5,
} as const;

// ---------------------------------------------------------------------------------------------
// §6 Grease production
// ---------------------------------------------------------------------------------------------

export const MENU_TIERS = ['low', 'medium', 'high', 'very-high'] as const;
export type MenuTier = (typeof MENU_TIERS)[number];
/** Each tier as the screens and the report name it. */
export const MENU_TIER_LABELS: Record<MenuTier, string> = { low: 'Low grease', medium: 'Medium grease', high: 'High grease', 'very-high': 'Very high grease' };

export interface GreaseCoefficients {
  no_fryer: { no_flatware: number; flatware: number };
  fryer: { no_flatware: number; flatware: number };
}

/**
 * Grease per meal (lb), four-tier calculator table (§6). How the four numbers of each tier are
 * read: (no fryer, no flatware) / (no fryer, flatware) / (fryer, no flatware) / (fryer, flatware).
 * Evidence from the same section:
 *  - the simple model gives low 0.005 without flatware and 0.0065 with (flatware ≈ × 1.3): the
 *    first two numbers .005/.007 are "low" without/with flatware (.0065 shown as .007);
 *  - "a fryer moves a menu to the next tier": low's last two numbers .025/.033 are medium's
 *    first two (medium 0.025 / 0.0325), and medium's last two .035/.046 are high's first two;
 *  - high has no tier above it in the simple model, so high with a fryer stays .035/.046;
 *  - very high without a fryer equals high; with a fryer .058/.075 keeps the × 1.3 flatware ratio.
 * test/sizing/tables.test.ts checks this reading against the simple model.
 */
export const GREASE_PER_MEAL_LBS: Record<MenuTier, GreaseCoefficients> = {
  low: { no_fryer: { no_flatware: 0.005, flatware: 0.007 }, fryer: { no_flatware: 0.025, flatware: 0.033 } },
  medium: { no_fryer: { no_flatware: 0.025, flatware: 0.033 }, fryer: { no_flatware: 0.035, flatware: 0.046 } },
  high: { no_fryer: { no_flatware: 0.035, flatware: 0.046 }, fryer: { no_flatware: 0.035, flatware: 0.046 } },
  'very-high': { no_fryer: { no_flatware: 0.035, flatware: 0.046 }, fryer: { no_flatware: 0.058, flatware: 0.075 } },
};

/** The simple three-tier model of §6 (no fryer), kept to check the four-tier reading above. */
export const SIMPLE_GREASE_PER_MEAL_LBS = {
  low: { no_flatware: 0.005, flatware: 0.0065 },
  medium: { no_flatware: 0.025, flatware: 0.0325 },
  high: { no_flatware: 0.035, flatware: 0.0455 },
} as const;
export const FLATWARE_GREASE_FACTOR = 1.3;

/** Grease density, inferred from manufacturer data: 70 lb = 9.59 gal; 1,895 lb = 259.6 gal (§6). */
export const GREASE_LBS_PER_GALLON = 7.3;

/** Periods the project reports grease for (service-api 2.3 `grease`). */
export const GREASE_REPORT_DAYS = [30, 60, 90] as const;

/**
 * Pump-out: 30 to 90 days is the usual recommendation (§6). The engine never shows a cycle above
 * 90 days even where a jurisdiction would allow more: grease and solids keep building up and many
 * local rules require pumping at 25 % of the liquid depth.
 */
export const PUMP_OUT = {
  usual_days: [30, 60, 90],
  engine_max_days: 90,
  grease_and_solids_depth_limit: 0.25,
} as const;

/**
 * A gravity interceptor listed without a grease rating is taken to store grease up to the 25 %
 * depth limit of its liquid capacity (§6, the common local pump-out rule).
 */
export const GRAVITY_GREASE_STORAGE_FRACTION = PUMP_OUT.grease_and_solids_depth_limit;

// ---------------------------------------------------------------------------------------------
// §7 Peer calculator: restaurant types in four grease tiers
// ---------------------------------------------------------------------------------------------

export interface MenuType {
  key: string;
  label: string;
  tier: MenuTier;
}

/**
 * About 30 restaurant types in four tiers (§7). The "very high" members are the ones §6 names
 * (buffets, Chinese, deep-fried, full-fare Mexican, steak houses). Low and medium follow Schier's
 * published "Grease Production Sizing" lists (schierproducts.com/pages/grease-production-sizing):
 * low, e.g. sandwich shop, convenience store, coffee shop, frozen yogurt; medium, e.g. pizza, ice
 * cream parlor, Greek, Japanese, cafeteria (limited prep). The high placements are our
 * classification by how much fat a menu cooks with (Schier's high list was not available).
 */
export const MENU_TYPES: readonly MenuType[] = [
  { key: 'coffee-shop', label: 'Coffee shop', tier: 'low' },
  { key: 'bakery', label: 'Bakery', tier: 'low' },
  { key: 'bagel-shop', label: 'Bagel shop', tier: 'low' },
  { key: 'deli-sandwich', label: 'Deli / sandwich shop', tier: 'low' },
  { key: 'juice-bar', label: 'Juice / smoothie bar', tier: 'low' },
  { key: 'convenience-store', label: 'Convenience store', tier: 'low' },
  { key: 'pizza', label: 'Pizza', tier: 'medium' },
  // Schier lists "ice cream parlor" as medium and "frozen yogurt" as low; one key for both takes
  // the higher tier, so the grease to store is never under-counted (docs/sizing.md).
  { key: 'ice-cream', label: 'Ice cream parlor / frozen dessert', tier: 'medium' },
  { key: 'cafe-bistro', label: 'Café / bistro', tier: 'medium' },
  { key: 'sushi-japanese', label: 'Sushi / Japanese', tier: 'medium' },
  { key: 'thai', label: 'Thai', tier: 'medium' },
  { key: 'indian', label: 'Indian', tier: 'medium' },
  { key: 'mediterranean', label: 'Mediterranean / Middle Eastern', tier: 'medium' },
  { key: 'italian', label: 'Italian', tier: 'medium' },
  { key: 'seafood', label: 'Seafood', tier: 'medium' },
  { key: 'school-cafeteria', label: 'School cafeteria', tier: 'medium' },
  { key: 'hospital-cafeteria', label: 'Hospital / institutional cafeteria', tier: 'medium' },
  { key: 'fast-food-burger', label: 'Fast food (burgers)', tier: 'high' },
  { key: 'quick-service-mexican', label: 'Quick-service Mexican', tier: 'high' },
  { key: 'family-diner', label: 'Family restaurant / diner', tier: 'high' },
  { key: 'breakfast-house', label: 'Breakfast / pancake house', tier: 'high' },
  { key: 'bar-and-grill', label: 'Bar and grill / pub', tier: 'high' },
  { key: 'barbecue', label: 'Barbecue', tier: 'high' },
  { key: 'casual-dining', label: 'Casual dining (American)', tier: 'high' },
  { key: 'hotel-banquet', label: 'Hotel / banquet kitchen', tier: 'high' },
  { key: 'buffet', label: 'Buffet', tier: 'very-high' },
  { key: 'chinese', label: 'Chinese', tier: 'very-high' },
  { key: 'fried-chicken', label: 'Fried chicken (deep-fried)', tier: 'very-high' },
  { key: 'fish-and-chips', label: 'Fish and chips (deep-fried)', tier: 'very-high' },
  { key: 'full-service-mexican', label: 'Full-fare Mexican', tier: 'very-high' },
  { key: 'steakhouse', label: 'Steak house', tier: 'very-high' },
];

// ---------------------------------------------------------------------------------------------
// Typical kitchen fixtures
// ---------------------------------------------------------------------------------------------

export const FIXTURE_KINDS = [
  'three-compartment-sink',
  'two-compartment-sink',
  'one-compartment-sink',
  'prep-sink',
  'hand-sink',
  'mop-sink',
  'floor-drain',
  'floor-sink',
  'dishwasher',
  'pre-rinse-sprayer',
  'food-waste-disposer',
  'wok-station',
  'kettle',
  'custom',
] as const;
export type FixtureKind = (typeof FIXTURE_KINDS)[number];

export interface BasinDimensions {
  length_in: number;
  width_in: number;
  depth_in: number;
  compartments: number;
}

export interface FixtureSpec {
  label: string;
  /** Typical basin, per compartment; null for fixtures sized by a flow. */
  basin: BasinDimensions | null;
  /** Flow for fixtures without a basin (GPM); for `flow_input` kinds, the typical figure. */
  fixed_flow_gpm: number | null;
  /** The rep enters this fixture's GPM (dishwasher, disposer); `fixed_flow_gpm` is the default. */
  flow_input: boolean;
  /** UPC DFU value; null = no UPC value (adds GPM × retention minutes to a gravity volume, §4). */
  dfu: number | null;
  /** Where the figures come from. */
  source: string;
}

/** Typical compartment of a commercial sink: 18 × 18 × 12 in. */
const SINK_COMPARTMENT = { length_in: 18, width_in: 18, depth_in: 12 } as const;

export const FIXTURE_LIBRARY: Record<FixtureKind, FixtureSpec> = {
  'three-compartment-sink': {
    label: '3-compartment sink',
    basin: { ...SINK_COMPARTMENT, compartments: 3 },
    fixed_flow_gpm: null,
    flow_input: false,
    dfu: UPC_DFU.commercial_sink,
    source: 'typical 18×18×12 in compartments; UPC commercial sink 3 DFU (UPC Table 702.1)',
  },
  'two-compartment-sink': {
    label: '2-compartment sink',
    basin: { ...SINK_COMPARTMENT, compartments: 2 },
    fixed_flow_gpm: null,
    flow_input: false,
    dfu: UPC_DFU.commercial_sink,
    source: 'typical 18×18×12 in compartments; UPC commercial sink 3 DFU (UPC Table 702.1)',
  },
  'one-compartment-sink': {
    label: '1-compartment sink',
    basin: { ...SINK_COMPARTMENT, compartments: 1 },
    fixed_flow_gpm: null,
    flow_input: false,
    dfu: UPC_DFU.commercial_sink,
    source: 'typical 18×18×12 in compartment; UPC commercial sink 3 DFU (UPC Table 702.1)',
  },
  'prep-sink': {
    label: 'Prep sink',
    basin: { ...SINK_COMPARTMENT, compartments: 1 },
    fixed_flow_gpm: null,
    flow_input: false,
    dfu: UPC_DFU.commercial_sink,
    source: 'typical 18×18×12 in basin; prep sink 3 DFU (UPC Table 702.1)',
  },
  'hand-sink': {
    label: 'Hand sink',
    basin: null,
    fixed_flow_gpm: 1.88,
    flow_input: false,
    dfu: UPC_DFU.lavatory_or_hand_sink,
    source: 'typical hand-sink flow 1.88 GPM of manufacturers’ sizing calculators; UPC Table 702.1 lavatory 1 DFU',
  },
  'mop-sink': {
    label: 'Mop sink',
    basin: null,
    fixed_flow_gpm: 3.75,
    flow_input: false,
    dfu: UPC_DFU.mop_or_service_sink,
    source: 'typical mop sink flow 3.75 GPM of manufacturers’ sizing calculators; UPC Table 702.1 mop/service sink 3 DFU',
  },
  'floor-drain': {
    label: 'Floor drain',
    basin: null,
    fixed_flow_gpm: HOSE_BIB_GPM.high,
    flow_input: false,
    dfu: UPC_DFU.floor_drain,
    source: 'the ¾ in hose bib that washes into it, 1.5–2.0 GPM (PDI-G101; Drain-Net Technologies, grease interceptor sizing, drain-net.com): 2.0 GPM; UPC Table 702.1 floor drain 2 DFU',
  },
  'floor-sink': {
    label: 'Floor sink',
    basin: null,
    fixed_flow_gpm: HOSE_BIB_GPM.high,
    flow_input: false,
    dfu: UPC_DFU.floor_drain,
    source:
      'a floor sink is a receptor whose sources are counted as their own fixtures, so it is taken as a ' +
      'floor drain: the ¾ in hose bib flow, 2.0 GPM (PDI-G101; Drain-Net Technologies, grease interceptor sizing, drain-net.com); UPC Table 702.1 floor drain 2 DFU',
  },
  dishwasher: {
    label: 'Dishwasher',
    basin: null,
    fixed_flow_gpm: 9,
    flow_input: true,
    dfu: null,
    source: 'GPM entered by the rep, typical 9 GPM; UPC Table 702.1 lists only a domestic dishwasher, so none',
  },
  'pre-rinse-sprayer': {
    label: 'Pre-rinse sprayer',
    basin: null,
    fixed_flow_gpm: 3.75,
    flow_input: false,
    dfu: null,
    source: 'typical flow 3.75 GPM of manufacturers’ sizing calculators; no UPC Table 702.1 value',
  },
  'food-waste-disposer': {
    label: 'Food-waste disposer',
    basin: null,
    fixed_flow_gpm: 5,
    flow_input: true,
    dfu: UPC_DFU.commercial_food_waste_disposer,
    source:
      'GPM entered by the rep; typical 5 GPM is an assumption (no published figure), mid-range of ' +
      'commercial disposer flushing water; UPC commercial disposer 3 DFU (UPC Table 702.1)',
  },
  'wok-station': {
    label: 'Wok station',
    basin: null,
    fixed_flow_gpm: HOSE_BIB_GPM.high,
    flow_input: true,
    dfu: UPC_DFU.special_purpose_sink_2_in,
    source: 'spout flow as a ¾ in hose bib, 2.0 GPM (PDI-G101; Drain-Net Technologies, grease interceptor sizing, drain-net.com); UPC Table 702.1 special-purpose sink 2 in, 4 DFU',
  },
  kettle: {
    label: 'Kettle',
    basin: { length_in: 24, width_in: 24, depth_in: 16, compartments: 1 },
    fixed_flow_gpm: null,
    flow_input: false,
    dfu: UPC_DFU.special_purpose_sink_1_5_in,
    source:
      'assumption: a 40-gallon kettle as a 24×24×16 in box (39.9 gal); inferred special-purpose sink ' +
      '1½ in, 3 DFU (UPC Table 702.1)',
  },
  custom: {
    label: 'Custom fixture',
    basin: null,
    fixed_flow_gpm: null,
    flow_input: true,
    dfu: null,
    source: 'dimensions or GPM and DFU entered by the rep',
  },
};

/** The peer calculator asks for 1–4 sink compartments (§7). */
export const MAX_COMPARTMENTS = 4;
