/**
 * Reads the central service, with progress, asking only for what may have changed, and needing
 * only what the spec (docs/service-api.md) gives: Fieldsizer's own extensions (X-Total-Count,
 * ETags, /api/jurisdictions, ids on a project's engineer and jurisdiction, versions) are used when
 * the upstream offers them, and never required.
 *
 * The per-resource pulls: what each list and detail is asked for and what its answer means. How
 * they are asked (paging, If-None-Match, which details to ask, staging so a cut-off run resumes)
 * is pull-fetcher.ts. Without jurisdiction endpoints, jurisdictions and their contacts come from
 * what projects embed (contacts through a user with `projects=true&contacts=true`).
 */
import type { SyncIssue } from '../../src-shared/sync.js';
import type { StatusReporter } from './types.js';
import { SyncFailure } from './types.js';
import type { UpstreamClient } from './upstream-client.js';
import { deflateJson, inflateJson, type AnswerWrite, type AppliedAnswers, type StagedAnswers, type StagedProject } from './sync-answers.js';
import { dataOf, inPool, KeyedEntry, PullFetcher, QUEUED } from './pull-fetcher.js';
import {
  collectionFrom,
  contactFrom,
  isObject,
  jurisdictionFrom,
  productFrom,
  projectFrom,
  productTypeFrom,
  refKey,
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
import { engineerOf, fingerprint, jurisdictionKey, listedFingerprint, matchJurisdiction, usersToAsk } from './decide.js';

export type { ListEntry } from './pull-fetcher.js';

export type RejectedRecord = Omit<SyncIssue, 'kind'>;

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
  /**
   * The products (refKey), each staged converted in the run's staging (StagedAnswers.putProduct,
   * in the order the apply writes them) rather than held here.
   */
  products: Set<string>;
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
  /** The users whose list entry changed, staged (StagedAnswers.putUser): how many; and every id the upstream lists. */
  users: { staged: number; present: Set<number> };
  /** Ids of the projects this run staged (or took over from a cut-off run) to write. */
  projects: Incremental<number>;
  /** Project id → the user whose projects embed it (linking when the engineer shows no id and no known e-mail). */
  projectUsers: Map<number, number>;
  /** Contacts of embedded jurisdictions, by jurisdictionKey(name, state). */
  contacts: Map<string, EmbeddedContacts>;
  /** Upstream ids of products, learned from the simple-products that link them. */
  productIds: Map<string, number>;
  /** How many answers to record with the apply the run staged (page answers, catalog and territory bodies, 304 refreshes: StagedAnswers.putAnswer). */
  answers: number;
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


/** The products a list shows, as part numbers and store ids, in its order. */
const refsOf = (items: unknown[]): ProductRef[] =>
  items.flatMap((p) => (isObject(p) && typeof p.part_number === 'string' ? [{ part_number: p.part_number, store_id: typeof p.store_id === 'string' ? p.store_id : null }] : []));

/** One pull run: every resource asked for through one PullFetcher, and what changed gathered for the apply (PulledData). */
export class Puller {
  private readonly fetcher: PullFetcher;
  private readonly productIds = new Map<string, number>();
  private jurisdictionsEndpoint: boolean;

  constructor(
    private readonly client: UpstreamClient,
    status: StatusReporter,
    private readonly applied: AppliedAnswers,
    private readonly staged: StagedAnswers,
    private readonly local: LocalKeys,
  ) {
    this.fetcher = new PullFetcher(client, status, applied, staged, local.trustDates);
    this.jurisdictionsEndpoint = local.jurisdictionsEndpoint;
  }

  /** What the run set aside or warned about so far. */
  get issues(): SyncIssue[] {
    return this.fetcher.issues;
  }

  private learnIds(list: unknown): void {
    for (const s of dataOf(list) ?? (Array.isArray(list) ? list : [])) {
      if (isObject(s) && typeof s.id === 'number' && typeof s.part_number === 'string') {
        this.productIds.set(refKey({ part_number: s.part_number, store_id: typeof s.store_id === 'string' ? s.store_id : null }), s.id);
      }
    }
  }

  // --- Catalog ---------------------------------------------------------------------------------

  private async pullCatalog(): Promise<PulledCatalog | null> {
    const typeList = await this.fetcher.whole('product-types', '/product-types');
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
      Promise.all(keys.map(async (key) => ({ key, ...(await this.fetcher.whole('product-type', `/product-types/${encodeURIComponent(key)}`, true)) }))),
      this.fetcher.pages(
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
      this.fetcher.whole('collections', '/collections'),
    ]);
    this.fetcher.report('product-types', keys.length, keys.length);
    const collectionItems = dataOf(collectionList.body) ?? [];
    this.fetcher.report('collections', collectionItems.length, collectionItems.length);
    for (const d of typeDetails) {
      if (!d.missing) continue;
      const under = nested.get(d.key)?.parentKey;
      this.fetcher.warn('product-types', d.key, `listed ${under ? `under "${under}" in` : 'in'} /product-types, but its detail answers 404 (an inactive type): kept as listed, inactive`);
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

    const products = new Set<string>();
    const stage = (p: PulledProduct | null) => {
      if (p === null) return;
      this.staged.putProduct(p);
      products.add(refKey(p.ref));
    };
    const convert = (key: string, body: unknown) => {
      try {
        const p = productFrom(body);
        if (isObject(body)) for (const k of ['accessories', 'related_products', 'compatible_products']) this.learnIds(body[k]);
        return p;
      } catch (error) {
        this.fetcher.reject('products', key.split('\u0000')[0]!, error);
        return null;
      }
    };
    const details = await this.fetcher.details('products', productList!.entries, {
      held: () => true,
      keepBody: true,
      arrive: (e, body, answer) => {
        this.fetcher.record(answer);
        // Anything new or different in a detail means the catalog is rebuilt.
        const before = this.applied.get(e.path);
        if (!before || (before.fingerprint ?? '') !== answer.fingerprint) changed = true;
        stage(convert(e.key, body));
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
      const listedItem = inflateJson(item) as Record<string, unknown>;
      const whole = (await ofType(String(listedItem.type))).find((p) => isObject(p) && refKey({ part_number: String(p.part_number), store_id: typeof p.store_id === 'string' ? p.store_id : null }) === e.key);
      this.fetcher.warn('products', e.key.split('\u0000')[0]!, `listed in /products, but its detail answers 404: kept as ${whole ? 'its type\'s product list' : 'the list'} shows it`);
      const body = whole ?? listedItem;
      const print = fingerprint(body);
      const before = this.applied.get(e.path);
      if (!before || before.fingerprint !== print) changed = true;
      this.fetcher.record({ path: e.path, resource: 'products', key: e.key, etag: null, stamp: e.stamp, listed: e.listed, fingerprint: print, body: deflateJson(body), served_at: productList!.date });
      stage(convert(e.key, body));
    }
    productItems.clear();
    changed ||= this.fetcher.vanished('products', productList!.entries.map((e) => e.path));
    if (!changed) return null;

    // Products unchanged since the last run are rebuilt from their kept bodies, one at a time.
    for (const e of details.unchanged) {
      const body = this.applied.body(e.path);
      if (body === undefined) continue;
      stage(convert(e.key, body));
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
        this.fetcher.reject('product-types', d.key, error);
      }
    }
    const collections: PulledCollection[] = [];
    for (const c of collectionItems) {
      try {
        collections.push(collectionFrom(c));
      } catch (error) {
        this.fetcher.reject('collections', isObject(c) ? String(c.key) : '?', error);
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
      this.fetcher.keep('product-type-products', path);
      return { refs: kept, changed: false };
    }
    const res = await this.client.get<unknown>(path, kept === undefined ? null : applied!.etag);
    if (res.status === 304 && kept !== undefined) {
      this.fetcher.keep('product-type-products', path);
      return { refs: kept, changed: false };
    }
    if (res.status === 404) return { refs: null, changed: kept !== undefined };
    const items = res.status === 200 ? dataOf(res.body) : null;
    if (items === null) throw new SyncFailure('invalid_data', `The central service answered ${path} with something that is not a list (HTTP ${res.status}).`);
    const refs = refsOf(items);
    const print = res.fingerprint ?? fingerprint(res.body);
    this.fetcher.record({ path, resource: 'product-type-products', key, etag: res.etag, stamp: null, fingerprint: print, body: deflateJson(refs), served_at: res.date });
    return { refs, changed: kept === undefined || applied!.fingerprint !== print };
  }

  private async pullTerritories(): Promise<PulledTerritory[] | null> {
    const list = (await this.fetcher.pages(
      'territories',
      '/territories',
      (t) => (isObject(t) && typeof t.id === 'number' ? { key: String(t.id), path: `/territory/${t.id}`, stamp: null, listed: listedFingerprint(t) } : null),
      { wholeBySpec: true },
    ))!;
    // Few and small, and a zip can move without the list showing it: always asked (304 where an ETag is held).
    const territories: PulledTerritory[] = [];
    let changed = list.changed;
    const details = await this.fetcher.details('territories', list.entries, {
      held: () => true,
      keepBody: true,
      suspect: () => true,
      arrive: (e, body, answer) => {
        this.fetcher.record(answer);
        const before = this.applied.get(e.path);
        if (!before || before.fingerprint !== answer.fingerprint) changed = true;
        try {
          return territoryFrom(body);
        } catch (error) {
          this.fetcher.reject('territories', e.key, error);
          return null;
        }
      },
    });
    territories.push(...details.fetched);
    for (const e of details.missing) this.fetcher.warn('territories', e.key, 'listed in /territories, but its detail answers 404: left out');
    if (!changed && details.missing.length === 0 && !this.fetcher.vanished('territories', list.entries.map((e) => e.path))) return null;
    for (const e of details.unchanged) {
      try {
        territories.push(territoryFrom(this.applied.body(e.path)));
      } catch (error) {
        this.fetcher.reject('territories', e.key, error);
      }
    }
    return territories;
  }

  // --- Jurisdictions, users, projects ----------------------------------------------------------

  /** /api/jurisdictions where the upstream has it (a Fieldsizer extension); null where it answers 404. */
  private async pullJurisdictions(): Promise<PulledData['jurisdictions']> {
    // Known to be absent: asked again only on a full check (the upstream may have gained it).
    if (!this.jurisdictionsEndpoint && this.local.trustDates) return null;
    const list = await this.fetcher.pages(
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
    const details = await this.fetcher.details('jurisdictions', list.entries, {
      held: (k) => this.local.jurisdictions.has(Number(k)),
      keepBody: false,
      suspect: () => true,
      arrive: (e, body, answer) => {
        try {
          return { record: jurisdictionFrom(body), answer };
        } catch (error) {
          this.fetcher.reject('jurisdictions', e.key, error);
          return null;
        }
      },
    });
    for (const e of details.missing) this.fetcher.warn('jurisdictions', e.key, 'listed, but its detail answers 404: left as it was');
    return { changed: details.fetched, present: new Set(list.entries.map((e) => Number(e.key))) };
  }

  /** Users come whole in their list: those whose entry changed are written; their e-mails and project counts feed the linking. */
  private async pullUsers() {
    const counts = new Map<number, number>();
    const changedIds = new Set<number>();
    const list = (await this.fetcher.pages(
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
              this.fetcher.reject('users', isObject(u) && typeof u.url === 'string' ? u.url.split('?')[0]! : '?', error);
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
            // Staged with what its answer records (sync_answers: the list entry's fingerprint).
            this.staged.putUser(path, listed, user);
            changedIds.add(user.id);
          }
        },
      },
    ))!;
    return { present: new Set(list.entries.map((e) => Number(e.key))), counts, changedIds };
  }

  /**
   * Projects: the same decisions as `details`, but each arrives converted into the staging's
   * project tables (see StagedAnswers), and the apply copies them from there. Returns also what
   * the list showed of each project's engineer and jurisdiction (for the linking).
   */
  private async pullProjects(usersChanged: Promise<Set<number>>) {
    const shown = new Map<number, { engineerId: number | null; email: string | null; jurisdiction: { key: string; name: string; state: string | null } | null }>();
    const list = (await this.fetcher.pages(
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
    const result = await this.fetcher.details('projects', list.entries, {
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
    for (const e of result.missing) this.fetcher.warn('projects', e.key, 'listed in /api/projects, but its detail answers 404: the copy held here (if any) is kept');
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
      if (p.unmappedFixtures > 0) this.fetcher.warn('projects', key, `${p.unmappedFixtures} fixture(s) of a kind this version cannot size: kept and served as received, left out of the local sizing`);
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
      this.fetcher.reject('projects', key, error);
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
    for (const u of this.staged.userEmails()) emails.set(u.email.toLowerCase(), u.id);
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
    this.fetcher.report('user details', 0, ask.size);
    await inPool([...ask], QUEUED, async (userId) => {
      await this.fetcher.pages(
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
      this.fetcher.report('user details', done, ask.size);
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
      users.changedIds.size > 0 ||
      projects.changed.length > 0 ||
      people.contacts.size > 0 ||
      (jurisdictions !== null && [...this.local.jurisdictions].some((id) => !jurisdictions.present.has(id))) ||
      [...this.local.users].some((id) => !users.present.has(id)) ||
      [...this.local.projects].some((id) => !projects.present.has(id));
    return {
      catalog,
      territories,
      jurisdictions,
      users: { staged: this.staged.staged.users, present: users.present },
      projects: { changed: projects.changed, present: projects.present },
      projectUsers: people.projectUsers,
      contacts: people.contacts,
      productIds: this.productIds,
      answers: this.staged.staged.answers,
      present: this.fetcher.present,
      issues: this.fetcher.issues,
      jurisdictionsEndpoint: this.jurisdictionsEndpoint,
      changed,
    };
  }
}
