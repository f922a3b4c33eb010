/**
 * The domain engine of one data directory: the store, the embedded data set on first start and
 * every service. Transports (HTTP, Electron IPC) sit on top of it; it never imports electron.
 */
import { openStore, type Store } from '../store/open-store.js';
import { defaultResourcesDir, isEmpty, loadEmbeddedDataSet, readEmbeddedDataSet } from '../store/load-embedded.js';
import { ApiKeyService } from './api-keys.js';
import { CatalogService } from './catalog/catalog-service.js';
import { TerritoryService } from './territory-service.js';

export interface EngineOptions {
  dataDir: string;
  resourcesDir?: string;
  /** Rendered products / territories kept per data version (0 turns the caches off). */
  renderCacheSize?: number;
}

export interface Engine {
  store: Store;
  dataDir: string;
  /** True when this open created the store and loaded the embedded data set. */
  firstStart: boolean;
  catalog: CatalogService;
  territories: TerritoryService;
  apiKeys: ApiKeyService;
  close(): Promise<void>;
}

export async function openEngine(options: EngineOptions): Promise<Engine> {
  const store = await openStore(options.dataDir);
  try {
    const firstStart = await isEmpty(store.db);
    if (firstStart) await loadEmbeddedDataSet(store.db, readEmbeddedDataSet(options.resourcesDir ?? defaultResourcesDir()));
    return {
      store,
      dataDir: options.dataDir,
      firstStart,
      catalog: new CatalogService(store.db, store.dataVersion, { cacheSize: options.renderCacheSize }),
      territories: new TerritoryService(store.db, store.dataVersion, { cacheSize: options.renderCacheSize === undefined ? undefined : Math.min(options.renderCacheSize, 200) }),
      apiKeys: new ApiKeyService(store.db),
      close: () => store.close(),
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
