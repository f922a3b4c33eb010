/**
 * Reads everything from the central service into memory, resource by resource, with progress.
 * Lists are paged (`limit` ≤ 100); details are fetched with a bounded number in flight.
 */
import type { StatusReporter } from './sync-service.js';
import { SyncFailure } from './sync-service.js';
import type { UpstreamClient } from './upstream-client.js';
import {
  collectionFrom,
  isObject,
  jurisdictionFrom,
  productFrom,
  productTypeFrom,
  refKey,
  Rejected,
  territoryFrom,
  userFrom,
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

export interface RejectedRecord {
  resource: string;
  id: string;
  reason: string;
}

export interface PulledData {
  productTypes: PulledProductType[];
  /** Product type key → its products (part number + store id). */
  typeMembers: Map<string, ProductRef[]>;
  products: PulledProduct[];
  /** Upstream ids of products, learned from the simple-products that link them. */
  productIds: Map<string, number>;
  collections: PulledCollection[];
  territories: PulledTerritory[];
  jurisdictions: PulledJurisdiction[];
  users: PulledUser[];
  /** Raw project records (converted at apply time, once product ids are settled). */
  projects: unknown[];
  rejected: RejectedRecord[];
}

interface ListBody {
  object?: string;
  data?: unknown[];
}

export class Puller {
  private readonly progress = new Map<string, SyncProgress>();
  readonly rejected: RejectedRecord[] = [];

  constructor(
    private readonly client: UpstreamClient,
    private readonly status: StatusReporter,
  ) {}

  private report(resource: string, done: number, total: number | null): void {
    this.progress.set(resource, { resource, done, total });
    this.status.update({ progress: [...this.progress.values()], rejected: this.rejected.length });
  }

  private reject(resource: string, id: string, error: unknown): void {
    if (!(error instanceof Rejected)) throw error;
    this.rejected.push({ resource, id, reason: error.message });
  }

  private async list(path: string): Promise<unknown[]> {
    const res = await this.client.get<ListBody>(path);
    if (res.status !== 200 || !isObject(res.body) || !Array.isArray(res.body.data)) {
      throw new SyncFailure('invalid_data', `The central service answered ${path} with something that is not a list (HTTP ${res.status}).`);
    }
    return res.body.data;
  }

  /** Every page of a paged list. */
  private async pages(resource: string, path: string): Promise<unknown[]> {
    const out: unknown[] = [];
    const sep = path.includes('?') ? '&' : '?';
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.list(`${path}${sep}limit=${PAGE}&offset=${offset}`);
      out.push(...page);
      this.report(resource, out.length, null);
      if (page.length < PAGE) break;
    }
    return out;
  }

  private async details<T>(resource: string, paths: { id: string; path: string }[], convert: (body: unknown) => T): Promise<T[]> {
    let done = 0;
    this.report(resource, 0, paths.length);
    const results = await Promise.all(
      paths.map(async ({ id, path }) => {
        const res = await this.client.get<unknown>(path);
        done++;
        if (done % 20 === 0 || done === paths.length) this.report(resource, done, paths.length);
        if (res.status === 404) return null; // vanished between the list and the detail
        if (res.status !== 200) throw new SyncFailure('upstream_error', `The central service answered ${path} with HTTP ${res.status}.`);
        try {
          return convert(res.body);
        } catch (error) {
          this.reject(resource, id, error);
          return null;
        }
      }),
    );
    return results.filter((r): r is Awaited<T> => r !== null) as T[];
  }

  async pullAll(): Promise<PulledData> {
    // Catalog.
    const typeList = await this.list('/product-types');
    const productTypes: PulledProductType[] = [];
    for (const t of typeList) {
      try {
        productTypes.push(productTypeFrom(t));
      } catch (error) {
        this.reject('product-types', isObject(t) ? String(t.key) : '?', error);
      }
    }
    this.report('product-types', productTypes.length, typeList.length);
    const typeMembers = new Map<string, ProductRef[]>();
    for (const detail of await this.details('product-type members', productTypes.map((t) => ({ id: t.key, path: `/product-types/${encodeURIComponent(t.key)}` })), (b) => b)) {
      if (!isObject(detail) || typeof detail.key !== 'string' || !isObject(detail.products) || !Array.isArray(detail.products.data)) continue;
      typeMembers.set(
        detail.key,
        detail.products.data.flatMap((p) => (isObject(p) && typeof p.part_number === 'string' ? [{ part_number: p.part_number, store_id: typeof p.store_id === 'string' ? p.store_id : null }] : [])),
      );
    }
    const productItems = await this.pages('products', '/products');
    const productPaths = productItems.flatMap((p) =>
      isObject(p) && typeof p.part_number === 'string'
        ? [{ id: p.part_number, path: `/products/${encodeURIComponent(p.part_number)}${typeof p.store_id === 'string' ? `?store_id=${encodeURIComponent(p.store_id)}` : ''}` }]
        : [],
    );
    const rawProducts = await this.details('products', productPaths, (b) => b);
    const products: PulledProduct[] = [];
    const productIds = new Map<string, number>();
    const learnIds = (list: unknown) => {
      const data = isObject(list) && Array.isArray(list.data) ? list.data : [];
      for (const s of data) {
        if (isObject(s) && typeof s.id === 'number' && typeof s.part_number === 'string') {
          productIds.set(refKey({ part_number: s.part_number, store_id: typeof s.store_id === 'string' ? s.store_id : null }), s.id);
        }
      }
    };
    for (const raw of rawProducts) {
      try {
        products.push(productFrom(raw));
        if (isObject(raw)) for (const k of ['accessories', 'related_products', 'compatible_products']) learnIds(raw[k]);
      } catch (error) {
        this.reject('products', isObject(raw) ? String(raw.part_number) : '?', error);
      }
    }
    const collections: PulledCollection[] = [];
    for (const c of await this.list('/collections')) {
      try {
        collections.push(collectionFrom(c));
      } catch (error) {
        this.reject('collections', isObject(c) ? String(c.key) : '?', error);
      }
    }
    this.report('collections', collections.length, collections.length);

    // Territories.
    const territoryItems = await this.pages('territories', '/territories');
    const territories = await this.details(
      'territories',
      territoryItems.flatMap((t) => (isObject(t) && typeof t.id === 'number' ? [{ id: String(t.id), path: `/territory/${t.id}` }] : [])),
      territoryFrom,
    );

    // Jurisdictions, users, projects.
    const jurisdictionItems = await this.pages('jurisdictions', '/api/jurisdictions');
    const jurisdictions = await this.details(
      'jurisdictions',
      jurisdictionItems.flatMap((j) => (isObject(j) && typeof j.id === 'number' ? [{ id: String(j.id), path: `/api/jurisdictions/${j.id}?contacts=true` }] : [])),
      jurisdictionFrom,
    );
    const users: PulledUser[] = [];
    for (const u of await this.pages('users', '/api/users')) {
      try {
        users.push(userFrom(u));
      } catch (error) {
        this.reject('users', isObject(u) ? String(u.url) : '?', error);
      }
    }
    const projectItems = await this.pages('project list', '/api/projects');
    const projects = await this.details(
      'projects',
      projectItems.flatMap((p) => (isObject(p) && typeof p.id === 'number' ? [{ id: String(p.id), path: `/api/projects/${p.id}?fixtures=true&notes=true&accessories=true` }] : [])),
      (b) => {
        if (!isObject(b)) throw new Rejected('not an object');
        learnIds(b.accessories && isObject(b.accessories) ? { data: (b.accessories.data as unknown[] | undefined ?? []).map((a) => (isObject(a) ? a.product : null)) } : null);
        return b;
      },
    );
    return { productTypes, typeMembers, products, productIds, collections, territories, jurisdictions, users, projects, rejected: this.rejected };
  }
}
