/**
 * An independent central service that speaks docs/service-api.md and nothing more, on plain
 * node:http, for the sync tests and the bench. It imports no project code and holds its own
 * data (data.ts, or generate.ts at scale). Where the spec leaves a shape open it picks one from
 * the spec's own conventions (`object` on every object, lists as {object, url, data}, dates
 * MM/DD/YYYY, money "7,028.00"). It has no jurisdiction endpoints, no writes, no ETag and no
 * totals; the quirks of quirks.ts switch on what a real service may also do.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import type { ContactRecord, FixtureRecord, JurisdictionRecord, ProductRecord, ProjectRecord, SpecData, TerritoryRecord, TypeRecord, UserRecord } from './data.js';
import { defaultQuirks, type QuirkName, type Quirks } from './quirks.js';
import { mediaFor } from './media.js';

export interface SeenRequest {
  method: string;
  path: string;
  status: number;
  /** Body bytes sent (compressed, when compressed). */
  bytes: number;
  /** When the request arrived (Date.now(), this machine's clock). */
  at: number;
  /** The Host it was sent to, and whether it carried the key. */
  host: string;
  withKey: boolean;
  /** The content coding of the answer, if any, and the codings the client said it accepts. */
  coding: string | null;
  acceptEncoding: string | null;
}

export interface SpecUpstream {
  url: string;
  key: string;
  /** The service's data: tests change it between syncs. */
  data: SpecData;
  quirks: Quirks;
  seen: SeenRequest[];
  /**
   * Its pictures and documents (with `media: true`): served at its own /media/… with an ETag and
   * Last-Modified, answering 304 to a matching If-None-Match or If-Modified-Since. `faults` makes
   * one path answer a status, or redirect (a string: the address it sends to); `bytesServed`
   * counts the media bytes it sent. A path in `held` is never answered (the connection stays open
   * until the client gives up or the service closes); `heldAsked` counts the requests held so.
   */
  media: { faults: Map<string, number | string>; bytesServed: number; held: Set<string>; heldAsked: number };
  /** Today by the service's clock (see clockOffsetMs), as it stamps a change. */
  today(): string;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
type Query = URLSearchParams;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const USER_TYPES: Record<string, string> = {
  engineerArchitect: 'Engineer / Architect',
  contractor: 'Contractor',
  distributor: 'Distributor',
  ahjInspector: 'AHJ / Inspector',
  facilityOwner: 'Facility Owner',
  manufacturerRep: 'Manufacturer Rep',
  other: 'Other',
  companyEmployee: 'Company Employee',
};
const CONSTRUCTION_TYPES: Record<string, string> = {
  newConstruction: 'New Construction',
  tenantFinish: 'Remodel / Tenant Finish',
  shell: 'Shell',
  interceptorReplacement: 'Interceptor Replacement',
};
const STATES: Record<string, string> = { IL: 'Illinois', TX: 'Texas', MO: 'Missouri', WI: 'Wisconsin', IN: 'Indiana' };

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const money = (n: number) => (Math.round(n * 100) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const m = (value: number, unit: string) => ({ object: 'measurement', value, unit });
const set = (standard: number, su: string, metric: number, mu: string) => ({ object: 'dimension-set', standard: m(standard, su), metric: m(metric, mu) });
const list = (url: string, data: unknown[]) => ({ object: 'list', url, data });
const productUrl = (part: string) => `/products/${encodeURIComponent(part)}`;

/** `name=v` or `name[]=v1&name[]=v2` (spec §4). */
function arrayParam(q: Query, name: string): string[] | null {
  const values = [...q.getAll(name), ...q.getAll(`${name}[]`)];
  return values.length === 0 ? null : values;
}
function page(q: Query, quirks: Quirks, path: string): { limit: number; offset: number } | null {
  if (quirks.unpaged.some((p) => path.startsWith(p))) return null;
  const limit = q.has('limit') ? Number(q.get('limit')) : 25;
  const offset = q.has('offset') ? Number(q.get('offset')) : 0;
  if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(offset) || offset < 0) throw new HttpError(400, 'limit and offset are whole numbers');
  return { limit: quirks.pageCap === null ? limit : Math.min(limit, quirks.pageCap), offset };
}
function paged<T>(items: T[], p: { limit: number; offset: number } | null): T[] {
  return p === null ? items : items.slice(p.offset, p.offset + p.limit);
}
function bool(q: Query, name: string): boolean {
  return q.get(name) === 'true' || q.get(name) === '1';
}
/** Every word of the query starts a word of the text, any case. */
function matches(query: string, ...texts: (string | null)[]): boolean {
  const words = (t: string) => t.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const have = texts.flatMap((t) => (t ? words(t) : []));
  const want = words(query);
  return want.length > 0 && want.every((w) => have.some((h) => h.startsWith(w)));
}

export class SpecService {
  /** Where the pictures and documents its answers name are: a host on the web by default, its own /media when asked (startSpecUpstream's `media`). */
  mediaBase = 'https://cdn.example.com';

  constructor(
    readonly data: SpecData,
    readonly quirks: Quirks,
  ) {}

  private on(quirk: QuirkName | undefined): boolean {
    return quirk === undefined || this.quirks[quirk];
  }

  // --- Catalog ---------------------------------------------------------------------------------

  /** The types /product-types lists (a child listed only under its parent is not among them). */
  private types(): TypeRecord[] {
    return this.data.types.filter((t) => this.on(t.quirk) && !t.underParentOnly);
  }
  private typeRef(t: TypeRecord) {
    return { object: 'product-type', url: `/product-types/${encodeURIComponent(t.key)}`, name: t.name, key: t.key, active: t.active, image: `${this.mediaBase}/types/${t.key}.png`, created: t.created, last_updated: t.last_updated };
  }
  private type(t: TypeRecord) {
    const parent = t.parent === null ? null : this.data.types.find((p) => p.key === t.parent);
    const children = this.data.types.filter((c) => this.on(c.quirk) && c.parent === t.key && (c.active || c.underParentOnly));
    return { ...this.typeRef(t), parent: parent ? this.typeRef(parent) : null, types: children.map((c) => this.typeRef(c)) };
  }
  /**
   * The products shown and their look-ups by part number and by accessory: a type's product list
   * names every product's accessories and the products it is an accessory of, and looking each up
   * in the whole catalog made that answer quadratic (at 10,000 products, minutes), and every
   * product's own answer a scan of the catalog. Made again when the product or type list is
   * replaced or changes length, or a type's name or state changes; a test that changes a
   * product's part number, type or accessories in place replaces `data.products`.
   */
  private shown: { key: unknown[]; products: ProductRecord[]; byPart: Map<string, ProductRecord[]>; accessoryOf: Map<string, ProductRecord[]> } | null = null;
  private catalog() {
    const key = [this.data.products, this.data.products.length, this.data.types, this.data.types.map((t) => `${t.name}:${t.active}`).join('|')];
    if (this.shown && this.shown.key.every((k, i) => k === key[i])) return this.shown;
    const active = new Set(this.data.types.filter((t) => t.active).map((t) => t.name));
    const products = this.data.products.filter((p) => active.has(p.type));
    const byPart = new Map<string, ProductRecord[]>();
    const accessoryOf = new Map<string, ProductRecord[]>();
    const add = (map: Map<string, ProductRecord[]>, key: string, p: ProductRecord) => {
      const at = map.get(key);
      if (at) at.push(p);
      else map.set(key, [p]);
    };
    for (const p of products) {
      add(byPart, p.part_number, p);
      for (const a of new Set(p.accessories)) add(accessoryOf, a, p);
    }
    return (this.shown = { key, products, byPart, accessoryOf });
  }
  /** Products the service shows: those of active types. */
  private products(): ProductRecord[] {
    return this.catalog().products;
  }
  private price(p: ProductRecord) {
    const retail = p.retail_price_text !== undefined && this.quirks.retailNotMultiplied ? p.retail_price_text : money(p.list * p.retail);
    return { object: 'product-price', list: money(p.list), retail: { object: 'price', multiplier: p.retail, price: retail }, wholesale: { object: 'price', multiplier: p.wholesale, price: money(p.list * p.wholesale) } };
  }
  private images(p: ProductRecord) {
    const lib = (kind: string) => {
      const at = (size: string) => `${this.mediaBase}/p/${encodeURIComponent(p.part_number)}/${kind}-${size}.jpg`;
      return { object: 'image-library', orig: at('orig'), lg: at('lg'), md: at('md'), sm: at('sm') };
    };
    return { object: 'product-image-library', primary: lib('primary'), dimension: lib('dimension') };
  }
  private simple(p: ProductRecord) {
    return {
      object: 'simple-product',
      id: p.id,
      name: p.name,
      short_name: p.short_name,
      type: p.type,
      part_number: p.part_number,
      short_description: p.short_description,
      market_specific_description: null,
      store_id: p.store_id,
      link: productUrl(p.part_number),
      price: this.price(p),
      images: this.images(p),
    };
  }
  private dimensions(p: ProductRecord, extra: number) {
    const [l, w, h, lbs] = p.size;
    const side = (k: number, lu: string, wk: number, wu: string) => ({
      object: 'dimensions',
      length: m(round((l + extra) * k), lu),
      width: m(round((w + extra) * k), lu),
      height: m(round((h + extra) * k), lu),
      weight: m(round(lbs * wk), wu),
    });
    return { object: 'dimension-set', standard: side(1, 'in', 1, 'lbs'), metric: side(2.54, 'cm', 0.453592, 'kg') };
  }
  private listItem(p: ProductRecord) {
    const url = productUrl(p.part_number);
    return {
      object: 'product',
      url,
      name: p.name,
      short_name: p.short_name,
      created: p.created,
      last_updated: p.last_updated,
      type: p.type,
      part_number: p.part_number,
      base_model: { is_base_model: p.base_part_number === p.part_number, base_part_number: p.base_part_number },
      store_id: p.store_id,
      parent_store_id: null,
      description: p.description,
      short_description: p.short_description,
      market_specific_description: null,
      images: this.images(p),
      processing: p.lead_time === null ? null : { object: 'awareness-product', url: `/processing?product=${encodeURIComponent(p.name)}`, name: p.name, lead_time: p.lead_time, threshold: 5 },
      price: this.price(p),
      installation_options: {
        location: { indoors: p.indoors, indoors_buried: false, outdoors: p.outdoors, outdoors_buried: p.outdoors, other: false },
        location_as_text: [p.indoors ? 'Indoors' : null, p.outdoors ? 'Outdoors' : null].filter(Boolean).join(', '),
        traffic_area: p.traffic,
      },
      base_dimensions: this.dimensions(p, 0),
      shipping_dimensions: this.dimensions(p, 2),
      options: list(url, p.options.map((o) => ({ object: 'product-option', id: o.id, name: o.name, price: o.price === null ? null : money(o.price), option_type: o.option_type, description: null, store_id: null }))),
      certifications: p.certifications.map((c) => ({ object: 'certification', name: c.name, link: c.link, type: c.type })),
      // CAD drawings and a French guide for rated units only, as a manufacturer publishes them.
      spec_sheet: { object: 'document-library', pdf: `${this.mediaBase}/docs/${p.id}-spec.pdf`, dwg: p.ratings.length > 0 ? `${this.mediaBase}/docs/${p.id}-spec.dwg` : null },
      installation_guide: {
        object: 'document-library',
        pdf: `${this.mediaBase}/docs/${p.id}-install.pdf`,
        pdf_french: p.ratings.length > 0 ? `${this.mediaBase}/docs/${p.id}-install-fr.pdf` : null,
        pdf_spanish: null,
        dwg: null,
      },
      revit: null,
      // Interceptors come with an owner's manual; accessories do not.
      owners_manual: p.ratings.length > 0 ? `${this.mediaBase}/docs/${p.id}-owners.pdf` : null,
      csi_masterspec: null,
    };
  }
  private byPart(part: string): ProductRecord[] {
    return this.catalog().byPart.get(part) ?? [];
  }
  private product(p: ProductRecord) {
    const url = productUrl(p.part_number);
    const linked = (parts: string[]) => parts.flatMap((part) => this.byPart(part));
    const g = (gal: number | null) => (gal === null ? null : set(gal, 'gal', round(gal * 3.78541), 'L'));
    return {
      ...this.listItem(p),
      ratings: p.ratings.map((r) => ({
        object: 'rating',
        flow_rate: set(r.gpm, 'GPM', round(r.gpm * 0.0630902, 3), 'L/s'),
        grease_capacity: { object: 'grease-capacity-measurement', weight: set(r.lbs, 'lbs', round(r.lbs * 0.453592), 'kg'), volume: set(r.gal, 'gal', round(r.gal * 3.78541), 'L') },
        label: r.label,
      })),
      solids_capacity: g(p.solids_gal),
      liquid_capacity: g(p.liquid_gal),
      related_products: list(url, linked(p.related).map((r) => this.simple(r))),
      accessories: list(url, linked(p.accessories).map((a) => ({ ...this.simple(a), component: false }))),
      compatible_products: list(url, (this.catalog().accessoryOf.get(p.part_number) ?? []).map((o) => this.simple(o))),
    };
  }
  private collection(c: SpecData['collections'][number]) {
    const url = `/collections/${encodeURIComponent(c.key)}`;
    const items = c.items.flatMap((part) => this.byPart(part));
    const at = (size: string) => `${this.mediaBase}/collections/${c.key}-${size}.jpg`;
    return { object: 'collection', url, name: c.name, key: c.key, size: items.length, image: { object: 'image-library', orig: at('orig'), lg: at('lg'), md: at('md'), sm: at('sm') }, items: list(url, items.map((p) => this.listItem(p))) };
  }

  // --- Territories -----------------------------------------------------------------------------

  private territoryItem(t: TerritoryRecord) {
    return { object: 'territory', url: `/territory/${t.id}`, id: t.id, name: t.name, code: t.code, rep_firm: t.rep_firm, manager: { ...t.manager } };
  }
  private zips(t: TerritoryRecord): string[] {
    return t.zip_codes.filter((z) => this.on(z.quirk) && !(z.unless && this.quirks[z.unless])).map((z) => z.zip);
  }
  private territory(t: TerritoryRecord) {
    return { ...this.territoryItem(t), population: t.population, counties: t.counties.filter((c) => this.on(c.quirk)).map((c) => c.text), zip_codes: this.zips(t) };
  }

  // --- Users, jurisdictions, projects ----------------------------------------------------------

  private projectsOf(userId: number): ProjectRecord[] {
    return this.data.projects.filter((p) => p.user === userId);
  }
  private userFields(u: UserRecord) {
    const projects = this.projectsOf(u.id);
    return {
      object: 'user',
      service_user: u.service_user,
      name: u.name,
      email: u.email,
      phone_number: u.phone_number,
      position: u.position,
      company: u.company,
      postal_code: u.postal_code,
      type: u.type,
      registered: u.registered,
      last_active: u.last_active,
      updated: u.updated,
      number_of_projects: projects.length,
      number_of_pre_approval_projects: projects.filter((p) => p.submitted !== null).length,
    };
  }
  /** A list item: no id; the url repeats the request's query string (spec §2.2). */
  private userItem(u: UserRecord, search: string) {
    return { ...this.userFields(u), url: `/api/users/${u.id}${search}` };
  }
  private contact(c: ContactRecord, j: JurisdictionRecord) {
    return { object: 'contact', ...c, jurisdiction_name: j.name, facility: { ...c.facility } };
  }
  private jurisdiction(j: JurisdictionRecord, contacts: boolean) {
    return { object: 'jurisdiction', name: j.name, plumbing_code: j.plumbing_code, sizing_methods: { indoor: j.indoor, outdoor: j.outdoor }, ...(contacts ? { contacts: j.contacts.map((c) => this.contact(c, j)) } : {}) };
  }
  private engineer(p: ProjectRecord) {
    const u = this.data.users.find((x) => x.id === p.user);
    const hideEmail = p.engineer_email_quirk !== undefined && this.quirks[p.engineer_email_quirk];
    return { name: u?.name ?? '', email: hideEmail ? null : (u?.email ?? null), phone_number: u?.phone_number ?? null };
  }
  private projectItem(p: ProjectRecord, contacts = false) {
    const j = p.jurisdiction === null ? null : this.data.jurisdictions[p.jurisdiction];
    return {
      object: 'project',
      url: `/api/projects/${p.id}`,
      id: p.id,
      name: p.name,
      status: p.status,
      created: p.created,
      submitted: p.submitted,
      approved: p.approved,
      engineer: this.engineer(p),
      address: { ...p.address },
      jurisdiction: j ? this.jurisdiction(j, contacts) : null,
      construction_type: p.construction_type,
      recommended_product: p.recommended_product,
      pump_out_cycle: p.null_cycle_quirk !== undefined && this.quirks[p.null_cycle_quirk] ? null : p.pump_out_cycle,
    };
  }
  private project(p: ProjectRecord, contacts = false) {
    const grease = (days: number) => ({ object: 'grease-capacity-measurement', weight: m(round(p.grease_lbs * p.servings * days, 2), 'lbs'), volume: m(round((p.grease_lbs * p.servings * days) / 7.2, 2), 'gal') });
    return {
      ...this.projectItem(p, contacts),
      installation_location: p.installation_location,
      inside_trap_location: p.inside_trap_location,
      installed_in_traffic_area: p.traffic,
      installed_in_high_water_area: p.high_water,
      buried: p.buried,
      fryer: p.fryer,
      flatware: p.flatware,
      pipe_size: m(p.pipe_in, 'in'),
      food_waste_disposer: p.disposer,
      servings_per_day: p.servings,
      flow_rate: { pipe: m(p.flow.pipe, 'GPM'), two_minute: m(p.flow.two_minute, 'GPM'), one_minute: m(p.flow.one_minute, 'GPM'), sized_by: m(p.flow.sized_by, 'GPM'), dfu: p.flow.dfu },
      grease: {
        per_serving: { object: 'grease-capacity-measurement', weight: m(p.grease_lbs, 'lbs'), volume: m(round(p.grease_lbs / 7.2, 4), 'gal') },
        per_day: grease(1),
        per_30_days: grease(30),
        per_60_days: grease(60),
        per_90_days: grease(90),
      },
      unique_local_requirements: p.unique_local_requirements,
    };
  }
  private fixture(f: FixtureRecord) {
    const [l, w, h, v, cap] = f.dims;
    const side = (k: number, lu: string, vk: number, vu: string, ck: number, cu: string) => ({
      object: 'dimensions',
      length: m(round(l * k), lu),
      width: m(round(w * k), lu),
      height: m(round(h * k), lu),
      volume: m(round(v * vk), vu),
      capacity: m(round(cap * ck), cu),
    });
    return {
      object: 'fixture',
      name: f.name,
      type: f.type,
      uses_typical_dimensions: f.typical,
      dimensions: { object: 'dimension-set', standard: side(1, 'in', 1, 'sq in', 1, 'gal'), metric: side(2.54, 'cm', 6.4516, 'sq cm', 3.78541, 'L') },
      flow_rate: { one_minute: set(f.gpm1, 'GPM', round(f.gpm1 * 0.0630902, 3), 'L/s'), two_minute: set(f.gpm2, 'GPM', round(f.gpm2 * 0.0630902, 3), 'L/s'), dfu: f.dfu },
    };
  }
  private projectDetail(p: ProjectRecord, q: Query) {
    const url = `/api/projects/${p.id}`;
    const body: Json = this.project(p);
    if (bool(q, 'fixtures')) body.fixtures = list(url, p.fixtures.filter((f) => this.on(f.quirk)).map((f) => this.fixture(f)));
    if (bool(q, 'notes')) body.notes = list(url, p.notes.map((n) => ({ object: 'note', ...n })));
    if (bool(q, 'accessories')) {
      body.accessories = list(
        url,
        p.accessories.flatMap((a) => (typeof a === 'string' ? this.byPart(a).slice(0, 1).map((x) => this.simple(x)) : this.on(a.quirk) ? [a.item] : [])),
      );
    }
    return body;
  }
  private user(u: UserRecord, q: Query, quirks: Quirks, path: string) {
    const url = `/api/users/${u.id}`;
    const body: Json = { ...this.userFields(u), url, id: u.id };
    if (bool(q, 'projects')) {
      const contacts = bool(q, 'contacts');
      const embedded = paged(this.projectsOf(u.id), page(q, quirks, path)).map((p) => ({ ...this.project(p, contacts), pipe_size: p.pipe_in, spaces: [] }));
      body.projects = list(url, embedded);
    }
    return body;
  }
  private jurisdictionsList(): JurisdictionRecord[] {
    return Object.values(this.data.jurisdictions);
  }

  /** Answers one GET (or the one POST the spec has); every list empty while `emptyLists` is on. */
  answer(method: string, url: URL, body: unknown): unknown {
    const answer = this.answerInFull(method, url, body);
    const isList = typeof answer === 'object' && answer !== null && (answer as Json).object === 'list';
    return this.quirks.emptyLists && isList ? { ...(answer as Json), data: [] } : answer;
  }

  private answerInFull(method: string, url: URL, body: unknown): unknown {
    const path = url.pathname;
    const q = url.searchParams;
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    const isWrite = method !== 'GET' && !(method === 'POST' && path === '/api/users-by-zip-code');
    if (isWrite) throw new HttpError(path.startsWith('/api/projects') ? this.quirks.writeStatus : 404, 'Not found');

    if (path === '/product-types') return list(path, this.types().map((t) => this.type(t)));
    if (parts[0] === 'product-types' && parts.length >= 2) {
      const t = this.data.types.find((x) => x.key === parts[1] && x.active);
      if (!t) throw new HttpError(404, 'No such product type');
      if (parts.length === 2) return this.type(t);
      if (parts[2] === 'products' && parts.length === 3) return list(path, this.products().filter((p) => p.type === t.name).map((p) => this.product(p)));
    }
    if (path === '/products') return list(path + url.search, this.products().map((p) => this.listItem(p)));
    if (parts[0] === 'products' && parts.length === 2) {
      let found = this.byPart(parts[1]!).filter((p) => !(p.quirk === 'productDetail404' && this.quirks.productDetail404));
      const storeId = q.get('store_id');
      if (storeId !== null) found = found.filter((p) => p.store_id === storeId);
      if (found.length === 0) throw new HttpError(404, 'No such product');
      return this.product(found[0]!);
    }
    if (path === '/collections') {
      const only = arrayParam(q, 'only');
      let cs = this.data.collections.filter((c) => only === null || only.includes(c.key));
      if (q.has('limit')) cs = cs.slice(0, Number(q.get('limit')));
      return list(path + url.search, cs.map((c) => this.collection(c)));
    }
    if (parts[0] === 'collections' && parts.length === 2) {
      const c = this.data.collections.find((x) => x.key === parts[1]);
      if (!c) throw new HttpError(404, 'No such collection');
      return this.collection(c);
    }
    if (path === '/territories') return list(path + url.search, this.data.territories.map((t) => this.territoryItem(t)));
    if (parts[0] === 'territory' && parts.length === 2) {
      const t = this.data.territories.find((x) => String(x.id) === parts[1]);
      if (!t) throw new HttpError(404, 'No such territory');
      return this.territory(t);
    }
    if (path === '/territory') return this.territoryLookup(q);

    if (path === '/api/users') {
      const types = arrayParam(q, 'types')?.map((k) => USER_TYPES[k] ?? k);
      const users = this.data.users.filter((u) => !types || (u.type !== null && types.includes(u.type)));
      return list(path + url.search, paged(users, page(q, this.quirks, path)).map((u) => this.userItem(u, url.search)));
    }
    if (path === '/api/users-by-zip-code') {
      const zips = body && typeof body === 'object' && 'zip_codes' in body ? (body as { zip_codes: unknown }).zip_codes : undefined;
      const wanted = typeof zips === 'string' ? [zips] : Array.isArray(zips) ? zips.map(String) : null;
      if (!wanted) throw new HttpError(400, 'zip_codes is required');
      const users = this.data.users.filter((u) => wanted.includes(u.postal_code));
      return list(path + url.search, paged(users, page(q, this.quirks, path)).map((u) => this.userItem(u, url.search)));
    }
    if (parts[0] === 'api' && parts[1] === 'users' && parts.length === 3) {
      const u = this.data.users.find((x) => String(x.id) === parts[2]);
      if (!u) throw new HttpError(404, 'No such user');
      return this.user(u, q, this.quirks, path);
    }
    if (parts[0] === 'api' && parts[1] === 'user-by-email' && parts.length === 3) {
      const u = this.data.users.find((x) => x.email.toLowerCase() === parts[2]!.toLowerCase());
      if (!u) throw new HttpError(404, 'No such user');
      return this.user(u, q, this.quirks, path);
    }
    if (path === '/api/projects') {
      const zips = arrayParam(q, 'zip_codes');
      const types = arrayParam(q, 'types')?.map((k) => CONSTRUCTION_TYPES[k] ?? k);
      const projects = this.data.projects.filter((p) => (!zips || zips.includes(p.address.postal_code ?? '')) && (!types || types.includes(p.construction_type)));
      return list(path + url.search, paged(projects, page(q, this.quirks, path)).map((p) => this.projectItem(p)));
    }
    if (parts[0] === 'api' && parts[1] === 'projects' && parts.length === 3) {
      const p = this.data.projects.find((x) => String(x.id) === parts[2]);
      if (!p) throw new HttpError(404, 'No such project');
      return this.projectDetail(p, q);
    }
    if (path === '/api/search') return this.search(q, url.search);
    throw new HttpError(404, 'Not found');
  }

  private territoryLookup(q: Query) {
    const zip = q.get('zip_code');
    if (zip !== null) {
      const t = this.data.territories.find((x) => this.zips(x).includes(zip.slice(0, 5)));
      if (!t) throw new HttpError(404, 'No territory for this zip code');
      return this.territory(t);
    }
    const state = q.get('state');
    const county = q.get('county');
    if (state === null || county === null) throw new HttpError(400, 'Give zip_code, or state and county');
    const code = Object.entries(STATES).find(([c, n]) => c.toLowerCase() === state.toLowerCase() || n.toLowerCase() === state.toLowerCase())?.[0];
    const base = (text: string) => text.toLowerCase().replace(/ county$/, '').trim();
    const t = this.data.territories.find((x) =>
      x.counties.some((c) => {
        const m2 = /^(.*), ([A-Z]{2})$/.exec(c.text);
        return this.on(c.quirk) && m2 !== null && m2[2] === code && (m2[1]!.toLowerCase() === county.toLowerCase() || base(m2[1]!) === base(county));
      }),
    );
    if (!t) throw new HttpError(404, 'No territory for this county');
    return this.territory(t);
  }

  private search(q: Query, search: string) {
    const type = q.get('type');
    const query = q.get('query');
    if (!type || !query) throw new HttpError(400, 'type and query are required');
    const p = page(q, this.quirks, '/api/search');
    const url = `/api/search${search}`;
    if (type === 'user') {
      return list(url, paged(this.data.users.filter((u) => matches(query, u.name, u.email, u.company)), p).map((u) => this.userItem(u, search)));
    }
    if (type === 'project') {
      return list(url, paged(this.data.projects.filter((x) => matches(query, x.name, x.address.street, x.address.city, x.address.state, x.address.postal_code)), p).map((x) => this.projectItem(x)));
    }
    if (type === 'jurisdiction') {
      return list(url, paged(this.jurisdictionsList().filter((j) => matches(query, j.name)), p).map((j) => this.jurisdiction(j, false)));
    }
    throw new HttpError(400, 'type is user, jurisdiction or project');
  }
}

/** A sign-in page, as a hotel's or airport's Wi-Fi answers every request before the guest signs in. */
export const CAPTIVE_PORTAL_PAGE =
  '<!DOCTYPE html><html><head><title>Welcome to Lakeside Inn Wi-Fi</title></head><body><h1>Sign in to continue</h1><form method="post" action="/login"><input name="room"><button>Connect</button></form></body></html>';

/** Starts the service on 127.0.0.1 (port 0 picks a free one). */
export async function startSpecUpstream(data: SpecData, options: { key?: string; quirks?: Partial<Quirks>; port?: number; media?: boolean } = {}): Promise<SpecUpstream> {
  const key = options.key ?? 'spec-upstream-key';
  const quirks: Quirks = { ...defaultQuirks(), ...options.quirks };
  const service = new SpecService(data, quirks);
  const seen: SeenRequest[] = [];
  const media: SpecUpstream['media'] = { faults: new Map(), bytesServed: 0, held: new Set(), heldAsked: 0 };
  /** The files' own clock: they were all published then. */
  const published = new Date(Date.UTC(2024, 0, 15)).toUTCString();
  /** The rate limiter's window: when it began, how many requests it has seen, and until when it refuses. */
  const limiter = { since: 0, count: 0, until: 0 };
  const server = http.createServer((req, res) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://upstream');
      const path = url.pathname + url.search;
      const record = (status: number, bytes: number, coding: string | null) =>
        seen.push({ method: req.method ?? 'GET', path, status, bytes, at, host: req.headers.host ?? '', withKey: req.headers.authorization !== undefined, coding, acceptEncoding: req.headers['accept-encoding'] ?? null });
      /** The service's own clock, off by clockOffsetMs. */
      const date = () => new Date(Date.now() + quirks.clockOffsetMs).toUTCString();
      const send = (status: number, text: string, type = 'application/json', extra: Record<string, string> = {}) => {
        let body = Buffer.from(text);
        let coding: string | null = null;
        const c = quirks.compress;
        if (c && status !== 304 && (c.anyway || new RegExp(`\\b${c.coding}\\b`).test(String(req.headers['accept-encoding'] ?? '')))) {
          coding = c.coding;
          body = c.coding === 'gzip' ? zlib.gzipSync(body) : c.coding === 'br' ? zlib.brotliCompressSync(body) : zlib.deflateSync(body);
        }
        record(status, body.byteLength, coding);
        const headers: Record<string, string> = { date: date(), 'content-type': type, 'content-length': String(body.byteLength), ...(coding ? { 'content-encoding': coding, vary: 'accept-encoding' } : {}), ...extra };
        if (status === 405) headers.allow = 'GET';
        const stall = quirks.stallAfterHeaders.find((f) => f.match.test(path) && f.times > 0);
        if (stall) {
          // The headers and a first piece of the body, then silence: the connection stays open.
          stall.times--;
          res.writeHead(status, headers);
          res.write(body.subarray(0, Math.min(16, body.byteLength - 1)));
          return;
        }
        res.writeHead(status, headers);
        res.end(body);
      };
      const serveMedia = () => {
        if (media.held.has(url.pathname)) return void media.heldAsked++;
        const fault = media.faults.get(url.pathname);
        if (typeof fault === 'number') return send(fault, JSON.stringify({ error: 'fault' }));
        if (typeof fault === 'string') return send(302, '', 'text/plain', { location: fault });
        const file = mediaFor(url.pathname);
        const etag = `"${crypto.createHash('sha256').update(file.bytes).digest('hex').slice(0, 32)}"`;
        const validators = { etag, 'last-modified': published };
        if (req.headers['if-none-match'] === etag || (req.headers['if-none-match'] === undefined && req.headers['if-modified-since'] === published)) {
          record(304, 0, null);
          res.writeHead(304, { date: date(), ...validators });
          return res.end();
        }
        media.bytesServed += file.bytes.byteLength;
        record(200, file.bytes.byteLength, null);
        res.writeHead(200, { date: date(), 'content-type': file.type, 'content-length': String(file.bytes.byteLength), ...validators });
        res.end(file.bytes);
      };
      const respond = () => {
        if (options.media && req.method === 'GET' && url.pathname.startsWith('/media/')) return serveMedia();
        if (quirks.captivePortal) return send(200, CAPTIVE_PORTAL_PAGE, 'text/html; charset=utf-8');
        const limit = quirks.rateLimit;
        if (limit) {
          const now = Date.now();
          if (now < limiter.until) return send(429, JSON.stringify({ error: 'rate limited' }), 'application/json', { 'retry-after': String(Math.ceil((limiter.until - now) / 1000)) });
          if (now - limiter.since > limit.windowMs) Object.assign(limiter, { since: now, count: 0 });
          if (++limiter.count > limit.burst) {
            limiter.until = now + limit.retryAfterS * 1000;
            return send(429, JSON.stringify({ error: 'rate limited' }), 'application/json', { 'retry-after': String(limit.retryAfterS) });
          }
        }
        const moved = quirks.redirect;
        let servedUrl = url;
        if (moved) {
          if (moved.elsewhere !== undefined || !url.pathname.startsWith(`${moved.prefix}/`)) {
            const to = moved.elsewhere !== undefined ? `${moved.elsewhere}${moved.prefix}${path}` : `${moved.prefix}${path}`;
            return send(moved.status, `<html><body>Moved to <a href="${to}">${to}</a></body></html>`, 'text/html', { location: to });
          }
          servedUrl = new URL(url.pathname.slice(moved.prefix.length) + url.search, 'http://upstream');
        }
        const fault = quirks.html502.find((f) => f.match.test(path) && f.times > 0);
        if (fault) {
          fault.times--;
          return send(502, '<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>', 'text/html');
        }
        if (req.headers.authorization !== `Bearer ${key}`) return send(401, JSON.stringify({ error: 'unauthorized' }));
        try {
          let body: unknown;
          if (chunks.length > 0) {
            try {
              body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              return send(400, JSON.stringify({ error: 'malformed JSON' }));
            }
          }
          send(200, JSON.stringify(service.answer(req.method ?? 'GET', servedUrl, body)));
        } catch (error) {
          if (error instanceof HttpError) return send(error.status, JSON.stringify({ error: error.message }));
          send(500, JSON.stringify({ error: 'internal' }));
        }
      };
      const slow = quirks.slow.find((f) => f.match.test(path) && f.times > 0);
      if (slow) {
        slow.times--;
        setTimeout(respond, slow.ms);
      } else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  if (options.media) service.mediaBase = `http://127.0.0.1:${port}/media`;
  return {
    media,
    url: `http://127.0.0.1:${port}`,
    key,
    data,
    quirks,
    seen,
    today: () => usDate(new Date(Date.now() + quirks.clockOffsetMs)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** MM/DD/YYYY (UTC), as the service writes dates. */
export function usDate(d: Date): string {
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}
