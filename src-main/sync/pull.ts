/**
 * Reads the central service into memory, with progress, asking only for what may have changed.
 *
 * Lists are paged (`limit` ≤ 100); once the first page gives the total, the other pages are asked
 * for together, and every resource is pulled at once, all through the client's bounded queue, so
 * the upstream is never left idle. Each list entry decides its detail request (see `decide`):
 * skipped when its date shows it unchanged since the store fetched it, asked with If-None-Match
 * otherwise. Answers received but not yet applied are staged, so a cut-off run resumes.
 */
import type { StatusReporter } from './sync-service.js';
import { SyncFailure } from './sync-service.js';
import type { UpstreamClient } from './upstream-client.js';
import { deflateJson, type AnswerWrite, type AppliedAnswers, type StagedAnswers, type StagedProject } from './sync-answers.js';
import {
  collectionFrom,
  isObject,
  isoDate,
  jurisdictionFrom,
  productFrom,
  projectFrom,
  productTypeFrom,
  refKey,
  Rejected,
  territoryFrom,
  userFrom,
  userIdFromUrl,
  type ProductRef,
  type PulledCollection,
  type PulledJurisdiction,
  type PulledProduct,
  type PulledProductType,
  type PulledTerritory,
  type PulledUser,
} from './convert.js';
import type { SyncProgress } from '../../src-shared/sync.js';

const PAGE = 100;
const DAY_MS = 86_400_000;

export interface RejectedRecord {
  resource: string;
  id: string;
  reason: string;
}

/** A record as a list page shows it: its key, the path of its detail and the date it shows. */
export interface ListEntry {
  key: string;
  path: string;
  stamp: string | null;
}

/** A record that is new or changed: its body, and the answer to record once it is applied. */
export interface Fetched {
  key: string;
  body: unknown;
  answer: AnswerWrite;
}

export interface PulledCatalog {
  productTypes: PulledProductType[];
  /** Product type key → its products (part number + store id). */
  typeMembers: Map<string, ProductRef[]>;
  products: PulledProduct[];
  collections: PulledCollection[];
}

/** An accessory of a staged project: which product, with the upstream's id (null: not shown). */
export interface StagedAccessory {
  index: number;
  ref: ProductRef;
  id: number | null;
  name: string;
}

/** Applied record by record: what changed, and every key the upstream still has. */
export interface Incremental<T> {
  changed: T[];
  present: Set<number>;
}

export interface PulledData {
  /** The whole catalog when any of it changed; null when the store's catalog is current. */
  catalog: PulledCatalog | null;
  /** Every territory when any changed; null when the store's are current. */
  territories: PulledTerritory[] | null;
  jurisdictions: Incremental<{ record: PulledJurisdiction; answer: AnswerWrite }>;
  users: Incremental<PulledUser>;
  /** Ids of the projects this run staged (or took over from a cut-off run) to write. */
  projects: Incremental<number>;
  /** Upstream ids of products, learned from the simple-products that link them. */
  productIds: Map<string, number>;
  /** Answers to record with the apply (page answers, catalog and territory bodies, 304 refreshes). */
  answers: AnswerWrite[];
  /** Every answer path still current, per resource: the others are forgotten. */
  present: Map<string, Set<string>>;
  rejected: RejectedRecord[];
  /** Anything to write at all (false: the store already holds this data). */
  changed: boolean;
}

export interface LocalKeys {
  /**
   * False on a full check: every record the store holds is asked for (with If-None-Match), none
   * skipped by date. (Answers staged by a cut-off run were fetched just now: used either way.)
   */
  trustDates: boolean;
  projects: Set<number>;
  /** Projects edited here and not yet sent. */
  dirtyProjects: Set<number>;
  users: Set<number>;
  jurisdictions: Set<number>;
}

interface ListBody {
  data?: unknown[];
}

type EntryOf = (item: unknown) => ListEntry | null;
type Complete = (entries: ListEntry[]) => boolean;

/** A page's answer as kept: the total it gave and its entries (users: their ids). */
interface KeptPage {
  total: number | null;
  entries: ListEntry[];
}

/** The date a list shows (MM/DD/YYYY) → ms, or null. */
function dayOf(stamp: string | null): number | null {
  const iso = isoDate(stamp);
  return iso === null ? null : Date.parse(iso);
}

/**
 * True when the list shows the same date as when the store fetched the record, and that date
 * ended well before the fetch: dates have a day's precision, so a record changed on the day it
 * was fetched (or the next, for time zones) could have changed after the fetch; those are asked
 * with If-None-Match instead.
 */
function unchangedByDate(stamp: string | null, applied: { stamp: string | null; fetched_at: string } | undefined): boolean {
  if (!applied || stamp === null || applied.stamp !== stamp) return false;
  const day = dayOf(stamp);
  return day !== null && day + 2 * DAY_MS <= Date.parse(applied.fetched_at);
}

export class Puller {
  private readonly progress = new Map<string, SyncProgress>();
  readonly rejected: RejectedRecord[] = [];
  private readonly answers: AnswerWrite[] = [];
  private readonly present = new Map<string, Set<string>>();
  private readonly productIds = new Map<string, number>();

  constructor(
    private readonly client: UpstreamClient,
    private readonly status: StatusReporter,
    private readonly applied: AppliedAnswers,
    private readonly staged: StagedAnswers,
    private readonly local: LocalKeys,
  ) {}

  private report(resource: string, done: number, total: number | null): void {
    this.progress.set(resource, { resource, done, total });
    this.status.update({ progress: [...this.progress.values()], rejected: this.rejected.length });
  }

  private reject(resource: string, id: string, error: unknown): void {
    if (!(error instanceof Rejected)) throw error;
    this.rejected.push({ resource, id, reason: error.message });
  }

  private keep(resource: string, path: string): void {
    let paths = this.present.get(resource);
    if (!paths) this.present.set(resource, (paths = new Set()));
    paths.add(path);
  }

  private record(answer: AnswerWrite): void {
    this.answers.push(answer);
    this.keep(answer.resource, answer.path);
  }

  private learnIds(list: unknown): void {
    const data = isObject(list) && Array.isArray(list.data) ? list.data : [];
    for (const s of data) {
      if (isObject(s) && typeof s.id === 'number' && typeof s.part_number === 'string') {
        this.productIds.set(refKey({ part_number: s.part_number, store_id: typeof s.store_id === 'string' ? s.store_id : null }), s.id);
      }
    }
  }

  /**
   * A small whole answer whose body a rebuild needs (product types, collections): with
   * If-None-Match; `changed` is false when it is the same as the store's, even if resent in full.
   */
  private async whole(resource: string, path: string): Promise<{ body: unknown; changed: boolean }> {
    const applied = this.applied.get(path);
    const kept = applied ? this.applied.body(path) : undefined;
    const res = await this.client.get<unknown>(path, kept === undefined ? null : applied!.etag);
    if (res.status === 304 && kept !== undefined) {
      this.keep(resource, path);
      return { body: kept, changed: false };
    }
    if (res.status !== 200) throw new SyncFailure('upstream_error', `The central service answered ${path} with HTTP ${res.status}.`);
    const changed = kept === undefined || JSON.stringify(kept) !== JSON.stringify(res.body);
    this.record({ path, resource, key: path, etag: res.etag, stamp: null, body: deflateJson(res.body) });
    return { body: res.body, changed };
  }

  /**
   * One list page: its entries, and its items when it came in full. A kept page is only asked
   * with If-None-Match if `complete` says the store holds what it listed.
   */
  private async page(resource: string, path: string, entryOf: EntryOf, complete: Complete): Promise<KeptPage & { items: unknown[] | null; changed: boolean }> {
    const applied = this.applied.get(path);
    const stored = applied ? (this.applied.body(path) as KeptPage | undefined) : undefined;
    const kept = stored && complete(stored.entries) ? stored : undefined;
    const res = await this.client.get<ListBody>(path, kept ? applied!.etag : null);
    if (res.status === 304 && kept) {
      this.keep(`${resource}:page`, path);
      return { ...kept, items: null, changed: false };
    }
    if (res.status !== 200 || !isObject(res.body) || !Array.isArray(res.body.data)) {
      throw new SyncFailure('invalid_data', `The central service answered ${path} with something that is not a list (HTTP ${res.status}).`);
    }
    const items = res.body.data;
    const entries = items.flatMap((item) => {
      const e = entryOf(item);
      return e ? [e] : [];
    });
    const page: KeptPage = { total: res.total, entries };
    this.record({ path, resource: `${resource}:page`, key: path, etag: res.etag, stamp: null, body: deflateJson(page) });
    return { ...page, items, changed: !stored || JSON.stringify(stored.entries) !== JSON.stringify(entries) };
  }

  /**
   * Every page of a paged list: the first alone (it gives the total), the rest together; an
   * upstream that sends no total is paged one after another until a short page.
   */
  private async pages(resource: string, path: string, entryOf: EntryOf, complete: Complete = () => true) {
    const sep = path.includes('?') ? '&' : '?';
    const at = (offset: number) => `${path}${sep}limit=${PAGE}&offset=${offset}`;
    const entries: ListEntry[] = [];
    const fullPages: { items: unknown[] }[] = [];
    let changed = false;
    const take = (p: Awaited<ReturnType<Puller['page']>>) => {
      entries.push(...p.entries);
      if (p.items) fullPages.push({ items: p.items });
      changed ||= p.changed;
      this.report(resource, entries.length, p.total);
    };
    const first = await this.page(resource, at(0), entryOf, complete);
    take(first);
    let offset = PAGE;
    let lastLength = first.entries.length;
    if (first.total !== null && first.total > PAGE) {
      const offsets: number[] = [];
      for (let o = PAGE; o < first.total; o += PAGE) offsets.push(o);
      const rest = await Promise.all(offsets.map((o) => this.page(resource, at(o), entryOf, complete)));
      for (const p of rest) take(p);
      offset = offsets.at(-1)! + PAGE;
      lastLength = rest.at(-1)!.entries.length;
    }
    // Without a total (or if records were added while paging), carry on until a short page.
    while (lastLength >= PAGE) {
      const p = await this.page(resource, at(offset), entryOf, complete);
      take(p);
      offset += PAGE;
      lastLength = p.entries.length;
    }
    // Offset paging can show a record twice when the list moves under it.
    const seen = new Set<string>();
    return { entries: entries.filter((e) => !seen.has(e.key) && (seen.add(e.key), true)), fullPages, changed };
  }

  /**
   * The detail of each entry, asked only when needed: a staged answer of a cut-off run is used;
   * a record the store holds is skipped when its date shows it unchanged (if `byDate`), else asked
   * with If-None-Match. Returns the records to write, and how many the store already holds.
   */
  private async details(
    resource: string,
    entries: ListEntry[],
    options: { byDate: boolean; keepBody: boolean; held: (key: string) => boolean },
  ): Promise<{ fetched: Fetched[]; unchanged: ListEntry[] }> {
    const fetched: Fetched[] = [];
    const unchanged: ListEntry[] = [];
    let done = 0;
    this.report(resource, 0, entries.length);
    const progress = () => {
      done++;
      if (done % 50 === 0 || done === entries.length) this.report(resource, done, entries.length);
    };
    const answer = (e: ListEntry, etag: string | null, body: unknown): AnswerWrite => ({ path: e.path, resource, key: e.key, etag, stamp: e.stamp, ...(options.keepBody ? { body: deflateJson(body) } : {}) });
    const take = (e: ListEntry, etag: string | null, body: unknown) => fetched.push({ key: e.key, body, answer: answer(e, etag, body) });
    await Promise.all(
      entries.map(async (e) => {
        const staged = this.staged.get(e.path);
        const applied = options.held(e.key) ? this.applied.get(e.path) : undefined;
        if (staged && unchangedByDate(e.stamp, staged)) {
          take(e, staged.etag, staged.body);
          this.keep(resource, e.path);
          return progress();
        }
        if (options.byDate && this.local.trustDates && unchangedByDate(e.stamp, applied)) {
          unchanged.push(e);
          this.keep(resource, e.path);
          return progress();
        }
        const res = await this.client.get<unknown>(e.path, staged?.etag ?? applied?.etag ?? null);
        progress();
        if (res.status === 304 && staged) {
          take(e, staged.etag, staged.body);
          this.keep(resource, e.path);
        } else if (res.status === 304 && applied) {
          unchanged.push(e);
          // Confirmed unchanged now: with the fresher fetch date the next run can skip it by date.
          if (options.byDate && e.stamp !== null) this.record({ path: e.path, resource, key: e.key, etag: res.etag, stamp: e.stamp, refresh: true });
          else this.keep(resource, e.path);
        } else if (res.status === 200) {
          this.staged.put(e.path, res.etag, e.stamp, res.text);
          take(e, res.etag, res.body);
        } else if (res.status !== 404) {
          // 404: vanished between the list and the detail.
          throw new SyncFailure('upstream_error', `The central service answered ${e.path} with HTTP ${res.status}.`);
        }
      }),
    );
    return { fetched, unchanged };
  }

  private async pullCatalog(): Promise<PulledCatalog | null> {
    const typeList = await this.whole('product-types', '/product-types');
    let changed = typeList.changed;
    const listed = isObject(typeList.body) && Array.isArray(typeList.body.data) ? typeList.body.data : [];
    const typeKeys = listed.flatMap((t) => (isObject(t) && typeof t.key === 'string' ? [t.key] : []));
    const [typeDetails, productPages, collectionList] = await Promise.all([
      Promise.all(typeKeys.map((key) => this.whole('product-type', `/product-types/${encodeURIComponent(key)}`))),
      this.pages('products', '/products', (p) =>
        isObject(p) && typeof p.part_number === 'string'
          ? {
              key: refKey({ part_number: p.part_number, store_id: typeof p.store_id === 'string' ? p.store_id : null }),
              path: `/products/${encodeURIComponent(p.part_number)}${typeof p.store_id === 'string' ? `?store_id=${encodeURIComponent(p.store_id)}` : ''}`,
              stamp: typeof p.last_updated === 'string' ? p.last_updated : typeof p.created === 'string' ? p.created : null,
            }
          : null,
      ),
      this.whole('collections', '/collections'),
    ]);
    this.report('product-types', typeKeys.length, typeKeys.length);
    const collectionCount = isObject(collectionList.body) && Array.isArray(collectionList.body.data) ? collectionList.body.data.length : 0;
    this.report('collections', collectionCount, collectionCount);
    changed ||= typeDetails.some((d) => d.changed) || productPages.changed || collectionList.changed;
    const details = await this.details('products', productPages.entries, { byDate: true, keepBody: true, held: () => true });
    // Products skipped or answered 304 are rebuilt from their kept bodies, if anything changed.
    changed ||= details.fetched.some((f) => JSON.stringify(this.applied.get(f.answer.path) ? this.applied.body(f.answer.path) : undefined) !== JSON.stringify(f.body));
    changed ||= this.vanished('products', productPages.entries.map((e) => e.path));
    for (const f of details.fetched) this.record(f.answer);
    if (!changed) return null;

    const productTypes: PulledProductType[] = [];
    for (const t of listed) {
      try {
        productTypes.push(productTypeFrom(t));
      } catch (error) {
        this.reject('product-types', isObject(t) ? String(t.key) : '?', error);
      }
    }
    const typeMembers = new Map<string, ProductRef[]>();
    for (const { body } of typeDetails) {
      if (!isObject(body) || typeof body.key !== 'string' || !isObject(body.products) || !Array.isArray(body.products.data)) continue;
      typeMembers.set(
        body.key,
        body.products.data.flatMap((p) => (isObject(p) && typeof p.part_number === 'string' ? [{ part_number: p.part_number, store_id: typeof p.store_id === 'string' ? p.store_id : null }] : [])),
      );
    }
    const bodies = [...details.fetched.map((f) => ({ key: f.key, body: f.body })), ...details.unchanged.map((e) => ({ key: e.key, body: this.applied.body(e.path) }))];
    const products: PulledProduct[] = [];
    for (const { key, body } of bodies) {
      try {
        products.push(productFrom(body));
        if (isObject(body)) for (const k of ['accessories', 'related_products', 'compatible_products']) this.learnIds(body[k]);
      } catch (error) {
        this.reject('products', key.split('\u0000')[0]!, error);
      }
    }
    const collections: PulledCollection[] = [];
    const collectionItems = isObject(collectionList.body) && Array.isArray(collectionList.body.data) ? collectionList.body.data : [];
    for (const c of collectionItems) {
      try {
        collections.push(collectionFrom(c));
      } catch (error) {
        this.reject('collections', isObject(c) ? String(c.key) : '?', error);
      }
    }
    return { productTypes, typeMembers, products, collections };
  }

  /** True when the store holds answers of `resource` the upstream no longer lists. */
  private vanished(resource: string, listed: string[]): boolean {
    const now = new Set(listed);
    return this.applied.paths(resource).some((p) => !now.has(p));
  }

  private async pullTerritories(): Promise<PulledTerritory[] | null> {
    const list = await this.pages('territories', '/territories', (t) => (isObject(t) && typeof t.id === 'number' ? { key: String(t.id), path: `/territory/${t.id}`, stamp: null } : null));
    const details = await this.details('territories', list.entries, { byDate: false, keepBody: true, held: () => true });
    for (const f of details.fetched) this.record(f.answer);
    if (!list.changed && details.fetched.length === 0 && !this.vanished('territories', list.entries.map((e) => e.path))) return null;
    const territories: PulledTerritory[] = [];
    const bodies = [...details.fetched.map((f) => ({ key: f.key, body: f.body })), ...details.unchanged.map((e) => ({ key: e.key, body: this.applied.body(e.path) }))];
    for (const { key, body } of bodies) {
      try {
        territories.push(territoryFrom(body));
      } catch (error) {
        this.reject('territories', key, error);
      }
    }
    return territories;
  }

  private async pullJurisdictions(): Promise<PulledData['jurisdictions']> {
    const list = await this.pages('jurisdictions', '/api/jurisdictions', (j) =>
      isObject(j) && typeof j.id === 'number' ? { key: String(j.id), path: `/api/jurisdictions/${j.id}?contacts=true`, stamp: typeof j.updated === 'string' ? j.updated : null } : null,
    );
    // Contacts can change without the jurisdiction's date: ETags only.
    const details = await this.details('jurisdictions', list.entries, { byDate: false, keepBody: false, held: (k) => this.local.jurisdictions.has(Number(k)) });
    const changed = [];
    for (const f of details.fetched) {
      try {
        changed.push({ record: jurisdictionFrom(f.body), answer: f.answer });
      } catch (error) {
        this.reject('jurisdictions', f.key, error);
      }
    }
    return { changed, present: new Set(list.entries.map((e) => Number(e.key))) };
  }

  private async pullUsers(): Promise<PulledData['users']> {
    // Users come whole in their list: a page the store holds every user of can answer 304.
    const list = await this.pages(
      'users',
      '/api/users',
      (u) => {
        try {
          const id = isObject(u) && typeof u.id === 'number' ? u.id : userIdFromUrl(isObject(u) ? u.url : null);
          return { key: String(id), path: '', stamp: null };
        } catch {
          return null;
        }
      },
      (entries) => entries.every((e) => this.local.users.has(Number(e.key))),
    );
    const changed: PulledUser[] = [];
    for (const { items } of list.fullPages) {
      for (const u of items) {
        try {
          changed.push(userFrom(u));
        } catch (error) {
          this.reject('users', isObject(u) ? String(u.url) : '?', error);
        }
      }
    }
    return { changed, present: new Set(list.entries.map((e) => Number(e.key))) };
  }

  /**
   * Projects: the same decisions as `details`, but each arrives converted into the staging's
   * project tables (see StagedAnswers), and the apply copies them from there.
   */
  private async pullProjects(): Promise<PulledData['projects']> {
    const list = await this.pages('project list', '/api/projects', (p) =>
      isObject(p) && typeof p.id === 'number' ? { key: String(p.id), path: `/api/projects/${p.id}?fixtures=true&notes=true&accessories=true`, stamp: typeof p.updated === 'string' ? p.updated : null } : null,
    );
    const changed: number[] = [];
    let done = 0;
    const total = list.entries.length;
    this.report('projects', 0, total);
    const progress = () => {
      done++;
      if (done % 50 === 0 || done === total) this.report('projects', done, total);
    };
    await Promise.all(
      list.entries.map(async (e) => {
        const id = Number(e.key);
        const staged = this.staged.project(e.path);
        const applied = this.local.projects.has(id) ? this.applied.get(e.path) : undefined;
        if (staged && unchangedByDate(e.stamp, staged)) {
          this.staged.takeProject(e.path);
          changed.push(id);
          return progress();
        }
        if (this.local.trustDates && unchangedByDate(e.stamp, applied)) {
          this.keep('projects', e.path);
          return progress();
        }
        const res = await this.client.get<unknown>(e.path, staged?.etag ?? applied?.etag ?? null);
        progress();
        if (res.status === 304 && staged) {
          this.staged.takeProject(e.path);
          changed.push(id);
        } else if (res.status === 304 && applied) {
          // Confirmed unchanged now: with the fresher fetch date the next run can skip it by date.
          if (e.stamp !== null) this.record({ path: e.path, resource: 'projects', key: e.key, etag: res.etag, stamp: e.stamp, refresh: true });
          else this.keep('projects', e.path);
        } else if (res.status === 200) {
          const project = this.arriveProject(e.key, res.body);
          if (project) {
            this.staged.putProject(e.path, res.etag, e.stamp, project);
            changed.push(id);
          }
        } else if (res.status !== 404) {
          throw new SyncFailure('upstream_error', `The central service answered ${e.path} with HTTP ${res.status}.`);
        }
      }),
    );
    return { changed, present: new Set(list.entries.map((e) => Number(e.key))) };
  }

  /** A project record → its staged form, or null (set aside with the reason). */
  private arriveProject(key: string, body: unknown): StagedProject | null {
    // Accessory products carry the upstream's id (a simple-product): learned, and used here.
    const accessories: StagedAccessory[] = [];
    const listed = isObject(body) && isObject(body.accessories) && Array.isArray(body.accessories.data) ? body.accessories.data : [];
    // Indexed as projectFrom keeps them: the items that are objects.
    listed.filter(isObject).forEach((a, index) => {
      const product = isObject(a.product) ? a.product : null;
      if (!product || typeof product.part_number !== 'string') return;
      const ref = { part_number: product.part_number, store_id: typeof product.store_id === 'string' ? product.store_id : null };
      const id = typeof product.id === 'number' ? product.id : null;
      if (id !== null) this.productIds.set(refKey(ref), id);
      accessories.push({ index, ref, id, name: typeof product.name === 'string' ? product.name : '' });
    });
    const ids = new Map(accessories.flatMap((a) => (a.id === null ? [] : [[refKey(a.ref), a.id] as const])));
    try {
      const p = projectFrom(body, (ref) => ids.get(refKey(ref)));
      return {
        row: p.row,
        fixtures: p.fixtures.map((f) => JSON.stringify(f)),
        notes: p.notes,
        accessories,
        raw: this.local.dirtyProjects.has(p.row.id) ? body : null,
      };
    } catch (error) {
      this.reject('projects', key, error);
      return null;
    }
  }

  async pullAll(): Promise<PulledData> {
    const [catalog, territories, jurisdictions, users, projects] = await Promise.all([
      this.pullCatalog(),
      this.pullTerritories(),
      this.pullJurisdictions(),
      this.pullUsers(),
      this.pullProjects(),
    ]);
    this.staged.flush();
    const changed =
      catalog !== null ||
      territories !== null ||
      jurisdictions.changed.length > 0 ||
      users.changed.length > 0 ||
      projects.changed.length > 0 ||
      [...this.local.jurisdictions].some((id) => !jurisdictions.present.has(id)) ||
      [...this.local.users].some((id) => !users.present.has(id)) ||
      [...this.local.projects].some((id) => !projects.present.has(id));
    return {
      catalog,
      territories,
      jurisdictions,
      users,
      projects,
      productIds: this.productIds,
      answers: this.answers,
      present: this.present,
      rejected: this.rejected,
      changed,
    };
  }
}
