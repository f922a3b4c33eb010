/**
 * sizeProject: from a project's kitchen and installation inputs, candidate products and the
 * jurisdiction's rules, every computed project field of service-api 2.3 plus the details behind
 * the recommendation. Pure: no I/O, runs in Node and in the browser.
 */
import { z } from 'zod';
import { recommendAccessories, type AccessoryRecommendation } from './accessories';
import type { AccessoryCandidateInput, SizingCandidateInput } from './candidates';
import {
  combineFixtures,
  fixtureApiFields,
  fixtureInputSchema,
  sizeParsedFixture,
  type FixtureApiFields,
  type FixtureSizing,
} from './fixtures';
import { computeProjectFlow, flowRateApiFields, isTabulatedPipeSize, type FlowRateApiFields, type ProjectFlow } from './flow';
import { mealsInputsSchema, requiredGravityVolume } from './gravity-volume';
import {
  computeGrease,
  greaseReport,
  greaseReportSide,
  menuType,
  type GreaseCapacityMeasurement,
  type GreasePeriodKey,
  type GreaseProduction,
} from './grease';
import {
  DEFAULT_JURISDICTION_RULES,
  isGravityMethod,
  jurisdictionRulesSchema,
  sizingMethodFor,
  type JurisdictionRules,
  type SizingMethod,
} from './jurisdiction-rules';
import { recommend, type Recommendation, type RecommendDetail } from './recommend';
import { DEFAULT_PIPE_SIZE_IN, MENU_TIERS, PIPE_SIZE_TABLE, PUMP_OUT } from './tables';
import { measurementPair, metricMeasurement, type Measurement, type MeasurementPair } from './units';

export const projectInputsSchema = z.object({
  /** A MENU_TYPES key; its tier drives grease per serving. */
  menu_type: z.string().refine((key) => menuType(key) !== undefined, { message: 'unknown menu type' }),
  /** Overrides the menu type's tier. */
  menu_tier: z.enum(MENU_TIERS).optional(),
  servings_per_day: z.number().int().min(0),
  /** Requested days between pump-outs (30 / 60 / 90 or any; clamped to the jurisdiction's bounds). */
  pump_out_target_days: z.number().int().min(1).max(366).default(PUMP_OUT.usual_days[0]),
  fryer: z.boolean().default(false),
  /** Reusable utensils rather than disposable. */
  flatware: z.boolean().default(false),
  food_waste_disposer: z.boolean().default(false),
  pipe_size_in: z
    .number()
    .default(DEFAULT_PIPE_SIZE_IN)
    .refine(isTabulatedPipeSize, {
      message: `pipe size must be one of ${PIPE_SIZE_TABLE.map((r) => r.pipe_in).join(', ')} in`,
    }),
  installation_location: z.enum(['indoors', 'outdoors']).default('indoors'),
  buried: z.boolean().default(false),
  /** Grade to the top of the unit's access opening (in); used only when buried. */
  burial_depth_in: z.number().min(0).default(0),
  installed_in_traffic_area: z.boolean().default(false),
  installed_in_high_water_area: z.boolean().default(false),
  /** Only ratings at 99 % efficiency qualify (hydromechanical method). */
  require_99_percent_efficiency: z.boolean().default(false),
  /** Seats, hours … for the meals method (gravity-by-meals). */
  meals: mealsInputsSchema.optional(),
  fixtures: z.array(fixtureInputSchema).default([]),
});

export type ProjectInputs = z.input<typeof projectInputsSchema>;
export type ParsedProjectInputs = z.output<typeof projectInputsSchema>;
export type JurisdictionRulesInput = z.input<typeof jurisdictionRulesSchema>;

export interface ProjectSizing {
  sizing_method: SizingMethod;
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
  /** service-api `pump_out_cycle`: days the recommended unit(s) hold; null when none is recommended. */
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
  /** Raw (unrounded) figures behind the fields above. */
  raw: { flow: ProjectFlow; grease: GreaseProduction; fixtures: FixtureSizing[] };
}

export function sizeProject(
  inputs: ProjectInputs,
  candidates: readonly SizingCandidateInput[],
  rulesInput: JurisdictionRulesInput = DEFAULT_JURISDICTION_RULES,
  accessories: readonly AccessoryCandidateInput[] = [],
  detail: RecommendDetail = 'full',
): ProjectSizing {
  const p = projectInputsSchema.parse(inputs);
  const rules: JurisdictionRules = jurisdictionRulesSchema.parse(rulesInput);
  const method = sizingMethodFor(rules, p.installation_location);

  const fixtures = p.fixtures.map((f) => sizeParsedFixture(f));
  const combined = combineFixtures(fixtures, rules.fixture_flow_combination);
  const flow = computeProjectFlow(combined, p.pipe_size_in, rules);

  const tier = p.menu_tier ?? menuType(p.menu_type)?.tier;
  if (tier === undefined) throw new Error('unreachable: the schema checked the menu type');
  const grease = computeGrease({ tier, fryer: p.fryer, flatware: p.flatware, servings_per_day: p.servings_per_day });
  const report = greaseReport(grease);

  const foodWasteDisposer = p.food_waste_disposer || p.fixtures.some((f) => f.kind === 'food-waste-disposer');
  const requiredVolume = requiredGravityVolume(method, {
    combined,
    sized_by_gpm: flow.sized_by_gpm,
    meals: p.meals,
    food_waste_disposer: foodWasteDisposer,
    rules,
  });

  const recommendation = recommend(
    {
      method,
      location: p.installation_location,
      buried: p.buried,
      traffic_area: p.installed_in_traffic_area,
      require_99_percent_efficiency: p.require_99_percent_efficiency,
      sized_by_gpm: flow.sized_by_gpm,
      grease_per_day_lbs: grease.per_day_lbs,
      pump_out_target_days: p.pump_out_target_days,
      fixture_capacity_gal: combined.capacity_gal,
      required_volume: requiredVolume,
    },
    candidates,
    rules,
    detail,
  );

  const recommendedAccessories =
    recommendation.product === null || recommendation.arrangement === null
      ? []
      : recommendAccessories(
          {
            buried: p.buried,
            burial_depth_in: p.buried ? p.burial_depth_in : 0,
            high_water_table: p.installed_in_high_water_area,
            traffic_area: p.installed_in_traffic_area,
          },
          rules,
          {
            id: recommendation.product.id,
            kind: isGravityMethod(method) ? 'gravity' : 'hydromechanical',
            units: recommendation.units,
            arrangement: recommendation.arrangement,
          },
          accessories,
        );

  const lps = (gpm: number): Measurement => metricMeasurement('flow', gpm);
  return {
    sizing_method: method,
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
    fixtures: fixtures.map(fixtureApiFields),
    raw: { flow, grease, fixtures },
  };
}
