/**
 * Checks resources/catalog.json (as built by scripts/build-catalog.ts; the test reads the file, it
 * does not rebuild it) against the seed schema, against the real figures in
 * scripts/sources/catalog-facts.json, and against the properties the sizing engine and the
 * catalog screens rely on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogSeed, type CatalogSeed, type SeedProduct } from '../src-shared/seed/catalog-seed';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const raw: unknown = JSON.parse(readFileSync(path.resolve(repoRoot, 'resources/catalog.json'), 'utf8'));
const catalog: CatalogSeed = catalogSeed.parse(raw);

type Pair<U extends string = string> = { standard: [number, U]; metric: [number, string] };
type Size = { length: [number, string]; width: [number, string]; height: [number, string]; weight: [number, string] };
interface Fact {
  part_number: string;
  name: string;
  short_name: string;
  types: string[];
  store_id: string | null;
  parent_store_id: string | null;
  base_model: { is_base_model: boolean; base_part_number: string };
  list_price: string;
  retail_multiplier: number;
  wholesale_multiplier: number;
  processing: { lead_time: number; threshold: number } | null;
  installation_options: {
    indoors: boolean;
    outdoors: boolean;
    above_grade: boolean;
    below_grade: boolean;
    other: false | string;
    traffic_area: boolean;
  } | null;
  ratings: {
    flow: Pair;
    grease_weight: Pair;
    grease_volume: Pair;
    label: string | null;
    is_99_percent_efficient: boolean | null;
  }[];
  solids_capacity: Pair | null;
  liquid_capacity: Pair | null;
  base_dimensions: { standard: Size; metric: Size } | null;
  shipping_dimensions: { standard: Size; metric: Size } | null;
  manway_access_ports: number;
  options: { name: string; price: string | null; option_type: string }[];
  accessories: string[];
  related_products: string[];
  compatible_products: string[];
  certifications: string[];
}
const facts = JSON.parse(readFileSync(path.resolve(repoRoot, 'scripts/sources/catalog-facts.json'), 'utf8')) as Fact[];

const products = catalog.products;
const byId = new Map(products.map((p) => [p.id, p]));
const typeByKey = new Map(catalog.productTypes.map((t) => [t.key, t]));
const HGI = 'hydromechanical-grease-interceptors';
const GGI = 'gravity-grease-interceptors';
const STANDARD_HGI_SIZES = [4, 7, 10, 15, 20, 25, 35, 50, 75, 100, 150, 200, 250, 300, 400, 500];
const STANDARD_GGI_VOLUMES = [500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000, 5000, 7500, 10000, 15000];

const factProduct = (f: Fact): SeedProduct => {
  const found = products.filter((p) => p.part_number === f.part_number && p.store_id === f.store_id);
  expect(found, `${f.part_number} / store ${f.store_id}`).toHaveLength(1);
  return found[0] as SeedProduct;
};
const isFactProduct = (p: SeedProduct) => facts.some((f) => f.part_number === p.part_number && f.store_id === p.store_id);
const is99 = (r: SeedProduct['ratings'][number]) => r.efficiency_99 || /99\s*%/.test(r.label ?? '');
const activeType = (key: string) => typeByKey.get(key)?.active === true;
const dimsOf = (d: { standard: Size; metric: Size } | null) =>
  d && {
    standard: { length: d.standard.length[0], width: d.standard.width[0], height: d.standard.height[0], weight: d.standard.weight[0] },
    metric: { length: d.metric.length[0], width: d.metric.width[0], height: d.metric.height[0], weight: d.metric.weight[0] },
  };

describe('catalog seed: format', () => {
  it('passes the seed schema', () => {
    expect(catalogSeed.safeParse(raw).success).toBe(true);
  });

  it('has a catalog of roughly 120-200 products, every facts product plus demo products', () => {
    expect(facts).toHaveLength(34);
    expect(products.length).toBeGreaterThanOrEqual(120);
    expect(products.length).toBeLessThanOrEqual(200);
    expect(products.filter((p) => !p.demo)).toHaveLength(facts.length);
  });

  it('has unique ids and a unique (part number, store id) per product', () => {
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    expect(new Set(products.map((p) => `${p.part_number}@${p.store_id ?? ''}`)).size).toBe(products.length);
    expect(new Set(catalog.productTypes.map((t) => t.key)).size).toBe(catalog.productTypes.length);
    expect(new Set(catalog.collections.map((c) => c.key)).size).toBe(catalog.collections.length);
    for (const p of products) expect(new Set(p.options.map((o) => o.id)).size, p.part_number).toBe(p.options.length);
  });

  it('keeps both products that share model number 4080-XXX-01', () => {
    const gb1000 = products.filter((p) => p.part_number === '4080-XXX-01');
    expect(gb1000.map((p) => [p.name, p.store_id]).sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
      ['GB-1000', '194'],
      ['GB-1000 (legacy)', '279'],
    ]);
    expect(gb1000.find((p) => p.store_id === '194')?.types).toEqual([HGI, GGI]);
  });
});

describe('catalog seed: real figures from catalog-facts.json', () => {
  it('flags facts products demo=false and every other product demo=true', () => {
    for (const f of facts) expect(factProduct(f).demo, f.part_number).toBe(false);
    for (const p of products) if (!isFactProduct(p)) expect(p.demo, p.part_number).toBe(true);
  });

  it.each(facts.map((f) => [`${f.name} ${f.part_number} (store ${f.store_id})`, f] as const))('%s has identical figures', (_label, f) => {
    const p = factProduct(f);
    expect(p.name).toBe(f.name);
    expect(p.short_name).toBe(f.short_name);
    expect(p.parent_store_id).toBe(f.parent_store_id);
    expect(p.base_model).toEqual(f.base_model);
    expect(p.list_price).toBe(Number(f.list_price.replace(/,/g, '')));
    expect(p.retail_multiplier).toBe(f.retail_multiplier);
    expect(p.wholesale_multiplier).toBe(f.wholesale_multiplier);
    expect(p.processing).toEqual(f.processing);
    expect(p.types.map((k) => typeByKey.get(k)?.name)).toEqual(f.types);
    expect(p.ratings).toEqual(
      f.ratings.map((r) => ({
        flow_gpm: r.flow.standard[0],
        flow_lps: r.flow.metric[0],
        grease_lbs: r.grease_weight.standard[0],
        grease_kg: r.grease_weight.metric[0],
        grease_gal: r.grease_volume.standard[0],
        grease_l: r.grease_volume.metric[0],
        label: r.label,
        efficiency_99: r.is_99_percent_efficient ?? /99\s*%/.test(r.label ?? ''),
      })),
    );
    expect(p.solids_capacity).toEqual(f.solids_capacity && { gal: f.solids_capacity.standard[0], l: f.solids_capacity.metric[0] });
    expect(p.liquid_capacity).toEqual(f.liquid_capacity && { gal: f.liquid_capacity.standard[0], l: f.liquid_capacity.metric[0] });
    expect(p.base_dimensions).toEqual(dimsOf(f.base_dimensions));
    expect(p.shipping_dimensions).toEqual(dimsOf(f.shipping_dimensions));
    expect(p.options.map((o) => [o.name, o.option_type, o.price])).toEqual(
      f.options.map((o) => [
        o.name,
        ({ 'Inlet/Outlet': 'connection', Cover: 'cover' } as Record<string, string>)[o.option_type],
        o.price === null ? null : Number(o.price.replace(/,/g, '')),
      ]),
    );
    expect(p.certifications.map((c) => c.name)).toEqual(f.certifications);
    for (const c of p.certifications) {
      expect(c.link).toBeNull();
      expect(c.type).toBe(/report/i.test(c.name) ? 'test-report' : 'listing');
    }
    // References: same part numbers, in the same order.
    const parts = (ids: number[]) => ids.map((id) => byId.get(id)?.part_number);
    expect(parts(p.accessories.map((a) => a.product))).toEqual(f.accessories);
    expect(parts(p.related_products)).toEqual(f.related_products);
    expect(parts(p.compatible_products)).toEqual(f.compatible_products);
    // Facts outside the schema are kept in `extra`.
    expect(p.extra.manway_access_ports).toBe(f.manway_access_ports);
  });

  it('maps installation options as documented, and never to "nowhere"', () => {
    for (const f of facts) {
      const p = factProduct(f);
      const io = f.installation_options;
      if (!io) {
        expect(p.installation_options, f.part_number).toBeNull();
        continue;
      }
      const s = p.installation_options;
      expect(s, f.part_number).not.toBeNull();
      if (!s) continue;
      expect(s.traffic_area).toBe(io.traffic_area);
      expect(s.other).toBe(false);
      expect(s.location_as_text.length).toBeGreaterThan(5);
      expect(s.indoors || s.indoors_buried || s.outdoors || s.outdoors_buried, f.part_number).toBe(true);
      if ((io.indoors || io.outdoors) && (io.above_grade || io.below_grade)) {
        // The rule applies as written.
        expect([s.indoors, s.indoors_buried, s.outdoors, s.outdoors_buried], f.part_number).toEqual([
          io.indoors && io.above_grade,
          io.indoors && io.below_grade,
          io.outdoors && io.above_grade,
          io.outdoors && io.below_grade,
        ]);
      }
    }
    const gb250 = factProduct(facts.find((f) => f.part_number === '4055-007-02') as Fact);
    expect(gb250.installation_options?.location_as_text).toBe('Indoors or outdoors, above or below grade');
    // Large in-ground units without a location in the facts go outdoors, at the grades given.
    const legacy = factProduct(facts.find((f) => f.store_id === '279') as Fact).installation_options;
    expect(legacy && [legacy.outdoors, legacy.outdoors_buried]).toEqual([true, true]);
  });
});

describe('catalog seed: references', () => {
  it('resolves every accessory, related, compatible and collection reference', () => {
    for (const p of products) {
      for (const id of [...p.accessories.map((a) => a.product), ...p.related_products, ...p.compatible_products]) {
        expect(byId.has(id), `${p.part_number} -> ${id}`).toBe(true);
        expect(id, `${p.part_number} references itself`).not.toBe(p.id);
      }
    }
    for (const c of catalog.collections) for (const id of c.products) expect(byId.has(id), `${c.key} -> ${id}`).toBe(true);
  });

  it('resolves every type key and parent key', () => {
    for (const p of products) for (const t of p.types) expect(typeByKey.has(t), `${p.part_number}: ${t}`).toBe(true);
    for (const t of catalog.productTypes) if (t.parent) expect(typeByKey.has(t.parent), t.key).toBe(true);
  });

  it('adds a demo product for every part number the facts reference but do not describe', () => {
    const described = new Set(facts.map((f) => f.part_number));
    const referenced = new Set(facts.flatMap((f) => [...f.accessories, ...f.related_products, ...f.compatible_products]));
    const missing = [...referenced].filter((r) => !described.has(r));
    expect(missing).toEqual(expect.arrayContaining(['8400-014-01', '4055-XXY-02', '4055-BXX-02', '4060-101-04', '4065-001-05', '8400-011-02', '8400-015-01']));
    for (const part of missing) {
      const found = products.filter((p) => p.part_number === part);
      expect(found, part).toHaveLength(1);
      expect(found[0]?.demo, part).toBe(true);
    }
  });

  it('has the type tree the facts imply, with one inactive type that has products', () => {
    const parentOf = (k: string) => typeByKey.get(k)?.parent;
    expect(parentOf(HGI)).toBe('grease-interceptors');
    expect(parentOf(GGI)).toBe('grease-interceptors');
    expect(parentOf('solids-interceptors')).toBeNull();
    for (const k of ['risers', 'riser-adapters', 'anchor-kits', 'support-kits', 'cover-adapter-tie-downs', 'clamping-collars', 'sampling-ports', 'flow-splitters', 'fittings', 'covers']) {
      expect(parentOf(k), k).toBe('accessories');
    }
    const inactive = catalog.productTypes.filter((t) => !t.active);
    expect(inactive.length).toBeGreaterThanOrEqual(1);
    for (const t of inactive) expect(products.filter((p) => p.types[0] === t.key).length, t.key).toBeGreaterThanOrEqual(2);
    // No facts product sits in an inactive type, and no collection lists an inactive type's product.
    for (const f of facts) for (const t of factProduct(f).types) expect(activeType(t), `${f.part_number}: ${t}`).toBe(true);
    for (const c of catalog.collections) for (const id of c.products) expect(byId.get(id)?.types.every(activeType), `${c.key} -> ${id}`).toBe(true);
  });
});

describe('catalog seed: sizing choices', () => {
  const hgis = products.filter((p) => p.types.includes(HGI) && p.types.every(activeType));

  it('demo hydromechanical ratings (not at 99%) hold at least 2 lb of grease per GPM', () => {
    const demoRatings = hgis.filter((p) => p.demo).flatMap((p) => p.ratings.filter((r) => !is99(r)).map((r) => [p, r] as const));
    expect(demoRatings.length).toBeGreaterThan(30);
    for (const [p, r] of demoRatings) expect(r.grease_lbs, `${p.part_number} at ${r.flow_gpm} GPM`).toBeGreaterThanOrEqual(2 * r.flow_gpm);
  });

  it('covers 4-500 GPM with hydromechanical units at every standard size', () => {
    for (const size of STANDARD_HGI_SIZES) {
      const units = hgis.filter((p) => p.ratings.some((r) => !is99(r) && r.flow_gpm === size));
      expect(units.length, `${size} GPM`).toBeGreaterThanOrEqual(1);
    }
    // No gap: each size up to 500 GPM has a unit rated at least that flow but below the next size up.
    for (let i = 0; i + 1 < STANDARD_HGI_SIZES.length; i++) {
      const [lo, hi] = [STANDARD_HGI_SIZES[i] as number, STANDARD_HGI_SIZES[i + 1] as number];
      expect(hgis.some((p) => p.ratings.some((r) => !is99(r) && r.flow_gpm >= lo && r.flow_gpm < hi)), `${lo}-${hi} GPM`).toBe(true);
    }
  });

  it('has gravity interceptors at every UPC table volume, rated at volume / 30 minutes', () => {
    const ggis = products.filter((p) => p.types[0] === GGI && p.demo);
    for (const gal of STANDARD_GGI_VOLUMES) {
      const units = ggis.filter((p) => p.liquid_capacity?.gal === gal);
      expect(units.length, `${gal} gal`).toBeGreaterThanOrEqual(1);
      for (const u of units) {
        expect(u.ratings).toHaveLength(1);
        expect(Math.abs((u.ratings[0]?.flow_gpm ?? 0) - gal / 30), u.part_number).toBeLessThan(0.051);
        expect(u.ratings[0]?.grease_lbs, u.part_number).toBeGreaterThan(0);
        expect(u.installation_options?.outdoors_buried, u.part_number).toBe(true);
      }
    }
  });

  it('prices demo series models higher as they get larger', () => {
    const baseModels = (prefix: string, measure: (p: SeedProduct) => number) =>
      products
        .filter((p) => p.demo && p.short_name.startsWith(prefix) && p.base_model.is_base_model)
        .sort((a, b) => measure(a) - measure(b));
    const flow = (p: SeedProduct) => Math.max(...p.ratings.map((r) => r.flow_gpm));
    for (const [prefix, measure] of [
      ['HM-', flow],
      ['HS-', flow],
      ['UC-', flow],
      ['GG-', (p: SeedProduct) => p.liquid_capacity?.gal ?? 0],
    ] as const) {
      const series = baseModels(prefix, measure);
      expect(series.length, prefix).toBeGreaterThanOrEqual(5);
      for (let i = 1; i < series.length; i++) {
        const [a, b] = [series[i - 1] as SeedProduct, series[i] as SeedProduct];
        expect(measure(b), `${a.name} < ${b.name}`).toBeGreaterThan(measure(a));
        expect(b.list_price, `${a.name} < ${b.name}`).toBeGreaterThan(a.list_price);
        expect(b.base_dimensions?.standard.weight ?? 0, `${a.name} < ${b.name}`).toBeGreaterThan(a.base_dimensions?.standard.weight ?? 0);
      }
    }
  });

  it('has indoor-only under-sink units', () => {
    const underSink = products.filter((p) => p.installation_options?.other === 'under the sink');
    expect(underSink.length).toBeGreaterThanOrEqual(4);
    for (const p of underSink) {
      expect(p.types[0]).toBe(HGI);
      expect(p.installation_options?.outdoors).toBe(false);
      expect(p.installation_options?.outdoors_buried).toBe(false);
      expect(p.installation_options?.indoors).toBe(true);
    }
    const underSinkCollection = catalog.collections.find((c) => c.key === 'under-sink');
    expect([...(underSinkCollection?.products ?? [])].sort((a, b) => a - b)).toEqual(underSink.map((p) => p.id).sort((a, b) => a - b));
  });
});

describe('catalog seed: variants', () => {
  const groups = new Map<string, SeedProduct[]>();
  for (const p of products) if (p.parent_store_id !== null) groups.set(p.parent_store_id, [...(groups.get(p.parent_store_id) ?? []), p]);
  const families = [...groups].filter(([, members]) => members.length > 1);
  const optionKey = (p: SeedProduct) => p.options.map((o) => `${o.option_type}:${o.name}`).sort().join('|');

  it('variants of a family share parent and base part number and differ in their options', () => {
    expect(families.length).toBeGreaterThanOrEqual(4);
    for (const [parent, members] of families) {
      expect(new Set(members.map((m) => m.base_model.base_part_number)).size, parent).toBe(1);
      expect(new Set(members.map(optionKey)).size, parent).toBe(members.length);
      expect(members.filter((m) => m.base_model.is_base_model).length, parent).toBeLessThanOrEqual(1);
      for (const m of members) {
        expect(m.options.some((o) => o.option_type === 'connection'), m.part_number).toBe(true);
        expect(m.options.some((o) => o.option_type === 'cover'), m.part_number).toBe(true);
        expect(m.base_model.is_base_model, m.part_number).toBe(m.part_number === m.base_model.base_part_number);
        expect(m.name, m.part_number).toBe(members[0]?.name);
      }
    }
  });

  it('encodes connection and cover in demo variant part numbers (PPPP-0AB-01)', () => {
    const coverCode: Record<string, string> = {
      'Pedestrian Rated Polypropylene Cover': '1',
      'H-20 Rated Pickable Cast Iron Cover': '2',
      'Bolted Coated Steel Cover': '3',
    };
    const demoFamilies = families.filter(([, members]) => members.every((m) => m.demo));
    expect(demoFamilies.length).toBeGreaterThanOrEqual(3);
    const coversSeen = new Set<string>();
    const connectionsSeen = new Set<string>();
    for (const [parent, members] of demoFamilies) {
      for (const m of members) {
        const conn = m.options.find((o) => o.option_type === 'connection')?.name ?? '';
        const cov = m.options.find((o) => o.option_type === 'cover')?.name ?? '';
        connectionsSeen.add(conn.charAt(0));
        coversSeen.add(cov);
        expect(m.part_number, m.part_number).toBe(`${parent}-0${conn.charAt(0)}${coverCode[cov]}-01`);
      }
    }
    expect([...connectionsSeen].sort()).toEqual(['2', '3', '4', '6']);
    expect(coversSeen).toEqual(new Set(['Pedestrian Rated Polypropylene Cover', 'H-20 Rated Pickable Cast Iron Cover']));
    // The traffic-rated variants are the cast-iron ones.
    for (const [, members] of demoFamilies) {
      for (const m of members) {
        const castIron = m.options.some((o) => o.name === 'H-20 Rated Pickable Cast Iron Cover');
        expect(m.installation_options?.traffic_area, m.part_number).toBe(castIron);
      }
    }
  });
});

describe('catalog seed: collections, text, dates and media', () => {
  it('has 4-8 collections with the expected members', () => {
    expect(catalog.collections.length).toBeGreaterThanOrEqual(4);
    expect(catalog.collections.length).toBeLessThanOrEqual(8);
    const get = (key: string) => catalog.collections.find((c) => c.key === key)?.products.map((id) => byId.get(id) as SeedProduct) ?? [];
    const highFlow = get('high-flow');
    expect(highFlow.length).toBeGreaterThan(10);
    for (const p of highFlow) expect(p.ratings.some((r) => r.flow_gpm >= 100), p.part_number).toBe(true);
    for (const p of get('traffic-rated')) expect(p.installation_options?.traffic_area, p.part_number).toBe(true);
    for (const p of get('sampling-ports')) expect(p.types).toContain('sampling-ports');
    for (const key of ['approved-chicago', 'approved-los-angeles', 'approved-new-york-city']) {
      const members = get(key);
      expect(members.length, key).toBeGreaterThan(5);
      expect(members.length, key).toBeLessThan(products.length / 2);
      for (const p of members) expect([HGI, GGI], `${key}: ${p.part_number}`).toContain(p.types[0]);
    }
  });

  it('has real prose: 2-4 sentences naming the product, one-line short descriptions', () => {
    for (const p of products) {
      expect(p.description, p.part_number).not.toMatch(/lorem|ipsum/i);
      expect(p.description, p.part_number).not.toMatch(/\b(TODO|undefined|NaN|null|Infinity)\b/);
      expect(p.description, p.part_number).toContain(p.short_name);
      const sentences = p.description.split(/(?<=[.!?])\s+(?=[A-Z])/).filter((s) => s.trim().length > 0);
      expect(sentences.length, `${p.part_number}: ${p.description}`).toBeGreaterThanOrEqual(2);
      expect(sentences.length, `${p.part_number}: ${p.description}`).toBeLessThanOrEqual(4);
      if (p.short_description !== null) {
        expect(p.short_description, p.part_number).not.toMatch(/\n/);
        expect(p.short_description.length, p.part_number).toBeLessThan(120);
      }
    }
    expect(products.filter((p) => p.market_specific_description !== null).length).toBeGreaterThan(5);
    expect(products.filter((p) => p.market_specific_description === null).length).toBeGreaterThan(5);
    // Sizes of one family read differently.
    const hm = products.filter((p) => p.short_name.startsWith('HM-') && p.base_model.is_base_model);
    expect(new Set(hm.map((p) => p.description)).size).toBe(hm.length);
  });

  it('dates products between 2015 and 2026, some never updated', () => {
    for (const p of [...products, ...catalog.productTypes]) {
      expect(p.created >= '2015-01-01' && p.created <= '2026-12-31', p.created).toBe(true);
      if (p.last_updated !== null) {
        expect(p.last_updated >= p.created, `${p.created} <= ${p.last_updated}`).toBe(true);
        expect(p.last_updated <= '2026-12-31').toBe(true);
      }
    }
    expect(products.some((p) => p.last_updated === null)).toBe(true);
    expect(products.some((p) => p.last_updated !== null)).toBe(true);
  });

  it('uses media.example.com URLs, with some products left to the placeholder image', () => {
    const urls = products.flatMap((p) => [
      ...Object.values(p.documents).filter((u): u is string => u !== null),
      ...[p.images.primary, p.images.dimension].flatMap((s) => (s ? Object.values(s) : [])),
    ]);
    for (const u of urls) expect(u).toMatch(/^https:\/\/media\.example\.com\//);
    expect(products.some((p) => p.images.primary === null)).toBe(true);
    const withImage = products.filter((p) => p.images.primary !== null);
    expect(withImage.length).toBeGreaterThan(products.length / 2);
    for (const p of withImage) expect(p.images.primary?.lg).toMatch(/-1400\.jpg$/);
  });

  it('keeps metric figures of demo products consistent with the standard ones', () => {
    // One-decimal rounding; the alternates that copy facts figures keep the facts' own rounding,
    // which can differ by a few tenths on large values (1,895 lb is given as 859.4 kg).
    const near = (a: number, b: number, tol: number) => Math.abs(a - b) <= Math.max(tol, Math.abs(b) * 0.002);
    for (const p of products.filter((x) => x.demo)) {
      for (const r of p.ratings) {
        expect(near(r.flow_lps, r.flow_gpm * 0.0630902, 0.051), p.part_number).toBe(true);
        expect(near(r.grease_kg, r.grease_lbs * 0.4535924, 0.051), p.part_number).toBe(true);
        expect(near(r.grease_l, r.grease_gal * 3.785412, 0.051), p.part_number).toBe(true);
      }
      for (const d of [p.base_dimensions, p.shipping_dimensions]) {
        if (!d) continue;
        expect(near(d.metric.length, d.standard.length * 2.54, 0.051), p.part_number).toBe(true);
        expect(near(d.metric.weight, d.standard.weight * 0.4535924, 0.051), p.part_number).toBe(true);
      }
      for (const c of [p.liquid_capacity, p.solids_capacity]) if (c) expect(near(c.l, c.gal * 3.785412, 0.051), p.part_number).toBe(true);
    }
  });
});
