/**
 * The domain engine of one data directory: the store, the embedded data set on first start and
 * every service. Transports (HTTP, Electron IPC) sit on top of it; it never imports electron.
 */
import { openStore, type Store } from '../store/open-store.js';
import { defaultResourcesDir, isEmpty, type LoadProgressListener } from '../store/load-embedded.js';
import { loadEmbeddedInWorker } from '../store/load-worker-host.js';
import { ApiKeyService } from './api-keys.js';
import { CatalogService } from './catalog/catalog-service.js';
import { TerritoryService } from './territory-service.js';
import { SizingContext } from './projects/project-sizing.js';
import { ProjectService } from './projects/project-service.js';
import { UserService } from './people/user-service.js';
import { JurisdictionService } from './people/jurisdiction-service.js';
import { SearchService } from './people/search-service.js';
import { SyncService } from '../sync/sync-service.js';
import { SyncRunner, type ClientTuning } from '../sync/sync-runner.js';
import { guardSyncRun } from '../store/sync-run-guard.js';
import { BackupService } from './backup-service.js';
import { loadAuthorityLibrary } from '../store/authority-library.js';
import { RulesResolver } from './authorities/rules-resolver.js';
import { ReportService } from './report/report-service.js';

export interface EngineOptions {
  dataDir: string;
  resourcesDir?: string;
  /** Rendered products / territories kept per data version (0 turns the caches off). */
  renderCacheSize?: number;
  /** Timeouts, retries and concurrency of sync requests (tests shorten them). */
  syncTuning?: ClientTuning;
  /** A first start's progress (the load runs in a worker thread; this thread stays free). */
  onLoadProgress?: LoadProgressListener;
}

export interface Engine {
  store: Store;
  dataDir: string;
  /** True when this open created the store and loaded the embedded data set. */
  firstStart: boolean;
  catalog: CatalogService;
  territories: TerritoryService;
  apiKeys: ApiKeyService;
  sizing: SizingContext;
  /** The rules each jurisdiction is sized by: its authority's (resources/authorities/) or its code family's. */
  rules: RulesResolver;
  projects: ProjectService;
  users: UserService;
  jurisdictions: JurisdictionService;
  search: SearchService;
  sync: SyncService;
  backups: BackupService;
  reports: ReportService;
  close(): Promise<void>;
}

export async function openEngine(options: EngineOptions): Promise<Engine> {
  const store = await openStore(options.dataDir);
  try {
    const firstStart = await isEmpty(store.db);
    if (firstStart) await loadEmbeddedInWorker({ dataDir: options.dataDir, resourcesDir: options.resourcesDir ?? defaultResourcesDir() }, options.onLoadProgress);
    const catalog = new CatalogService(store.db, store.dataVersion, { cacheSize: options.renderCacheSize });
    const sizing = new SizingContext(store.db, store.dataVersion);
    const rules = new RulesResolver(store.db, store.dataVersion, loadAuthorityLibrary(options.resourcesDir ?? defaultResourcesDir()));
    const projects = new ProjectService(store.db, sizing, catalog, rules);
    const jurisdictions = new JurisdictionService(store.db, rules);
    // The sync takes what it needs (the store and a project reader), not the engine.
    const runner = new SyncRunner({ store, dataDir: options.dataDir, projects }, options.syncTuning);
    const sync = new SyncService(store.db, options.dataDir, runner);
    projects.afterWrite = () => sync.refreshCounts();
    sync.guard = () => guardSyncRun(options.dataDir);
    await sync.init();
    const backups = new BackupService(store, options.dataDir, () => sync.init());
    return {
      store,
      dataDir: options.dataDir,
      firstStart,
      catalog,
      territories: new TerritoryService(store.db, store.dataVersion, {
        cacheSize: options.renderCacheSize === undefined ? undefined : Math.min(options.renderCacheSize, 200),
        resourcesDir: options.resourcesDir,
      }),
      apiKeys: new ApiKeyService(store.db, store.dataVersion),
      sizing,
      rules,
      projects,
      users: new UserService(store.db, projects, jurisdictions),
      jurisdictions,
      search: new SearchService(store.db),
      sync,
      backups,
      reports: new ReportService(store.db, projects, catalog),
      async close() {
        backups.stop();
        await sync.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
