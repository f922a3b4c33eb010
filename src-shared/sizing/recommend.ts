/**
 * The recommendation (§6): the smallest unit whose rating covers the design flow and whose grease
 * capacity holds the grease produced over the pump-out cycle, installable where it goes; for
 * gravity methods, whose liquid capacity covers the required volume (gravity methods check volume
 * instead of rated flow). Every candidate that is not chosen is returned with the criteria it
 * failed, as codes and plain-English messages.
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
import type { RequiredVolume } from './gravity-volume';
import { greaseLbsToGallons } from './grease';
import {
  isGravityMethod,
  pumpOutCap,
  pumpOutFloor,
  type JurisdictionRules,
  type SizingMethod,
} from './jurisdiction-rules';
import { GRAVITY_GREASE_STORAGE_FRACTION, GREASE_LBS_PER_GALLON } from './tables';
import { FLOAT_NOISE_DECIMALS, roundForDisplay, roundTo } from './units';

export type CheckCode =
  | 'type'
  | 'location'
  | 'traffic'
  | 'efficiency'
  | 'flow'
  | 'fixture_capacity'
  | 'volume'
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
 * Location, traffic, type and efficiency failures cannot be fixed by adding units.
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
  /** True when a gravity unit has no rating and its grease storage is 25 % of its liquid capacity. */
  derived: boolean;
}

export interface CandidateEvaluation {
  id: ProductId;
  part_number: string;
  name: string;
  units: number;
  arrangement: Arrangement;
  rating: RatingUsed | null;
  /** Totals over all units. */
  totals: { flow_gpm: number; grease_lbs: number; liquid_capacity_gal: number | null };
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
  sized_by_gpm: number;
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
  | 'volume_out_of_table'
  | 'missing_meals_inputs';

export interface Recommendation {
  status: 'recommended' | 'none';
  product: { id: ProductId; part_number: string; name: string } | null;
  units: number;
  arrangement: Arrangement | null;
  rating: RatingUsed | null;
  /** Days between pump-outs the recommended unit(s) hold; null when nothing is recommended. */
  pump_out_cycle: number | null;
  reasons: string[];
  design: {
    method: SizingMethod;
    sized_by_gpm: number;
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
}

const fmt = (v: number): string => String(roundForDisplay(v));

/** Clamps the requested pump-out days to the jurisdiction's bounds (at most 90, §6). */
export function effectivePumpOutTarget(requestedDays: number, rules: JurisdictionRules): number {
  return Math.min(Math.max(requestedDays, pumpOutFloor(rules)), pumpOutCap(rules));
}

/**
 * Days a grease capacity lasts: capacity ÷ grease per day, floored, capped at the jurisdiction's
 * maximum (at most 90 days). A kitchen producing no grease gets the cap.
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

/** Checks that depend on the product, not on its rating or the number of units. */
function productChecks(c: SizingCandidate, demand: SizingDemand): Check[] {
  const kind = requiredKind(demand.method);
  const kinds: CandidateKind[] = candidateKinds(c);
  const checks: Check[] = [
    {
      code: 'type',
      passed: kinds.includes(kind),
      required: kind,
      provided: kinds.join(', '),
      unit: null,
      message: kinds.includes(kind)
        ? `A ${kind} interceptor, as the ${demand.method} method requires.`
        : `The ${demand.method} method needs a ${kind} interceptor; this is ${kinds.join(' / ')}.`,
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
    message: allowed
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

function ratingUsed(r: SizingCandidate['ratings'][number]): RatingUsed {
  return {
    flow_gpm: r.flow_gpm,
    grease_lbs: r.grease_lbs,
    grease_gal: r.grease_gal ?? greaseLbsToGallons(r.grease_lbs),
    label: r.label,
    efficiency_99: r.efficiency_99,
    derived: false,
  };
}

function greaseAndPumpOutChecks(
  totalGreaseLbs: number,
  demand: SizingDemand,
  rules: JurisdictionRules,
  target: number,
): { checks: Check[]; days: number } {
  const requiredLbs = demand.grease_per_day_lbs * target;
  const days = pumpOutCycleDays(totalGreaseLbs, demand.grease_per_day_lbs, rules);
  const floor = pumpOutFloor(rules);
  return {
    days,
    checks: [
      {
        code: 'grease',
        passed: totalGreaseLbs >= requiredLbs,
        required: requiredLbs,
        provided: totalGreaseLbs,
        unit: 'lbs',
        message:
          totalGreaseLbs >= requiredLbs
            ? `Holds ${fmt(totalGreaseLbs)} lb of grease ≥ ${fmt(requiredLbs)} lb produced in ${target} days.`
            : `Holds ${fmt(totalGreaseLbs)} lb of grease < ${fmt(requiredLbs)} lb produced in ${target} days.`,
      },
      {
        code: 'pump_out',
        passed: days >= floor,
        required: floor,
        provided: days,
        unit: 'days',
        message:
          days >= floor
            ? `Lasts ${days} days between pump-outs (allowed ${floor}–${pumpOutCap(rules)}).`
            : `Lasts only ${days} days between pump-outs; the jurisdiction requires at least ${floor}.`,
      },
    ],
  };
}

function hydromechanicalRatingChecks(
  r: RatingUsed,
  units: number,
  demand: SizingDemand,
  rules: JurisdictionRules,
  target: number,
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
  checks.push({
    code: 'flow',
    passed: flow >= demand.sized_by_gpm,
    required: demand.sized_by_gpm,
    provided: flow,
    unit: 'GPM',
    message:
      flow >= demand.sized_by_gpm
        ? `Rated ${fmt(flow)} GPM ≥ design flow ${fmt(demand.sized_by_gpm)} GPM.`
        : `Rated ${fmt(flow)} GPM < design flow ${fmt(demand.sized_by_gpm)} GPM.`,
  });
  if (rules.fixture_capacity_cap_factor !== null) {
    const factor = rules.fixture_capacity_cap_factor;
    const allowed = factor * flow;
    const connected = `Connected fixtures ${fmt(demand.fixture_capacity_gal)} gal`;
    checks.push({
      code: 'fixture_capacity',
      passed: demand.fixture_capacity_gal <= allowed,
      required: demand.fixture_capacity_gal,
      provided: allowed,
      unit: 'gal',
      message:
        demand.fixture_capacity_gal <= allowed
          ? `${connected} ≤ ${factor} × ${fmt(flow)} GPM.`
          : `${connected} exceed ${factor} × ${fmt(flow)} GPM = ${fmt(allowed)} gal.`,
    });
  }
  const grease = greaseAndPumpOutChecks(r.grease_lbs * units, demand, rules, target);
  return { checks: [...checks, ...grease.checks], days: grease.days };
}

const NO_RATING: RatingUsed = { flow_gpm: 0, grease_lbs: 0, grease_gal: 0, label: null, efficiency_99: false, derived: true };

/** Evaluates one candidate as `units` identical units. */
export function evaluateCandidate(
  candidate: SizingCandidate,
  demand: SizingDemand,
  rules: JurisdictionRules,
  units = 1,
): CandidateEvaluation {
  const target = effectivePumpOutTarget(demand.pump_out_target_days, rules);
  const kind = requiredKind(demand.method);
  const arrangement: Arrangement = units === 1 ? 'single' : MULTI_UNIT_ARRANGEMENT[kind];
  const base = productChecks(candidate, demand);
  let rating: RatingUsed | null;
  let unitChecks: Check[];
  let days: number | null;

  if (kind === 'hydromechanical') {
    const options = (candidate.ratings.length > 0 ? candidate.ratings.map(ratingUsed) : [NO_RATING]).map((r) => ({
      r,
      ...hydromechanicalRatingChecks(r, units, demand, rules, target),
    }));
    const failures = (o: (typeof options)[number]): number => o.checks.filter((c) => !c.passed).length;
    // Among passing ratings: the lowest flow that covers the design flow (ratings at lower flow
    // hold more grease), then the most grease (e.g. the standard rating over a 99 % one at the
    // same flow). With none passing, report the closest miss: fewest failures, then largest.
    const best = [...options].sort((a, b) => {
      const fa = failures(a);
      const fb = failures(b);
      if (fa !== fb) return fa - fb;
      if (fa === 0) return a.r.flow_gpm - b.r.flow_gpm || b.r.grease_lbs - a.r.grease_lbs;
      return b.r.flow_gpm - a.r.flow_gpm || b.r.grease_lbs - a.r.grease_lbs;
    })[0];
    if (best === undefined) throw new Error('unreachable: at least one rating option');
    rating = best.r === NO_RATING ? null : best.r;
    unitChecks = best.checks;
    days = rating === null ? null : best.days;
  } else {
    rating = gravityRating(candidate);
    const liquid = candidate.liquid_capacity_gal === null ? null : candidate.liquid_capacity_gal * units;
    unitChecks = [volumeCheck(liquid, demand.required_volume)];
    const grease = greaseAndPumpOutChecks((rating?.grease_lbs ?? 0) * units, demand, rules, target);
    unitChecks.push(...grease.checks);
    days = rating === null ? null : grease.days;
  }

  const checks = [...base, ...unitChecks];
  const failed = checks.filter((c) => !c.passed);
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
      liquid_capacity_gal: candidate.liquid_capacity_gal === null ? null : candidate.liquid_capacity_gal * units,
    },
    pump_out_days: days,
    checks,
    passed: failed.length === 0,
    failures: failed.map((c) => ({ code: c.code, message: c.message })),
  };
}

/** A gravity unit's grease storage: its largest grease rating, else 25 % of its liquid capacity. */
function gravityRating(c: SizingCandidate): RatingUsed | null {
  const rated = [...c.ratings].sort((a, b) => b.grease_lbs - a.grease_lbs)[0];
  if (rated !== undefined) return ratingUsed(rated);
  if (c.liquid_capacity_gal === null) return null;
  const gal = c.liquid_capacity_gal * GRAVITY_GREASE_STORAGE_FRACTION;
  const lbs = gal * GREASE_LBS_PER_GALLON;
  return { flow_gpm: 0, grease_lbs: lbs, grease_gal: gal, label: null, efficiency_99: false, derived: true };
}

function volumeCheck(liquidGal: number | null, required: RequiredVolume | null): Check {
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
      message: `Liquid capacity unknown; ${fmt(required.gal)} gal are required (${required.basis}).`,
    };
  }
  const ok = liquidGal >= required.gal;
  return {
    code: 'volume',
    passed: ok,
    required: required.gal,
    provided: liquidGal,
    unit: 'gal',
    message: ok
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
    a.totals.grease_lbs - b.totals.grease_lbs ||
    (prices.get(a.id) ?? Infinity) - (prices.get(b.id) ?? Infinity) ||
    a.part_number.localeCompare(b.part_number) ||
    String(a.id).localeCompare(String(b.id));
}

/**
 * 'full' evaluates every candidate (the failed list explains each one); 'summary' first drops
 * the candidates of the wrong kind or place, which cannot be chosen, so bulk sizing (loading
 * thousands of projects) skips most of the work. The chosen unit is the same either way.
 */
export type RecommendDetail = 'full' | 'summary';

export function recommend(
  demand: SizingDemand,
  candidateInputs: readonly SizingCandidateInput[],
  rules: JurisdictionRules,
  detail: RecommendDetail = 'full',
): Recommendation {
  const target = effectivePumpOutTarget(demand.pump_out_target_days, rules);
  const required = demand.required_volume;
  const design: Recommendation['design'] = {
    method: demand.method,
    sized_by_gpm: demand.sized_by_gpm,
    grease_per_day_lbs: demand.grease_per_day_lbs,
    requested_pump_out_days: demand.pump_out_target_days,
    pump_out_target_days: target,
    required_grease_lbs: demand.grease_per_day_lbs * target,
    required_volume_gal: required !== null && required.ok ? required.gal : null,
    required_volume_basis: required !== null && required.ok ? required.basis : null,
  };
  const none = (
    code: NoRecommendationCode,
    message: string,
    failed: CandidateEvaluation[] = [],
  ): Recommendation => ({
    status: 'none',
    product: null,
    units: 0,
    arrangement: null,
    rating: null,
    pump_out_cycle: null,
    reasons: [message],
    design,
    chosen: null,
    alternatives: [],
    failed,
    no_recommendation: { code, message },
  });

  if (rules.unique_local_requirements.flagged) {
    const reason = rules.unique_local_requirements.reason ?? 'The jurisdiction has unique local requirements.';
    return none('unique_local_requirements', `No product is recommended: ${reason}`);
  }
  const parsed = parseCandidateList(candidateInputs, (c) => sizingCandidateSchema.parse(c));
  const candidates = detail === 'full' ? parsed : parsed.filter((c) => productChecks(c, demand).every((check) => check.passed));
  if (candidates.length === 0) return none('no_candidates', 'No candidate products were given.');

  const prices = new Map(candidates.map((c) => [c.id, c.price] as const));
  const order = compareEvaluations(demand.method, prices);
  const singles = candidates.map((c) => evaluateCandidate(c, demand, rules, 1));

  for (let units = 1; units <= rules.max_identical_units; units += 1) {
    const evaluations =
      units === 1
        ? singles
        : candidates.map((c, i) => {
            const single = singles[i];
            // Adding units cannot fix a wrong type, location, traffic rating or efficiency.
            const fixable = single !== undefined && single.failures.every((f) => SCALABLE_CHECKS.has(f.code));
            return fixable ? evaluateCandidate(c, demand, rules, units) : (single ?? evaluateCandidate(c, demand, rules, 1));
          });
    const passing = evaluations.filter((e) => e.passed).sort(order);
    const chosen = passing[0];
    if (chosen === undefined) continue;
    const reasons = chosenReasons(chosen, passing.length, demand, target, singles.find((s) => s.id === chosen.id));
    return {
      status: 'recommended',
      product: { id: chosen.id, part_number: chosen.part_number, name: chosen.name },
      units: chosen.units,
      arrangement: chosen.arrangement,
      rating: chosen.rating,
      pump_out_cycle: chosen.pump_out_days,
      reasons,
      design,
      chosen,
      alternatives: passing.slice(1),
      failed: evaluations.filter((e) => !e.passed),
      no_recommendation: null,
    };
  }

  if (required !== null && !required.ok) return none(required.code, required.message, singles);
  const maxUnits = rules.max_identical_units;
  return none(
    'no_candidate_fits',
    maxUnits > 1
      ? `No candidate fits, alone or as up to ${maxUnits} identical units.`
      : 'No candidate fits, and the jurisdiction allows a single unit only.',
    singles,
  );
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
  if (chosen.rating?.derived) {
    const percent = GRAVITY_GREASE_STORAGE_FRACTION * 100;
    reasons.push(`No grease rating is listed: grease storage taken as ${percent} % of the liquid capacity.`);
  }
  reasons.push(...chosen.checks.map((c) => c.message));
  return reasons;
}
