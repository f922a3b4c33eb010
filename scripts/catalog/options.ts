/**
 * Product options (the attachments whose combination fixes a variant's model number). One option
 * name is one option id across the catalog. The first block holds the names used by
 * catalog-facts.json; the rest are used by the demo families.
 *
 * Demo part numbers encode the options as PPPP-0AB-01: A = connection code, B = cover code.
 */
import type { SeedProduct } from '../../src-shared/seed/catalog-seed';

export type SeedOption = SeedProduct['options'][number];

interface OptionDef {
  id: number;
  name: string;
  option_type: 'connection' | 'cover';
  description: string;
  /** Code used in demo part numbers (A or B position); null for facts-only options. */
  code: string | null;
}

const DEFS: OptionDef[] = [
  // Names as they appear in catalog-facts.json.
  { id: 101, name: '4" Plain/FPT Inlet/Outlet', option_type: 'connection', code: '4', description: '4 in. connections that accept a plain pipe with a no-hub coupling or a threaded (FPT) fitting.' },
  { id: 102, name: '2" and 3" Plain / 4" FPT Inlet/Outlet', option_type: 'connection', code: null, description: 'Stepped hub: 2 in. or 3 in. plain pipe with a coupling, or a 4 in. threaded (FPT) connection.' },
  { id: 103, name: '6" Plain Inlet/Outlet with Pumpout Port Connections', option_type: 'connection', code: null, description: '6 in. plain-end connections with tapped ports for a permanent pump-out line.' },
  { id: 111, name: 'H-20 Rated Pickable Cast Iron Cover', option_type: 'cover', code: '2', description: 'Cast-iron cover with a pick slot, rated for H-20 wheel loads (driveways, parking areas).' },
  { id: 112, name: 'Pedestrian Rated Polypropylene Cover', option_type: 'cover', code: '1', description: 'Lightweight gasketed polypropylene cover for foot traffic only.' },
  { id: 113, name: 'Pedestrian Rated Composite Cover', option_type: 'cover', code: null, description: 'Fiber-reinforced composite cover for foot traffic only.' },
  // Demo families.
  { id: 121, name: '2" Plain/FPT Inlet/Outlet', option_type: 'connection', code: '2', description: '2 in. connections for a plain pipe with a no-hub coupling or a threaded (FPT) fitting.' },
  { id: 122, name: '3" Plain/FPT Inlet/Outlet', option_type: 'connection', code: '3', description: '3 in. connections for a plain pipe with a no-hub coupling or a threaded (FPT) fitting.' },
  { id: 123, name: '6" Plain Inlet/Outlet', option_type: 'connection', code: '6', description: '6 in. plain-end connections for a no-hub coupling or a gasketed sewer joint.' },
  { id: 131, name: 'Bolted Coated Steel Cover', option_type: 'cover', code: '3', description: 'Epoxy-coated steel cover with a neoprene gasket and stainless bolts; pedestrian rated.' },
];

const byName = new Map(DEFS.map((d) => [d.name, d]));

/** Facts names for option types -> seed option_type. */
export function optionTypeFromFacts(factsType: string): 'connection' | 'cover' {
  if (factsType === 'Inlet/Outlet') return 'connection';
  if (factsType === 'Cover') return 'cover';
  throw new Error(`unknown option_type in catalog-facts.json: "${factsType}"`);
}

export function option(name: string, price: number | null = null): SeedOption {
  const d = byName.get(name);
  if (!d) throw new Error(`no option "${name}" in scripts/catalog/options.ts`);
  return { id: d.id, name: d.name, price, option_type: d.option_type, description: d.description, store_id: null };
}

/** Connection option for a pipe size in inches (2, 3, 4 or 6). */
export function connection(inches: 2 | 3 | 4 | 6): SeedOption {
  const name = { 2: '2" Plain/FPT Inlet/Outlet', 3: '3" Plain/FPT Inlet/Outlet', 4: '4" Plain/FPT Inlet/Outlet', 6: '6" Plain Inlet/Outlet' }[inches];
  return option(name);
}

export type CoverKind = 'pedestrian' | 'h20' | 'steel';

export function cover(kind: CoverKind): SeedOption {
  const name = { pedestrian: 'Pedestrian Rated Polypropylene Cover', h20: 'H-20 Rated Pickable Cast Iron Cover', steel: 'Bolted Coated Steel Cover' }[kind];
  return option(name);
}

/** The code of an option in a demo part number. */
export function optionCode(o: SeedOption): string {
  const d = byName.get(o.name);
  if (!d?.code) throw new Error(`option "${o.name}" has no part-number code`);
  return d.code;
}

/** Demo part number PPPP-0AB-01 for a family prefix and its connection and cover options. */
export const variantPartNumber = (prefix: string, conn: SeedOption, cov: SeedOption): string =>
  `${prefix}-0${optionCode(conn)}${optionCode(cov)}-01`;
