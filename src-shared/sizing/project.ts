/**
 * sizeProject: from a project's kitchen and installation inputs, candidate products and the
 * jurisdiction's rules, every computed project field of service-api 2.3 plus the details behind
 * the recommendation and the step-by-step derivation. Pure: no I/O, runs in Node and the browser.
 */
import { z } from 'zod';
import { recommendAccessories, type AccessoryRecommendation } from './accessories';
import { parseCandidateList, sizingCandidateSchema, type AccessoryCandidateInput, type SizingCandidate, type SizingCandidateInput } from './candidates';
import type { DerivationStep } from './derivation';
import { flowFormulaStep, projectDerivation } from './derivation-steps';
import { applyFixturePolicy, type FixtureDecision, type SizingNotice } from './fixture-policy';
import {
  combineFixtures,
  fixtureApiFields,
  fixtureInputSchema,
  sizeParsedFixture,
  type FixtureApiFields,
  type FixtureSizing,
} from './fixtures';
import {
  computeProjectFlow,
  flowRateApiFields,
  isTabulatedPipeSize,
  pipeFlowGpm,
  standardHgiSize,
  type FlowRateApiFields,
  type ProjectFlow,
} from './flow';
import { mealServiceOf, mealsInputsSchema, mealsPerPeakHour, requiredGravityVolume, type RequiredVolume } from './gravity-volume';
import {
  computeGrease,
  greaseReport,
  greaseReportSide,
  menuType,
  type GreaseCapacityMeasurement,
  type GreasePeriodKey,
  type GreaseProduction,
} from './grease';
import { describeRulesSource, rulesCitation, type RulesSourceView } from './rules-source';
import {
  DEFAULT_JURISDICTION_RULES,
  isGravityMethod,
  maxUnits,
  type AccessoryKind,
  jurisdictionRulesSchema,
  pumpOutFloor,
  rulesForKind,
  sizingMethodFor,
  type JurisdictionRules,
  type SizingMethod,
} from './jurisdiction-rules';
import { evaluateFormula, type FormulaValues, type KitchenFeatures } from './local-formula';
import { effectivePumpOutTarget, MULTI_UNIT_ARRANGEMENT, recommend, type NoRecommendationCode, type Recommendation, type RecommendDetail, type WayOut } from './recommend';
import {
  DEFAULT_PIPE_SIZE_IN,
  FIXTURE_LIBRARY,
  MENU_TIERS,
  PIPE_SIZES_IN,
  PUMP_OUT,
} from './tables';
import { measurementPair, metricMeasurement, roundForDisplay, type Measurement, type MeasurementPair } from './units';

export const projectInputsSchema = z.object({
  /** A MENU_TYPES key; its tier drives grease per serving. */
  menu_type: z.string().refine((key) => menuType(key) !== undefined, { message: 'unknown menu type' }),
  /** Overrides the menu type's tier. */
  menu_tier: z.enum(MENU_TIERS).optional(),
  servings_per_day: z.number().int().min(0),
  /**
   * The rep's choice to size by the pipe alone (UPC Table 1014.2.1) with no fixture and no meals
   * entered; without it such a project gets no recommendation (`missing_inputs`).
   */
  size_by_pipe_only: z.boolean().default(false),
  /** Requested days between pump-outs (30 / 60 / 90 or any; clamped to the jurisdiction's bounds). */
  pump_out_target_days: z.number().int().min(1).max(366).default(PUMP_OUT.usual_days[0]),
  fryer: z.boolean().default(false),
  /** Reusable utensils rather than disposable. */
  flatware: z.boolean().default(false),
  food_waste_disposer: z.boolean().default(false),
  pipe_size_in: z
    .number()
    .default(DEFAULT_PIPE_SIZE_IN)
    .refine(isTabulatedPipeSize, { message: `pipe size must be one of ${PIPE_SIZES_IN.join(', ')} in` }),
  installation_location: z.enum(['indoors', 'outdoors']).default('indoors'),
  buried: z.boolean().default(false),
  /** Grade to the top of the unit's access opening (in); used only when buried. */
  burial_depth_in: z.number().min(0).default(0),
  installed_in_traffic_area: z.boolean().default(false),
  installed_in_high_water_area: z.boolean().default(false),
  /** Only ratings at 99 % efficiency qualify (hydromechanical method). */
  require_99_percent_efficiency: z.boolean().default(false),
  /** Seats, hours … for the meals method (gravity-by-meals) and formulas that read seats. */
  meals: mealsInputsSchema.optional(),
  fixtures: z.array(fixtureInputSchema).default([]),
});

export type ProjectInputs = z.input<typeof projectInputsSchema>;
export type ParsedProjectInputs = z.output<typeof projectInputsSchema>;
export type JurisdictionRulesInput = z.input<typeof jurisdictionRulesSchema>;

export interface ProjectSizing {
  sizing_method: SizingMethod;
  /** Where the rules come from, in plain words (the authority's documents, or not read). */
  rules_source: RulesSourceView;
  /** The jurisdiction as a project embeds it (service-api 2.3.1), without contacts. */
  jurisdiction: { name: string; plumbing_code: string | null; sizing_methods: { indoor: SizingMethod; outdoor: SizingMethod } };
  /** service-api `flow_rate` (GPM). */
  flow_rate: FlowRateApiFields;
  /** The same flows in L/s. */
  flow_rate_metric: Omit<FlowRateApiFields, 'dfu'>;
  /** service-api `grease` (lbs, gal). */
  grease: Record<GreasePeriodKey, GreaseCapacityMeasurement>;
  /** The same amounts in kg and L. */
  grease_metric: Record<GreasePeriodKey, GreaseCapacityMeasurement>;
  /** service-api `pump_out_cycle`: days the recommended unit(s) hold (an integer); null when none is recommended. */
  pump_out_cycle: number | null;
  /** service-api `recommended_product`: the product's name, null when none. */
  recommended_product: string | null;
  /** service-api `unique_local_requirements`. */
  unique_local_requirements: boolean;
  unique_local_requirements_reason: string | null;
  recommendation: Recommendation;
  recommended_accessories: AccessoryRecommendation[];
  /** Required gravity volume, for gravity methods. */
  required_volume: { volume: MeasurementPair; basis: string } | null;
  /** service-api `fixtures` items. */
  fixtures: FixtureApiFields[];
  /** Fixtures the rules leave out of the load, with the reason. */
  excluded_fixtures: FixtureDecision[];
  /** What the rep must know: permissions to get, figures the engine had to assume. */
  warnings: SizingNotice[];
  /** How it was sized, step by step (derivation.ts). */
  derivation: DerivationStep[];
  /** Raw (unrounded) figures behind the fields above. */
  raw: { flow: ProjectFlow; grease: GreaseProduction; fixtures: FixtureSizing[] };
}

const fmt = (v: number): string => String(roundForDisplay(v));

/** The solids interceptor upstream: the smallest catalog unit rated for the disposer's flow. */
function solidsInterceptor(candidates: SizingCandidate[], disposerGpm: number, reason: SizingNotice): AccessoryRecommendation {
  const solids = candidates
    .filter((c) => c.type === 'solids' || c.also_listed_as.includes('solids'))
    .map((c) => ({ c, flow: Math.max(0, ...c.ratings.map((r) => r.flow_gpm)) }))
    .filter((x) => x.flow >= disposerGpm)
    .sort((a, b) => a.flow - b.flow || (a.c.price ?? Infinity) - (b.c.price ?? Infinity) || a.c.part_number.localeCompare(b.c.part_number))[0];
  return {
    kind: 'solids-interceptor',
    reason: `${reason.message} (${reason.source})`,
    product: solids ? { id: solids.c.id, part_number: solids.c.part_number, name: solids.c.name } : null,
    quantity: 1,
    note: solids ? `Rated ${fmt(solids.flow)} GPM ≥ the disposer's ${fmt(disposerGpm)} GPM.` : 'No solids interceptor in the catalog is rated for the disposer’s flow.',
  };
}

/**
 * The sizing method for where the interceptor goes; where the authority allows a hydromechanical
 * interceptor only for a few fixtures, or not with some (Pima County Code 13.36.420 A: four or
 * fewer, no dishwasher or food waste disposal unit), its gravity method past that, and why.
 */
function methodFor(rules: JurisdictionRules, p: ParsedProjectInputs): { method: SizingMethod; limitNote: SizingNotice | null } {
  const method = sizingMethodFor(rules, p.installation_location);
  const limits = rules.hydromechanical_limits;
  if (method !== 'hydromechanical-by-flow' || limits === null) return { method, limitNote: null };
  const exempt = new Set(rules.excluded_fixtures.map((e) => e.kind));
  const connected = p.fixtures.filter((f) => !exempt.has(f.kind));
  const kinds = new Set(connected.map((f) => f.kind));
  if (p.food_waste_disposer) kinds.add('food-waste-disposer');
  const barred = limits.not_with.filter((k) => kinds.has(k)).map((k) => FIXTURE_LIBRARY[k].label.toLowerCase());
  const tooMany = limits.max_fixtures !== null && connected.length > limits.max_fixtures;
  if (!tooMany && barred.length === 0) return { method, limitNote: null };
  const why = [tooMany ? `${connected.length} fixtures drain to it (a hydromechanical interceptor is allowed for ${limits.max_fixtures} or fewer)` : null, barred.length > 0 ? `a ${barred.join(' and a ')} is connected` : null]
    .filter((x) => x !== null)
    .join(', and ');
  return {
    method: limits.otherwise,
    limitNote: { code: 'hydromechanical_not_allowed', message: `A gravity interceptor is required: ${why}.`, source: limits.source },
  };
}

/** The jurisdiction's required accessories, with those it requires only from a total liquid capacity up. */
function requiredAccessories(rules: JurisdictionRules, rec: Recommendation): AccessoryKind[] {
  const liquid = rec.chosen?.totals.liquid_capacity_gal ?? null;
  const fromVolume = rules.required_accessories_from_volume.filter((r) => liquid !== null && liquid >= r.from_volume_gal).map((r) => r.kind);
  return [...new Set([...rules.required_accessories, ...fromVolume])];
}

/** Parsed rule sets by the object given: sizing many projects under one rule set parses it once. */
const parsedRules = new WeakMap<object, JurisdictionRules>();
function parseRulesOnce(input: JurisdictionRulesInput): JurisdictionRules {
  let rules = parsedRules.get(input);
  if (!rules) {
    rules = jurisdictionRulesSchema.parse(input);
    parsedRules.set(input, rules);
    parsedRules.set(rules, rules);
  }
  return rules;
}

export function sizeProject(
  inputs: ProjectInputs,
  candidates: readonly SizingCandidateInput[],
  rulesInput: JurisdictionRulesInput = DEFAULT_JURISDICTION_RULES,
  accessories: readonly AccessoryCandidateInput[] = [],
  detail: RecommendDetail = 'full',
): ProjectSizing {
  return sizeParsed(projectInputsSchema.parse(inputs), candidates, parseRulesOnce(rulesInput), accessories, detail, true);
}

type Change = WayOut['changes'][number] & { label: string };

/** The inputs with the changes a way out makes. */
function withChanges(p: ParsedProjectInputs, changes: readonly Change[]): ParsedProjectInputs {
  const out = { ...p };
  for (const c of changes) {
    if (c.input === 'buried') out.buried = c.value as boolean;
    if (c.input === 'installation_location') out.installation_location = c.value as 'indoors' | 'outdoors';
    if (c.input === 'installed_in_traffic_area') out.installed_in_traffic_area = c.value as boolean;
    if (c.input === 'pump_out_target') out.pump_out_target_days = c.value as number;
  }
  return out;
}

/**
 * When nothing fits: the inputs a rep can change (installation, buried, traffic area, pump-out
 * target), one at a time and then installation with burial, and more units than the rules allow,
 * each found by sizing the project again; those that give a unit are the ways out.
 */
function findWaysOut(
  p: ParsedProjectInputs,
  candidates: readonly SizingCandidateInput[],
  rules: JurisdictionRules,
  accessories: readonly AccessoryCandidateInput[],
  kind: 'hydromechanical' | 'gravity',
): WayOut[] {
  const yes = (b: boolean) => (b ? 'yes' : 'no');
  const other = p.installation_location === 'indoors' ? 'outdoors' : 'indoors';
  const buried: Change = { input: 'buried', value: !p.buried, label: `Buried: ${yes(!p.buried)}` };
  const place: Change = { input: 'installation_location', value: other, label: `Installed: ${other}` };
  const traffic: Change | null = p.installed_in_traffic_area ? { input: 'installed_in_traffic_area', value: false, label: 'Traffic area: no' } : null;
  // The pump-out change stays with this kind of interceptor; the other changes are sized afresh.
  const kindRules = rulesForKind(rules, kind);
  const floor = pumpOutFloor(kindRules);
  const pumpOut: Change | null = effectivePumpOutTarget(p.pump_out_target_days, kindRules) > floor ? { input: 'pump_out_target', value: floor, label: `Pump-out target: ${floor} days` } : null;
  const single = [buried, place, ...(traffic ? [traffic] : []), ...(pumpOut ? [pumpOut] : [])].map((c) => [c]);
  const pairs = [[place, buried], ...(traffic ? [[buried, traffic], [place, traffic]] : [])];
  const found = (tries: Change[][]): WayOut[] =>
    tries.flatMap((changes) => {
      const r = sizeParsed(withChanges(p, changes), candidates, rules, accessories, 'summary', false).recommendation;
      if (r.product === null) return [];
      const label = changes.map((c) => c.label).join(' and ');
      return [{ changes: changes.map(({ input, value }) => ({ input, value })), label, product: r.product, units: r.units, message: `${label} gives ${r.units > 1 ? `${r.units} × ` : ''}${r.product.name}` }];
    });
  const ways = found(single);
  if (ways.length === 0) ways.push(...found(pairs));
  if (ways.length === 0) {
    const most = maxUnits(rules, kind);
    const more = sizeParsed(p, candidates, { ...rules, max_identical_units: 10, max_units_in_series: 10 }, accessories, 'summary', false).recommendation;
    if (more.product !== null && more.units > most) {
      const label = `Units in ${MULTI_UNIT_ARRANGEMENT[kind]}: ${more.units} (${rules.name} allows ${most}: ask the plan reviewer)`;
      ways.push({ changes: [{ input: 'units', value: more.units }], label, product: more.product, units: more.units, message: `${label} gives ${more.units} × ${more.product.name}` });
    }
  }
  return ways;
}

function sizeParsed(
  p: ParsedProjectInputs,
  candidates: readonly SizingCandidateInput[],
  jurisdictionRules: JurisdictionRules,
  accessories: readonly AccessoryCandidateInput[],
  detail: RecommendDetail,
  lookForWaysOut: boolean,
): ProjectSizing {
  const rulesSource = describeRulesSource(jurisdictionRules);
  const warnings: SizingNotice[] = [];
  const { method, limitNote } = methodFor(jurisdictionRules, p);
  if (limitNote) warnings.push(limitNote);
  const kind = isGravityMethod(method) ? 'gravity' : 'hydromechanical';
  // From here on, the rules as they bind this kind of interceptor (its own pump-out interval).
  const rules = rulesForKind(jurisdictionRules, kind);

  const all = p.fixtures.map((f) => sizeParsedFixture(f, rules.dfu_table));
  const policy = applyFixturePolicy(all, rules, kind, p.food_waste_disposer);
  warnings.push(...policy.warnings);
  const combined = combineFixtures(policy.included, rules.fixture_flow_combination);
  const meals = p.meals;
  const kitchen: KitchenFeatures = {
    fryer: p.fryer,
    flatware: p.flatware,
    dishwasher: policy.included.some((f) => f.type === 'dishwasher') || (meals?.dishwasher ?? false),
    food_waste_disposer: policy.disposer_connected,
    fast_food: meals ? mealServiceOf(meals) === 'fast-food' : false,
  };
  const fixtureFlow = rules.drainage_period === 'one-minute' ? combined.one_minute_gpm : combined.two_minute_gpm;
  const formulaValues = (designGpm: number | null): FormulaValues => ({
    dfu: combined.count > 0 ? combined.dfu : null,
    fixture_flow_gpm: combined.count > 0 ? fixtureFlow : null,
    full_pipe_flow_gpm: pipeFlowGpm(p.pipe_size_in),
    design_flow_gpm: designGpm,
    fixture_capacity_gal: combined.count > 0 ? combined.capacity_gal : null,
    seats: meals ? meals.seats : null,
    meals_per_peak_hour: meals ? (meals.meals_per_peak_hour ?? mealsPerPeakHour(meals.seats, mealServiceOf(meals))) : null,
    servings_per_day: p.servings_per_day,
    hours_of_operation: meals ? meals.hours_of_operation : null,
  });

  // The jurisdiction's own flow formula, when it sizes by one.
  let formulaGpm: number | null = null;
  let formulaStep: DerivationStep | null = null;
  const flowFormula = rules.sized_by_basis === 'formula' ? rules.local_formulas.flow : null;
  if (flowFormula) {
    const result = evaluateFormula(flowFormula, formulaValues(null), kitchen);
    if (result.ok) {
      formulaGpm = result.value;
      formulaStep = flowFormulaStep(flowFormula, result);
    } else {
      warnings.push({
        code: 'formula_input_missing',
        message: `${flowFormula.name} needs the ${result.missing}; sized by the pipe instead.`,
        source: flowFormula.source,
      });
    }
  }
  const flow = computeProjectFlow(combined, p.pipe_size_in, rules, formulaGpm);
  if (flow.zero_fixture_flow) {
    warnings.push({
      code: 'zero_fixture_flow',
      message: `The connected fixtures give 0 GPM: the design flow is the pipe's interceptor size (${fmt(flow.sized_by_gpm)} GPM). Enter their flows to size by them.`,
      source: 'UPC Table 1014.2.1',
    });
  }

  const tier = p.menu_tier ?? menuType(p.menu_type)?.tier;
  if (tier === undefined) throw new Error('unreachable: the schema checked the menu type');
  const grease = computeGrease({ tier, fryer: p.fryer, flatware: p.flatware, servings_per_day: p.servings_per_day });
  const report = greaseReport(grease);

  const requiredVolume: RequiredVolume | null = requiredGravityVolume(method, {
    combined,
    pipe_in: p.pipe_size_in,
    design_gpm: flow.sized_by_gpm,
    design_available: flow.design_available,
    meals,
    food_waste_disposer: policy.disposer_connected,
    kitchen,
    formula_values: formulaValues(flow.design_available ? flow.sized_by_gpm : null),
    rules,
  });

  const ladderSize = standardHgiSize(flow.sized_by_gpm, 'next-larger', rules.hgi_size_ladder);
  // The authority's smallest accepted rating (Pima County: 25 GPM) raises the size, never lowers it.
  const requiredRating = Math.max(ladderSize ?? flow.sized_by_gpm, rules.hgi_min_rating?.flow_gpm ?? 0);
  let blocked: { code: NoRecommendationCode; message: string } | null = null;
  if (policy.refusal) blocked = { code: 'fixture_not_permitted', message: `${policy.refusal.message} (${policy.refusal.source})` };
  else if (kind === 'hydromechanical' && !flow.design_available) {
    blocked = {
      code: 'design_flow_unavailable',
      message: `UPC Table 1014.2.1 gives no hydromechanical interceptor size for a ${p.pipe_size_in} in pipe: enter the fixtures, use a gravity interceptor, or have the interceptor engineered.`,
    };
  } else if (kind === 'hydromechanical' && flow.fixture_count === 0 && !p.size_by_pipe_only && rules.sized_by_basis !== 'pipe' && rules.sized_by_basis !== 'formula' && !meals && p.servings_per_day === 0) {
    // Nothing is recommended from nothing: with no fixture, no meals and no pipe-only choice (the
    // rep's or the jurisdiction's), the pipe's default size and a zero grease load would pick a
    // unit that "lasts 90 days". (Gravity by DFU sizes from the pipe by the code's own method.)
    blocked = {
      code: 'missing_inputs',
      message:
        'Nothing to size yet: no fixtures, no servings per day and no choice to size by the drain pipe only. Add the fixtures that drain to the interceptor and the servings per day, or choose to size by the drain pipe only (UPC Table 1014.2.1).',
    };
  }
  const target = effectivePumpOutTarget(p.pump_out_target_days, rules);
  const recommendation = recommend(
    {
      method,
      location: p.installation_location,
      buried: p.buried,
      traffic_area: p.installed_in_traffic_area,
      require_99_percent_efficiency: p.require_99_percent_efficiency,
      sized_by_gpm: flow.sized_by_gpm,
      required_rating_gpm: kind === 'hydromechanical' ? requiredRating : flow.sized_by_gpm,
      grease_per_day_lbs: grease.per_day_lbs,
      pump_out_target_days: p.pump_out_target_days,
      fixture_capacity_gal: combined.capacity_gal,
      required_volume: requiredVolume,
    },
    candidates,
    rules,
    detail,
    blocked,
  );
  if (lookForWaysOut && recommendation.no_fit !== null && recommendation.no_recommendation?.code === 'no_candidate_fits') {
    const ways = findWaysOut(p, candidates, jurisdictionRules, accessories, kind);
    recommendation.no_fit.ways_out = ways;
    if (ways.length > 0) {
      const said = `${ways.map((w) => w.message).join('; ')}.`;
      recommendation.no_recommendation.message += ` The way out: ${said}`;
      recommendation.reasons = [recommendation.no_recommendation.message];
    }
  }

  let recommendedAccessories: AccessoryRecommendation[] = [];
  if (recommendation.product !== null && recommendation.arrangement !== null) {
    recommendedAccessories = recommendAccessories(
      { buried: p.buried, burial_depth_in: p.buried ? p.burial_depth_in : 0, high_water_table: p.installed_in_high_water_area, traffic_area: p.installed_in_traffic_area },
      { required_accessories: requiredAccessories(rules, recommendation).filter((k) => k !== 'solids-interceptor') },
      { id: recommendation.product.id, kind, units: recommendation.units, arrangement: recommendation.arrangement },
      accessories,
    );
    const solidsReason =
      policy.solids_interceptor ??
      (rules.required_accessories.includes('solids-interceptor')
        ? { code: 'solids_interceptor_required', message: 'The jurisdiction requires a solids interceptor ahead of the grease interceptor.', source: rulesCitation(rules) }
        : null);
    if (solidsReason) {
      const disposers = policy.included.filter((f) => f.type === 'food-waste-disposer');
      const disposerGpm = disposers.length > 0 ? disposers.reduce((t, f) => t + f.one_minute_gpm, 0) : (FIXTURE_LIBRARY['food-waste-disposer'].fixed_flow_gpm ?? 0);
      const parsed = parseCandidateList(candidates, (c) => sizingCandidateSchema.parse(c));
      recommendedAccessories.push(solidsInterceptor(parsed, disposerGpm, solidsReason));
    }
  }

  // 'summary' sizes for storage (bulk loads, writes), which keeps no derivation: skip building it.
  const derivation =
    detail === 'summary'
      ? []
      : projectDerivation({
          inputs: p,
          method,
          kind,
          rules,
          rulesSummary: rulesSource.summary,
          limitNote,
          fixtures: all,
          policy,
          combined,
          flow,
          formulaStep,
          requiredRating,
          requiredVolume,
          grease,
          target,
          recommendation,
          accessories: recommendedAccessories,
        });
  if (flow.pipe_gpm_basis === 'manning') {
    warnings.push({
      code: 'pipe_flow_computed',
      message: `UPC Table 1014.2.1 lists no ${p.pipe_size_in} in pipe: its full-pipe flow (${fmt(flow.pipe_gpm)} GPM) is worked out by Manning's formula on the table's basis.`,
      source: 'UPC Table 1014.2.1 footnote (¼ in/ft, n = 0.012)',
    });
  }

  const lps = (gpm: number): Measurement => metricMeasurement('flow', gpm);
  return {
    sizing_method: method,
    rules_source: rulesSource,
    jurisdiction: { name: rules.name, plumbing_code: rules.plumbing_code, sizing_methods: rules.sizing_methods },
    flow_rate: flowRateApiFields(flow),
    flow_rate_metric: {
      pipe: lps(flow.pipe_gpm),
      one_minute: lps(flow.one_minute_gpm),
      two_minute: lps(flow.two_minute_gpm),
      sized_by: lps(flow.sized_by_gpm),
    },
    grease: greaseReportSide(report, 'standard'),
    grease_metric: greaseReportSide(report, 'metric'),
    pump_out_cycle: recommendation.pump_out_cycle,
    recommended_product: recommendation.product?.name ?? null,
    unique_local_requirements: rules.unique_local_requirements.flagged,
    unique_local_requirements_reason: rules.unique_local_requirements.flagged ? rules.unique_local_requirements.reason : null,
    recommendation,
    recommended_accessories: recommendedAccessories,
    required_volume:
      requiredVolume !== null && requiredVolume.ok
        ? { volume: measurementPair('volume', requiredVolume.gal), basis: requiredVolume.basis }
        : null,
    fixtures: all.map(fixtureApiFields),
    excluded_fixtures: policy.decisions.filter((d) => !d.included),
    warnings,
    derivation,
    raw: { flow, grease, fixtures: all },
  };
}
