/**
 * Reads the central service, with progress, asking only for what may have changed, and needing
 * only what the spec (docs/service-api.md) gives: Fieldsizer's own extensions (X-Total-Count,
 * ETags, /api/jurisdictions, ids on a project's engineer and jurisdiction, versions) are used when
 * the upstream offers them, and never required.
 *
 * Lists are paged (`limit` 100) and survive an upstream that pages otherwise (see decide.ts
 * nextPage). Each list entry decides its detail request (decide.ts decideDetail): skipped when the
 * entry is the one the store fetched it under, asked (with If-None-Match where an ETag is held)
 * otherwise. Without jurisdiction endpoints, jurisdictions and their contacts come from what
 * projects embed (contacts through a user with `projects=true&contacts=true`). Answers received
 * but not yet applied are staged, so a cut-off run resumes.
 */
import zlib from 'node:zlib';
import type { SyncIssue, SyncProgress } from '../../src-shared/sync.js';
import type { StatusReporter } from './types.js';
import { SyncFailure } from './types.js';
import type { UpstreamClient } from './upstream-client.js';
import { deflateJson, type AnswerMeta, type AnswerWrite, type AppliedAnswers, type StagedAnswers, type StagedProject } from './sync-answers.js';
import {
  collectionFrom,
  contactFrom,
  isObject,
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
  type PulledContact,
  type PulledJurisdiction,
  type PulledProduct,
  type PulledProductType,
  type PulledTerritory,
  type PulledUser,
} from './convert.js';
import { decideDetail, engineerOf, fingerprint, jurisdictionKey, listedFingerprint, matchJurisdiction, nextPage, pagingWarnings, startPaging, usersToAsk } from './decide.js';

const PAGE = 100;
/** Detail requests queued at once per resource: more than the client's 32 in flight, so none waits for a lane. */
const QUEUED = 48;
/** List pages asked ahead at once when the upstream gives no total. */
const WINDOW = 8;

export type RejectedRecord = Omit<SyncIssue, 'kind'>;

/** A record as a list page shows it: its key, the path of its detail, the date and the fingerprint of its entry. */
export interface ListEntry {
  key: string;
  path: string;
  stamp: string | null;
  listed: string;
}

/**
 * A list entry whose detail path is made from its key when asked: a run holds every entry of the
 * project and user lists until their details are done, and 150,000 paths held as strings were
 * some 13 MB of the worker's live heap, marked again at every full collection. Serialised (a
 * kept page) it is the plain ListEntry.
 */
class KeyedEntry implements ListEntry {
  constructor(
    readonly key: string,
    readonly stamp: string | null,
    readonly listed: string,
    private readonly before: string,
    private readonly after: string,
  ) {}

  get path(): string {
    return this.before + this.key + this.after;
  }

  toJSON(): ListEntry {
    return { key: this.key, path: this.path, stamp: this.stamp, listed: this.listed };
  }
}

/** A product type, and how the service showed it (served as received: see migration 0028). */
export type PulledTypeAsShown = PulledProductType & {
  /** Its /product-types entry as received (JSON), null when listed only inside another's `types`. */
  served: string | null;
  listPosition: number | null;
  /** Its detail as received, without `products` (JSON), null when it answered 404. */
  detailServed: string | null;
};

export interface PulledCatalog {
  productTypes: PulledTypeAsShown[];
  /** Product type key → its products (part number + store id) as the service lists them, in its order. */
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

/** Contacts of a jurisdiction the upstream only embeds, as a user's embedded project showed them. */
export interface EmbeddedContacts {
  name: string;
  state: string | null;
  contacts: PulledContact[];
}

export interface PulledData {
  /** The whole catalog when any of it changed; null when the store's catalog is current. */
  catalog: PulledCatalog | null;
  /** Every territory when any changed; null when the store's are current. */
  territories: PulledTerritory[] | null;
  /** From /api/jurisdictions; null when the upstream has none (built from what projects embed). */
  jurisdictions: Incremental<{ record: PulledJurisdiction; answer: AnswerWrite }> | null;
  users: Incremental<PulledUser>;
  /** Ids of the projects this run staged (or took over from a cut-off run) to write. */
  projects: Incremental<number>;
  /** Project id → the user whose projects embed it (linking when the engineer shows no id and no known e-mail). */
  projectUsers: Map<number, number>;
  /** Contacts of embedded jurisdictions, by jurisdictionKey(name, state). */
  contacts: Map<string, EmbeddedContacts>;
  /** Upstream ids of products, learned from the simple-products that link them. */
  productIds: Map<string, number>;
  /** Answers to record with the apply (page answers, catalog and territory bodies, 304 refreshes). */
  answers: AnswerWrite[];
  /** Every answer path still current, per resource: the others are forgotten. */
  present: Map<string, Set<string>>;
  issues: SyncIssue[];
  /** False once /api/jurisdictions answered 404: not asked again until the next full check. */
  jurisdictionsEndpoint: boolean;
  /** Anything to write at all (false: the store already holds this data). */
  changed: boolean;
}

export interface LocalKeys {
  /**
   * False on a full check: every record the store holds is asked for (with If-None-Match where an
   * ETag is held), none skipped by its list entry. (Staged answers of a cut-off run are used either way.)
   */
  trustDates: boolean;
  projects: Set<number>;
  /** Projects edited here and not yet sent. */
  dirtyProjects: Set<number>;
  users: Set<number>;
  jurisdictions: Set<number>;
  /** The user of each project the store holds (a user whose list entry moved makes their undated projects suspect). */
  projectUsers: Map<number, number>;
  /** Lower-cased e-mail → user id, of the users the store holds. */
  userEmails: Map<string, number>;
  /** The jurisdictions built from embeddings the store holds with their contacts. */
  embeddedJurisdictions: { name: string; state: string }[];
  /** False when the last run found no /api/jurisdictions (asked again only on a full check). */
  jurisdictionsEndpoint: boolean;
}

type EntryOf = (item: unknown) => ListEntry | null;

/** A page's answer as kept: the total it gave and its entries. */
interface KeptPage {
  total: number | null;
  entries: ListEntry[];
}

interface PageOptions {
  /** Whether a kept page (answered 304) may stand for what it listed. */
  complete?: (entries: ListEntry[]) => boolean;
  /** Sees the items of each page received in full (then they are dropped). */
  onItems?: (items: unknown[]) => void;
  /** The items of an answer (default: its `data`). */
  itemsOf?: (body: unknown) => unknown[] | null;
  /** A 404 for the first page means the upstream has no such list: null instead of a failure. */
  optional?: boolean;
  /** How many items the list holds, where something else told (a user's project count): no page past them. */
  expected?: number;
  /** Report progress under the list's resource (default true). */
  report?: boolean;
  /** A list the spec returns whole (`/products`, `/territories`): one that ignores paging is no news. */
  wholeBySpec?: boolean;
}

const dataOf = (body: unknown): unknown[] | null => (isObject(body) && Array.isArray(body.data) ? body.data : null);

/** Runs `work` over `items`, `n` at a time (not one promise per item up front: 100,000 of them cost memory). */
async function inPool<T>(items: T[], n: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, lane));
}

const inflate = (blob: Buffer): unknown => JSON.parse(zlib.inflateRawSync(blob).toString('utf8'));

/** The products a list shows, as part numbers and store ids, in its order. */
const refsOf = (items: unknown[]): ProductRef[] =>
  items.flatMap((p) => (isObject(p) && typeof p.part_number === 'string' ? [{ part_number: p.part_number, store_id: typeof p.store_id === 'string' ? p.store_id : null }] : []));

export class Puller {
  private readonly progress = new Map<string, SyncProgress>();
  readonly issues: SyncIssue[] = [];
  private readonly answers: AnswerWrite[] = [];
  private readonly present = new Map<string, Set<string>>();
  private readonly productIds = new Map<string, number>();
  private jurisdictionsEndpoint: boolean;

  constructor(
    private readonly client: UpstreamClient,
    private readonly status: StatusReporter,
    private readonly applied: AppliedAnswers,
    private readonly staged: StagedAnswers,
    private readonly local: LocalKeys,
  ) {
    this.jurisdictionsEndpoint = local.jurisdictionsEndpoint;
  }

  private report(resource: string, done: number, total: number | null): void {
    this.progress.set(resource, { resource, done, total });
    this.status.update({ progress: [...this.progress.values()], rejected: this.issues.filter((i) => i.kind === 'rejected').length });
  }

  private reject(resource: string, key: string, error: unknown): void {
    if (!(error instanceof Rejected)) throw error;
    this.issues.push({ kind: 'rejected', resource, key, reason: error.message });
  }

  private warn(resource: string, key: string, reason: string): void {
    this.issues.push({ kind: 'warning', resource, key, reason });
  }

  private keep(resource: string, path: string): void {
    // Users and projects are kept by id (PulledData.users/projects.present): 150,000 paths held in
    // memory would say nothing more.
    if (resource === 'users' || resource === 'projects') return;
    let paths = this.present.get(resource);
    if (!paths) this.present.set(resource, (paths = new Set()));
    paths.add(path);
  }

  private record(answer: AnswerWrite): void {
    this.answers.push(answer);
    this.keep(answer.resource, answer.path);
  }

  private known(path: string, held = true): AnswerMeta | undefined {
    return held ? this.applied.get(path) : undefined;
  }

  private learnIds(list: unknown): void {
    for (const s of dataOf(list) ?? (Array.isArray(list) ? list : [])) {
      if (isObject(s) && typeof s.id === 'number' && typeof s.part_number === 'string') {
        this.productIds.set(refKey({ part_number: s.part_number, store_id: typeof s.store_id === 'string' ? s.store_id : null }), s.id);
      }
    }
  }

  /**
   * A small whole answer whose body a rebuild needs (product types, collections): with
   * If-None-Match; `changed` is false when it is the same as the store's, even if resent in full.
   * A 404 is `missing` when `optional`.
   */
  private async whole(resource: string, path: string, optional = false): Promise<{ body: unknown; changed: boolean; missing: boolean }> {
    const applied = this.applied.get(path);
    const kept = applied ? this.applied.body(path) : undefined;
    const res = await this.client.get<unknown>(path, kept === undefined ? null : applied!.etag);
    if (res.status === 304 && kept !== undefined) {
      this.keep(resource, path);
      return { body: kept, changed: false, missing: false };
    }
    if (res.status === 404 && optional) return { body: null, changed: kept !== undefined, missing: true };
    if (res.status !== 200) throw new SyncFailure('upstream_error', `The central service answered ${path} with HTTP ${res.status}.`);
    const print = res.fingerprint ?? fingerprint(res.body);
    const changed = kept === undefined || (applied!.fingerprint ?? fingerprint(kept)) !== print;
    this.record({ path, resource, key: path, etag: res.etag, stamp: null, fingerprint: print, body: deflateJson(res.body), served_at: res.date });
    return { body: res.body, changed, missing: false };
  }

  /**
   * One list page: its entries, and its items when it came in full. A kept page is only asked
   * with If-None-Match if `complete` says the store holds what it listed. Null: an optional list
   * the upstream does not have.
   */
  private async page(resource: string, path: string, entryOf: EntryOf, options: PageOptions): Promise<(KeptPage & { fresh: boolean; changed: boolean; date: string | null }) | null> {
    const applied = this.applied.get(path);
    // Kept with or without an ETag: without one, the entries compared with the last run's tell a
    // changed list (the spec's service sends none).
    const stored = applied ? (this.applied.body(path) as KeptPage | undefined) : undefined;
    const kept = applied?.etag && stored && (options.complete ?? (() => true))(stored.entries) ? stored : undefined;
    const res = await this.client.get<unknown>(path, kept ? applied!.etag : null);
    if (res.status === 304 && kept) {
      this.keep(`${resource}:page`, path);
      return { ...kept, fresh: false, changed: false, date: res.date };
    }
    if (res.status === 404 && options.optional) return null;
    const items = res.status === 200 ? (options.itemsOf ?? dataOf)(res.body) : null;
    if (items === null) {
      throw new SyncFailure('invalid_data', `The central service answered ${path} with something that is not a list (HTTP ${res.status}).`);
    }
    const entries = items.flatMap((item) => {
      const e = entryOf(item);
      return e ? [e] : [];
    });
    options.onItems?.(items);
    const page: KeptPage = { total: res.total, entries };
    const changed = !stored || JSON.stringify(stored.entries) !== JSON.stringify(entries);
    if (res.etag || changed) this.record({ path, resource: `${resource}:page`, key: path, etag: res.etag, stamp: null, body: deflateJson(page), served_at: res.date });
    else this.keep(`${resource}:page`, path);
    return { ...page, fresh: true, changed, date: res.date };
  }

  /**
   * Every page of a list. With a total (X-Total-Count), the first page alone, then the rest
   * together; without one, page after page until the list ends (decide.ts nextPage: a short
   * page, an upstream that ignores paging and a repeated page are all survived, and reported).
   * Null: an optional list the upstream does not have.
   */
  private async pages(resource: string, path: string, entryOf: EntryOf, options: PageOptions = {}): Promise<{ entries: ListEntry[]; changed: boolean; date: string | null } | null> {
    const sep = path.includes('?') ? '&' : '?';
    const at = (offset: number) => `${path}${sep}limit=${PAGE}&offset=${offset}`;
    const entries: ListEntry[] = [];
    let changed = false;
    const take = (p: KeptPage & { changed: boolean }) => {
      entries.push(...p.entries);
      changed ||= p.changed;
      if (options.report !== false) this.report(resource, entries.length, p.total);
    };
    const first = await this.page(resource, at(0), entryOf, options);
    if (first === null) return null;
    take(first);
    if (first.total !== null) {
      let offset = PAGE;
      let lastLength = first.entries.length;
      if (first.total > PAGE) {
        const offsets: number[] = [];
        for (let o = PAGE; o < first.total; o += PAGE) offsets.push(o);
        const rest = await Promise.all(offsets.map((o) => this.page(resource, at(o), entryOf, options)));
        for (const p of rest) take(p!);
        offset = offsets.at(-1)! + PAGE;
        lastLength = rest.at(-1)!.entries.length;
      }
      // Records added while paging: carry on until a short page.
      while (lastLength >= PAGE) {
        const p = (await this.page(resource, at(offset), entryOf, options))!;
        take(p);
        offset += PAGE;
        lastLength = p.entries.length;
      }
    } else {
      // Without a total, the next pages are asked ahead, WINDOW at once, at the offsets the last
      // page's size predicts; a page that ends otherwise (short, empty, repeated) drops the
      // guesses after it and the walk goes on from where it really is (decide.ts nextPage).
      const paging = startPaging();
      const done = () => options.expected !== undefined && paging.seen.size >= options.expected;
      let next = nextPage(paging, first.entries.map((e) => e.key), PAGE, path);
      let stride = first.entries.length;
      let previous = -1;
      while (next !== null && !done()) {
        const base = next;
        const step = Math.max(1, Math.min(PAGE, stride));
        // Ahead only once the page size is known: full pages, or two alike (an upstream's own cap).
        // A first page short of `limit` is most likely the whole list: one more request tells.
        const window = options.expected === undefined && (stride === PAGE || stride === previous) ? WINDOW : 1;
        const ahead = Array.from({ length: window }, (_, i) => this.page(resource, at(base + i * step), entryOf, options));
        for (let i = 0; i < ahead.length; i++) {
          const p = (await ahead[i]!)!;
          take(p);
          previous = stride;
          stride = p.entries.length;
          next = nextPage(paging, p.entries.map((e) => e.key), PAGE, path);
          if (next === null || done() || next !== base + (i + 1) * step) break;
        }
        // Guesses past a page that ended otherwise are not taken (their answers settle unused).
        await Promise.allSettled(ahead);
      }
      for (const w of pagingWarnings(paging, options.wholeBySpec ?? false)) this.warn(resource, path, w);
    }
    // Offset paging can show a record twice when the list moves under it (or pages overlap).
    const seen = new Set<string>();
    const unique = entries.filter((e) => !seen.has(e.key) && (seen.add(e.key), true));
    // The list is complete: its size is known now, whether the upstream told it or not.
    if (options.report !== false) this.report(resource, unique.length, unique.length);
    // When the service answered the list's first page, by its own clock.
    return { entries: unique, changed, date: first.date };
  }

  /**
   * The detail of each entry, asked only when needed (decideDetail). Returns the records to write
   * (converted by `arrive` as they come, so raw bodies are not held), the entries the store
   * already holds, and those whose detail answered 404.
   */
  private async details<T>(
    resource: string,
    entries: ListEntry[],
    options: {
      held: (key: string) => boolean;
      suspect?: (e: ListEntry) => boolean;
      keepBody: boolean;
      arrive: (e: ListEntry, body: unknown, answer: AnswerWrite) => T | null;
      /**
       * Records staged converted (projects): a cut-off run's staged record is taken over as it is,
       * and the answer's text is not staged beside it (for 100,000 projects, a gigabyte written twice).
       */
      converted?: { staged: (e: ListEntry, path: string) => AnswerMeta | undefined; takeOver: (e: ListEntry, path: string) => void };
    },
  ): Promise<{ fetched: T[]; unchanged: ListEntry[]; missing: ListEntry[] }> {
    const fetched: T[] = [];
    const unchanged: ListEntry[] = [];
    const missing: ListEntry[] = [];
    let done = 0;
    this.report(resource, 0, entries.length);
    const progress = () => {
      done++;
      if (done % 50 === 0 || done === entries.length) this.report(resource, done, entries.length);
    };
    const answerOf = (e: ListEntry, path: string, etag: string | null, body: unknown, print: string, servedAt: string | null): AnswerWrite => ({
      path,
      resource,
      key: e.key,
      etag,
      stamp: e.stamp,
      listed: e.listed,
      fingerprint: print,
      served_at: servedAt,
      ...(options.keepBody ? { body: deflateJson(body) } : {}),
    });
    const take = (e: ListEntry, path: string, etag: string | null, body: unknown, print: string, servedAt: string | null) => {
      const answer = answerOf(e, path, etag, body, print, servedAt);
      const record = options.arrive(e, body, answer);
      if (record !== null) fetched.push(record);
    };
    const converted = options.converted;
    await inPool(entries, QUEUED, async (e) => {
      // Made once and handed on: a KeyedEntry builds its path on every read.
      const path = e.path;
      // What a cut-off run staged of this record: taken over as it is when still current.
      const answer = converted ? undefined : this.staged.get(path);
      const staged = converted ? converted.staged(e, path) : answer;
      const takeStaged = () => {
        if (converted) converted.takeOver(e, path);
        else take(e, path, answer!.etag, answer!.body, answer!.fingerprint ?? fingerprint(answer!.body), answer!.fetched_at);
        this.keep(resource, path);
      };
      const applied = this.known(path, options.held(e.key));
      const decision = decideDetail({ stamp: e.stamp, listed: e.listed, applied, staged, trustLists: this.local.trustDates, suspect: options.suspect?.(e) ?? false });
      if (decision.action === 'staged') {
        takeStaged();
        return progress();
      }
      if (decision.action === 'skip') {
        unchanged.push(e);
        this.keep(resource, path);
        return progress();
      }
      const res = await this.client.get<unknown>(path, decision.etag);
      progress();
      if (res.status === 304 && staged) {
        takeStaged();
      } else if (res.status === 304 && applied) {
        unchanged.push(e);
        // Confirmed unchanged now: with the fresher fetch date (and the entry's fingerprint) the next run can skip it.
        this.record({ path, resource, key: e.key, etag: res.etag, stamp: e.stamp, listed: e.listed, fingerprint: applied.fingerprint, refresh: true, served_at: res.date });
      } else if (res.status === 200) {
        const print = res.fingerprint ?? fingerprint(res.body);
        if (!converted) this.staged.put(path, { etag: res.etag, stamp: e.stamp, listed: e.listed, fingerprint: print, fetched_at: res.date ?? '' }, res.text);
        take(e, path, res.etag, res.body, print, res.date);
      } else if (res.status === 404) {
        missing.push(e);
      } else {
        throw new SyncFailure('upstream_error', `The central service answered ${path} with HTTP ${res.status}.`);
      }
    });
    return { fetched, unchanged, missing };
  }

  // --- Catalog ---------------------------------------------------------------------------------

  private async pullCatalog(): Promise<PulledCatalog | null> {
    const typeList = await this.whole('product-types', '/product-types');
    let changed = typeList.changed;
    // The type tree as the list shows it: its entries (in order), and the types it shows only
    // inside another's `types` or as a `parent` (with where it showed them). Every key once.
    const listed = new Map<string, { entry: Record<string, unknown>; position: number }>();
    const nested = new Map<string, { ref: Record<string, unknown>; parentKey: string | null }>();
    (dataOf(typeList.body) ?? []).forEach((t, position) => {
      if (isObject(t) && typeof t.key === 'string' && !listed.has(t.key)) listed.set(t.key, { entry: t, position });
    });
    for (const { entry } of listed.values()) {
      for (const c of Array.isArray(entry.types) ? entry.types : []) {
        if (isObject(c) && typeof c.key === 'string' && !listed.has(c.key) && !nested.has(c.key)) nested.set(c.key, { ref: c, parentKey: String(entry.key) });
      }
      const parent = entry.parent;
      if (isObject(parent) && typeof parent.key === 'string' && !listed.has(parent.key) && !nested.has(parent.key)) nested.set(parent.key, { ref: parent, parentKey: null });
    }
    const keys = [...listed.keys(), ...nested.keys()];
    const productItems = new Map<string, Buffer>();
    const [typeDetails, productList, collectionList] = await Promise.all([
      Promise.all(keys.map(async (key) => ({ key, ...(await this.whole('product-type', `/product-types/${encodeURIComponent(key)}`, true)) }))),
      this.pages(
        'products',
        '/products',
        (p) =>
          isObject(p) && typeof p.part_number === 'string'
            ? {
                key: refKey({ part_number: p.part_number, store_id: typeof p.store_id === 'string' ? p.store_id : null }),
                path: `/products/${encodeURIComponent(p.part_number)}${typeof p.store_id === 'string' ? `?store_id=${encodeURIComponent(p.store_id)}` : ''}`,
                stamp: typeof p.last_updated === 'string' ? p.last_updated : typeof p.created === 'string' ? p.created : null,
                listed: listedFingerprint(p),
              }
            : null,
        {
          wholeBySpec: true,
          // The reduced item stands in for a detail that answers 404: kept (deflated) until then.
          onItems: (items) => {
            for (const p of items) if (isObject(p) && typeof p.part_number === 'string') productItems.set(refKey({ part_number: p.part_number, store_id: typeof p.store_id === 'string' ? p.store_id : null }), deflateJson(p));
          },
        },
      ),
      this.whole('collections', '/collections'),
    ]);
    this.report('product-types', keys.length, keys.length);
    const collectionItems = dataOf(collectionList.body) ?? [];
    this.report('collections', collectionItems.length, collectionItems.length);
    for (const d of typeDetails) {
      if (!d.missing) continue;
      const under = nested.get(d.key)?.parentKey;
      this.warn('product-types', d.key, `listed ${under ? `under "${under}" in` : 'in'} /product-types, but its detail answers 404 (an inactive type): kept as listed, inactive`);
    }
    // Each published type's products as the service lists them: a Fieldsizer upstream's detail
    // carries them; any other is asked for /product-types/:type/products (a type's list is the
    // service's to make: one lists a category's sub-types' products too, another only its own).
    // Who belongs to a type shows in the lists (a product's `type`, a type's `active`): while
    // they are unchanged, the lists kept stand until the full check (they are whole products, and
    // asked for on every run they were a fifth of a no-change sync against a spec-only service).
    const listsMoved = changed || typeDetails.some((d) => d.changed) || productList!.changed;
    const typeMembers = new Map<string, ProductRef[]>();
    const memberLists = await Promise.all(
      typeDetails
        .filter((d) => !d.missing)
        .map(async (d) => {
          const shown = isObject(d.body) && isObject(d.body.products) && Array.isArray(d.body.products.data) ? d.body.products.data : null;
          return { key: d.key, ...(shown ? { refs: refsOf(shown), changed: false } : await this.typeProducts(d.key, this.local.trustDates && !listsMoved)) };
        }),
    );
    for (const m of memberLists) if (m.refs !== null) typeMembers.set(m.key, m.refs);
    changed ||= typeDetails.some((d) => d.changed) || memberLists.some((m) => m.changed) || productList!.changed || collectionList.changed;

    const products: PulledProduct[] = [];
    const convert = (key: string, body: unknown) => {
      try {
        const p = productFrom(body);
        if (isObject(body)) for (const k of ['accessories', 'related_products', 'compatible_products']) this.learnIds(body[k]);
        return p;
      } catch (error) {
        this.reject('products', key.split('\u0000')[0]!, error);
        return null;
      }
    };
    const details = await this.details('products', productList!.entries, {
      held: () => true,
      keepBody: true,
      arrive: (e, body, answer) => {
        this.record(answer);
        // Anything new or different in a detail means the catalog is rebuilt.
        const before = this.applied.get(e.path);
        if (!before || (before.fingerprint ?? '') !== answer.fingerprint) changed = true;
        const p = convert(e.key, body);
        if (p) products.push(p);
        return null;
      },
    });
    // Listed, but no detail: taken whole from its type's product list (/product-types/:type/products)
    // where that shows it, else kept as /products shows it (reduced); never dropped, and reported.
    const byType = new Map<string, Promise<unknown[]>>();
    const typeKeyOf = new Map(
      [...[...listed.values()].map((t) => t.entry), ...[...nested.values()].map((t) => t.ref)].flatMap((t) => (typeof t.name === 'string' && typeof t.key === 'string' ? [[t.name, t.key] as const] : [])),
    );
    const ofType = (typeName: string) => {
      const key = typeKeyOf.get(typeName);
      if (key === undefined) return Promise.resolve([]);
      let items = byType.get(key);
      if (!items) {
        const path = `/product-types/${encodeURIComponent(key)}/products`;
        items = this.client.get<unknown>(path).then((res) => (res.status === 200 ? (dataOf(res.body) ?? []) : []));
        byType.set(key, items);
      }
      return items;
    };
    for (const e of details.missing) {
      const item = productItems.get(e.key);
      if (!item) continue;
      const listedItem = inflate(item) as Record<string, unknown>;
      const whole = (await ofType(String(listedItem.type))).find((p) => isObject(p) && refKey({ part_number: String(p.part_number), store_id: typeof p.store_id === 'string' ? p.store_id : null }) === e.key);
      this.warn('products', e.key.split('\u0000')[0]!, `listed in /products, but its detail answers 404: kept as ${whole ? 'its type\'s product list' : 'the list'} shows it`);
      const body = whole ?? listedItem;
      const print = fingerprint(body);
      const before = this.applied.get(e.path);
      if (!before || before.fingerprint !== print) changed = true;
      this.record({ path: e.path, resource: 'products', key: e.key, etag: null, stamp: e.stamp, listed: e.listed, fingerprint: print, body: deflateJson(body), served_at: productList!.date });
      const p = convert(e.key, body);
      if (p) products.push(p);
    }
    productItems.clear();
    changed ||= this.vanished('products', productList!.entries.map((e) => e.path));
    if (!changed) return null;

    // Products unchanged since the last run are rebuilt from their kept bodies, one at a time.
    for (const e of details.unchanged) {
      const body = this.applied.body(e.path);
      if (body === undefined) continue;
      const p = convert(e.key, body);
      if (p) products.push(p);
    }
    const productTypes: PulledTypeAsShown[] = [];
    for (const d of typeDetails) {
      const top = listed.get(d.key);
      const inner = nested.get(d.key);
      // The richest record the service gave of the type: its own answer, else its list entry, else where another showed it.
      const detail = !d.missing && isObject(d.body) ? d.body : null;
      try {
        const type = productTypeFrom(detail ?? top?.entry ?? inner!.ref);
        const { products: _products, ...detailShown } = detail ?? {};
        productTypes.push({
          ...type,
          // Shown only inside its parent's `types` (no `parent` of its own there).
          parentKey: type.parentKey ?? inner?.parentKey ?? null,
          active: d.missing ? false : type.active,
          served: top ? JSON.stringify(top.entry) : null,
          listPosition: top?.position ?? null,
          detailServed: detail ? JSON.stringify(detailShown) : null,
        });
      } catch (error) {
        this.reject('product-types', d.key, error);
      }
    }
    const collections: PulledCollection[] = [];
    for (const c of collectionItems) {
      try {
        collections.push(collectionFrom(c));
      } catch (error) {
        this.reject('collections', isObject(c) ? String(c.key) : '?', error);
      }
    }
    return { productTypes, typeMembers, products, collections };
  }

  /**
   * A type's products as /product-types/:type/products lists them (their part numbers and store
   * ids, in order): with If-None-Match where an ETag is held, or not asked when `keptStands` and
   * a list is held; `refs` null when it answers 404.
   */
  private async typeProducts(key: string, keptStands: boolean): Promise<{ refs: ProductRef[] | null; changed: boolean }> {
    const path = `/product-types/${encodeURIComponent(key)}/products`;
    const applied = this.applied.get(path);
    const kept = applied ? (this.applied.body(path) as ProductRef[] | undefined) : undefined;
    if (keptStands && kept !== undefined) {
      this.keep('product-type-products', path);
      return { refs: kept, changed: false };
    }
    const res = await this.client.get<unknown>(path, kept === undefined ? null : applied!.etag);
    if (res.status === 304 && kept !== undefined) {
      this.keep('product-type-products', path);
      return { refs: kept, changed: false };
    }
    if (res.status === 404) return { refs: null, changed: kept !== undefined };
    const items = res.status === 200 ? dataOf(res.body) : null;
    if (items === null) throw new SyncFailure('invalid_data', `The central service answered ${path} with something that is not a list (HTTP ${res.status}).`);
    const refs = refsOf(items);
    const print = res.fingerprint ?? fingerprint(res.body);
    this.record({ path, resource: 'product-type-products', key, etag: res.etag, stamp: null, fingerprint: print, body: deflateJson(refs), served_at: res.date });
    return { refs, changed: kept === undefined || applied!.fingerprint !== print };
  }

  /** True when the store holds answers of `resource` the upstream no longer lists. */
  private vanished(resource: string, listed: string[]): boolean {
    const now = new Set(listed);
    return this.applied.paths(resource).some((p) => !now.has(p));
  }

  private async pullTerritories(): Promise<PulledTerritory[] | null> {
    const list = (await this.pages(
      'territories',
      '/territories',
      (t) => (isObject(t) && typeof t.id === 'number' ? { key: String(t.id), path: `/territory/${t.id}`, stamp: null, listed: listedFingerprint(t) } : null),
      { wholeBySpec: true },
    ))!;
    // Few and small, and a zip can move without the list showing it: always asked (304 where an ETag is held).
    const territories: PulledTerritory[] = [];
    let changed = list.changed;
    const details = await this.details('territories', list.entries, {
      held: () => true,
      keepBody: true,
      suspect: () => true,
      arrive: (e, body, answer) => {
        this.record(answer);
        const before = this.applied.get(e.path);
        if (!before || before.fingerprint !== answer.fingerprint) changed = true;
        try {
          return territoryFrom(body);
        } catch (error) {
          this.reject('territories', e.key, error);
          return null;
        }
      },
    });
    territories.push(...details.fetched);
    for (const e of details.missing) this.warn('territories', e.key, 'listed in /territories, but its detail answers 404: left out');
    if (!changed && details.missing.length === 0 && !this.vanished('territories', list.entries.map((e) => e.path))) return null;
    for (const e of details.unchanged) {
      try {
        territories.push(territoryFrom(this.applied.body(e.path)));
      } catch (error) {
        this.reject('territories', e.key, error);
      }
    }
    return territories;
  }

  // --- Jurisdictions, users, projects ----------------------------------------------------------

  /** /api/jurisdictions where the upstream has it (a Fieldsizer extension); null where it answers 404. */
  private async pullJurisdictions(): Promise<PulledData['jurisdictions']> {
    // Known to be absent: asked again only on a full check (the upstream may have gained it).
    if (!this.jurisdictionsEndpoint && this.local.trustDates) return null;
    const list = await this.pages(
      'jurisdictions',
      '/api/jurisdictions',
      (j) => (isObject(j) && typeof j.id === 'number' ? { key: String(j.id), path: `/api/jurisdictions/${j.id}?contacts=true`, stamp: typeof j.updated === 'string' ? j.updated : null, listed: listedFingerprint(j) } : null),
      { optional: true },
    );
    if (list === null) {
      this.jurisdictionsEndpoint = false;
      return null;
    }
    this.jurisdictionsEndpoint = true;
    // Contacts can change without the jurisdiction's date or entry: always asked (304 where an ETag is held).
    const details = await this.details('jurisdictions', list.entries, {
      held: (k) => this.local.jurisdictions.has(Number(k)),
      keepBody: false,
      suspect: () => true,
      arrive: (e, body, answer) => {
        try {
          return { record: jurisdictionFrom(body), answer };
        } catch (error) {
          this.reject('jurisdictions', e.key, error);
          return null;
        }
      },
    });
    for (const e of details.missing) this.warn('jurisdictions', e.key, 'listed, but its detail answers 404: left as it was');
    return { changed: details.fetched, present: new Set(list.entries.map((e) => Number(e.key))) };
  }

  /** Users come whole in their list: those whose entry changed are written; their e-mails and project counts feed the linking. */
  private async pullUsers() {
    const changed: PulledUser[] = [];
    const counts = new Map<number, number>();
    const changedIds = new Set<number>();
    const list = (await this.pages(
      'users',
      '/api/users',
      (u) => {
        try {
          const id = isObject(u) && typeof u.id === 'number' ? u.id : userIdFromUrl(isObject(u) ? u.url : null);
          return new KeyedEntry(String(id), null, listedFingerprint(u), '/api/users/', '');
        } catch {
          return null;
        }
      },
      {
        // A page answered 304 stands for its users only if the store still holds every one of them.
        complete: (entries) => entries.every((e) => this.local.users.has(Number(e.key))),
        onItems: (items) => {
          for (const u of items) {
            let user: PulledUser;
            try {
              user = userFrom(u);
            } catch (error) {
              this.reject('users', isObject(u) && typeof u.url === 'string' ? u.url.split('?')[0]! : '?', error);
              continue;
            }
            if (isObject(u) && typeof u.number_of_projects === 'number') counts.set(user.id, u.number_of_projects);
            // Pages asked ahead may overlap: each user once.
            if (changedIds.has(user.id)) continue;
            const path = `/api/users/${user.id}`;
            const listed = listedFingerprint(u);
            const before = this.local.users.has(user.id) ? this.applied.get(path) : undefined;
            if (before && before.listed === listed && this.local.trustDates) {
              continue;
            }
            changed.push(user);
            changedIds.add(user.id);
            this.record({ path, resource: 'users', key: String(user.id), etag: null, stamp: null, listed });
          }
        },
      },
    ))!;
    return { changed, present: new Set(list.entries.map((e) => Number(e.key))), counts, changedIds };
  }

  /**
   * Projects: the same decisions as `details`, but each arrives converted into the staging's
   * project tables (see StagedAnswers), and the apply copies them from there. Returns also what
   * the list showed of each project's engineer and jurisdiction (for the linking).
   */
  private async pullProjects(usersChanged: Promise<Set<number>>) {
    const shown = new Map<number, { engineerId: number | null; email: string | null; jurisdiction: { key: string; name: string; state: string | null } | null }>();
    const list = (await this.pages(
      'project list',
      '/api/projects',
      (p) => (isObject(p) && typeof p.id === 'number' ? new KeyedEntry(String(p.id), typeof p.updated === 'string' ? p.updated : null, listedFingerprint(p), '/api/projects/', '?fixtures=true&notes=true&accessories=true') : null),
      {
        onItems: (items) => {
          for (const p of items) {
            if (!isObject(p) || typeof p.id !== 'number') continue;
            const engineer = isObject(p.engineer) ? p.engineer : {};
            const j = isObject(p.jurisdiction) ? p.jurisdiction : null;
            // Shown with ids (a Fieldsizer upstream): nothing to link, nothing to keep.
            if (typeof engineer.id === 'number' && (j === null || typeof j.id === 'number')) continue;
            const state = isObject(p.address) && typeof p.address.state === 'string' ? p.address.state : null;
            shown.set(p.id, {
              engineerId: typeof engineer.id === 'number' ? engineer.id : null,
              email: typeof engineer.email === 'string' ? engineer.email : null,
              jurisdiction: j && typeof j.id !== 'number' && typeof j.name === 'string' ? { key: jurisdictionKey(j.name, state), name: j.name, state } : null,
            });
          }
        },
      },
    ))!;
    // A project whose list shows no date may change without its entry moving: when its user's
    // entry moved (their `updated`, `last_active` or project counts), it is asked again.
    const moved = await usersChanged;
    const changed: number[] = [];
    const result = await this.details('projects', list.entries, {
      held: (k) => this.local.projects.has(Number(k)),
      keepBody: false,
      suspect: (e) => e.stamp === null && moved.has(this.local.projectUsers.get(Number(e.key)) ?? -1),
      converted: {
        // A project edited here since it was staged is asked again: its staged row lacks the
        // received record a conflict needs (StagedProject.raw).
        staged: (e, path) => (this.local.dirtyProjects.has(Number(e.key)) ? undefined : this.staged.project(path)),
        takeOver: (e, path) => {
          this.staged.takeProject(path);
          changed.push(Number(e.key));
        },
      },
      arrive: (e, body, answer) => {
        const project = this.arriveProject(e.key, body);
        if (project) {
          this.staged.putProject(answer.path, { etag: answer.etag, stamp: answer.stamp, listed: answer.listed ?? null, fingerprint: answer.fingerprint ?? null, fetched_at: answer.served_at ?? '' }, project);
          changed.push(Number(e.key));
        }
        return null;
      },
    });
    for (const e of result.missing) this.warn('projects', e.key, 'listed in /api/projects, but its detail answers 404: the copy held here (if any) is kept');
    return { changed, present: new Set(list.entries.map((e) => Number(e.key))), shown, missing: new Set(result.missing.map((e) => Number(e.key))) };
  }

  /** A project record → its staged form, or null (set aside with the reason). */
  private arriveProject(key: string, body: unknown): StagedProject | null {
    // Accessory products carry the upstream's id (a simple-product): learned, and used here.
    const accessories: StagedAccessory[] = [];
    const listed = isObject(body) && isObject(body.accessories) && Array.isArray(body.accessories.data) ? body.accessories.data : [];
    listed.forEach((a, index) => {
      const product = isObject(a) && a.object === 'recommended-accessory' && isObject(a.product) ? a.product : null;
      if (isObject(a) && a.object === 'simple-product') this.learnIds([a]);
      if (!product || typeof product.part_number !== 'string') return;
      const ref = { part_number: product.part_number, store_id: typeof product.store_id === 'string' ? product.store_id : null };
      const id = typeof product.id === 'number' ? product.id : null;
      if (id !== null) this.productIds.set(refKey(ref), id);
      accessories.push({ index, ref, id, name: typeof product.name === 'string' ? product.name : '' });
    });
    const ids = new Map(accessories.flatMap((a) => (a.id === null ? [] : [[refKey(a.ref), a.id] as const])));
    try {
      const p = projectFrom(body, (ref) => ids.get(refKey(ref)));
      if (p.unmappedFixtures > 0) this.warn('projects', key, `${p.unmappedFixtures} fixture(s) of a kind this version cannot size: kept and served as received, left out of the local sizing`);
      return {
        row: p.row,
        engineer_email: p.engineer_email,
        jurisdiction: p.jurisdiction,
        fixtures: p.fixtures,
        notes: p.notes,
        accessories,
        raw: this.local.dirtyProjects.has(p.row.id) ? body : null,
      };
    } catch (error) {
      this.reject('projects', key, error);
      return null;
    }
  }

  /**
   * Users asked for in detail, with their projects embedded (`projects=true&contacts=true`): the
   * only place the spec shows jurisdiction contacts, and the last way to tell a project's user.
   * Asked only as needed (decide.ts usersToAsk).
   */
  private async pullUserDetails(
    users: Awaited<ReturnType<Puller['pullUsers']>>,
    projects: Awaited<ReturnType<Puller['pullProjects']>>,
    needContacts: boolean,
  ): Promise<{ projectUsers: Map<number, number>; contacts: Map<string, EmbeddedContacts> }> {
    const projectUsers = new Map<number, number>();
    const contacts = new Map<string, EmbeddedContacts>();
    const emails = new Map(this.local.userEmails);
    // Users changed in this run: their e-mail may be new.
    for (const u of users.changed) emails.set(u.email.toLowerCase(), u.id);
    const exists = (id: number) => users.present.has(id);
    const staged = new Set(projects.changed);
    const linked = [...projects.shown].map(([id, s]) => {
      // A project not written this run keeps the user the store already links it to.
      if (!staged.has(id)) return { id, user: this.local.projectUsers.get(id) ?? null, jurisdiction: s.jurisdiction, staged: false };
      // By what the list shows (the user embedding it is what the asking below finds out).
      return { id, user: engineerOf({ id: s.engineerId, email: s.email }, id, { byEmail: emails, exists, embedding: new Map() }), jurisdiction: s.jurisdiction, staged: true };
    });
    const wanted = new Set<string>();
    if (needContacts) {
      for (const { jurisdiction: j } of linked) {
        if (j === null) continue;
        // Contacts are asked for new jurisdictions, and for all at a full check.
        if (!this.local.trustDates || !matchJurisdiction(j.name, j.state, this.local.embeddedJurisdictions)) wanted.add(j.key);
      }
    }
    const ask = usersToAsk({
      projects: linked.filter((p) => p.staged || p.user !== null).map((p) => ({ ...p, jurisdiction: p.jurisdiction?.key ?? null })),
      users: [...users.counts].map(([id, n]) => ({ id, projects: n })),
      contactsWanted: wanted,
    });
    if (ask.size === 0) return { projectUsers, contacts };
    let done = 0;
    this.report('user details', 0, ask.size);
    await inPool([...ask], QUEUED, async (userId) => {
      await this.pages(
        'user details',
        `/api/users/${userId}?projects=true&contacts=true`,
        (p) => (isObject(p) && typeof p.id === 'number' ? { key: String(p.id), path: '', stamp: null, listed: '' } : null),
        {
          report: false,
          expected: users.counts.get(userId),
          itemsOf: (body) => (isObject(body) && isObject(body.projects) && Array.isArray(body.projects.data) ? body.projects.data : isObject(body) ? [] : null),
          onItems: (items) => {
            for (const p of items) {
              if (!isObject(p) || typeof p.id !== 'number') continue;
              projectUsers.set(p.id, userId);
              const j = isObject(p.jurisdiction) ? p.jurisdiction : null;
              if (!j || typeof j.name !== 'string' || !Array.isArray(j.contacts)) continue;
              const state = isObject(p.address) && typeof p.address.state === 'string' ? p.address.state : null;
              const key = jurisdictionKey(j.name, state);
              if (contacts.has(key) || !wanted.has(key)) continue;
              contacts.set(key, { name: j.name, state, contacts: j.contacts.flatMap((c) => (contactFrom(c) ? [contactFrom(c)!] : [])) });
            }
          },
        },
      );
      done++;
      this.report('user details', done, ask.size);
    });
    return { projectUsers, contacts };
  }

  async pullAll(): Promise<PulledData> {
    let usersDone: (ids: Set<number>) => void = () => undefined;
    const usersChanged = new Promise<Set<number>>((resolve) => (usersDone = resolve));
    const pullingUsers = this.pullUsers().then((u) => {
      usersDone(u.changedIds);
      return u;
    });
    const [catalog, territories, jurisdictions, users, projects] = await Promise.all([
      this.pullCatalog(),
      this.pullTerritories(),
      this.pullJurisdictions(),
      pullingUsers,
      this.pullProjects(usersChanged),
    ]);
    const people = await this.pullUserDetails(users, projects, jurisdictions === null);
    this.staged.flush();
    const changed =
      catalog !== null ||
      territories !== null ||
      (jurisdictions?.changed.length ?? 0) > 0 ||
      users.changed.length > 0 ||
      projects.changed.length > 0 ||
      people.contacts.size > 0 ||
      (jurisdictions !== null && [...this.local.jurisdictions].some((id) => !jurisdictions.present.has(id))) ||
      [...this.local.users].some((id) => !users.present.has(id)) ||
      [...this.local.projects].some((id) => !projects.present.has(id));
    return {
      catalog,
      territories,
      jurisdictions,
      users: { changed: users.changed, present: users.present },
      projects: { changed: projects.changed, present: projects.present },
      projectUsers: people.projectUsers,
      contacts: people.contacts,
      productIds: this.productIds,
      answers: this.answers,
      present: this.present,
      issues: this.issues,
      jurisdictionsEndpoint: this.jurisdictionsEndpoint,
      changed,
    };
  }
}
