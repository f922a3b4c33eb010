/**
 * Which fixtures drain to the interceptor under the jurisdiction's rules, and what the rules say
 * about food-waste disposers and dishwashers: exempt fixtures (hand sinks where a jurisdiction
 * exempts them) and fixtures sent to the sanitary drain are left out of the load, with the reason;
 * others are sized with a warning, call for a solids interceptor upstream, or stop the
 * recommendation. Sources: UPC 1014.1.3 (no disposer or dishwasher into a hydromechanical
 * interceptor unless the authority permits it), IPC 1003.3.2 (a solids interceptor separates a
 * food-waste grinder's discharge first), and the jurisdiction's own rules.
 */
import type { FixtureSizing } from './fixtures';
import type { DishwasherAction, DisposerAction, JurisdictionRules } from './jurisdiction-rules';
import { rulesCitation } from './rules-source';
import type { FixtureKind } from './tables';

export interface SizingNotice {
  code: string;
  message: string;
  /** Code section, guide or rule set behind it. */
  source: string;
}

export interface FixtureDecision {
  name: string;
  kind: FixtureKind;
  included: boolean;
  /** Why it is left out (null when included). */
  reason: string | null;
  source: string | null;
}

export interface FixturePolicy {
  decisions: FixtureDecision[];
  /** The fixtures that drain to the interceptor. */
  included: FixtureSizing[];
  warnings: SizingNotice[];
  /** Set when a connected fixture is not permitted: nothing is recommended. */
  refusal: SizingNotice | null;
  /** Set when a solids interceptor must be installed upstream. */
  solids_interceptor: SizingNotice | null;
  /** A disposer discharges to the interceptor (the meals method adds its waste flow). */
  disposer_connected: boolean;
}

type InterceptorKind = 'hydromechanical' | 'gravity';

/** The code family of a rule set, for naming sections: rule sets on the IPC ladder follow the IPC. */
function family(rules: JurisdictionRules): 'UPC' | 'IPC' {
  return rules.hgi_size_ladder === 'ipc' ? 'IPC' : 'UPC';
}

function disposerSource(rules: JurisdictionRules): string {
  return `${family(rules) === 'IPC' ? 'IPC 1003.3.2' : 'UPC 1014.1.3'}; ${rulesCitation(rules)}`;
}

function dishwasherSource(rules: JurisdictionRules): string {
  return `${family(rules) === 'IPC' ? 'IPC 1003.3.1' : 'UPC 1014.1.3'}; ${rulesCitation(rules)}`;
}

const INTO: Record<InterceptorKind, string> = { hydromechanical: 'a hydromechanical interceptor', gravity: 'a gravity interceptor' };

export function applyFixturePolicy(
  fixtures: readonly FixtureSizing[],
  rules: JurisdictionRules,
  kind: InterceptorKind,
  disposerFlag: boolean,
): FixturePolicy {
  const warnings: SizingNotice[] = [];
  let refusal: SizingNotice | null = null;
  let solids: SizingNotice | null = null;
  const disposerAction: DisposerAction = rules.food_waste_disposer[kind];
  const dishwasherAction: DishwasherAction = rules.dishwasher[kind];
  const hasDisposer = disposerFlag || fixtures.some((f) => f.type === 'food-waste-disposer');
  const hasDishwasher = fixtures.some((f) => f.type === 'dishwasher');

  const decisions: FixtureDecision[] = fixtures.map((f) => {
    const exempt = rules.excluded_fixtures.find((e) => e.kind === f.type);
    if (exempt) return { name: f.name, kind: f.type, included: false, reason: exempt.reason, source: rulesCitation(rules) };
    if (f.type === 'food-waste-disposer' && disposerAction === 'exclude') {
      return {
        name: f.name,
        kind: f.type,
        included: false,
        reason: 'Food-waste disposers discharge to the sanitary drain, not through the grease interceptor.',
        source: disposerSource(rules),
      };
    }
    if (f.type === 'dishwasher' && dishwasherAction === 'exclude') {
      return {
        name: f.name,
        kind: f.type,
        included: false,
        reason: 'Dishwashers (hot water and detergents keep grease emulsified) discharge to the sanitary drain, not through the grease interceptor.',
        source: dishwasherSource(rules),
      };
    }
    return { name: f.name, kind: f.type, included: true, reason: null, source: null };
  });

  if (hasDisposer) {
    switch (disposerAction) {
      case 'warn':
        warnings.push({
          code: 'disposer_needs_permission',
          message: `A food-waste disposer drains to ${INTO[kind]}: this is allowed only where the authority permits it; get that permission, or route the disposer to the sanitary drain.`,
          source: disposerSource(rules),
        });
        break;
      case 'solids-interceptor':
        solids = {
          code: 'solids_interceptor_required',
          message: 'A food-waste disposer is connected: a solids interceptor must separate its discharge before the grease interceptor.',
          source: disposerSource(rules),
        };
        break;
      case 'refuse':
        refusal = {
          code: 'fixture_not_permitted',
          message: `Food-waste disposers may not discharge to ${INTO[kind]} here: remove the disposer (or route it elsewhere as the authority directs) before a unit can be recommended.`,
          source: disposerSource(rules),
        };
        break;
      case 'exclude':
      case 'allow':
        break;
    }
  }
  if (hasDishwasher) {
    if (dishwasherAction === 'warn') {
      warnings.push({
        code: 'dishwasher_needs_permission',
        message: `A dishwasher drains to ${INTO[kind]}: its hot, detergent-laden discharge keeps grease emulsified; it is allowed only where the authority permits it.`,
        source: dishwasherSource(rules),
      });
    } else if (dishwasherAction === 'refuse') {
      refusal ??= {
        code: 'fixture_not_permitted',
        message: `Dishwashers may not discharge to ${INTO[kind]} here: route the dishwasher to the sanitary drain before a unit can be recommended.`,
        source: dishwasherSource(rules),
      };
    }
  }

  const included = fixtures.filter((_, i) => decisions[i]?.included === true);
  return {
    decisions,
    included,
    warnings,
    refusal,
    solids_interceptor: solids,
    disposer_connected: hasDisposer && disposerAction !== 'exclude',
  };
}
