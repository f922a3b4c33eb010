/**
 * The rules of a jurisdiction whose own rules were not read: those of its plumbing code's family
 * (the UPC and the codes built on it, the IPC and the codes built on it, or a state's own code),
 * with the sizing methods the jurisdiction states. Jurisdictions that arrive from the central
 * service carry only a name, a plumbing code and sizing methods; the embedded demo ones the same.
 */
import { CODE_FAMILY_SOURCE, DEFAULT_JURISDICTION_RULES, type JurisdictionRules } from './jurisdiction-rules';
import { UPC_FIXTURE_CAPACITY_CAP_FACTOR } from './tables';

export const CODE_FAMILIES = ['upc', 'ipc', 'state'] as const;
export type CodeFamily = (typeof CODE_FAMILIES)[number];

/**
 * The code family of a plumbing code, from its name: the UPC and the state codes built on it
 * (California, Oregon, Washington, Minnesota, Idaho, Iowa, Maine, Southern Nevada …), a state's
 * own code (Wisconsin SPS 382, the Illinois and Massachusetts codes, New Jersey's National
 * Standard Plumbing Code, Chicago's), or the IPC and the codes built on it. No code named: the UPC,
 * the code the default rules follow.
 */
export function codeFamily(code: string | null): CodeFamily {
  if (code === null) return 'upc';
  if (/Wisconsin|Illinois|Massachusetts|National Standard|Chicago/.test(code)) return 'state';
  if (/UPC|Uniform|California|Oregon|Washington State|Seattle|Minnesota|Idaho|Iowa|Maine|Nevada|Los Angeles|San Francisco|Houston/.test(code)) return 'upc';
  return 'ipc';
}

export const CODE_FAMILY_NAMES: Record<CodeFamily, string> = {
  upc: 'Uniform Plumbing Code',
  ipc: 'International Plumbing Code',
  state: 'state plumbing code',
};

/**
 * What the code family sets: the UPC's 2.5 × cap (UPC 1014.2.1), PDI ladder and UPC 1014.1.3
 * (disposer or dishwasher into a hydromechanical unit only with the authority's permission:
 * warn); the IPC's ladder (Table 1003.3.5.1), no cap, a solids interceptor ahead of a disposer
 * (IPC 1003.3.2) and dishwashers connected (IPC 1003.3.1 lists them); a state code: PDI ladder,
 * no cap, warnings.
 */
export function familyRules(
  family: CodeFamily,
): Pick<JurisdictionRules, 'hgi_size_ladder' | 'fixture_capacity_cap_factor' | 'food_waste_disposer' | 'dishwasher'> {
  switch (family) {
    case 'upc':
      return {
        hgi_size_ladder: 'pdi',
        fixture_capacity_cap_factor: UPC_FIXTURE_CAPACITY_CAP_FACTOR,
        food_waste_disposer: { hydromechanical: 'warn', gravity: 'allow' },
        dishwasher: { hydromechanical: 'warn', gravity: 'allow' },
      };
    case 'ipc':
      return {
        hgi_size_ladder: 'ipc',
        fixture_capacity_cap_factor: null,
        food_waste_disposer: { hydromechanical: 'solids-interceptor', gravity: 'solids-interceptor' },
        dishwasher: { hydromechanical: 'allow', gravity: 'allow' },
      };
    case 'state':
      return {
        hgi_size_ladder: 'pdi',
        fixture_capacity_cap_factor: null,
        food_waste_disposer: { hydromechanical: 'warn', gravity: 'warn' },
        dishwasher: { hydromechanical: 'warn', gravity: 'allow' },
      };
  }
}

/** What a jurisdiction states of itself: its name, its plumbing code and (optionally) its sizing methods. */
export interface StatedJurisdiction {
  name: string;
  plumbing_code: string | null;
  sizing_methods?: JurisdictionRules['sizing_methods'];
}

/** The code family's rules for a jurisdiction whose own rules were not read, labelled so. */
export function codeFamilyRules(j: StatedJurisdiction): JurisdictionRules {
  return {
    ...DEFAULT_JURISDICTION_RULES,
    name: j.name.trim() === '' ? DEFAULT_JURISDICTION_RULES.name : j.name,
    plumbing_code: j.plumbing_code === null || j.plumbing_code.trim() === '' ? null : j.plumbing_code,
    sizing_methods: j.sizing_methods ?? DEFAULT_JURISDICTION_RULES.sizing_methods,
    ...familyRules(codeFamily(j.plumbing_code)),
    source: CODE_FAMILY_SOURCE,
  };
}
