/**
 * Handlers of the catalog methods (product types, collections, products and their variants) and
 * of the sales territories (by zip, by county).
 */
import type { Engine } from '../engine/engine.js';
import { ProductBrowser } from '../engine/catalog/product-browse.js';
import { countySuggestions, listStates } from '../engine/territory-suggestions.js';
import type { DomainHandlers } from './handler.js';

const browsers = new WeakMap<Engine, ProductBrowser>();
function productBrowser(engine: Engine): ProductBrowser {
  let browser = browsers.get(engine);
  if (!browser) {
    browser = new ProductBrowser(engine.store.db, engine.store.dataVersion, engine.catalog);
    browsers.set(engine, browser);
  }
  return browser;
}

export const catalogHandlers: DomainHandlers<'catalog'> & DomainHandlers<'territories'> = {
  'catalog.types': async (_args, { engine }) => (await engine.catalog.listProductTypes()).data,
  'catalog.collections': async (_args, { engine }) => (await engine.catalog.listCollections(undefined, undefined)).data,
  'catalog.products': async (filter, { engine }) => productBrowser(engine).list(filter),
  'catalog.product': async ({ modelNumber, storeId }, { engine }) => engine.catalog.getProduct(modelNumber, storeId),
  'catalog.variants': async ({ modelNumber, storeId }, { engine }) => productBrowser(engine).family(modelNumber, storeId),

  'territories.list': async (_args, { engine }) => (await engine.territories.list(null)).data,
  'territories.get': async ({ id }, { engine }) => engine.territories.get(id),
  'territories.byZip': async ({ zip }, { engine }) => engine.territories.byZip(zip),
  'territories.byCounty': async ({ state, county }, { engine }) => engine.territories.byStateAndCounty(state, county),
  'territories.states': async (_args, { engine }) => listStates(engine.store.db),
  'territories.countySuggestions': async ({ state, prefix, limit }, { engine }) => countySuggestions(engine.store.db, state, prefix, limit),
};
