/**
 * Demo products (demo: true): invented figures that give the sizing engine and the catalog screens
 * real choices. Three groups:
 *  1. products that catalog-facts.json references but does not describe (8400-014-01, 4055-BXX-02,
 *     4060-101-04, ...), so every accessory/related/compatible reference resolves;
 *  2. model series across the standard sizes: HM (polyethylene hydromechanical, 4-500 GPM),
 *     HS (coated steel, 4-200 GPM), UC (under-sink, 4-25 GPM), GG (gravity, 500-15,000 gal),
 *     SX (solids), FC (flow controls);
 *  3. a discontinued oil-water separator line under an unpublished product type.
 *
 * Variant families share parent_store_id and base_model.base_part_number; their part numbers are
 * PPPP-0AB-01 where A is the connection code and B the cover code (see options.ts).
 */
import type { Draft } from './draft';
import { capacity, dims, flowRating, installation, rating, shipping } from './draft';
import type { CoverKind, SeedOption } from './options';
import { connection, cover, option, variantPartNumber } from './options';
import { noDocuments, round } from './util';

type Conn = 2 | 3 | 4 | 6;

/** Facts part numbers used as accessory references below. */
const ACC = {
  FCR1: '8010-005-01',
  FCR2: '8010-006-01',
  CA2: '8010-011-01',
  FCR10: '8010-020-01',
  AK1: '8020-001-01',
  AGS1: '8020-003-01',
  AGS2: '8020-004-01',
  AK2: '8020-005-01',
  AK3: '8020-006-01',
  ATD1: '8020-008-01',
  CC1: '8030-003-01',
  CC2: '8030-004-01',
  SV24O: '8062-0XX-03',
  SV24: '8064-XXX-01',
  SV10: '8065-001-01',
  FSDUO: '8070-XXX-01',
  FPT_BX34: '9300-261-01',
  FPT_BX23: '9300-263-01',
  FPT_EA34: '9300-265-01',
  FPT_EA23: '9300-267-01',
  C24H: '9500-005-01',
  C24HP: '9500-007-01',
  C24H2: '9500-008-01',
  C21M: '9500-069-01',
  SI75: '5045-002-01',
  GB250: '4055-007-02',
  GB1: '4060-001-04',
  GB1000: '4080-XXX-01@194',
} as const;

const acc = (...refs: string[]) => refs.map((ref) => ({ ref, component: false }));
const component = (ref: string) => ({ ref, component: true });

/** Demo store ids live above the commerce platform's real ids (which are below 1000). */
const storeIdFor = (id: number): string => String(id + 4000);

function blank(id: number, family: string, part: string, name: string, types: string[]): Draft {
  return {
    id,
    family,
    part_number: part,
    name,
    short_name: name,
    types,
    store_id: storeIdFor(id),
    parent_store_id: null,
    base_model: { is_base_model: true, base_part_number: part },
    description: '',
    short_description: null,
    market_specific_description: null,
    created: '2015-01-01',
    last_updated: null,
    list_price: 0,
    retail_multiplier: 0.7,
    wholesale_multiplier: 0.55,
    processing: { lead_time: 6, threshold: 5 },
    installation_options: null,
    ratings: [],
    solids_capacity: null,
    liquid_capacity: null,
    base_dimensions: null,
    shipping_dimensions: null,
    options: [],
    accessoryRefs: [],
    relatedRefs: [],
    compatibleRefs: [],
    certifications: [],
    documents: noDocuments(),
    images: { primary: null, dimension: null },
    extra: { manway_access_ports: 0 },
    demo: true,
  };
}

const listing = (name: string) => ({ name, link: null, type: 'listing' });
const report = (name: string) => ({ name, link: null, type: 'test-report' });

const HGI = 'hydromechanical-grease-interceptors';
const GGI = 'gravity-grease-interceptors';

/** Standard HGI sizes (GPM) the catalog must cover without gaps. */
export const STANDARD_HGI_SIZES = [4, 7, 10, 15, 20, 25, 35, 50, 75, 100, 150, 200, 250, 300, 400, 500] as const;
/** UPC table gravity interceptor volumes (gal). */
export const STANDARD_GGI_VOLUMES = [500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000, 5000, 7500, 10000, 15000] as const;

class Ids {
  constructor(private next: number) {}
  take(): number {
    return this.next++;
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Products referenced by the facts but not described there.

/** Copies the figures of a facts product (deep copy through JSON: drafts are plain data). */
const copyFigures = (src: Draft) =>
  JSON.parse(
    JSON.stringify({
      ratings: src.ratings,
      solids_capacity: src.solids_capacity,
      liquid_capacity: src.liquid_capacity,
      base_dimensions: src.base_dimensions,
      shipping_dimensions: src.shipping_dimensions,
      installation_options: src.installation_options,
      extra: src.extra,
    }),
  ) as Pick<Draft, 'ratings' | 'solids_capacity' | 'liquid_capacity' | 'base_dimensions' | 'shipping_dimensions' | 'installation_options' | 'extra'>;

function addWeight(d: Draft, lbs: number): void {
  for (const key of ['base_dimensions', 'shipping_dimensions'] as const) {
    const s = d[key]?.standard;
    if (s) d[key] = dims(s.length, s.width, s.height, s.weight + lbs);
  }
}

function referencedProducts(facts: Draft[], ids: Ids): Draft[] {
  const byPart = (part: string): Draft => {
    const d = facts.find((f) => f.part_number === part);
    if (!d) throw new Error(`facts product ${part} is missing`);
    return d;
  };
  const gb250 = byPart(ACC.GB250);
  const gb1 = byPart(ACC.GB1);
  const out: Draft[] = [];

  // Small flow control for the GB1 (20/25 GPM, 2" and 3" lines).
  const vfc = blank(ids.take(), 'vfc', '8400-011-02', 'VFC-25', ['flow-controls']);
  Object.assign(vfc, {
    list_price: 96,
    processing: { lead_time: 1, threshold: 20 },
    base_dimensions: dims(7, 5, 5, 1.6),
    shipping_dimensions: dims(8, 6, 6, 1.8),
  });
  out.push(vfc);

  // Pump-out kit for the large in-ground units (GB-250, SI-75).
  const pk = blank(ids.take(), 'pk', '8400-014-01', 'PK-4', ['fittings']);
  Object.assign(pk, {
    list_price: 385,
    processing: { lead_time: 6, threshold: 10 },
    base_dimensions: dims(30, 8, 8, 9),
    shipping_dimensions: dims(32, 10, 10, 10),
  });
  out.push(pk);

  // Vent kit for hydromechanical units (GB1, GB-250).
  const vk = blank(ids.take(), 'vk', '8400-015-01', 'VK-2', ['fittings']);
  Object.assign(vk, {
    list_price: 128,
    processing: { lead_time: 1, threshold: 25 },
    base_dimensions: dims(14, 6, 6, 2.5),
    shipping_dimensions: dims(15, 7, 7, 2.8),
  });
  out.push(vk);

  // Market-specific alternate of the GB-250 (related product): Canadian CSA version, configurable.
  const gb250c = blank(ids.take(), 'csa', '4055-XXY-02', 'GB-250 CSA', [HGI]);
  Object.assign(gb250c, copyFigures(gb250), {
    base_model: { is_base_model: false, base_part_number: '4055-107-02' },
    list_price: 7450,
    processing: { lead_time: 8, threshold: 2 },
    accessoryRefs: gb250.accessoryRefs.map((a) => ({ ...a })),
    relatedRefs: [ACC.GB250],
    certifications: [listing('CSA B481.1 Certification for GB-250 CSA'), report('GB-250 CSA (100 GPM) Test Report'), report('GB-250 CSA (200 GPM) Test Report')],
  });
  out.push(gb250c);

  // GB-250 body with built-in pump-out ports; the SI-75 lists it as compatible, so it lists the SI-75.
  const gb250p = blank(ids.take(), 'gb250-pumpout', '4055-BXX-02', 'GB-250 Pump-Out', [HGI]);
  Object.assign(gb250p, copyFigures(gb250), {
    base_model: { is_base_model: false, base_part_number: '4055-B07-02' },
    list_price: 7640,
    processing: { lead_time: 6, threshold: 3 },
    accessoryRefs: [...acc(ACC.SI75), ...gb250.accessoryRefs.filter((a) => a.ref !== '8400-014-01').map((a) => ({ ...a }))],
    relatedRefs: [ACC.GB250],
    certifications: [listing('GB-250 Pump-Out IAPMO Listing'), report('GB-250 Pump-Out (100 GPM) ASME Report')],
  });
  addWeight(gb250p, 18);
  out.push(gb250p);

  // GB1 CSA and the GB2 / GB3 pair (all compatible with the CC1 clamping collar and FCR1 riser).
  const gb1c = blank(ids.take(), 'csa', '4060-101-04', 'GB1 CSA', [HGI]);
  Object.assign(gb1c, copyFigures(gb1), {
    list_price: 905,
    processing: { lead_time: 2, threshold: 8 },
    options: gb1.options.map((o) => ({ ...o })),
    accessoryRefs: gb1.accessoryRefs.map((a) => ({ ...a })),
    relatedRefs: [ACC.GB1],
    certifications: [listing('CSA B481.1 Certification for GB1 CSA'), report('GB1 CSA (20 GPM) Test Report'), report('GB1 CSA (25 GPM) Test Report')],
  });
  out.push(gb1c);

  const small = (
    part: string,
    csaPart: string,
    name: string,
    flows: [number, number, number, number, number],
    body: { l: number; w: number; h: number; wt: number; liquid: number; solids: number; price: number },
    conn: SeedOption,
    flowControl: string,
  ): Draft[] => {
    const [f1, g1, f2, g2, g99] = flows;
    const base = blank(ids.take(), 'gb-small', part, name, [HGI]);
    const baseDims = dims(body.l, body.w, body.h, body.wt);
    Object.assign(base, {
      list_price: body.price,
      processing: { lead_time: 1, threshold: 10 },
      installation_options: installation({ indoors: true, indoorsBuried: true }),
      ratings: [rating(f1, g1), rating(f2, g2), rating(f1, g99, 'at 99%', true)],
      solids_capacity: capacity(body.solids),
      liquid_capacity: capacity(body.liquid),
      base_dimensions: baseDims,
      shipping_dimensions: shipping(baseDims, { l: 1, w: 1, h: 1 }),
      options: [conn, cover('pedestrian')],
      accessoryRefs: [component(flowControl), ...acc(ACC.FCR1, ACC.CC1, '8400-015-01', ACC.SV10, ACC.SV24)],
      relatedRefs: [csaPart],
      certifications: [listing(`IAPMO Listing for ${name}`), report(`ASME Test Report for ${name} (${f1})`), report(`ASME Test Report for ${name} (${f2})`)],
      extra: { manway_access_ports: 1 },
    });
    const csa = blank(ids.take(), 'csa', csaPart, `${name} CSA`, [HGI]);
    Object.assign(csa, copyFigures(base), {
      list_price: Math.round(body.price * 1.055),
      processing: { lead_time: 2, threshold: 6 },
      options: base.options.map((o) => ({ ...o })),
      accessoryRefs: base.accessoryRefs.map((a) => ({ ...a })),
      relatedRefs: [part],
      certifications: [listing(`CSA B481.1 Certification for ${name} CSA`), report(`${name} CSA (${f1} GPM) Test Report`)],
    });
    return [base, csa];
  };
  out.push(
    ...small('4065-001-05', '4065-101-05', 'GB2', [25, 118, 35, 104, 38], { l: 34, w: 26, h: 16, wt: 58, liquid: 18, solids: 2.2, price: 1240 }, option('2" and 3" Plain / 4" FPT Inlet/Outlet'), '9310-035-01'),
    ...small('4070-001-04', '4070-101-04', 'GB3', [35, 215, 50, 190, 72], { l: 40, w: 30, h: 20, wt: 85, liquid: 31, solids: 3.6, price: 1695 }, connection(4), '9310-050-01'),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------
// 2. Series.

interface VariantSpec {
  conn: Conn;
  cover: CoverKind;
}

/** Builds a family: the base variant first, then the other option combinations. */
function family(
  ids: Ids,
  prefix: string,
  base: VariantSpec,
  others: VariantSpec[],
  make: (id: number, spec: VariantSpec, part: string) => Draft,
): Draft[] {
  const basePart = variantPartNumber(prefix, connection(base.conn), cover(base.cover));
  return [base, ...others].map((spec) => {
    const part = variantPartNumber(prefix, connection(spec.conn), cover(spec.cover));
    const d = make(ids.take(), spec, part);
    d.options = [connection(spec.conn), cover(spec.cover)];
    d.parent_store_id = prefix;
    d.base_model = { is_base_model: part === basePart, base_part_number: basePart };
    return d;
  });
}

const combos = (conns: Conn[], covers: CoverKind[]): VariantSpec[] => conns.flatMap((conn) => covers.map((c) => ({ conn, cover: c })));
const without = (all: VariantSpec[], base: VariantSpec) => all.filter((s) => s.conn !== base.conn || s.cover !== base.cover);

const CONN_PRICE: Record<Conn, number> = { 2: 0, 3: 40, 4: 95, 6: 320 };
/** Cast-iron covers cost more and weigh about 64 lb more than polypropylene, per manway. */
const coverPrice = (kind: CoverKind, manways: number) => (kind === 'h20' ? 560 * manways : 0);
const coverWeight = (kind: CoverKind, manways: number) => (kind === 'h20' ? 64 * manways : 0);

/** [GPM, grease lb, liquid gal, solids gal, L, W, H (in), weight lb, list price $, manways] */
const HM_TABLE: [number, number, number, number, number, number, number, number, number, number][] = [
  [4, 14, 5, 0.6, 18, 14, 10, 14, 395, 1],
  [7, 24, 7, 0.8, 20, 16, 11, 18, 465, 1],
  [10, 35, 9, 1, 23, 18, 12, 24, 560, 1],
  [15, 52, 12, 1.3, 26, 20, 13, 31, 690, 1],
  [20, 72, 16, 1.8, 29, 23, 14, 40, 865, 1],
  [25, 95, 22, 2.5, 32, 24, 16, 52, 1045, 1],
  [35, 150, 34, 4, 38, 27, 19, 74, 1480, 1],
  [50, 260, 55, 7, 44, 31, 24, 108, 2150, 1],
  [75, 480, 95, 14, 52, 35, 32, 165, 3290, 2],
  [100, 820, 150, 26, 64, 36, 38, 230, 4680, 2],
  [150, 1250, 230, 45, 76, 40, 44, 320, 6950, 2],
  [200, 1720, 320, 68, 90, 44, 48, 425, 9350, 2],
  [250, 2150, 420, 90, 104, 48, 52, 540, 12400, 2],
  [300, 2600, 520, 115, 118, 52, 56, 660, 15100, 3],
  [400, 3450, 700, 160, 140, 58, 60, 890, 19800, 3],
  [500, 4300, 880, 205, 164, 62, 64, 1120, 24600, 3],
];

/** Which HM sizes come in several connection/cover variants. */
const HM_VARIANTS: Record<number, VariantSpec[]> = {
  25: combos([2, 3, 4], ['pedestrian', 'h20']),
  35: combos([3, 4], ['pedestrian', 'h20']),
  50: combos([3, 4], ['pedestrian', 'h20']),
  100: combos([4, 6], ['pedestrian', 'h20']),
  200: combos([4, 6], ['pedestrian', 'h20']),
};

const hmConn = (gpm: number): Conn => (gpm <= 10 ? 2 : gpm <= 35 ? 3 : gpm <= 150 ? 4 : 6);
/** Default variant of an HM size: connection by flow; the 300 GPM and larger units ship traffic-rated. */
const hmBase = (gpm: number): VariantSpec => ({ conn: hmConn(gpm), cover: gpm >= 300 ? 'h20' : 'pedestrian' });

/** Base part number of each series' model of a given flow (HS/UC: null when the series has no such size). */
function hmPart(gpm: number): string {
  const i = HM_TABLE.findIndex((r) => r[0] === gpm);
  if (i < 0) throw new Error(`no HM model for ${gpm} GPM`);
  const base = hmBase(gpm);
  return variantPartNumber(String(4101 + i), connection(base.conn), cover(base.cover));
}
function hsPart(gpm: number): string | null {
  const i = HS_TABLE.findIndex((r) => r[0] === gpm);
  return i < 0 ? null : variantPartNumber(String(4301 + i), connection(hsConn(gpm)), cover('steel'));
}
function ucPart(gpm: number): string | null {
  const i = UC_TABLE.findIndex((r) => r[0] === gpm);
  return i < 0 ? null : variantPartNumber(String(4401 + i), connection(2), cover('pedestrian'));
}

function hmSeries(ids: Ids): Draft[] {
  const out: Draft[] = [];
  HM_TABLE.forEach(([gpm, lbs, liquid, solids, l, w, h, wt, price, manways], index) => {
    const prefix = String(4101 + index);
    const name = `HM-${gpm}`;
    const base = hmBase(gpm);
    const others = without(HM_VARIANTS[gpm] ?? [], base);
    out.push(
      ...family(ids, prefix, base, others, (id, spec, part) => {
        const d = blank(id, 'hm', part, name, [HGI]);
        // The table row describes the base variant; other variants differ by cover and connection.
        const connWeight = (c: Conn) => (c === 6 ? 6 : 0);
        const weight = wt - coverWeight(base.cover, manways) + coverWeight(spec.cover, manways) - connWeight(base.conn) + connWeight(spec.conn);
        const bd = dims(l, w, h, weight);
        const small = gpm <= 10;
        Object.assign(d, {
          list_price:
            price - CONN_PRICE[base.conn] - coverPrice(base.cover, manways) + CONN_PRICE[spec.conn] + coverPrice(spec.cover, manways),
          processing: gpm <= 50 ? { lead_time: 1, threshold: 12 } : gpm <= 200 ? { lead_time: 6, threshold: 4 } : { lead_time: 10, threshold: 2 },
          installation_options: small
            ? installation({ indoors: true, indoorsBuried: true })
            : installation({ indoors: true, indoorsBuried: true, outdoors: true, outdoorsBuried: true, traffic: spec.cover === 'h20' }),
          ratings:
            gpm >= 50 && gpm <= 250 ? [rating(gpm, lbs), rating(gpm, Math.round(lbs * 0.32), 'at 99%', true)] : [rating(gpm, lbs)],
          solids_capacity: capacity(solids),
          liquid_capacity: capacity(liquid),
          base_dimensions: bd,
          shipping_dimensions: shipping(bd),
          accessoryRefs: [
            ...(gpm <= 100 ? [component(`9310-${String(gpm).padStart(3, '0')}-01`)] : []),
            ...acc(
              ...(gpm <= 50
                ? [ACC.FCR1, ACC.CC1, ACC.AK2, ACC.SV10]
                : [ACC.FCR2, ACC.CA2, ACC.CC2, ACC.AK1, ACC.ATD1, ACC.SV24, ...(gpm >= 150 ? [ACC.AGS1] : []), ...(gpm >= 400 ? [ACC.FSDUO] : [])]),
              spec.cover === 'h20' ? ACC.C24HP : gpm <= 50 ? ACC.C21M : ACC.C24H,
            ),
          ],
          // Same flow in the other lines: the coated-steel HS and the under-sink UC.
          relatedRefs: [hsPart(gpm), ucPart(gpm)].filter((p): p is string => p !== null),
          certifications: [listing(`IAPMO Listing for ${name}`), report(`ASME A112.14.3 Test Report for ${name} (${gpm} GPM)`)],
          extra: { manway_access_ports: manways },
        });
        return d;
      }),
    );
  });
  return out;
}

/** Coated-steel line (4-200 GPM): [GPM, grease lb, liquid gal, solids gal, L, W, H, weight, price] */
const HS_TABLE: [number, number, number, number, number, number, number, number, number][] = [
  [4, 9, 3, 0.2, 14, 10, 10, 32, 455],
  [7, 15, 4.5, 0.3, 16, 12, 11, 45, 590],
  [10, 22, 7, 0.5, 20, 14, 12, 68, 780],
  [15, 33, 9, 0.7, 22, 16, 13, 86, 905],
  [20, 44, 12, 0.9, 24, 18, 14, 104, 1090],
  [25, 56, 16, 1.2, 27, 19, 15, 125, 1260],
  [35, 78, 22, 1.7, 31, 21, 16, 162, 1640],
  [50, 112, 32, 2.4, 36, 24, 18, 215, 2220],
  [75, 168, 48, 3.6, 42, 28, 20, 310, 3180],
  [100, 225, 65, 4.9, 48, 30, 23, 395, 4150],
  [150, 335, 95, 7.2, 56, 34, 27, 540, 6120],
  [200, 445, 130, 9.6, 64, 38, 30, 690, 8150],
];
const hsConn = (gpm: number): Conn => (gpm <= 20 ? 2 : gpm <= 50 ? 3 : gpm <= 100 ? 4 : 6);

function hsSeries(ids: Ids): Draft[] {
  return HS_TABLE.flatMap(([gpm, lbs, liquid, solids, l, w, h, wt, price], index) =>
    family(ids, String(4301 + index), { conn: hsConn(gpm), cover: 'steel' }, [], (id, _spec, part) => {
      const name = `HS-${gpm}`;
      const d = blank(id, 'hs', part, name, [HGI]);
      const bd = dims(l, w, h, wt);
      Object.assign(d, {
        list_price: price,
        processing: { lead_time: 3, threshold: 6 },
        installation_options: installation({ indoors: true, indoorsBuried: true, text: 'Indoors, on the floor or recessed flush with the finished floor' }),
        ratings: [rating(gpm, lbs)],
        solids_capacity: capacity(solids),
        liquid_capacity: capacity(liquid),
        base_dimensions: bd,
        shipping_dimensions: shipping(bd, { l: 4, w: 4, h: 6 }),
        accessoryRefs:
          gpm <= 100
            ? [component(`9310-${String(gpm).padStart(3, '0')}-01`), ...acc(hsConn(gpm) === 4 ? ACC.FPT_EA34 : ACC.FPT_EA23, ACC.SV10)]
            : acc(ACC.SV24, ACC.AGS2),
        relatedRefs: [hmPart(gpm)],
        certifications: [listing(`PDI-G101 Certification for ${name}`), report(`ASME A112.14.3 Test Report for ${name} (${gpm} GPM)`)],
        extra: { manway_access_ports: 1 },
      });
      return d;
    }),
  );
}

/** Under-sink line: [GPM, grease lb, liquid gal, solids gal, L, W, H, weight, price] */
const UC_TABLE: [number, number, number, number, number, number, number, number, number][] = [
  [4, 10, 3.2, 0.3, 16, 11, 10, 9, 315],
  [7, 17, 4.5, 0.4, 18, 12, 11, 12, 365],
  [10, 24, 6, 0.5, 20, 13, 12, 15, 425],
  [15, 35, 8.5, 0.7, 23, 14, 13, 19, 515],
  [20, 46, 11, 0.9, 25, 16, 14, 24, 610],
  [25, 58, 14, 1.1, 27, 17, 15, 29, 720],
];

function ucSeries(ids: Ids): Draft[] {
  return UC_TABLE.flatMap(([gpm, lbs, liquid, solids, l, w, h, wt, price], index) =>
    family(ids, String(4401 + index), { conn: 2, cover: 'pedestrian' }, [], (id, _spec, part) => {
      const name = `UC-${gpm}`;
      const d = blank(id, 'uc', part, name, [HGI]);
      const bd = dims(l, w, h, wt);
      Object.assign(d, {
        list_price: price,
        processing: { lead_time: 1, threshold: 24 },
        installation_options: installation({ indoors: true, other: 'under the sink', text: 'Indoors only, under the sink or on the floor beside the fixture' }),
        ratings: [rating(gpm, lbs)],
        solids_capacity: capacity(solids),
        liquid_capacity: capacity(liquid),
        base_dimensions: bd,
        shipping_dimensions: shipping(bd, { l: 1, w: 1, h: 1 }),
        accessoryRefs: [component(`9310-${String(gpm).padStart(3, '0')}-01`), ...acc(ACC.FPT_EA23)],
        relatedRefs: [hmPart(gpm)],
        certifications: [listing(`IAPMO Listing for ${name}`), report(`ASME A112.14.3 Test Report for ${name} (${gpm} GPM)`)],
        extra: { manway_access_ports: 1 },
      });
      return d;
    }),
  );
}

/** Gravity line. Up to 1,500 gal: rotomolded polyethylene box; above: fiberglass cylinder. */
const GG_POLY: Record<number, { l: number; w: number; h: number; wt: number; price: number }> = {
  500: { l: 72, w: 44, h: 54, wt: 310, price: 5850 },
  750: { l: 84, w: 50, h: 60, wt: 420, price: 7400 },
  1000: { l: 96, w: 56, h: 62, wt: 560, price: 9150 },
  1250: { l: 108, w: 58, h: 64, wt: 690, price: 11200 },
  1500: { l: 120, w: 60, h: 66, wt: 820, price: 13100 },
};
const GG_FRP: Record<number, { d: number; wt: number; price: number }> = {
  2000: { d: 72, wt: 1150, price: 17900 },
  2500: { d: 72, wt: 1380, price: 21300 },
  3000: { d: 84, wt: 1620, price: 24800 },
  4000: { d: 84, wt: 2050, price: 31500 },
  5000: { d: 96, wt: 2480, price: 37900 },
  7500: { d: 96, wt: 3520, price: 52600 },
  10000: { d: 120, wt: 4650, price: 66400 },
  15000: { d: 120, wt: 6700, price: 91800 },
};
const GG_VARIANTS: Record<number, VariantSpec[]> = {
  1000: combos([4, 6], ['pedestrian', 'h20']),
  1500: combos([4], ['pedestrian', 'h20']),
};

function ggSeries(ids: Ids): Draft[] {
  const out: Draft[] = [];
  STANDARD_GGI_VOLUMES.forEach((gal, index) => {
    const prefix = String(4501 + index);
    const name = `GG-${gal}`;
    const poly = GG_POLY[gal];
    const frp = GG_FRP[gal];
    const manways = poly ? 2 : gal <= 5000 ? 2 : 3;
    const base: VariantSpec = { conn: gal >= 3000 ? 6 : 4, cover: poly ? 'pedestrian' : 'h20' };
    out.push(
      ...family(ids, prefix, base, without(GG_VARIANTS[gal] ?? [], base), (id, spec, part) => {
        const d = blank(id, poly ? 'gg-poly' : 'gg-frp', part, name, [GGI]);
        let bd;
        let price;
        if (poly) {
          bd = dims(poly.l, poly.w, poly.h, poly.wt + coverWeight(spec.cover, manways) + (spec.conn === 6 ? 8 : 0));
          price = poly.price + coverPrice(spec.cover, manways) + CONN_PRICE[spec.conn] - CONN_PRICE[4];
        } else if (frp) {
          // Cylinder of diameter d: gallons per inch of length = pi/4 d^2 / 231; 12 % for heads and freeboard.
          const length = Math.ceil((gal / ((Math.PI / 4) * frp.d * frp.d / 231)) * 1.12);
          bd = dims(length, frp.d, frp.d + 6, frp.wt + coverWeight('h20', manways));
          price = frp.price;
        } else throw new Error(`no body for GG-${gal}`);
        const greaseLbs = Math.round(gal * 0.25 * 7.3);
        Object.assign(d, {
          list_price: price,
          processing: poly ? { lead_time: 6, threshold: 3 } : { lead_time: 15, threshold: 1 },
          installation_options: installation({ indoorsBuried: !!poly, outdoorsBuried: true, traffic: spec.cover === 'h20' }),
          // Rated flow of a gravity interceptor = volume / 30 minutes of retention.
          ratings: [rating(round(gal / 30, 1), greaseLbs)],
          solids_capacity: capacity(Math.round(gal * 0.15)),
          liquid_capacity: capacity(gal),
          base_dimensions: bd,
          shipping_dimensions: shipping(bd, poly ? { l: 4, w: 4, h: 4 } : { l: 12, w: 12, h: 12 }),
          accessoryRefs: acc(
            ACC.SV24O,
            ACC.FCR2,
            ACC.CA2,
            ACC.CC2,
            ...(poly ? [ACC.AK1] : [ACC.AK3]),
            spec.cover === 'h20' ? ACC.C24HP : ACC.C24H2,
            ...(gal >= 5000 ? [ACC.FSDUO] : []),
          ),
          relatedRefs: gal === 1000 ? [ACC.GB1000] : [],
          certifications: [
            listing(`Listed by IAPMO to IAPMO/ANSI Z1001 (${name})`),
            ...(spec.cover === 'h20' ? [report(`${name} H-20 Load Test Report`)] : []),
          ],
          extra: { manway_access_ports: manways },
        });
        return d;
      }),
    );
  });
  return out;
}

function sxSeries(ids: Ids): Draft[] {
  const sx25 = family(ids, '4601', { conn: 3, cover: 'steel' }, [], (id, _s, part) => {
    const d = blank(id, 'sx', part, 'SX-25', ['solids-interceptors']);
    const bd = dims(24, 18, 16, 72);
    Object.assign(d, {
      list_price: 1380,
      processing: { lead_time: 3, threshold: 6 },
      installation_options: installation({ indoors: true, indoorsBuried: true }),
      ratings: [flowRating(25, '2"'), flowRating(60, '3"')],
      solids_capacity: capacity(6),
      liquid_capacity: capacity(14),
      base_dimensions: bd,
      shipping_dimensions: shipping(bd),
      accessoryRefs: acc(ACC.FPT_BX23, ACC.SV10),
      extra: { manway_access_ports: 1 },
    });
    return d;
  });
  const sx150 = family(ids, '4602', { conn: 6, cover: 'h20' }, [], (id, _s, part) => {
    const d = blank(id, 'sx', part, 'SX-150', ['solids-interceptors']);
    const bd = dims(58, 38, 44, 248);
    Object.assign(d, {
      list_price: 5480,
      processing: { lead_time: 6, threshold: 2 },
      installation_options: installation({ indoors: true, indoorsBuried: true, outdoors: true, outdoorsBuried: true, traffic: true }),
      ratings: [flowRating(125, '4"'), flowRating(375, '6"')],
      solids_capacity: capacity(180),
      liquid_capacity: capacity(210),
      base_dimensions: bd,
      shipping_dimensions: shipping(bd),
      accessoryRefs: acc(ACC.FCR2, ACC.CA2, ACC.CC2, ACC.AK1, ACC.C24HP, '8400-014-01'),
      relatedRefs: [ACC.SI75],
      extra: { manway_access_ports: 1 },
    });
    return d;
  });
  return [...sx25, ...sx150];
}

/** Flow controls, one per HGI size up to 100 GPM (the HM, HS and UC units list them as components). */
function flowControls(ids: Ids): Draft[] {
  return STANDARD_HGI_SIZES.filter((g) => g <= 100).map((gpm, i) => {
    const d = blank(ids.take(), 'fc', `9310-${String(gpm).padStart(3, '0')}-01`, `FC-${gpm}`, ['flow-controls']);
    const pipe = gpm <= 20 ? 2 : gpm <= 50 ? 3 : 4;
    const bd = dims(6 + pipe, 2 + pipe, 2 + pipe, round(0.8 + pipe * 0.6 + i * 0.1, 1));
    Object.assign(d, {
      list_price: 42 + i * 22,
      processing: { lead_time: 1, threshold: 30 },
      base_dimensions: bd,
      shipping_dimensions: dims(bd.standard.length + 1, bd.standard.width + 1, bd.standard.height + 1, round(bd.standard.weight + 0.3, 1)),
      extra: { manway_access_ports: 0, pipe_size_in: pipe },
    });
    return d;
  });
}

// ---------------------------------------------------------------------------------------------
// 3. Discontinued line under the unpublished "oil-water-separators" type.

function oilWaterSeparators(ids: Ids): Draft[] {
  const rows: [number, number, number, number, number, number][] = [
    // GPM, liquid gal, L, W, H, weight
    [50, 150, 60, 36, 42, 390],
    [100, 300, 84, 42, 48, 610],
    [200, 600, 120, 48, 56, 980],
  ];
  return rows.map(([gpm, liquid, l, w, h, wt], i) => {
    const conn = gpm <= 100 ? 4 : 6;
    const d = blank(ids.take(), 'ow', variantPartNumber(String(4701 + i), connection(conn), cover('h20')), `OW-${gpm}`, ['oil-water-separators']);
    const bd = dims(l, w, h, wt);
    Object.assign(d, {
      store_id: null,
      parent_store_id: null,
      list_price: [8900, 13400, 21800][i],
      processing: null,
      installation_options: installation({ outdoorsBuried: true, traffic: true }),
      ratings: [flowRating(gpm, null)],
      solids_capacity: capacity(Math.round(liquid * 0.1)),
      liquid_capacity: capacity(liquid),
      base_dimensions: bd,
      shipping_dimensions: shipping(bd),
      options: [connection(conn), cover('h20')],
      certifications: [listing(`UL 2215 Listing for OW-${gpm}`)],
      extra: { manway_access_ports: 2, discontinued: 2019 },
    });
    return d;
  });
}

/** All demo products in a fixed order; ids from 1101 (referenced) and 1201 (the rest). */
export function buildDemoProducts(facts: Draft[]): Draft[] {
  const referenced = referencedProducts(facts, new Ids(1101));
  const ids = new Ids(1201);
  return [
    ...referenced,
    ...hmSeries(ids),
    ...hsSeries(ids),
    ...ucSeries(ids),
    ...ggSeries(ids),
    ...sxSeries(ids),
    ...flowControls(ids),
    ...oilWaterSeparators(ids),
  ];
}
