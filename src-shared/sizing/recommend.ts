/**
 * The recommendation (§6): the smallest unit whose rating covers the design flow (rounded up to
 * the code's standard size) and whose grease capacity holds the grease produced over the pump-out
 * cycle, installable where it goes; for gravity methods, whose liquid capacity covers the
 * required volume. Every candidate that is not chosen is returned with the criteria it failed, as
 * codes and plain-English messages; when nothing fits, `no_fit` says which criterion decided, the
 * closest unit and by how much it misses, and what would make one fit.
 */
import {
  candidateKinds,
  parseCandidateList,
  sizingCandidateSchema,
  type CandidateKind,
  type ProductId,
  type SizingCandidate,
  type SizingCandidateInput,
} from './candidates';
import type { RequiredVolume, RequiredVolumeCode } from './gravity-volume';
import { greaseLbsToGallons } from './grease';
import {
  gravityStorageFraction,
  isGravityMethod,
  maxUnits,
  pumpOutCap,
  pumpOutFloor,
  type JurisdictionRules,
  type SizingMethod,
} from './jurisdiction-rules';
import { GREASE_LBS_PER_GALLON } from './tables';
import { FLOAT_NOISE_DECIMALS, roundForDisplay, roundTo } from './units';

export type CheckCode =
  | 'type'
  | 'location'
  | 'traffic'
  | 'efficiency'
  | 'flow'
  | 'capacity_rule'
  | 'fixture_capacity'
  | 'volume'
  | 'unit_volume'
  | 'compartments'
  | 'grease'
  | 'pump_out';

/** One criterion as evaluated for one candidate. Numbers are raw (unrounded). */
export interface Check {
  code: CheckCode;
  passed: boolean;
  required: number | string | boolean | null;
  provided: number | string | boolean | null;
  unit: string | null;
  message: string;
}

export type Arrangement = 'single' | 'parallel' | 'series';

/**
 * How identical units combine when one is not enough: hydromechanical units in PARALLEL (a flow
 * splitter gives each an equal share, so rated flows and grease capacities add); gravity tanks in
 * SERIES (volumes and grease storage add; UPC accepts interceptors in series to reach a volume).
 * Location, traffic, type, efficiency, capacity-rule, unit-volume and compartment failures cannot
 * be fixed by adding units.
 */
export const MULTI_UNIT_ARRANGEMENT: Record<'hydromechanical' | 'gravity', Exclude<Arrangement, 'single'>> = {
  hydromechanical: 'parallel',
  gravity: 'series',
};

export interface RatingUsed {
  flow_gpm: number;
  grease_lbs: number;
  grease_gal: number;
  label: string | null;
  efficiency_99: boolean;
  /** True when a gravity unit has no rating and its grease storage is a share of its liquid capacity. */
  derived: boolean;
  /** Grease one unit may store before a pump-out: the rating, or less where the 25 % rule limits it. */
  storage_lbs: number;
  storage_basis: 'rating' | 'accumulation-limit' | 'liquid-share';
}

export interface CandidateEvaluation {
  id: ProductId;
  part_number: string;
  name: string;
  units: number;
  arrangement: Arrangement;
  rating: RatingUsed | null;
  /** Totals over all units. */
  totals: { flow_gpm: number; grease_lbs: number; storage_lbs: number; liquid_capacity_gal: number | null };
  /** Days the units hold (floored, capped); null when they hold no grease figure. */
  pump_out_days: number | null;
  checks: Check[];
  passed: boolean;
  failures: { code: CheckCode; message: string }[];
}

/** What the kitchen and the installation demand of a unit. */
export interface SizingDemand {
  method: SizingMethod;
  location: 'indoors' | 'outdoors';
  buried: boolean;
  traffic_area: boolean;
  require_99_percent_efficiency: boolean;
  /** The design flow (`flow_rate.sized_by`). */
  sized_by_gpm: number;
  /** The rated flow a unit needs: the design flow rounded up to the code's standard size. Defaults to the design flow. */
  required_rating_gpm?: number;
  grease_per_day_lbs: number;
  /** Requested days between pump-outs (clamped to the jurisdiction's bounds). */
  pump_out_target_days: number;
  /** Total connected fixture capacity (gal), for a capacity cap. */
  fixture_capacity_gal: number;
  /** Required gravity volume; null for the hydromechanical method. */
  required_volume: RequiredVolume | null;
}

export type NoRecommendationCode =
  | 'unique_local_requirements'
  | 'no_candidates'
  | 'no_candidate_fits'
  | 'fixture_not_permitted'
  | 'design_flow_unavailable'
  | 'missing_inputs'
  | RequiredVolumeCode;

/** A catalog entry that lacks a figure a rule needs: reported as a gap in the catalog data, never "the closest". */
export interface CatalogGap {
  id: ProductId;
  part_number: string;
  name: string;
  /** The figure missing ("liquid capacity", "rated flow and grease capacity"). */
  missing: string;
  message: string;
}

/** An input the rep can change that gives a unit (found by sizing the project again with it changed). */
export interface WayOut {
  changes: { input: 'installation_location' | 'buried' | 'installed_in_traffic_area' | 'pump_out_target' | 'units'; value: string | number | boolean }[];
  /** The change as the editor labels it ("Buried: yes"). */
  label: string;
  product: { id: ProductId; part_number: string; name: string };
  units: number;
  /** "Buried: yes gives GG-750". */
  message: string;
}

/** Why nothing fits, and what would. */
export interface NoFit {
  /** The criterion that decided: the one the closest unit misses by the most. */
  deciding: CheckCode;
  message: string;
  closest: {
    id: ProductId;
    part_number: string;
    name: string;
    units: number;
    misses: { code: CheckCode; required: number; provided: number; unit: string | null; short_by: number }[];
  } | null;
  suggestions: string[];
  /** Inputs the rep can change that give a unit (sizeProject fills these in). */
  ways_out: WayOut[];
  /** Catalog entries of the right kind that lack a figure a rule needs. */
  catalog_gaps: CatalogGap[];
}

export interface Recommendation {
  status: 'recommended' | 'none';
  product: { id: ProductId; part_number: string; name: string } | null;
  units: number;
  arrangement: Arrangement | null;
  rating: RatingUsed | null;
  /** Days between pump-outs the recommended unit(s) hold; null when nothing is recommended. */
  pump_out_cycle: number | null;
  /**
   * How the cycle was found: from the grease the unit stores and the grease produced; or, when no
   * grease production is entered (0 servings), the longest interval the rules allow, which is not
   * a measured figure.
   */
  pump_out_basis: 'grease-capacity' | 'maximum-interval' | null;
  reasons: string[];
  design: {
    method: SizingMethod;
    sized_by_gpm: number;
    required_rating_gpm: number;
    grease_per_day_lbs: number;
    requested_pump_out_days: number;
    pump_out_target_days: number;
    required_grease_lbs: number;
    required_volume_gal: number | null;
    required_volume_basis: string | null;
  };
  chosen: CandidateEvaluation | null;
  /** Candidates that also fit, not chosen because they are larger or dearer. */
  alternatives: CandidateEvaluation[];
  /** Every candidate that does not fit, with its failed criteria. */
  failed: CandidateEvaluation[];
  no_recommendation: { code: NoRecommendationCode; message: string } | null;
  no_fit: NoFit | null;
}

const fmt = (v: number): string => String(roundForDisplay(v));

/** Clamps the requested pump-out days to the jurisdiction's bounds (at most 90, §6). */
export function effectivePumpOutTarget(requestedDays: number, rules: JurisdictionRules): number {
  return Math.min(Math.max(requestedDays, pumpOutFloor(rules)), pumpOutCap(rules));
}

/**
 * Days a grease capacity lasts: capacity ÷ grease per day, floored, capped at the jurisdiction's
 * maximum (at most 90 days). A kitchen producing no grease gets the cap: the longest interval the
 * rules allow (the recommendation then says the cycle is not a measured figure).
 */
export function pumpOutCycleDays(greaseCapacityLbs: number, greasePerDayLbs: number, rules: JurisdictionRules): number {
  const cap = pumpOutCap(rules);
  if (greasePerDayLbs <= 0) return cap;
  return Math.min(Math.floor(roundTo(greaseCapacityLbs / greasePerDayLbs, FLOAT_NOISE_DECIMALS)), cap);
}

function requiredKind(method: SizingMethod): 'hydromechanical' | 'gravity' {
  return isGravityMethod(method) ? 'gravity' : 'hydromechanical';
}

function locationKey(demand: SizingDemand): 'indoors' | 'indoors_buried' | 'outdoors' | 'outdoors_buried' {
  if (demand.location === 'indoors') return demand.buried ? 'indoors_buried' : 'indoors';
  return demand.buried ? 'outdoors_buried' : 'outdoors';
}

function describeLocation(demand: SizingDemand): string {
  return `${demand.location}${demand.buried ? ', buried' : ''}`;
}

const requiredRating = (demand: SizingDemand): number => demand.required_rating_gpm ?? demand.sized_by_gpm;

/**
 * Which checks are put in words: 'all'; 'failures', where a passed check's message is left empty
 * (a candidate a screen lists only by what it fails: most of a sizing's cost was writing the
 * sentences of checks nobody reads); 'none', for a rating weighed against the unit's others, put
 * in words once it is the one used. The verdicts and figures are the same in every case.
 */
export type Wording = 'all' | 'failures' | 'none';
const says = (wording: Wording, passed: boolean): boolean => wording === 'all' || (wording === 'failures' && !passed);

/** A candidate's kinds and their list as the type check shows it, worked out once per catalog read. */
const kindsByCandidate = new WeakMap<SizingCandidate, { kinds: CandidateKind[]; listed: string }>();
function kindsOf(c: SizingCandidate): { kinds: CandidateKind[]; listed: string } {
  let known = kindsByCandidate.get(c);
  if (!known) {
    const kinds = candidateKinds(c);
    kindsByCandidate.set(c, (known = { kinds, listed: kinds.join(', ') }));
  }
  return known;
}

/** Checks that depend on the product, not on its rating or the number of units. */
function productChecks(c: SizingCandidate, demand: SizingDemand, wording: Wording = 'all'): Check[] {
  const kind = requiredKind(demand.method);
  const { kinds, listed } = kindsOf(c);
  const typeOk = kinds.includes(kind);
  const checks: Check[] = [
    {
      code: 'type',
      passed: typeOk,
      required: kind,
      provided: listed,
      unit: null,
      message: !says(wording, typeOk)
        ? ''
        : typeOk
          ? `${upperFirst(SIZING_METHOD_WORDS[demand.method])}, as the rules require.`
          : `The rules require ${SIZING_METHOD_WORDS[demand.method]}; this is ${kinds.join(' / ')}.`,
    },
  ];
  const key = locationKey(demand);
  const allowed = c.installation_options[key];
  checks.push({
    code: 'location',
    passed: allowed,
    required: key,
    provided: allowed,
    unit: null,
    message: !says(wording, allowed)
      ? ''
      : allowed
        ? `Approved for installation ${describeLocation(demand)}.`
        : `Not approved for installation ${describeLocation(demand)}.`,
  });
  if (demand.traffic_area) {
    const ok = c.installation_options.traffic_area;
    checks.push({
      code: 'traffic',
      passed: ok,
      required: true,
      provided: ok,
      unit: null,
      message: ok ? 'Rated for a traffic area.' : 'Not rated for a traffic area.',
    });
  }
  return checks;
}

/**
 * Grease one unit may store before a pump-out. With the jurisdiction's accumulation limit (the
 * 25 % rule: grease and solids within that share of the liquid capacity), the lower of the rating
 * and that share, for hydromechanical and gravity units alike.
 */
function storageOf(ratedLbs: number, liquidGal: number | null, rules: JurisdictionRules): { lbs: number; basis: RatingUsed['storage_basis'] } {
  const limit = rules.pump_out_accumulation_limit;
  if (limit === null || liquidGal === null) return { lbs: ratedLbs, basis: 'rating' };
  const limitLbs = liquidGal * limit * GREASE_LBS_PER_GALLON;
  return limitLbs < ratedLbs ? { lbs: limitLbs, basis: 'accumulation-limit' } : { lbs: ratedLbs, basis: 'rating' };
}

function ratingUsed(r: SizingCandidate['ratings'][number], c: SizingCandidate, rules: JurisdictionRules): RatingUsed {
  const storage = storageOf(r.grease_lbs, c.liquid_capacity_gal, rules);
  return {
    flow_gpm: r.flow_gpm,
    grease_lbs: r.grease_lbs,
    grease_gal: r.grease_gal ?? greaseLbsToGallons(r.grease_lbs),
    label: r.label,
    efficiency_99: r.efficiency_99,
    derived: false,
    storage_lbs: storage.lbs,
    storage_basis: storage.basis,
  };
}

/** The grease and pump-out checks, added to `checks`; returns the days the units hold. */
function addGreaseAndPumpOutChecks(
  checks: Check[],
  totalStorageLbs: number,
  demand: SizingDemand,
  rules: JurisdictionRules,
  target: number,
  wording: Wording,
): number {
  const requiredLbs = demand.grease_per_day_lbs * target;
  const days = pumpOutCycleDays(totalStorageLbs, demand.grease_per_day_lbs, rules);
  const floor = pumpOutFloor(rules);
  const holds = totalStorageLbs >= requiredLbs;
  const lasts = days >= floor;
  checks.push(
    {
      code: 'grease',
      passed: holds,
      required: requiredLbs,
      provided: totalStorageLbs,
      unit: 'lb',
      message: !says(wording, holds)
        ? ''
        : holds
          ? `Holds ${fmt(totalStorageLbs)} lb of grease ≥ ${fmt(requiredLbs)} lb produced in ${target} days.`
          : `Holds ${fmt(totalStorageLbs)} lb of grease < ${fmt(requiredLbs)} lb produced in ${target} days.`,
    },
    {
      code: 'pump_out',
      passed: lasts,
      required: floor,
      provided: days,
      unit: 'days',
      message: !says(wording, lasts)
        ? ''
        : demand.grease_per_day_lbs <= 0
          ? `No grease production entered: pump out at least every ${days} days, the longest interval allowed.`
          : lasts
            ? `Lasts ${days} days between pump-outs (allowed ${floor}–${pumpOutCap(rules)}).`
            : `Lasts only ${days} days between pump-outs; the jurisdiction requires at least ${floor}.`,
    },
  );
  return days;
}

/**
 * The capacity rule (PDI-G101, ASME A112.14.3, IPC 1003.3.5.1): a rating's flow needs 2 lb of
 * grease per GPM. The standards rate grease capacity at 90 % average efficiency; a figure at 99 %
 * is the manufacturer's extra, the grease held while still 99 % efficient, and can only be less
 * than the same unit holds at 90 %. So a 99 % rating meets the rule through the unit's standard
 * rating at the same flow, and never counts a 99 % figure below the rule as the standard capacity.
 */
function capacityRuleCheck(r: RatingUsed, c: SizingCandidate, rules: JurisdictionRules, wording: Wording): Check | null {
  const perGpm = rules.hgi_min_grease_lbs_per_gpm;
  // The rule is about grease interceptors' ratings; a product of another kind already fails `type`.
  if (perGpm === null || !kindsOf(c).kinds.includes('hydromechanical')) return null;
  const needed = perGpm * r.flow_gpm;
  // The unit's largest standard (90 %) rating at this flow, 0 when it has none.
  let standard = 0;
  for (const x of c.ratings) if (x.flow_gpm === r.flow_gpm && !x.efficiency_99) standard = Math.max(standard, x.grease_lbs);
  const certified = Math.max(standard, r.grease_lbs);
  const ok = certified >= needed;
  const via = r.efficiency_99 && standard > r.grease_lbs ? ` (its standard rating at ${fmt(r.flow_gpm)} GPM holds ${fmt(standard)} lb)` : '';
  return {
    code: 'capacity_rule',
    passed: ok,
    required: needed,
    provided: certified,
    unit: 'lb',
    message: !says(wording, ok)
      ? ''
      : ok
        ? `Grease capacity ${fmt(certified)} lb ≥ ${perGpm} lb × ${fmt(r.flow_gpm)} GPM = ${fmt(needed)} lb${via}.`
        : `Rated ${fmt(r.flow_gpm)} GPM with only ${fmt(certified)} lb of grease: below ${perGpm} lb per GPM (${fmt(needed)} lb), so this rating cannot be the basis.`,
  };
}

function flowMessage(flow: number, needed: number, designGpm: number): string {
  const sized = needed !== designGpm ? ` (design flow ${fmt(designGpm)} GPM, next standard size)` : '';
  return flow >= needed ? `Rated ${fmt(flow)} GPM ≥ ${fmt(needed)} GPM required${sized}.` : `Rated ${fmt(flow)} GPM < ${fmt(needed)} GPM required${sized}.`;
}

/** Gallons against gallons: the cap is the volume of `factor` minutes of the rated flow (UPC 1014.2.1). */
function fixtureCapacityMessage(connectedGal: number, allowed: number, factor: number, flow: number): string {
  const connected = `Connected fixtures hold ${fmt(connectedGal)} gal`;
  const cap = `${fmt(allowed)} gal (${factor} min of the ${fmt(flow)} GPM rating, UPC 1014.2.1)`;
  return connectedGal <= allowed ? `${connected}, within ${cap}.` : `${connected}, more than ${cap}.`;
}

function hydromechanicalRatingChecks(
  r: RatingUsed,
  c: SizingCandidate,
  units: number,
  demand: SizingDemand,
  rules: JurisdictionRules,
  target: number,
  wording: Wording,
): { checks: Check[]; days: number } {
  const checks: Check[] = [];
  if (demand.require_99_percent_efficiency) {
    checks.push({
      code: 'efficiency',
      passed: r.efficiency_99,
      required: true,
      provided: r.efficiency_99,
      unit: null,
      message: r.efficiency_99 ? 'Rated at 99 % efficiency.' : 'This rating is not at 99 % efficiency.',
    });
  }
  const flow = r.flow_gpm * units;
  const needed = requiredRating(demand);
  const flowOk = flow >= needed;
  checks.push({
    code: 'flow',
    passed: flowOk,
    required: needed,
    provided: flow,
    unit: 'GPM',
    message: says(wording, flowOk) ? flowMessage(flow, needed, demand.sized_by_gpm) : '',
  });
  const rule = capacityRuleCheck(r, c, rules, wording);
  if (rule) checks.push(rule);
  if (rules.fixture_capacity_cap_factor !== null) {
    const factor = rules.fixture_capacity_cap_factor;
    const allowed = factor * flow;
    const within = demand.fixture_capacity_gal <= allowed;
    checks.push({
      code: 'fixture_capacity',
      passed: within,
      required: demand.fixture_capacity_gal,
      provided: allowed,
      unit: 'gal',
      message: says(wording, within) ? fixtureCapacityMessage(demand.fixture_capacity_gal, allowed, factor, flow) : '',
    });
  }
  const days = addGreaseAndPumpOutChecks(checks, r.storage_lbs * units, demand, rules, target, wording);
  return { checks, days };
}

const NO_RATING: RatingUsed = {
  flow_gpm: 0,
  grease_lbs: 0,
  grease_gal: 0,
  label: null,
  efficiency_99: false,
  derived: true,
  storage_lbs: 0,
  storage_basis: 'rating',
};

/** Evaluates one candidate as `units` identical units; `wording`: which of its checks are put in words. */
export function evaluateCandidate(
  candidate: SizingCandidate,
  demand: SizingDemand,
  rules: JurisdictionRules,
  units = 1,
  wording: Wording = 'all',
): CandidateEvaluation {
  const target = effectivePumpOutTarget(demand.pump_out_target_days, rules);
  const kind = requiredKind(demand.method);
  const arrangement: Arrangement = units === 1 ? 'single' : MULTI_UNIT_ARRANGEMENT[kind];
  const checks = productChecks(candidate, demand, wording);
  let rating: RatingUsed | null;
  let days: number | null;

  if (kind === 'hydromechanical') {
    const ratings = candidate.ratings.length > 0 ? candidate.ratings.map((r) => ratingUsed(r, candidate, rules)) : [NO_RATING];
    // Among passing ratings: the lowest flow that covers the design flow (ratings at lower flow
    // hold more grease), then the most grease (e.g. the standard rating over a 99 % one at the
    // same flow). With none passing, report the closest miss: fewest failures, then largest.
    // The first best in the catalog's order; the ratings are weighed without words.
    let best = ratings[0]!;
    if (ratings.length > 1) {
      let bestFailures = Infinity;
      for (const r of ratings) {
        const failures = countFailed(hydromechanicalRatingChecks(r, candidate, units, demand, rules, target, 'none').checks);
        const better =
          failures !== bestFailures
            ? failures < bestFailures
            : failures === 0
              ? (r.flow_gpm - best.flow_gpm || best.storage_lbs - r.storage_lbs) < 0
              : (best.flow_gpm - r.flow_gpm || best.storage_lbs - r.storage_lbs) < 0;
        if (better) {
          best = r;
          bestFailures = failures;
        }
      }
    }
    const chosen = hydromechanicalRatingChecks(best, candidate, units, demand, rules, target, wording);
    for (const c of chosen.checks) checks.push(c);
    rating = best === NO_RATING ? null : best;
    days = rating === null ? null : chosen.days;
  } else {
    rating = gravityRating(candidate, rules);
    const liquid = candidate.liquid_capacity_gal === null ? null : candidate.liquid_capacity_gal * units;
    checks.push(volumeCheck(liquid, demand.required_volume, wording));
    addGravityUnitChecks(checks, candidate, demand, rules, wording);
    const held = addGreaseAndPumpOutChecks(checks, (rating?.storage_lbs ?? 0) * units, demand, rules, target, wording);
    days = rating === null ? null : held;
  }

  const failures: CandidateEvaluation['failures'] = [];
  for (const c of checks) if (!c.passed) failures.push({ code: c.code, message: c.message });
  return {
    id: candidate.id,
    part_number: candidate.part_number,
    name: candidate.name,
    units,
    arrangement,
    rating,
    totals: {
      flow_gpm: (rating?.flow_gpm ?? 0) * units,
      grease_lbs: (rating?.grease_lbs ?? 0) * units,
      storage_lbs: (rating?.storage_lbs ?? 0) * units,
      liquid_capacity_gal: candidate.liquid_capacity_gal === null ? null : candidate.liquid_capacity_gal * units,
    },
    pump_out_days: days,
    checks,
    passed: failures.length === 0,
    failures,
  };
}

function countFailed(checks: readonly Check[]): number {
  let n = 0;
  for (const c of checks) if (!c.passed) n += 1;
  return n;
}

/**
 * A gravity unit's grease storage: its largest grease rating, else a share of its liquid capacity
 * (the jurisdiction's accumulation limit, or 25 %, §6), either way within the accumulation limit.
 */
function gravityRating(c: SizingCandidate, rules: JurisdictionRules): RatingUsed | null {
  const rated = [...c.ratings].sort((a, b) => b.grease_lbs - a.grease_lbs)[0];
  if (rated !== undefined) return ratingUsed(rated, c, rules);
  if (c.liquid_capacity_gal === null) return null;
  const gal = c.liquid_capacity_gal * gravityStorageFraction(rules);
  const lbs = gal * GREASE_LBS_PER_GALLON;
  return { flow_gpm: 0, grease_lbs: lbs, grease_gal: gal, label: null, efficiency_99: false, derived: true, storage_lbs: lbs, storage_basis: 'liquid-share' };
}

/**
 * The jurisdiction's smallest and largest single gravity unit and the compartments it needs. The
 * smallest is a bound on each unit, not only on the total (Gwinnett County allows only 1,500 gal
 * interceptors, in series past that; Claremont NC, Pima County, Johnson County: "the minimum
 * size"), so units in series are never smaller than it.
 */
function addGravityUnitChecks(checks: Check[], c: SizingCandidate, demand: SizingDemand, rules: JurisdictionRules, wording: Wording): void {
  const min = rules.gravity_unit_volume_gal.min;
  if (min !== null && c.liquid_capacity_gal !== null && c.liquid_capacity_gal < min) {
    checks.push({
      code: 'unit_volume',
      passed: false,
      required: min,
      provided: c.liquid_capacity_gal,
      unit: 'gal',
      message: says(wording, false) ? `${fmt(c.liquid_capacity_gal)} gal is below the jurisdiction's smallest unit of ${fmt(min)} gal.` : '',
    });
  }
  const max = rules.gravity_unit_volume_gal.max;
  if (max !== null && c.liquid_capacity_gal !== null) {
    const ok = c.liquid_capacity_gal <= max;
    checks.push({
      code: 'unit_volume',
      passed: ok,
      required: max,
      provided: c.liquid_capacity_gal,
      unit: 'gal',
      message: !says(wording, ok)
        ? ''
        : ok
          ? `${fmt(c.liquid_capacity_gal)} gal within the jurisdiction's ${fmt(max)} gal largest unit.`
          : `${fmt(c.liquid_capacity_gal)} gal is above the jurisdiction's largest unit of ${fmt(max)} gal (larger volumes as units in series).`,
    });
  }
  const required = demand.required_volume?.ok ? demand.required_volume.gal : null;
  const volume = Math.max(c.liquid_capacity_gal ?? 0, required ?? 0);
  const need = [...rules.required_compartments].filter((r) => volume >= r.from_volume_gal).sort((a, b) => b.from_volume_gal - a.from_volume_gal)[0];
  if (need !== undefined) {
    const has = c.compartments;
    const ok = has === null || has >= need.compartments;
    checks.push({
      code: 'compartments',
      passed: ok,
      required: need.compartments,
      provided: has,
      unit: null,
      message: !says(wording, ok)
        ? ''
        : has === null
          ? `The jurisdiction requires ${need.compartments} compartments from ${fmt(need.from_volume_gal)} gal; the catalog does not state this unit's: check before ordering.`
          : ok
            ? `${has} compartments (at least ${need.compartments} required).`
            : `${has} compartments; the jurisdiction requires ${need.compartments} from ${fmt(need.from_volume_gal)} gal.`,
    });
  }
}

function volumeCheck(liquidGal: number | null, required: RequiredVolume | null, wording: Wording): Check {
  if (required === null || !required.ok) {
    return {
      code: 'volume',
      passed: false,
      required: null,
      provided: liquidGal,
      unit: 'gal',
      message: required === null ? 'No required volume was computed.' : required.message,
    };
  }
  if (liquidGal === null) {
    return {
      code: 'volume',
      passed: false,
      required: required.gal,
      provided: null,
      unit: 'gal',
      message: says(wording, false) ? `Liquid capacity unknown; ${fmt(required.gal)} gal are required (${required.basis}).` : '',
    };
  }
  const ok = liquidGal >= required.gal;
  return {
    code: 'volume',
    passed: ok,
    required: required.gal,
    provided: liquidGal,
    unit: 'gal',
    message: !says(wording, ok)
      ? ''
      : ok
        ? `Liquid capacity ${fmt(liquidGal)} gal ≥ ${fmt(required.gal)} gal required (${required.basis}).`
        : `Liquid capacity ${fmt(liquidGal)} gal < ${fmt(required.gal)} gal required (${required.basis}).`,
  };
}

/** Checks that more identical units can fix. */
const SCALABLE_CHECKS: ReadonlySet<CheckCode> = new Set<CheckCode>(['flow', 'fixture_capacity', 'volume', 'grease', 'pump_out']);

/** "Smallest" order: fewer units, then lowest rated flow (HGI) or volume (gravity), then capacity, then price. */
function compareEvaluations(method: SizingMethod, prices: Map<ProductId, number | null>) {
  const size = (e: CandidateEvaluation): number =>
    isGravityMethod(method) ? (e.totals.liquid_capacity_gal ?? Infinity) : e.totals.flow_gpm;
  return (a: CandidateEvaluation, b: CandidateEvaluation): number =>
    a.units - b.units ||
    size(a) - size(b) ||
    a.totals.storage_lbs - b.totals.storage_lbs ||
    (prices.get(a.id) ?? Infinity) - (prices.get(b.id) ?? Infinity) ||
    a.part_number.localeCompare(b.part_number) ||
    String(a.id).localeCompare(String(b.id));
}

/**
 * 'full' evaluates every candidate (the failed list explains each one) and builds the derivation;
 * 'view' is the same sizing for a screen that lists the alternatives and the failed candidates by
 * what they fail (the editor's SizingView): every candidate is evaluated, but only the chosen
 * unit's checks are all put in words; the others' passed checks keep an empty message (their
 * `failures` are worded as in 'full'). 'summary' first drops the candidates of the wrong kind or
 * place, which cannot be chosen, and builds no derivation, so bulk sizing (loading thousands of
 * projects) and writes (which store neither) skip most of the work; its checks are worded as in
 * 'view'. The chosen unit, its checks and the reasons are the same in all three.
 */
export type RecommendDetail = 'full' | 'view' | 'summary';

export function recommend(
  demand: SizingDemand,
  candidateInputs: readonly SizingCandidateInput[],
  rules: JurisdictionRules,
  detail: RecommendDetail = 'full',
  blocked: { code: NoRecommendationCode; message: string } | null = null,
): Recommendation {
  const target = effectivePumpOutTarget(demand.pump_out_target_days, rules);
  const required = demand.required_volume;
  const design: Recommendation['design'] = {
    method: demand.method,
    sized_by_gpm: demand.sized_by_gpm,
    required_rating_gpm: requiredRating(demand),
    grease_per_day_lbs: demand.grease_per_day_lbs,
    requested_pump_out_days: demand.pump_out_target_days,
    pump_out_target_days: target,
    required_grease_lbs: demand.grease_per_day_lbs * target,
    required_volume_gal: required !== null && required.ok ? required.gal : null,
    required_volume_basis: required !== null && required.ok ? required.basis : null,
  };
  const none = (code: NoRecommendationCode, message: string, failed: CandidateEvaluation[] = [], noFit: NoFit | null = null): Recommendation => ({
    status: 'none',
    product: null,
    units: 0,
    arrangement: null,
    rating: null,
    pump_out_cycle: null,
    pump_out_basis: null,
    reasons: [message],
    design,
    chosen: null,
    alternatives: [],
    failed,
    no_recommendation: { code, message },
    no_fit: noFit,
  });

  if (rules.unique_local_requirements.flagged) {
    const reason = rules.unique_local_requirements.reason ?? 'The jurisdiction has unique local requirements.';
    return none('unique_local_requirements', `No product is recommended: ${reason}`);
  }
  if (blocked !== null) return none(blocked.code, blocked.message);
  const parsed = parseCandidateList(candidateInputs, (c) => sizingCandidateSchema.parse(c));
  // 'summary' skips the candidates that cannot be placed; when none can, all are evaluated, so the
  // reason names what decided (the kind, the place) rather than an empty catalog.
  const placeable = detail !== 'summary' ? parsed : parsed.filter((c) => productChecks(c, demand, 'none').every((check) => check.passed));
  const candidates = placeable.length > 0 ? placeable : parsed;
  if (candidates.length === 0) return none('no_candidates', 'No candidate products were given.');

  const prices = pricesOf(candidates);
  const order = compareEvaluations(demand.method, prices);
  const wording: Wording = detail === 'full' ? 'all' : 'failures';
  const singles = candidates.map((c) => evaluateCandidate(c, demand, rules, 1, wording));
  const kind = requiredKind(demand.method);
  const most = maxUnits(rules, kind);
  let widest = singles;

  for (let units = 1; units <= most; units += 1) {
    const evaluations =
      units === 1
        ? singles
        : candidates.map((c, i) => {
            const single = singles[i];
            // Adding units cannot fix a wrong type, location, traffic rating, efficiency or capacity rule.
            const fixable = single !== undefined && single.failures.every((f) => SCALABLE_CHECKS.has(f.code));
            return fixable ? evaluateCandidate(c, demand, rules, units, wording) : (single ?? evaluateCandidate(c, demand, rules, 1, wording));
          });
    widest = evaluations;
    const passing = evaluations.filter((e) => e.passed).sort(order);
    const first = passing[0];
    if (first === undefined) continue;
    // The chosen unit's checks are its reasons: always in words.
    const chosen = wording === 'all' ? first : evaluateCandidate(candidates.find((c) => c.id === first.id)!, demand, rules, first.units, 'all');
    const reasons = chosenReasons(chosen, passing.length, demand, target, singles.find((s) => s.id === chosen.id));
    return {
      status: 'recommended',
      product: { id: chosen.id, part_number: chosen.part_number, name: chosen.name },
      units: chosen.units,
      arrangement: chosen.arrangement,
      rating: chosen.rating,
      pump_out_cycle: chosen.pump_out_days,
      pump_out_basis: chosen.pump_out_days === null ? null : demand.grease_per_day_lbs > 0 ? 'grease-capacity' : 'maximum-interval',
      reasons,
      design,
      chosen,
      alternatives: passing.slice(1),
      failed: evaluations.filter((e) => !e.passed),
      no_recommendation: null,
      no_fit: null,
    };
  }

  if (required !== null && !required.ok) return none(required.code, required.message, singles);
  const noFit = explainNoFit(singles, widest, demand, rules, target, new Map(candidates.map((c) => [c.id, c])));
  const units = most > 1 ? `alone or as up to ${most} identical units` : 'and the jurisdiction allows a single unit only';
  return none('no_candidate_fits', `No candidate fits, ${units}. ${noFit.message}`, singles, noFit);
}

/** Prices by candidate id, made once per candidate list (parseCandidateList keeps one per catalog read). */
const pricesByList = new WeakMap<readonly SizingCandidate[], Map<ProductId, number | null>>();
function pricesOf(candidates: readonly SizingCandidate[]): Map<ProductId, number | null> {
  let prices = pricesByList.get(candidates);
  if (!prices) pricesByList.set(candidates, (prices = new Map(candidates.map((c) => [c.id, c.price] as const))));
  return prices;
}

/** Relative shortfall of a numeric check: how far the unit is from passing (0 = passes). */
function shortfall(c: Check): number | null {
  if (c.passed || typeof c.required !== 'number' || typeof c.provided !== 'number') return null;
  // Every numeric check passes when `provided` ≥ `required` (the fixture-capacity check holds the
  // allowance in `provided`), so the share missing is (required − provided) ÷ required.
  if (c.required <= 0) return 0;
  return Math.max(0, (c.required - c.provided) / c.required);
}

const MISS_WORDS: Record<CheckCode, string> = {
  type: 'the kind of interceptor',
  location: 'where it is installed',
  traffic: 'the traffic rating',
  efficiency: '99 % efficiency',
  flow: 'the rated flow',
  capacity_rule: 'the 2 lb per GPM grease capacity rule',
  fixture_capacity: 'the connected fixture capacity',
  volume: 'the liquid volume',
  unit_volume: 'the unit sizes allowed',
  compartments: 'the compartments',
  grease: 'the grease capacity',
  pump_out: 'the pump-out interval',
};

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Each sizing method in the words a rep and a plan reviewer use. */
export const SIZING_METHOD_WORDS: Record<SizingMethod, string> = {
  'hydromechanical-by-flow': 'a hydromechanical interceptor sized by flow',
  'gravity-by-dfu': 'a gravity interceptor sized by drainage fixture units',
  'gravity-by-meals': 'a gravity interceptor sized by meals',
  'gravity-by-peak-flow': 'a gravity interceptor sized by peak flow and retention time',
  'gravity-by-formula': 'a gravity interceptor sized by the jurisdiction’s own formula',
};

const PLACE_WORDS: Record<'indoors' | 'indoors_buried' | 'outdoors' | 'outdoors_buried', string> = {
  indoors: 'indoors at grade',
  indoors_buried: 'indoors below grade',
  outdoors: 'outdoors at grade',
  outdoors_buried: 'outdoors below grade',
};

/** Where the catalog's units of one kind may go, in words: "below grade (buried) only", "outdoors only". */
function whereUnitsGo(units: readonly CandidateEvaluation[], candidates: ReadonlyMap<ProductId, SizingCandidate>): string {
  const places = (['indoors', 'indoors_buried', 'outdoors', 'outdoors_buried'] as const).filter((k) => units.some((u) => candidates.get(u.id)?.installation_options[k]));
  if (places.length === 0) return 'nowhere the catalog states';
  if (places.every((k) => k.endsWith('_buried'))) return 'below grade (buried) only';
  if (places.every((k) => k.startsWith('outdoors'))) return 'outdoors only';
  if (places.every((k) => k.startsWith('indoors'))) return 'indoors only';
  return places.map((k) => PLACE_WORDS[k]).join(', ');
}

/** The figure a failed check needed that the catalog entry does not state; null when it states them all. */
function missingFigure(e: CandidateEvaluation, kind: 'hydromechanical' | 'gravity'): string | null {
  if (kind === 'hydromechanical' && e.rating === null) return 'rated flow and grease capacity';
  const unknown = e.checks.find((c) => !c.passed && typeof c.required === 'number' && c.provided === null);
  if (!unknown) return null;
  return unknown.code === 'volume' ? 'liquid capacity' : MISS_WORDS[unknown.code];
}

/**
 * Which criterion decided, the closest unit and by how much it misses, and what would make one
 * fit. The closest unit: among the candidates of the right kind and place that state every figure
 * the rules need, the one whose worst numeric miss is smallest (at the most units allowed). A unit
 * of the wrong kind is never the closest; one of the right kind missing a figure is a gap in the
 * catalog data, reported as such.
 */
function explainNoFit(
  singles: CandidateEvaluation[],
  widest: CandidateEvaluation[],
  demand: SizingDemand,
  rules: JurisdictionRules,
  target: number,
  candidates: ReadonlyMap<ProductId, SizingCandidate>,
): NoFit {
  const kind = requiredKind(demand.method);
  const ofKind = singles.filter((e) => e.failures.every((f) => f.code !== 'type'));
  const catalog_gaps: CatalogGap[] = ofKind.flatMap((e) => {
    const missing = missingFigure(e, kind);
    if (missing === null) return [];
    const listed = candidates.get(e.id)?.type === kind ? `a ${kind} interceptor` : `listed as a ${kind} interceptor too`;
    return [{ id: e.id, part_number: e.part_number, name: e.name, missing, message: `${e.name} (${e.part_number}) is ${listed}, but the catalog gives no ${missing}: a gap in the catalog data, so it cannot be sized under these rules.` }];
  });
  const gapIds = new Set(catalog_gaps.map((g) => g.id));
  const placeable = (e: CandidateEvaluation) => !gapIds.has(e.id) && e.failures.every((f) => f.code !== 'type' && f.code !== 'location' && f.code !== 'traffic');
  const scored = widest
    .filter(placeable)
    .map((e) => {
      const misses = e.checks.filter((c) => !c.passed);
      const numeric = misses.map((c) => shortfall(c)).filter((s): s is number => s !== null);
      const worst = numeric.length === misses.length && numeric.length > 0 ? Math.max(...numeric) : Infinity;
      return { e, worst };
    })
    .sort((a, b) => a.worst - b.worst || a.e.units - b.e.units);
  const best = scored[0];
  const suggestions: string[] = [];
  const most = maxUnits(rules, kind);

  if (best === undefined) {
    const counts = new Map<CheckCode, number>();
    for (const s of singles.filter((e) => !gapIds.has(e.id))) for (const f of s.failures) counts.set(f.code, (counts.get(f.code) ?? 0) + 1);
    const deciding = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'type';
    const complete = ofKind.filter((e) => !gapIds.has(e.id));
    const where = `${demand.location}${demand.buried ? ', buried' : ''}${demand.traffic_area ? ', in a traffic area' : ''}`;
    const requires = `${rules.name} requires ${SIZING_METHOD_WORDS[demand.method]} here`;
    let message: string;
    if (complete.length === 0) {
      message = `${requires}, and the catalog has no ${kind} unit that states the figures it needs.`;
    } else if (deciding === 'traffic' || (demand.traffic_area && complete.every((e) => e.failures.some((f) => f.code === 'traffic')))) {
      message = `${requires}; no ${kind} unit in the catalog is rated for a traffic area.`;
    } else {
      message = `${requires}; every ${kind} unit in the catalog installs ${whereUnitsGo(complete, candidates)}, and this one goes ${where}.`;
    }
    if (deciding === 'location' || deciding === 'type') suggestions.push(`Another place for the unit: every ${kind} unit in the catalog installs ${whereUnitsGo(complete, candidates)}.`);
    if (deciding === 'traffic') suggestions.push('A traffic-rated unit, or a location outside the traffic area.');
    suggestions.push('An engineered design.');
    return { deciding, message, closest: null, suggestions, ways_out: [], catalog_gaps };
  }

  const e = best.e;
  const misses = e.checks
    .filter((c) => !c.passed && typeof c.required === 'number' && typeof c.provided === 'number')
    .map((c) => ({
      code: c.code,
      required: c.required as number,
      provided: c.provided as number,
      unit: c.unit,
      short_by: Math.abs((c.required as number) - (c.provided as number)),
    }));
  const decidingCheck = e.checks
    .filter((c) => !c.passed)
    .sort((a, b) => (shortfall(b) ?? Infinity) - (shortfall(a) ?? Infinity))[0];
  const deciding = decidingCheck?.code ?? 'flow';
  const miss = misses.find((m) => m.code === deciding);
  const unitsText = e.units > 1 ? `${e.units} × ${e.name}` : e.name;
  const missText = miss ? ` misses on ${MISS_WORDS[deciding]} by ${fmt(miss.short_by)}${miss.unit ? ` ${miss.unit}` : ''} (${fmt(miss.provided)} of ${fmt(miss.required)})` : ` fails ${MISS_WORDS[deciding]}`;

  if (deciding === 'grease' || deciding === 'pump_out') {
    const days = e.pump_out_days;
    const floor = pumpOutFloor(rules);
    if (days !== null && days >= floor && days < target) suggestions.push(`A shorter pump-out cycle: ${unitsText} holds ${days} days of grease (the jurisdiction allows down to ${floor}).`);
    if (kind === 'hydromechanical') suggestions.push('A gravity interceptor, which stores grease in a larger volume.');
  }
  if (deciding === 'flow' || deciding === 'fixture_capacity') {
    if (kind === 'hydromechanical') suggestions.push('A gravity interceptor, sized by volume instead of rated flow.');
  }
  if (deciding === 'capacity_rule') suggestions.push('A unit whose rating meets 2 lb of grease per GPM (a larger size, or the standard rating instead of the 99 % one).');
  if (deciding === 'compartments') suggestions.push('A gravity interceptor with the compartments the jurisdiction requires.');
  if (SCALABLE_CHECKS.has(deciding)) {
    suggestions.push(
      most > 1
        ? `More units ${MULTI_UNIT_ARRANGEMENT[kind] === 'parallel' ? 'in parallel' : 'in series'} than the ${most} the jurisdiction allows, if it agrees.`
        : `Units ${MULTI_UNIT_ARRANGEMENT[kind] === 'parallel' ? 'in parallel' : 'in series'}, if the jurisdiction allows more than one.`,
    );
  }
  suggestions.push('An engineered design.');
  return {
    deciding,
    message: `${MISS_WORDS[deciding][0]?.toUpperCase()}${MISS_WORDS[deciding].slice(1)} decided: the closest, ${unitsText},${missText}.`,
    closest: { id: e.id, part_number: e.part_number, name: e.name, units: e.units, misses },
    suggestions,
    ways_out: [],
    catalog_gaps,
  };
}

function chosenReasons(
  chosen: CandidateEvaluation,
  suitable: number,
  demand: SizingDemand,
  target: number,
  single: CandidateEvaluation | undefined,
): string[] {
  const reasons: string[] = [];
  const gravity = isGravityMethod(demand.method);
  reasons.push(
    suitable > 1
      ? `Smallest of ${suitable} suitable candidates ` +
          `(${gravity ? 'lowest volume' : 'lowest rated flow'}, then grease capacity, then price).`
      : 'The only suitable candidate.',
  );
  if (chosen.units > 1 && single !== undefined) {
    const why = [...new Set(single.failures.map((f) => f.code))].join(', ');
    reasons.push(
      `No single unit is enough (a single ${chosen.name} fails: ${why}); ` +
        `${chosen.units} identical units in ${chosen.arrangement} ` +
        (chosen.arrangement === 'parallel'
          ? 'share the flow equally, so their rated flows and grease capacities add.'
          : 'add their volumes and grease storage.'),
    );
  }
  if (target !== demand.pump_out_target_days) {
    reasons.push(
      `Requested pump-out of ${demand.pump_out_target_days} days adjusted to ${target} days, the jurisdiction's bounds.`,
    );
  }
  if (chosen.rating?.storage_basis === 'liquid-share') {
    const percent = roundTo((chosen.rating.grease_gal / Math.max(chosen.totals.liquid_capacity_gal ?? 1, 1e-9)) * chosen.units * 100, 2);
    reasons.push(`No grease rating is listed: grease storage taken as ${percent} % of the liquid capacity.`);
  }
  if (chosen.rating?.storage_basis === 'accumulation-limit') {
    reasons.push(
      `The jurisdiction's accumulation limit (grease and solids within a share of the liquid capacity) holds the grease stored to ${fmt(chosen.rating.storage_lbs)} lb per unit, below the ${fmt(chosen.rating.grease_lbs)} lb rating.`,
    );
  }
  if (demand.grease_per_day_lbs <= 0) {
    reasons.push('No grease production is entered (0 servings): the pump-out cycle shown is the longest interval the rules allow, not one worked out from grease.');
  }
  reasons.push(...chosen.checks.map((c) => c.message));
  return reasons;
}
