/**
 * The project's derivation (derivation.ts): the steps of each stage of sizing a project, built
 * from what the pipeline (project.ts) computed, in the order a reader checks them: the rules
 * applied, each fixture, their combination, the design flow, the interceptor size, the gravity
 * volume, the grease, the pump-out interval and the unit chosen. Builds text only: every number
 * here was computed before (fixtures.ts, flow.ts, grease.ts, recommend.ts).
 */
import type { AccessoryRecommendation } from './accessories';
import { quantity, step, type DerivationStep } from './derivation';
import type { FixtureDecision, FixturePolicy, SizingNotice } from './fixture-policy';
import type { CombinedFixtures, FixtureSizing } from './fixtures';
import { minGreaseForSize, standardHgiSize, type ProjectFlow } from './flow';
import type { RequiredVolume } from './gravity-volume';
import { menuType, type GreaseProduction } from './grease';
import { pumpOutCap, pumpOutFloor, type JurisdictionRules, type SizingMethod } from './jurisdiction-rules';
import { describeFormula, type FormulaResult, type LocalFormula } from './local-formula';
import { SIZING_METHOD_WORDS, type Recommendation } from './recommend';
import { rulesCitation } from './rules-source';
import { DRAINAGE_PERIOD_MINUTES, FIXTURE_LIBRARY, FIXTURE_LOAD_FACTOR } from './tables';
import { roundForDisplay } from './units';

/** The project inputs the steps show (a parsed project's; project.ts ParsedProjectInputs). */
export interface StepInputs {
  menu_type: string;
  fryer: boolean;
  flatware: boolean;
  servings_per_day: number;
  pump_out_target_days: number;
  installation_location: 'indoors' | 'outdoors';
}

const fmt = (v: number): string => String(roundForDisplay(v));
const PDI_FIXTURE = 'PDI-G101 fixture drainage: volume = L × W × D ÷ 231, load = 75 % of it';

/** Steps of one fixture: volume, load and flow for a basin; the fixed flow otherwise; its DFU. */
function fixtureSteps(f: FixtureSizing, index: number, decision: FixtureDecision | undefined, rules: JurisdictionRules): DerivationStep[] {
  const period = rules.drainage_period;
  const key = `fixture.${index + 1}`;
  const label = `${f.name}`;
  const steps: DerivationStep[] = [];
  const spec = FIXTURE_LIBRARY[f.type];
  if (f.basin !== null && f.volume_cubic_in !== null && f.load_gal !== null) {
    const b = f.basin;
    steps.push(
      step({
        key: `${key}.volume`,
        group: 'fixtures',
        label: `${label}: volume`,
        formula: 'L × W × D × compartments ÷ 231',
        inputs: [quantity('length', b.length_in, 'in'), quantity('width', b.width_in, 'in'), quantity('depth', b.depth_in, 'in'), quantity('compartments', b.compartments)],
        result: f.capacity_gal,
        unit: 'gal',
        source: f.uses_typical_dimensions ? `${PDI_FIXTURE}; typical basin: ${spec.source}` : PDI_FIXTURE,
      }),
      step({
        key: `${key}.load`,
        group: 'fixtures',
        label: `${label}: drainage load`,
        formula: `volume × ${FIXTURE_LOAD_FACTOR}`,
        inputs: [quantity('volume', f.capacity_gal, 'gal')],
        result: f.load_gal,
        unit: 'gal',
        source: PDI_FIXTURE,
      }),
      step({
        key: `${key}.flow`,
        group: 'fixtures',
        label: `${label}: flow`,
        formula: `load ÷ ${DRAINAGE_PERIOD_MINUTES[period]} min (${period} drainage)`,
        inputs: [quantity('load', f.load_gal, 'gal')],
        result: period === 'one-minute' ? f.one_minute_gpm : f.two_minute_gpm,
        unit: 'GPM',
        source: 'PDI-G101: flow = drainage load ÷ drainage period',
      }),
    );
  } else {
    steps.push(
      step({
        key: `${key}.flow`,
        group: 'fixtures',
        label: `${label}: flow`,
        formula: spec.flow_input ? 'entered (or typical) flow, the same over any drainage period' : 'fixed flow, the same over any drainage period',
        result: f.one_minute_gpm,
        unit: 'GPM',
        source: spec.source,
      }),
    );
  }
  steps.push(
    step({
      key: `${key}.dfu`,
      group: 'fixtures',
      label: `${label}: drainage fixture units`,
      formula: { entered: 'as entered', jurisdiction: 'the jurisdiction’s DFU table', upc: 'UPC Table 702.1 value', none: 'no DFU value listed' }[f.dfu_source],
      result: f.dfu_listed ? f.dfu : null,
      unit: 'DFU',
      source: f.dfu_source === 'upc' ? 'UPC Table 702.1' : f.dfu_source === 'jurisdiction' ? `fixture units of ${rulesCitation(rules)}` : f.dfu_source === 'entered' ? 'entered by the rep' : 'UPC Table 702.1 lists none',
    }),
  );
  if (decision && !decision.included) {
    for (const s of steps) s.note = `Left out of the interceptor's load: ${decision.reason ?? ''}`.trim();
  }
  return steps;
}

function combinationSteps(included: FixtureSizing[], combined: CombinedFixtures, rules: JurisdictionRules): DerivationStep[] {
  const diversity = rules.fixture_flow_combination === 'largest-100-50-25';
  const flows = (period: 'one' | 'two') => included.map((f) => quantity(f.name, period === 'one' ? f.one_minute_gpm : f.two_minute_gpm, 'GPM'));
  const source = diversity ? `diversity 100 % / 50 % / 25 % (Watts, grease interceptor sizing guide) as ${rulesCitation(rules)} requires` : 'PDI-G101: the fixtures’ flows add';
  const formula = diversity ? '100 % of the largest + 50 % of the second + 25 % of the rest' : 'sum of the fixtures’ flows';
  return [
    step({ key: 'flow.one-minute', group: 'flow', label: 'Fixture flow, one-minute drainage', formula, inputs: flows('one'), result: combined.one_minute_gpm, unit: 'GPM', source }),
    step({ key: 'flow.two-minute', group: 'flow', label: 'Fixture flow, two-minute drainage', formula, inputs: flows('two'), result: combined.two_minute_gpm, unit: 'GPM', source }),
    step({
      key: 'flow.dfu',
      group: 'flow',
      label: 'Drainage fixture units',
      formula: 'sum of the fixtures’ DFU',
      inputs: included.filter((f) => f.dfu_listed).map((f) => quantity(f.name, f.dfu, 'DFU')),
      result: combined.dfu,
      unit: 'DFU',
      source: Object.keys(rules.dfu_table).length > 0 ? `UPC Table 702.1; fixture units of ${rulesCitation(rules)}` : 'UPC Table 702.1',
    }),
  ];
}

function flowSteps(flow: ProjectFlow, rules: JurisdictionRules, formulaStep: DerivationStep | null): DerivationStep[] {
  const table = 'UPC 1014.2.1, Table 1014.2.1 (¼ in/ft, n = 0.012)';
  const steps: DerivationStep[] = [
    step({
      key: 'flow.period',
      group: 'flow',
      label: 'Drainage period',
      formula: 'two minutes unless the authority requires one',
      result: flow.drainage_period,
      source: flow.drainage_period === 'one-minute' ? `PDI-G101 (one-minute drainage) as ${rulesCitation(rules)} requires` : 'UPC Table 1014.2.1, two-minute drainage column',
    }),
    step({
      key: 'flow.pipe',
      group: 'flow',
      label: 'Full-pipe flow',
      formula: flow.pipe_gpm_basis === 'table' ? 'Table 1014.2.1 row for the pipe' : 'Manning’s formula, full pipe, on the table’s basis (the table lists no such pipe)',
      inputs: [quantity('pipe size', flow.pipe_in, 'in')],
      result: flow.pipe_gpm,
      unit: 'GPM',
      source: table,
    }),
    step({
      key: 'flow.pipe-limit',
      group: 'flow',
      label: 'Interceptor size for the pipe',
      formula: `Table 1014.2.1, ${flow.drainage_period} drainage column`,
      inputs: [quantity('pipe size', flow.pipe_in, 'in')],
      result: flow.pipe_limit_gpm,
      unit: flow.pipe_limit_gpm === null ? null : 'GPM',
      source: table,
      note: flow.pipe_limit_gpm === null ? `Table 1014.2.1 stops at 6 in: no interceptor size is read for a ${flow.pipe_in} in pipe.` : null,
    }),
  ];
  if (formulaStep) steps.push(formulaStep);
  const basis = rules.sized_by_basis;
  const formula =
    basis === 'pipe'
      ? 'the pipe’s interceptor size'
      : basis === 'formula'
        ? 'the jurisdiction’s flow formula'
        : basis === 'fixtures'
          ? 'the fixtures’ flow (the pipe’s size when no fixtures drain to it)'
          : 'the lower of the fixtures’ flow and the pipe’s interceptor size (the pipe’s when no fixtures drain to it)';
  steps.push(
    step({
      key: 'flow.design',
      group: 'flow',
      label: 'Design flow',
      formula,
      inputs: [quantity(`fixture flow (${flow.drainage_period})`, flow.fixtures_gpm, 'GPM'), quantity('pipe’s interceptor size', flow.pipe_limit_gpm, 'GPM')],
      result: flow.design_available ? flow.sized_by_gpm : null,
      unit: 'GPM',
      source: basis === 'lower-of-pipe-and-fixtures' || basis === 'pipe' ? 'UPC 1014.2.1, Table 1014.2.1' : basis === 'fixtures' ? 'PDI-G101 (the fixtures’ flow); UPC 1014.2.1' : rulesCitation(rules),
      note: flow.zero_fixture_flow
        ? 'The connected fixtures give 0 GPM, so the pipe’s interceptor size is used: enter their flows to size by them.'
        : !flow.design_available
          ? 'No design flow: the pipe is beyond Table 1014.2.1 and no fixture flow is known.'
          : null,
    }),
  );
  return steps;
}

function hgiSteps(flow: ProjectFlow, rules: JurisdictionRules, requiredRating: number, fixtureCapacity: number): DerivationStep[] {
  const ladder = rules.hgi_size_ladder;
  const ladderSource = ladder === 'ipc' ? 'IPC Table 1003.3.5.1 sizes' : 'PDI-G101 / ASME A112.14.3 sizes (UPC Table 1014.2.1 above 100 GPM)';
  const steps: DerivationStep[] = [
    step({
      key: 'flow.standard-size',
      group: 'flow',
      label: 'Standard interceptor size',
      formula: 'next larger size on the ladder (never rounded down)',
      inputs: [quantity('design flow', flow.sized_by_gpm, 'GPM')],
      result: requiredRating,
      unit: 'GPM',
      source: `${ladderSource}; PDI-G101: “the next larger size is chosen”`,
      note:
        rules.hgi_min_rating !== null && requiredRating === rules.hgi_min_rating.flow_gpm && (standardHgiSize(flow.sized_by_gpm, 'next-larger', ladder) ?? 0) < requiredRating
          ? `Raised to the smallest rating ${rules.name} accepts: ${rules.hgi_min_rating.flow_gpm} GPM with ${rules.hgi_min_rating.grease_lbs} lb of grease.`
          : requiredRating === flow.sized_by_gpm && standardHgiSize(flow.sized_by_gpm, 'next-larger', ladder) === null
            ? 'Above the largest listed size (500 GPM): the design flow itself is required, from units in parallel.'
            : null,
    }),
  ];
  if (rules.hgi_min_grease_lbs_per_gpm !== null) {
    steps.push(
      step({
        key: 'flow.min-grease',
        group: 'flow',
        label: 'Grease capacity the size needs',
        formula: `${rules.hgi_min_grease_lbs_per_gpm} lb × rated GPM`,
        inputs: [quantity('size', requiredRating, 'GPM')],
        result: minGreaseForSize(requiredRating, rules.hgi_min_grease_lbs_per_gpm),
        unit: 'lb',
        source: 'PDI-G101, ASME A112.14.3, IPC 1003.3.5.1 (Table 1003.3.5.1, footnote a above 100 GPM)',
      }),
    );
  }
  if (rules.fixture_capacity_cap_factor !== null) {
    steps.push(
      step({
        key: 'flow.capacity-cap',
        group: 'flow',
        label: 'Rating the connected fixture capacity needs',
        formula: `fixture capacity ÷ ${rules.fixture_capacity_cap_factor} (capacity ≤ ${rules.fixture_capacity_cap_factor} × rated GPM)`,
        inputs: [quantity('connected fixture capacity', fixtureCapacity, 'gal')],
        result: fixtureCapacity / rules.fixture_capacity_cap_factor,
        unit: 'GPM',
        source: 'UPC 1014.2.1',
      }),
    );
  }
  return steps;
}

function greaseSteps(grease: GreaseProduction, p: StepInputs, target: number, rules: JurisdictionRules): DerivationStep[] {
  const source = 'Schier, “Grease Production Sizing”: grease production value by menu category, fryer and serving ware';
  return [
    step({
      key: 'grease.per-meal',
      group: 'grease',
      label: 'Grease per meal',
      formula: 'menu tier, fryer and flatware',
      inputs: [quantity('menu', menuType(p.menu_type)?.label ?? p.menu_type), quantity('grease tier', grease.tier.replace('-', ' ')), quantity('fryer', p.fryer ? 'yes' : 'no'), quantity('reusable flatware', p.flatware ? 'yes' : 'no')],
      result: grease.per_serving_lbs,
      unit: 'lb',
      source,
    }),
    step({
      key: 'grease.per-day',
      group: 'grease',
      label: 'Grease per day',
      formula: 'grease per meal × meals per day',
      inputs: [quantity('grease per meal', grease.per_serving_lbs, 'lb'), quantity('meals per day', p.servings_per_day)],
      result: grease.per_day_lbs,
      unit: 'lb',
      source: 'Schier, “Grease Production Sizing”: meals per day × grease production value × days per pump-out cycle',
    }),
    step({
      key: 'pump-out.target',
      group: 'pump-out',
      label: 'Pump-out interval to hold',
      formula: 'requested interval, within the jurisdiction’s bounds',
      inputs: [quantity('requested', p.pump_out_target_days, 'days'), quantity('shortest allowed', pumpOutFloor(rules), 'days'), quantity('longest allowed', pumpOutCap(rules), 'days')],
      result: target,
      unit: 'days',
      source: `pump-out interval: ${rulesCitation(rules)}`,
    }),
    step({
      key: 'grease.over-target',
      group: 'grease',
      label: 'Grease to hold between pump-outs',
      formula: 'grease per day × days',
      inputs: [quantity('grease per day', grease.per_day_lbs, 'lb'), quantity('days', target, 'days')],
      result: grease.per_day_lbs * target,
      unit: 'lb',
      source: 'Schier, “Grease Production Sizing”: meals per day × grease production value × days per pump-out cycle',
    }),
  ];
}

function selectionSteps(rec: Recommendation, rules: JurisdictionRules): DerivationStep[] {
  const steps: DerivationStep[] = [];
  const chosen = rec.chosen;
  if (rec.status === 'recommended' && chosen && rec.product) {
    const r = chosen.rating;
    steps.push(
      step({
        key: 'selection.unit',
        group: 'selection',
        label: 'Recommended unit',
        formula: 'smallest unit passing every check (fewest units, then size, then grease capacity, then price)',
        inputs: r
          ? [quantity('rated flow', r.flow_gpm, 'GPM'), quantity('grease capacity', r.grease_lbs, 'lb'), quantity('liquid capacity', chosen.totals.liquid_capacity_gal, 'gal')]
          : [quantity('liquid capacity', chosen.totals.liquid_capacity_gal, 'gal')],
        result: `${rec.units > 1 ? `${rec.units} × ` : ''}${rec.product.name} (${rec.product.part_number})${rec.arrangement && rec.arrangement !== 'single' ? ` in ${rec.arrangement}` : ''}`,
        source: 'PDI-G101 (next larger size); Schier, “Grease Production Sizing” (flow first, then grease)',
      }),
    );
    if (r) {
      const storageNote =
        r.storage_basis === 'accumulation-limit'
          ? 'Limited by the jurisdiction’s accumulation rule: grease and solids within a share of the liquid capacity.'
          : r.storage_basis === 'liquid-share'
            ? 'No grease rating listed: a share of the liquid capacity (25 % rule unless the jurisdiction sets one).'
            : null;
      steps.push(
        step({
          key: 'pump-out.storage',
          group: 'pump-out',
          label: 'Grease the unit(s) store',
          formula: rules.pump_out_accumulation_limit !== null ? 'lower of the rating and accumulation limit × liquid capacity × 7.3 lb/gal, × units' : 'grease rating × units',
          inputs: [quantity('rating', r.grease_lbs, 'lb'), quantity('units', rec.units)],
          result: chosen.totals.storage_lbs,
          unit: 'lb',
          source: rules.pump_out_accumulation_limit !== null ? `accumulation limit: ${rulesCitation(rules)}; 7.3 lb of grease per gal` : 'the manufacturer’s published grease rating',
          note: storageNote,
        }),
        step({
          key: 'pump-out.cycle',
          group: 'pump-out',
          label: 'Pump-out cycle',
          formula: rec.pump_out_basis === 'maximum-interval' ? 'no grease entered: the longest interval allowed' : 'floor(grease stored ÷ grease per day), at most the longest interval allowed',
          inputs: [quantity('grease stored', chosen.totals.storage_lbs, 'lb'), quantity('grease per day', rec.design.grease_per_day_lbs, 'lb'), quantity('longest allowed', pumpOutCap(rules), 'days')],
          result: rec.pump_out_cycle,
          unit: 'days',
          source: `Schier, “Grease Production Sizing”; pump-out interval: ${rulesCitation(rules)}`,
          note: rec.pump_out_basis === 'maximum-interval' ? 'Not a measured figure: no servings are entered.' : null,
        }),
      );
    }
  } else {
    const nf = rec.no_fit;
    steps.push(
      step({
        key: 'selection.none',
        group: 'selection',
        label: 'No unit recommended',
        formula: nf ? `deciding criterion: ${nf.deciding}` : 'see the reason',
        inputs: nf?.closest ? nf.closest.misses.map((m) => quantity(`${m.code}: has ${fmt(m.provided)}, needs`, m.required, m.unit)) : [],
        result: rec.no_recommendation?.message ?? null,
        source: rulesCitation(rules),
        note: nf
          ? [
              nf.ways_out.length > 0 ? `The way out: ${nf.ways_out.map((w) => w.message).join('; ')}.` : null,
              nf.catalog_gaps.length > 0 ? `Gaps in the catalog data: ${nf.catalog_gaps.map((g) => g.message).join(' ')}` : null,
              nf.suggestions.length > 0 ? `What would fit: ${nf.suggestions.join(' ')}` : null,
            ]
              .filter((x) => x !== null)
              .join(' ') || null
          : null,
      }),
    );
  }
  return steps;
}

/** The jurisdiction's own flow formula, as evaluated. */
export function flowFormulaStep(formula: LocalFormula, result: Extract<FormulaResult, { ok: true }>): DerivationStep {
  return step({
    key: 'flow.formula',
    group: 'flow',
    label: formula.name,
    formula: describeFormula(formula),
    inputs: result.terms.map((t) => quantity(t.label, t.value, t.unit || null)),
    result: result.value,
    unit: 'GPM',
    source: formula.source,
  });
}

/** What a project's sizing computed, for its derivation. */
export interface ProjectDerivationInput {
  inputs: StepInputs;
  method: SizingMethod;
  kind: 'hydromechanical' | 'gravity';
  /** The rules as they bind this kind of interceptor. */
  rules: JurisdictionRules;
  /** Where the rules come from, in plain words (rules-source.ts). */
  rulesSummary: string;
  /** Why a gravity interceptor is required where a hydromechanical one would be sized (or null). */
  limitNote: SizingNotice | null;
  /** Every fixture entered, sized; the policy's decision on each (same order), and those included. */
  fixtures: FixtureSizing[];
  policy: FixturePolicy;
  combined: CombinedFixtures;
  flow: ProjectFlow;
  formulaStep: DerivationStep | null;
  requiredRating: number;
  requiredVolume: RequiredVolume | null;
  grease: GreaseProduction;
  /** The pump-out interval to hold, within the jurisdiction's bounds. */
  target: number;
  recommendation: Recommendation;
  accessories: AccessoryRecommendation[];
}

/** How the project was sized, step by step. */
export function projectDerivation(d: ProjectDerivationInput): DerivationStep[] {
  const { inputs: p, rules, flow, combined, requiredVolume, policy } = d;
  const derivation: DerivationStep[] = [
    step({
      key: 'rules',
      group: 'rules',
      label: 'Rules applied',
      formula: 'the jurisdiction’s rule set (the default UPC rules where none governs the address)',
      inputs: [quantity('plumbing code', rules.plumbing_code), quantity('installed', p.installation_location), quantity('method', SIZING_METHOD_WORDS[d.method])],
      result: rules.name,
      source: rulesCitation(rules),
      note: [d.rulesSummary, d.limitNote ? `${d.limitNote.message} (${d.limitNote.source})` : null].filter((x) => x !== null).join(' '),
    }),
    ...d.fixtures.flatMap((f, i) => fixtureSteps(f, i, policy.decisions[i], rules)),
    ...combinationSteps(policy.included, combined, rules),
    ...flowSteps(flow, rules, d.formulaStep),
    ...(d.kind === 'hydromechanical' && flow.design_available ? hgiSteps(flow, rules, d.requiredRating, combined.capacity_gal) : []),
    ...(requiredVolume?.steps ?? []),
    ...(requiredVolume?.ok
      ? [
          step({
            key: 'volume.required',
            group: 'volume',
            label: 'Required liquid volume',
            formula: 'as computed above',
            result: requiredVolume.gal,
            unit: 'gal',
            source: requiredVolume.steps.at(-1)?.source ?? rulesCitation(rules),
            note: requiredVolume.basis,
          }),
        ]
      : []),
    ...greaseSteps(d.grease, p, d.target, rules),
    ...selectionSteps(d.recommendation, rules),
  ];
  for (const a of d.accessories.filter((x) => x.kind === 'solids-interceptor')) {
    derivation.push(
      step({
        key: 'selection.solids-interceptor',
        group: 'selection',
        label: 'Solids interceptor upstream',
        formula: 'smallest solids interceptor rated for the disposer’s flow',
        result: a.product ? `${a.product.name} (${a.product.part_number})` : null,
        source: policy.solids_interceptor?.source ?? rulesCitation(rules),
        note: a.note,
      }),
    );
  }
  return derivation;
}
