/**
 * The catalog browser: the type tree and collections, the product list (every product as a
 * summary row, filtered by the engine), the open product and its family of variants.
 */
import { create } from 'zustand';
import type { Collection, Product, ProductType } from '../../../src-shared/api/catalog';
import type { ProductFamily, ProductSummary, ProductVariant } from '../../../src-shared/ipc/contract';
import { call, messageOf } from '../transport/bridge';
import { debounce } from './debounce';

export interface CatalogFilter {
  type: string | null;
  collection: string | null;
  query: string;
}

interface CatalogState {
  types: ProductType[];
  collections: Collection[];
  filter: CatalogFilter;
  products: ProductSummary[];
  total: number;
  listLoading: boolean;
  listError: string | null;
  /** Set once the list of the current filter is on screen. */
  listReady: boolean;
  product: Product | null;
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
    filter: { type: null, collection: null, query: '' },
    products: [],
    total: 0,
    listLoading: false,
    listError: null,
    listReady: false,
    product: null,
    family: null,
    productLoading: false,
    productError: null,

    async loadTree() {
      try {
        const [types, collections] = await Promise.all([call('catalog.types', {}), call('catalog.collections', {})]);
        set({ types, collections });
      } catch (error) {
        set({ listError: messageOf(error) });
      }
    },

    setFilter(patch) {
      set({ filter: { ...get().filter, ...patch } });
      if ('query' in patch && Object.keys(patch).length === 1) reloadSoon();
      else void get().loadProducts();
    },

    async loadProducts() {
      const seq = ++listSeq;
      const f = get().filter;
      set({ listLoading: true });
      try {
        const page = await call('catalog.products', { type: f.type ?? undefined, collection: f.collection ?? undefined, query: f.query.trim() || undefined });
        if (seq !== listSeq) return;
        set({ products: page.data, total: page.total, listLoading: false, listError: null, listReady: true });
      } catch (error) {
        if (seq === listSeq) set({ listLoading: false, listError: messageOf(error), listReady: true });
      }
    },

    async openProduct(modelNumber, storeId) {
      const seq = ++productSeq;
      set({ productLoading: true, productError: null });
      try {
        const args = { modelNumber, storeId: storeId ?? undefined };
        const [product, family] = await Promise.all([call('catalog.product', args), call('catalog.variants', args)]);
        if (seq !== productSeq) return;
        set({ product, family, productLoading: false });
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
