/**
 * The derivation: every sizing shows its work as a list of steps an inspector can check line by
 * line (the API's `GET /api/projects/:id/sizing`, the editor's "How this was sized", the report's
 * calculation sheet). Each step stands on its own: a label, the formula in words and symbols, the
 * inputs with their units, the result with its unit, and the code section or guide behind it.
 * Numbers are shown rounded by the one display rule (units.ts); the engine computes unrounded.
 */
import { roundForDisplay } from './units';

export const DERIVATION_GROUPS = ['rules', 'fixtures', 'flow', 'volume', 'grease', 'pump-out', 'selection'] as const;
export type DerivationGroup = (typeof DERIVATION_GROUPS)[number];

export type DerivationValue = number | string | boolean | null;

export interface DerivationQuantity {
  name: string;
  value: DerivationValue;
  unit: string | null;
}

export interface DerivationStep {
  /** Stable key: "fixture.2.load", "design-flow", "pump-out.cycle". */
  key: string;
  group: DerivationGroup;
  label: string;
  /** The rule in words and symbols: "L × W × D × compartments ÷ 231". */
  formula: string;
  inputs: DerivationQuantity[];
  result: { value: DerivationValue; unit: string | null };
  /** The code section, table or guide behind the step: "UPC 1014.3.6, Table 703.2". */
  source: string;
  /** Anything a reader needs besides the numbers (an exemption, a cap that applied …). */
  note: string | null;
}

/** One number, rounded for the sheet. */
export const shown = (value: number): number => roundForDisplay(value);

export function quantity(name: string, value: DerivationValue, unit: string | null = null): DerivationQuantity {
  return { name, value: typeof value === 'number' ? shown(value) : value, unit };
}

export function step(s: {
  key: string;
  group: DerivationGroup;
  label: string;
  formula: string;
  inputs?: DerivationQuantity[];
  result: DerivationValue;
  unit?: string | null;
  source: string;
  note?: string | null;
}): DerivationStep {
  return {
    key: s.key,
    group: s.group,
    label: s.label,
    formula: s.formula,
    inputs: s.inputs ?? [],
    result: { value: typeof s.result === 'number' ? shown(s.result) : s.result, unit: s.unit ?? null },
    source: s.source,
    note: s.note ?? null,
  };
}
