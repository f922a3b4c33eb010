/**
 * Accessories the installation calls for, and the catalog accessories that supply them. Which
 * kinds are needed follows from the installation and the jurisdiction; products are matched by
 * their kind tag and their compatibility with the recommended interceptor.
 */
import { accessoryCandidateSchema, parseCandidateList, type AccessoryCandidate, type AccessoryCandidateInput, type ProductId } from './candidates';
import { accessoryKindWords, type AccessoryKind, type JurisdictionRules } from './jurisdiction-rules';
import type { Arrangement } from './recommend';
import { ceilWhole } from './units';

/**
 * When each kind is needed and how many: per interceptor unit, once per installation, or one
 * splitter per extra parallel unit (a two-way splitter divides one line in two).
 */
export const ACCESSORY_RULES: Record<AccessoryKind, { when: string; per: 'unit' | 'installation' | 'extra-parallel-unit' }> = {
  riser: { when: 'buried: risers bring the access covers up to grade', per: 'unit' },
  'anchor-kit': { when: 'buried in a high water table: anchoring keeps an emptied unit from floating', per: 'unit' },
  'traffic-cover': { when: 'in a traffic area: a traffic-rated cover carries vehicle loads', per: 'unit' },
  'sampling-port': { when: 'the jurisdiction requires an effluent sampling port', per: 'installation' },
  'flow-control': {
    when: 'a hydromechanical interceptor needs a flow-control fitting so it never sees more than its rated flow',
    per: 'unit',
  },
  'flow-splitter': { when: 'identical units in parallel: a splitter divides the flow equally', per: 'extra-parallel-unit' },
  'solids-interceptor': {
    when: 'a food-waste disposer is connected: a solids interceptor separates its discharge before the grease interceptor (IPC 1003.3.2)',
    per: 'installation',
  },
};

export interface AccessoryInstallation {
  buried: boolean;
  /** Grade to the top of the unit's access opening (in). */
  burial_depth_in: number;
  high_water_table: boolean;
  traffic_area: boolean;
}

export interface RecommendedUnits {
  id: ProductId;
  kind: 'hydromechanical' | 'gravity';
  units: number;
  arrangement: Arrangement;
}

export interface AccessoryNeed {
  kind: AccessoryKind;
  reason: string;
  /** Pieces for the whole installation, except risers: the number of units needing them. */
  count: number;
}

function countFor(kind: AccessoryKind, units: number): number {
  switch (ACCESSORY_RULES[kind].per) {
    case 'unit':
      return units;
    case 'installation':
      return 1;
    case 'extra-parallel-unit':
      return Math.max(units - 1, 0);
  }
}

/** Accessory kinds the installation calls for, with why. */
export function accessoryNeeds(
  installation: AccessoryInstallation,
  rules: Pick<JurisdictionRules, 'required_accessories'>,
  recommended: RecommendedUnits,
): AccessoryNeed[] {
  const kinds = new Map<AccessoryKind, string>();
  if (installation.buried && installation.burial_depth_in > 0) {
    kinds.set('riser', `${ACCESSORY_RULES.riser.when} (${installation.burial_depth_in} in).`);
  }
  if (installation.buried && installation.high_water_table) kinds.set('anchor-kit', `${ACCESSORY_RULES['anchor-kit'].when}.`);
  if (installation.traffic_area) kinds.set('traffic-cover', `${ACCESSORY_RULES['traffic-cover'].when}.`);
  if (recommended.kind === 'hydromechanical') kinds.set('flow-control', `${ACCESSORY_RULES['flow-control'].when}.`);
  if (recommended.arrangement === 'parallel' && recommended.units > 1) {
    kinds.set('flow-splitter', `${ACCESSORY_RULES['flow-splitter'].when} (${recommended.units} units).`);
  }
  for (const kind of rules.required_accessories) {
    if (!kinds.has(kind)) kinds.set(kind, `Required by the jurisdiction: ${ACCESSORY_RULES[kind].when}.`);
  }
  return [...kinds].map(([kind, reason]) => ({ kind, reason, count: countFor(kind, recommended.units) }));
}

export interface AccessoryRecommendation {
  kind: AccessoryKind;
  reason: string;
  product: { id: ProductId; part_number: string; name: string } | null;
  /** Pieces to order; null when it cannot be worked out (a riser without a stated height). */
  quantity: number | null;
  note: string | null;
}

function fits(a: AccessoryCandidate, productId: ProductId): boolean {
  return a.compatible_with.length === 0 || a.compatible_with.includes(productId);
}

const byPrice = (a: AccessoryCandidate, b: AccessoryCandidate): number =>
  (a.price ?? Infinity) - (b.price ?? Infinity) || a.part_number.localeCompare(b.part_number);

/** Maps needed kinds to catalog accessories (by kind tag and compatibility); returns ids + reasons. */
export function recommendAccessories(
  installation: AccessoryInstallation,
  rules: Pick<JurisdictionRules, 'required_accessories'>,
  recommended: RecommendedUnits,
  accessoryInputs: readonly AccessoryCandidateInput[],
): AccessoryRecommendation[] {
  const accessories = parseCandidateList(accessoryInputs, (a) => accessoryCandidateSchema.parse(a));
  return accessoryNeeds(installation, rules, recommended).map((need) => {
    const options = accessories.filter((a) => a.kind === need.kind && fits(a, recommended.id));
    if (options.length === 0) {
      return { kind: need.kind, reason: need.reason, product: null, quantity: need.count, note: `None in this catalog fits the unit: order a compatible ${accessoryKindWords(need.kind).toLowerCase()} separately.` };
    }
    if (need.kind === 'riser') return riserRecommendation(need, options, installation.burial_depth_in);
    const pick = [...options].sort(byPrice)[0];
    if (pick === undefined) throw new Error('unreachable: options is not empty');
    return { kind: need.kind, reason: need.reason, product: summary(pick), quantity: need.count, note: null };
  });
}

function summary(a: AccessoryCandidate): { id: ProductId; part_number: string; name: string } {
  return { id: a.id, part_number: a.part_number, name: a.name };
}

/** Risers: per unit, enough risers of one height to cover the burial depth; fewest pieces, then price. */
function riserRecommendation(need: AccessoryNeed, options: AccessoryCandidate[], depthIn: number): AccessoryRecommendation {
  const sized = options
    .filter((a): a is AccessoryCandidate & { riser_height_in: number } => a.riser_height_in !== null)
    .map((a) => ({ a, pieces: ceilWhole(depthIn / a.riser_height_in) }))
    .sort((x, y) => x.pieces - y.pieces || byPrice(x.a, y.a));
  const best = sized[0];
  if (best !== undefined) {
    return {
      kind: need.kind,
      reason: need.reason,
      product: summary(best.a),
      quantity: best.pieces * need.count,
      note: `${best.pieces} × ${best.a.riser_height_in} in per unit for ${depthIn} in of burial.`,
    };
  }
  const pick = [...options].sort(byPrice)[0];
  if (pick === undefined) throw new Error('unreachable: options is not empty');
  return {
    kind: need.kind,
    reason: need.reason,
    product: summary(pick),
    quantity: null,
    note: `Riser height not listed: choose enough to cover ${depthIn} in per unit.`,
  };
}
