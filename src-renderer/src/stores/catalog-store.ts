/**
 * The catalog browser: the type tree and collections, the product list (every product as a
 * summary row, filtered by the engine), the open product and its family of variants.
 */
import { create } from 'zustand';
import type { Collection, Product, ProductType } from '../../../src-shared/api/catalog';
import type { CatalogThumbnails, ProductMedia } from '../../../src-shared/media';
import type { MethodArgs, ProductFamily, ProductSummary, ProductVariant } from '../../../src-shared/ipc/contract';
import { call, messageOf } from '../transport/bridge';
import { debounce } from './debounce';

export interface CatalogFilter {
  type: string | null;
  collection: string | null;
  query: string;
  /** As typed (a half-typed number is kept); empty: no limit. */
  min_flow: string;
  max_flow: string;
  min_grease: string;
  min_liquid: string;
  installation: '' | NonNullable<MethodArgs<'catalog.products'>['installation']>;
  sort: NonNullable<MethodArgs<'catalog.products'>['sort']>;
  direction: NonNullable<MethodArgs<'catalog.products'>['direction']>;
}

const NUMBER_FIELDS = ['min_flow', 'max_flow', 'min_grease', 'min_liquid'] as const;
const NUMBER_WORDS: Record<(typeof NUMBER_FIELDS)[number], string> = {
  min_flow: 'Rated flow from',
  max_flow: 'Rated flow to',
  min_grease: 'Grease capacity',
  min_liquid: 'Liquid capacity',
};

interface CatalogState {
  types: ProductType[];
  collections: Collection[];
  /** The types' and collections' thumbnails, with the local copies kept (null while loading or when the engine could not say). */
  thumbnails: CatalogThumbnails | null;
  /** Reads the thumbnails again (after a fetch). */
  reloadThumbnails(): Promise<void>;
  filter: CatalogFilter;
  products: ProductSummary[];
  total: number;
  listLoading: boolean;
  listError: string | null;
  /** Messages for the number filters, by field. */
  filterErrors: Record<string, string>;
  /** Set once the list of the current filter is on screen. */
  listReady: boolean;
  product: Product | null;
  /** The product's pictures and documents, with the local copies kept (null while loading or when the engine could not say). */
  media: ProductMedia | null;
  /** Reads the product's media again (after a fetch). */
  reloadMedia(): Promise<void>;
  family: ProductFamily | null;
  productLoading: boolean;
  productError: string | null;
  loadTree(): Promise<void>;
  setFilter(patch: Partial<CatalogFilter>): void;
  loadProducts(): Promise<void>;
  openProduct(modelNumber: string, storeId: string | null): Promise<void>;
}

let listSeq = 0;
let productSeq = 0;

export const useCatalog = create<CatalogState>((set, get) => {
  const reloadSoon = debounce(() => void get().loadProducts(), 150);
  return {
    types: [],
    collections: [],
    thumbnails: null,
    filter: { type: null, collection: null, query: '', min_flow: '', max_flow: '', min_grease: '', min_liquid: '', installation: '', sort: 'relevance', direction: 'asc' },
    filterErrors: {},
    products: [],
    total: 0,
    listLoading: false,
    listError: null,
    listReady: false,
    product: null,
    media: null,
    family: null,
    productLoading: false,
    productError: null,

    async loadTree() {
      try {
        // Without the thumbnails the tree still works: plain tiles stand in.
        const [types, collections, thumbnails] = await Promise.all([call('catalog.types', {}), call('catalog.collections', {}), call('media.thumbnails', {}).catch(() => null)]);
        set({ types, collections, thumbnails });
      } catch (error) {
        set({ listError: messageOf(error) });
      }
    },

    async reloadThumbnails() {
      const thumbnails = await call('media.thumbnails', {}).catch(() => null);
      if (thumbnails) set({ thumbnails });
    },

    setFilter(patch) {
      set({ filter: { ...get().filter, ...patch } });
      const typed = Object.keys(patch).every((k) => k === 'query' || (NUMBER_FIELDS as readonly string[]).includes(k));
      if (typed) reloadSoon();
      else void get().loadProducts();
    },

    async loadProducts() {
      const seq = ++listSeq;
      const f = get().filter;
      // A number filter that does not read as a number is named, and the list waits for it.
      const errors: Record<string, string> = {};
      const numbers: Partial<Record<(typeof NUMBER_FIELDS)[number], number>> = {};
      for (const field of NUMBER_FIELDS) {
        const text = f[field].trim();
        if (text === '') continue;
        const n = Number(text);
        if (!Number.isFinite(n)) errors[field] = `${NUMBER_WORDS[field]} must be a number.`;
        else if (n < 0) errors[field] = `${NUMBER_WORDS[field]} can't be negative.`;
        else numbers[field] = n;
      }
      // A range typed the wrong way round would match nothing: say so rather than show an empty list.
      if (numbers.min_flow !== undefined && numbers.max_flow !== undefined && numbers.min_flow > numbers.max_flow) {
        errors.max_flow = `The range is reversed: "to" (${numbers.max_flow} GPM) is below "from" (${numbers.min_flow} GPM).`;
      }
      set({ filterErrors: errors });
      if (Object.keys(errors).length > 0) return;
      set({ listLoading: true });
      try {
        const page = await call('catalog.products', {
          type: f.type ?? undefined,
          collection: f.collection ?? undefined,
          query: f.query.trim() || undefined,
          ...numbers,
          installation: f.installation || undefined,
          sort: f.sort,
          direction: f.direction,
        });
        if (seq !== listSeq) return;
        set({ products: page.data, total: page.total, listLoading: false, listError: null, listReady: true });
      } catch (error) {
        if (seq === listSeq) set({ listLoading: false, listError: messageOf(error), listReady: true });
      }
    },

    async reloadMedia() {
      const product = get().product;
      if (!product) return;
      const media = await call('media.product', { modelNumber: product.part_number, storeId: product.store_id ?? undefined }).catch(() => null);
      if (get().product === product) set({ media });
    },

    async openProduct(modelNumber, storeId) {
      const seq = ++productSeq;
      set({ productLoading: true, productError: null });
      try {
        const args = { modelNumber, storeId: storeId ?? undefined };
        const [product, family, media] = await Promise.all([call('catalog.product', args), call('catalog.variants', args), call('media.product', args).catch(() => null)]);
        if (seq !== productSeq) return;
        set({ product, family, media, productLoading: false });
      } catch (error) {
        if (seq === productSeq) set({ product: null, family: null, productLoading: false, productError: messageOf(error) });
      }
    },
  };
});

/** The choices a family offers for one option type, in the order first met. */
export function choicesOf(family: ProductFamily, optionType: string): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  for (const v of family.variants) {
    const o = v.options.find((x) => x.option_type === optionType);
    if (o && !seen.has(o.id)) seen.set(o.id, o.name);
  }
  return [...seen].map(([id, name]) => ({ id, name }));
}

/**
 * The variant to show when one option changes: the one with the new option that keeps most of
 * the current product's other options (an exact match when the family has that combination).
 */
export function variantFor(family: ProductFamily, current: Product, optionType: string, optionId: number): ProductVariant | null {
  const currentIds = new Set(current.options.data.map((o) => o.id));
  let best: ProductVariant | null = null;
  let bestScore = -1;
  for (const v of family.variants) {
    if (!v.options.some((o) => o.option_type === optionType && o.id === optionId)) continue;
    const score = v.options.filter((o) => o.option_type !== optionType && currentIds.has(o.id)).length;
    if (score > bestScore) {
      best = v;
      bestScore = score;
    }
  }
  return best;
}
