/**
 * Upstream JSON → rows of the local store. A tolerant reader: fields this version does not know
 * are kept (in `extra`) and served back unchanged; missing optional fields become null; values it
 * cannot map (a fixture kind, an accessory shape) are kept as received and served back; what the
 * service computed or states (flow rates, grease, prices, a territory's zips) is kept as stated.
 * A record that lacks what it cannot do without (an id, a date) is rejected with a reason, and
 * does not sink the rest.
 */
import type { Project } from '../../src-shared/api/people.js';
import { fixtureInputOf, fixtureWrite } from '../../src-shared/api/project-write.js';
import { CONSTRUCTION_TYPES, INSTALLATION_LOCATIONS, keyOf, USER_TYPES } from '../../src-shared/api/vocabulary.js';
import type { ProductsTable } from '../store/schema.js';

export class Rejected extends Error {}

type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(o: Json, key: string): string {
  const v = o[key];
  if (typeof v !== 'string' || v === '') throw new Rejected(`"${key}" is missing or not text`);
  return v;
}
function optStr(o: Json, key: string): string | null {
  const v = o[key];
  return typeof v === 'string' ? v : null;
}
function num(o: Json, key: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Rejected(`"${key}" is missing or not a number`);
  return v;
}
function optNum(o: Json, key: string): number | null {
  const v = o[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}
function bool(o: Json, key: string): boolean {
  return o[key] === true;
}
function obj(o: Json, key: string): Json | null {
  const v = o[key];
  return isObject(v) ? v : null;
}
function list(o: Json, key: string): unknown[] {
  const v = o[key];
  if (Array.isArray(v)) return v;
  if (isObject(v) && Array.isArray(v.data)) return v.data;
  return [];
}

/** MM/DD/YYYY (or an ISO date) → YYYY-MM-DD. */
export function isoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (us) return `${us[3]}-${us[1]}-${us[2]}`;
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}
function requiredDate(o: Json, key: string): string {
  const d = isoDate(o[key]);
  if (!d) throw new Rejected(`"${key}" is not a date`);
  return d;
}

/** The fields of a record this version does not know, as JSON for the `extra` column. */
export function extraOf(record: Json, known: readonly string[]): string {
  const extra: Json = {};
  for (const [k, v] of Object.entries(record)) if (!known.includes(k)) extra[k] = v;
  return Object.keys(extra).length === 0 ? '{}' : JSON.stringify(extra);
}

/** "7,028.00" → 7028. */
export function dollars(text: unknown): number {
  if (typeof text !== 'string') throw new Rejected('a price is not text');
  const n = Number(text.replace(/,/g, ''));
  if (!Number.isFinite(n)) throw new Rejected(`"${text}" is not a price`);
  return n;
}

const measurementValue = (m: unknown): number | null => (isObject(m) && typeof m.value === 'number' ? m.value : null);
const strip = (m: unknown) => (isObject(m) ? { value: Number(m.value), unit: String(m.unit) } : { value: 0, unit: '' });
const pairOf = (set: unknown) => (isObject(set) ? { standard: strip(set.standard), metric: strip(set.metric) } : null);

// --- Catalog ---------------------------------------------------------------------------------

export const PRODUCT_TYPE_FIELDS = ['object', 'url', 'name', 'key', 'active', 'image', 'created', 'last_updated', 'parent', 'types', 'products'] as const;

export interface PulledProductType {
  key: string;
  name: string;
  active: boolean;
  image: string | null;
  parentKey: string | null;
  created: string;
  last_updated: string | null;
  extra: string;
}

export function productTypeFrom(t: unknown): PulledProductType {
  if (!isObject(t)) throw new Rejected('not an object');
  return {
    key: str(t, 'key'),
    name: str(t, 'name'),
    active: t.active !== false,
    image: optStr(t, 'image'),
    parentKey: isObject(t.parent) && typeof t.parent.key === 'string' ? t.parent.key : null,
    created: requiredDate(t, 'created'),
    last_updated: isoDate(t.last_updated),
    extra: extraOf(t, PRODUCT_TYPE_FIELDS),
  };
}

export const PRODUCT_FIELDS = [
  'object', 'url', 'name', 'short_name', 'created', 'last_updated', 'type', 'part_number', 'base_model', 'store_id', 'parent_store_id',
  'description', 'short_description', 'market_specific_description', 'images', 'processing', 'price', 'installation_options',
  'ratings', 'solids_capacity', 'liquid_capacity', 'base_dimensions', 'shipping_dimensions', 'related_products', 'accessories',
  'compatible_products', 'options', 'certifications', 'spec_sheet', 'installation_guide', 'revit', 'owners_manual', 'csi_masterspec',
] as const;

export interface ProductRef {
  part_number: string;
  store_id: string | null;
}
export const refKey = (r: ProductRef) => `${r.part_number}\u0000${r.store_id ?? ''}`;

export interface PulledProduct {
  ref: ProductRef;
  typeName: string;
  /** The products row, less what the apply step decides (ids, type, origin). */
  row: Omit<ProductsTable, 'id' | 'type_id' | 'is_demo' | 'details' | 'origin' | 'price_served'> & { price_served: string | null };
  ratings: { flow_gpm: number; flow_lps: number; grease_lbs: number; grease_kg: number; grease_gal: number; grease_l: number; label: string | null; efficiency_99: 0 | 1 }[];
  options: { id: number; name: string; price: number | null; option_type: string; description: string | null; store_id: string | null }[];
  certifications: { name: string; link: string | null; type: string }[];
  links: { kind: 'accessory' | 'related' | 'compatible'; ref: ProductRef; component: 0 | 1 }[];
}

function dimensionsJson(set: unknown): string | null {
  if (!isObject(set) || !isObject(set.standard) || !isObject(set.metric)) return null;
  const side = (s: Json) => ({
    length: measurementValue(s.length) ?? 0,
    width: measurementValue(s.width) ?? 0,
    height: measurementValue(s.height) ?? 0,
    weight: measurementValue(s.weight) ?? 0,
  });
  return JSON.stringify({ standard: side(set.standard), metric: side(set.metric) });
}

function imageSet(lib: unknown) {
  if (!isObject(lib)) return null;
  const sizes = ['orig', 'lg', 'md', 'sm'] as const;
  if (!sizes.every((s) => typeof lib[s] === 'string')) return null;
  return { orig: lib.orig as string, lg: lib.lg as string, md: lib.md as string, sm: lib.sm as string };
}

export function productFrom(p: unknown): PulledProduct {
  if (!isObject(p)) throw new Rejected('not an object');
  const part_number = str(p, 'part_number');
  const store_id = optStr(p, 'store_id');
  const base = obj(p, 'base_model');
  const price = obj(p, 'price');
  if (!price) throw new Rejected('"price" is missing');
  const processing = obj(p, 'processing');
  const install = obj(p, 'installation_options');
  const location = install ? obj(install, 'location') : null;
  const images = obj(p, 'images');
  const spec = obj(p, 'spec_sheet') ?? {};
  const guide = obj(p, 'installation_guide') ?? {};
  const solids = pairOf(p.solids_capacity);
  const liquid = pairOf(p.liquid_capacity);
  const links = (kind: 'accessory' | 'related' | 'compatible', key: string) =>
    list(p, key).flatMap((l) =>
      isObject(l) && typeof l.part_number === 'string'
        ? [{ kind, ref: { part_number: l.part_number, store_id: typeof l.store_id === 'string' ? l.store_id : null }, component: (l.component === true ? 1 : 0) as 0 | 1 }]
        : [],
    );
  return {
    ref: { part_number, store_id },
    typeName: str(p, 'type'),
    row: {
      part_number,
      store_id,
      parent_store_id: optStr(p, 'parent_store_id'),
      name: str(p, 'name'),
      short_name: optStr(p, 'short_name') ?? str(p, 'name'),
      is_base_model: base?.is_base_model === true ? 1 : 0,
      base_part_number: (base && typeof base.base_part_number === 'string' ? base.base_part_number : null) ?? part_number,
      description: optStr(p, 'description') ?? '',
      short_description: optStr(p, 'short_description'),
      market_specific_description: optStr(p, 'market_specific_description'),
      created: requiredDate(p, 'created'),
      last_updated: isoDate(p.last_updated),
      list_price: dollars(price.list),
      // Served as stated: a retail price need not be list × multiplier.
      price_served: JSON.stringify(price),
      retail_multiplier: optNum(obj(price, 'retail') ?? {}, 'multiplier') ?? 1,
      wholesale_multiplier: optNum(obj(price, 'wholesale') ?? {}, 'multiplier') ?? 1,
      processing_lead_time: processing ? optNum(processing, 'lead_time') : null,
      processing_threshold: processing ? optNum(processing, 'threshold') : null,
      installation_options:
        install && location
          ? JSON.stringify({
              indoors: bool(location, 'indoors'),
              indoors_buried: bool(location, 'indoors_buried'),
              outdoors: bool(location, 'outdoors'),
              outdoors_buried: bool(location, 'outdoors_buried'),
              other: typeof location.other === 'string' ? location.other : false,
              location_as_text: optStr(install, 'location_as_text') ?? '',
              traffic_area: bool(install, 'traffic_area'),
            })
          : null,
      solids_gal: solids?.standard.value ?? null,
      solids_l: solids?.metric.value ?? null,
      liquid_gal: liquid?.standard.value ?? null,
      liquid_l: liquid?.metric.value ?? null,
      base_dimensions: dimensionsJson(p.base_dimensions),
      shipping_dimensions: dimensionsJson(p.shipping_dimensions),
      images: JSON.stringify({ primary: imageSet(images?.primary), dimension: imageSet(images?.dimension) }),
      documents: JSON.stringify({
        spec_sheet_pdf: optStr(spec, 'pdf'),
        spec_sheet_dwg: optStr(spec, 'dwg'),
        installation_guide_pdf: optStr(guide, 'pdf'),
        installation_guide_pdf_french: optStr(guide, 'pdf_french'),
        installation_guide_pdf_spanish: optStr(guide, 'pdf_spanish'),
        installation_guide_dwg: optStr(guide, 'dwg'),
        revit: optStr(p, 'revit'),
        owners_manual: optStr(p, 'owners_manual'),
        csi_masterspec: optStr(p, 'csi_masterspec'),
      }),
      extra: extraOf(p, PRODUCT_FIELDS),
    },
    ratings: list(p, 'ratings').flatMap((r) => {
      if (!isObject(r)) return [];
      const flow = pairOf(r.flow_rate);
      const capacity = obj(r, 'grease_capacity');
      const weight = pairOf(capacity?.weight);
      const volume = pairOf(capacity?.volume);
      if (!flow || !weight || !volume) return [];
      const label = optStr(r, 'label');
      return [{
        flow_gpm: flow.standard.value,
        flow_lps: flow.metric.value,
        grease_lbs: weight.standard.value,
        grease_kg: weight.metric.value,
        grease_gal: volume.standard.value,
        grease_l: volume.metric.value,
        label,
        efficiency_99: (label !== null && /99/.test(label) ? 1 : 0) as 0 | 1,
      }];
    }),
    options: list(p, 'options').flatMap((o) =>
      isObject(o) && typeof o.id === 'number' && typeof o.name === 'string'
        ? [{
            id: o.id,
            name: o.name,
            price: typeof o.price === 'string' ? dollars(o.price) : null,
            option_type: optStr(o, 'option_type') ?? '',
            description: optStr(o, 'description'),
            store_id: optStr(o, 'store_id'),
          }]
        : [],
    ),
    certifications: list(p, 'certifications').flatMap((c) => (isObject(c) && typeof c.name === 'string' ? [{ name: c.name, link: optStr(c, 'link'), type: optStr(c, 'type') ?? '' }] : [])),
    links: [...links('accessory', 'accessories'), ...links('related', 'related_products'), ...links('compatible', 'compatible_products')],
  };
}

export const COLLECTION_FIELDS = ['object', 'url', 'name', 'key', 'size', 'image', 'items'] as const;

export function collectionFrom(c: unknown) {
  if (!isObject(c)) throw new Rejected('not an object');
  return {
    key: str(c, 'key'),
    name: str(c, 'name'),
    image: imageSet(c.image),
    items: list(c, 'items').flatMap((i) => (isObject(i) && typeof i.part_number === 'string' ? [{ part_number: i.part_number, store_id: optStr(i, 'store_id') }] : [])),
    extra: extraOf(c, COLLECTION_FIELDS),
  };
}

// --- Territories -----------------------------------------------------------------------------

export const TERRITORY_FIELDS = ['object', 'url', 'id', 'name', 'code', 'rep_firm', 'population', 'manager', 'counties', 'zip_codes'] as const;

export function territoryFrom(t: unknown) {
  if (!isObject(t)) throw new Rejected('not an object');
  const manager = obj(t, 'manager') ?? {};
  const counties = Array.isArray(t.counties) ? t.counties.filter((c): c is string => typeof c === 'string') : [];
  const zips = Array.isArray(t.zip_codes) ? t.zip_codes.filter((z): z is string => typeof z === 'string') : null;
  return {
    id: num(t, 'id'),
    code: str(t, 'code'),
    name: optStr(t, 'name'),
    rep_firm: str(t, 'rep_firm'),
    manager_name: optStr(manager, 'name') ?? '',
    manager_email: optStr(manager, 'email'),
    counties,
    // The service's figures and lists, served as stated (not recomputed from local geography).
    population: optNum(t, 'population'),
    counties_served: Array.isArray(t.counties) ? JSON.stringify(t.counties) : null,
    zip_codes_served: zips === null ? null : JSON.stringify(t.zip_codes),
    zips: zips ?? [],
    extra: extraOf(t, TERRITORY_FIELDS),
  };
}

// --- Jurisdictions, users, projects ----------------------------------------------------------

export const JURISDICTION_FIELDS = [
  'object', 'url', 'id', 'name', 'kind', 'state', 'county', 'plumbing_code', 'sizing_methods', 'unique_local_requirements',
  'unique_local_requirements_reason', 'inside_trap_locations', 'rules', 'zip_codes', 'updated', 'contacts',
] as const;

/** A contact (spec §2.3.1): its name and jurisdictions are kept as stated. */
export function contactFrom(c: unknown) {
  if (!isObject(c) || typeof c.id !== 'number') return null;
  const f = obj(c, 'facility') ?? {};
  return {
    id: c.id,
    first_name: optStr(c, 'first_name') ?? '',
    last_name: optStr(c, 'last_name') ?? '',
    title: optStr(c, 'title') ?? '',
    email: optStr(c, 'email') ?? '',
    primary_phone_number: optStr(c, 'primary_phone_number') ?? '',
    department: optStr(c, 'department') ?? '',
    facility: JSON.stringify({
      name: optStr(f, 'name') ?? '',
      address: optStr(f, 'address') ?? '',
      city: optStr(f, 'city') ?? '',
      state: optStr(f, 'state') ?? '',
      postal_code: optStr(f, 'postal_code') ?? '',
      county: optStr(f, 'county'),
    }),
    name_served: optStr(c, 'name'),
    jurisdictions_served: Array.isArray(c.jurisdictions) ? JSON.stringify(c.jurisdictions) : null,
  };
}
export type PulledContact = NonNullable<ReturnType<typeof contactFrom>>;

export function jurisdictionFrom(j: unknown) {
  if (!isObject(j)) throw new Rejected('not an object');
  const rules = obj(j, 'rules');
  if (!rules) throw new Rejected('"rules" is missing');
  return {
    id: num(j, 'id'),
    name: str(j, 'name'),
    kind: str(j, 'kind'),
    state: str(j, 'state'),
    county: optStr(j, 'county'),
    rules: JSON.stringify(rules),
    inside_trap_locations: JSON.stringify(Array.isArray(j.inside_trap_locations) ? j.inside_trap_locations : []),
    zip_codes: Array.isArray(j.zip_codes) ? j.zip_codes.filter((z): z is string => typeof z === 'string') : [],
    updated: isoDate(j.updated) ?? new Date().toISOString().slice(0, 10),
    sizing_labels: isObject(j.sizing_methods) ? JSON.stringify(j.sizing_methods) : null,
    contacts: list(j, 'contacts').flatMap((c) => {
      const contact = contactFrom(c);
      return contact ? [contact] : [];
    }),
    extra: extraOf(j, JURISDICTION_FIELDS),
  };
}

/** A jurisdiction as a project embeds it, without an id (spec §2.3.1): matched by name and state. */
export interface EmbeddedJurisdiction {
  name: string;
  plumbing_code: string | null;
  /** The labels as received. */
  sizing_methods: { indoor: unknown; outdoor: unknown } | null;
}

export const USER_FIELDS = [
  'object', 'url', 'id', 'service_user', 'name', 'email', 'phone_number', 'position', 'company', 'postal_code', 'type', 'registered',
  'last_active', 'updated', 'number_of_projects', 'number_of_pre_approval_projects', 'projects',
] as const;

/** A user list item carries no id: it is the last path segment of its url (spec §2.2). */
export function userIdFromUrl(url: unknown): number {
  const m = typeof url === 'string' ? /\/api\/users\/(\d+)/.exec(url) : null;
  if (!m) throw new Rejected('the user id cannot be read from "url"');
  return Number(m[1]);
}

export function userFrom(u: unknown) {
  if (!isObject(u)) throw new Rejected('not an object');
  const type = optStr(u, 'type');
  return {
    id: typeof u.id === 'number' ? u.id : userIdFromUrl(u.url),
    service_user: (u.service_user === true ? 1 : 0) as 0 | 1,
    name: str(u, 'name'),
    email: str(u, 'email'),
    phone_number: optStr(u, 'phone_number'),
    position: optStr(u, 'position'),
    company: optStr(u, 'company'),
    postal_code: optStr(u, 'postal_code') ?? '',
    type: type === null ? null : (keyOf(USER_TYPES, type) ?? type),
    registered: requiredDate(u, 'registered'),
    last_active: isoDate(u.last_active) ?? requiredDate(u, 'registered'),
    updated: isoDate(u.updated) ?? requiredDate(u, 'registered'),
    extra: extraOf(u, USER_FIELDS),
  };
}

export const PROJECT_FIELDS = [
  'object', 'url', 'id', 'name', 'status', 'created', 'submitted', 'approved', 'updated', 'engineer', 'address', 'jurisdiction',
  'construction_type', 'installation_location', 'recommended_product', 'pump_out_cycle', 'version', 'inside_trap_location',
  'installed_in_traffic_area', 'installed_in_high_water_area', 'buried', 'burial_depth', 'fryer', 'flatware', 'pipe_size', 'size_by_pipe_only',
  'food_waste_disposer', 'servings_per_day', 'menu_type', 'pump_out_target', 'meals', 'flow_rate', 'grease', 'unique_local_requirements',
  'unique_local_requirements_reason', 'fixtures', 'notes', 'accessories', 'spaces', 'figures_from',
] as const;

/**
 * A fixture kind as the sizing library names it, from the upstream's `type`: the key itself, or
 * the same words in another case ("threeCompartmentSink", "Floor Drain" → three-compartment-sink,
 * floor-drain).
 */
export function fixtureKindOf(type: unknown): string | null {
  if (typeof type !== 'string') return null;
  return type
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
}

/**
 * One received fixture → what project_fixtures stores: the sizing library's input where its kind
 * and dimensions can be read, else the fixture as received (`{unmapped}`), which the local sizing
 * leaves out and the API serves back unchanged.
 */
export function fixtureInputFrom(f: unknown): { input: string; mapped: boolean } {
  return fixtureInputOfText(f, JSON.stringify(f) ?? 'null');
}

/**
 * Fixtures repeat: a kitchen's sink with the library's typical basin is the same record in
 * every project that has one (in the bench's 100,000 projects, 99 % of the fixtures repeat one
 * seen before). The conversion is a function of the record alone, so it is kept by the record's
 * JSON text, up to a bound.
 */
const convertedFixtures = new Map<string, { input: string; mapped: boolean }>();
const CONVERTED_FIXTURES_HELD = 5000;

function fixtureInputOfText(f: unknown, text: string): { input: string; mapped: boolean } {
  let converted = convertedFixtures.get(text);
  if (converted === undefined) {
    if (convertedFixtures.size >= CONVERTED_FIXTURES_HELD) convertedFixtures.clear();
    convertedFixtures.set(text, (converted = convertFixture(f)));
  }
  return converted;
}

function convertFixture(f: unknown): { input: string; mapped: boolean } {
  if (isObject(f)) {
    const { object: _object, ...rest } = f;
    const parsed = fixtureWrite.safeParse({ ...rest, type: fixtureKindOf(f.type), dimensions: isObject(f.dimensions) ? { standard: f.dimensions.standard } : f.dimensions });
    if (parsed.success) return { input: JSON.stringify(fixtureInputOf(parsed.data)), mapped: true };
  }
  return { input: JSON.stringify({ unmapped: f }), mapped: false };
}

/** The sizing inputs the project states, and only those: absent stays absent (nothing invented). */
function receivedInputs(p: Json): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  const take = (key: string, as: string, value: unknown) => {
    if (value !== undefined && value !== null) inputs[as] = value;
  };
  take('menu_type', 'menu_type', optStr(p, 'menu_type'));
  take('servings_per_day', 'servings_per_day', optNum(p, 'servings_per_day'));
  take('pump_out_target', 'pump_out_target_days', optNum(p, 'pump_out_target'));
  for (const b of ['fryer', 'flatware', 'food_waste_disposer', 'buried', 'installed_in_traffic_area', 'installed_in_high_water_area', 'size_by_pipe_only']) {
    if (typeof p[b] === 'boolean') inputs[b] = p[b];
  }
  take('pipe_size', 'pipe_size_in', typeof p.pipe_size === 'number' ? p.pipe_size : measurementValue(p.pipe_size));
  const location = optStr(p, 'installation_location');
  // A label this version does not know is kept as it came (and served back so).
  if (location !== null) inputs.installation_location = keyOf(INSTALLATION_LOCATIONS, location) ?? location;
  if ('inside_trap_location' in p && (typeof p.inside_trap_location === 'string' || p.inside_trap_location === null)) inputs.inside_trap_location = p.inside_trap_location;
  take('burial_depth', 'burial_depth_in', measurementValue(p.burial_depth));
  if (isObject(p.meals)) inputs.meals = p.meals;
  return inputs;
}

/** A project's record as the store keeps it (the staging holds the same columns). */
export function projectFrom(p: unknown, productIdOf: (ref: ProductRef) => number | undefined) {
  if (!isObject(p)) throw new Rejected('not an object');
  const engineer = obj(p, 'engineer');
  const address = obj(p, 'address') ?? {};
  const jurisdiction = obj(p, 'jurisdiction');
  const construction = optStr(p, 'construction_type') ?? '';
  const receivedFixtures = list(p, 'fixtures');
  // Each fixture's JSON is made once: the key of its conversion, and its part of the sizing's text.
  const fixtureTexts = receivedFixtures.map((f) => JSON.stringify(f) ?? 'null');
  const fixtures = receivedFixtures.map((f, i) => fixtureInputOfText(f, fixtureTexts[i]!));
  // The service's computed figures, kept as they came: it is the authority for its projects. The
  // local sizing is shown beside them (GET /api/projects/:id/sizing), never in their place.
  const sizing = {
    source: 'upstream',
    flow_rate: p.flow_rate ?? null,
    grease: p.grease ?? null,
    unique_local_requirements_reason: optStr(p, 'unique_local_requirements_reason'),
    recommended_accessories: list(p, 'accessories').map((a) => {
      // A recommended-accessory naming a product (Fieldsizer's shape) links to this catalog; any
      // other shape (a simple-product, something else) is served back as it came.
      const product = isObject(a) && a.object === 'recommended-accessory' ? obj(a, 'product') : null;
      if (!isObject(a) || a.object !== 'recommended-accessory') return { received: a };
      const id = product && typeof product.part_number === 'string' ? productIdOf({ part_number: product.part_number, store_id: optStr(product, 'store_id') }) : undefined;
      return {
        kind: optStr(a, 'kind') ?? '',
        reason: optStr(a, 'reason') ?? '',
        quantity: optNum(a, 'quantity'),
        note: optStr(a, 'note'),
        product: product && id !== undefined ? { id, part_number: String(product.part_number), name: String(product.name ?? '') } : null,
      };
    }),
    recommendation: { status: p.recommended_product ? 'recommended' : 'none', product: null, units: 1, arrangement: null, rating: null, reasons: ['Sized by the central service.'], no_recommendation: null },
  };
  const embedded: EmbeddedJurisdiction | null =
    jurisdiction && typeof jurisdiction.id !== 'number' && typeof jurisdiction.name === 'string'
      ? { name: jurisdiction.name, plumbing_code: optStr(jurisdiction, 'plumbing_code'), sizing_methods: isObject(jurisdiction.sizing_methods) ? { indoor: jurisdiction.sizing_methods.indoor, outdoor: jurisdiction.sizing_methods.outdoor } : null }
      : null;
  const created = requiredDate(p, 'created');
  return {
    row: {
      id: num(p, 'id'),
      // Linked later when the upstream shows no id: by e-mail, else by the user embedding it.
      user_id: engineer && typeof engineer.id === 'number' ? engineer.id : null,
      name: optStr(p, 'name') ?? '',
      status: optStr(p, 'status') ?? '',
      created,
      submitted: isoDate(p.submitted),
      approved: isoDate(p.approved),
      updated: isoDate(p.updated) ?? created,
      construction_type: keyOf(CONSTRUCTION_TYPES, construction) ?? construction,
      street: optStr(address, 'street'),
      street_2: optStr(address, 'street_2'),
      city: optStr(address, 'city'),
      state: optStr(address, 'state'),
      postal_code: optStr(address, 'postal_code'),
      jurisdiction_id: jurisdiction && typeof jurisdiction.id === 'number' ? jurisdiction.id : null,
      inputs: JSON.stringify(receivedInputs(p)),
      // The received fixtures, as they came, last: from their texts made above.
      sizing: `${JSON.stringify(sizing).slice(0, -1)},"fixtures":[${fixtureTexts.join(',')}]}`,
      pump_out_cycle: optNum(p, 'pump_out_cycle'),
      recommended_product: optStr(p, 'recommended_product'),
      unique_local_requirements: (p.unique_local_requirements === true ? 1 : 0) as 0 | 1,
      // Null: the upstream shows no versions (changes are told by fingerprints instead).
      version: optNum(p, 'version'),
      extra: extraOf(p, PROJECT_FIELDS),
    },
    engineer_email: engineer ? optStr(engineer, 'email') : null,
    jurisdiction: embedded,
    fixtures: fixtures.map((f) => f.input),
    unmappedFixtures: fixtures.filter((f) => !f.mapped).length,
    notes: list(p, 'notes').flatMap((n) =>
      isObject(n) ? [{ id: typeof n.id === 'number' ? n.id : null, author: optStr(n, 'author') ?? '', text: optStr(n, 'text') ?? '', created: isoDate(n.created) ?? created }] : [],
    ),
  };
}

export type PulledProject = ReturnType<typeof projectFrom>;
export type PulledJurisdiction = ReturnType<typeof jurisdictionFrom>;
export type PulledUser = ReturnType<typeof userFrom>;
export type PulledTerritory = ReturnType<typeof territoryFrom>;
export type PulledCollection = ReturnType<typeof collectionFrom>;
export type { Project };
