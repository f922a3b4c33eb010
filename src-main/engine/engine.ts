/**
 * The domain engine of one data directory: the store, the embedded data set on first start and
 * every service. Transports (HTTP, Electron IPC) sit on top of it; it never imports electron.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openStore, type Store } from '../store/open-store.js';
import { defaultResourcesDir } from '../store/resource-files.js';
import { isEmpty, type LoadProgressListener } from './embedded/load-embedded.js';
import { loadEmbeddedInWorker } from './embedded/load-worker-host.js';
import { defaultTemplateFile, installTemplate } from '../store/template-store.js';
import { DATABASE_FILE } from '../store/open-store.js';
import type { EarlyStoreCheck } from '../store/store-check.js';
import { ApiKeyService } from './api-keys.js';
import { CatalogService } from './catalog/catalog-service.js';
import { TerritoryService } from './territory-service.js';
import { SizingContext } from './projects/project-sizing.js';
import { ProjectService } from './projects/project-service.js';
import { UserService } from './people/user-service.js';
import { JurisdictionService } from './people/jurisdiction-service.js';
import { SearchService } from './people/search-service.js';
import { SyncService } from '../sync/sync-service.js';
import type { SyncRun } from '../sync/types.js';
import type { SyncStatus } from '../../src-shared/sync.js';
import type { ClientTuning } from '../sync/upstream-client.js';
import { guardSyncRun } from '../store/sync-run-guard.js';
import { MediaStore } from '../store/media-store.js';
import { MediaSync, type MediaTuning } from '../sync/media-sync.js';
import { runMediaWorker } from '../sync/media-worker-host.js';
import { loadSyncCodeInSteps, warmSyncCode, type WarmUp } from '../sync/warm-up.js';
import type { LockTiming } from '../store/process-locks.js';
import { BackupService } from './backup-service.js';
import { OffThreadReports, startJobs, type EngineJobs, type JobLimitOptions } from './jobs/engine-jobs.js';
import { AUTHORITY_CHECK_FILE, loadAuthorityLibrary } from '../store/authority-library.js';
import { buildId } from '../store/build-id.js';
import { RulesResolver } from './authorities/rules-resolver.js';

export interface EngineOptions {
  dataDir: string;
  resourcesDir?: string;
  /** Rendered products / territories kept per data version (0 turns the caches off). */
  renderCacheSize?: number;
  /** Timeouts, retries and concurrency of sync requests (tests shorten them). */
  syncTuning?: ClientTuning;
  /** Concurrency, timeouts and size limits of media fetches (tests shorten them). */
  mediaTuning?: MediaTuning;
  /** A first start's progress (the load runs in a worker thread; this thread stays free). */
  onLoadProgress?: LoadProgressListener;
  /** How fast the data folder's locks go stale (tests shorten it). */
  lockTiming?: LockTiming;
  /**
   * The prepared start-up store a first start copies (store/template-store.ts): the build's by
   * default; null loads the embedded data set instead (what builds the prepared store does).
   */
  templateFile?: string | null;
  /** Time, memory and queue of the report and import workers (tests shorten them). */
  jobLimits?: JobLimitOptions;
  /** The store's check, begun by the host before its code loaded (store/store-check.ts). */
  storeCheck?: EarlyStoreCheck | null;
}

export interface Engine {
  store: Store;
  dataDir: string;
  /** True when this open created the store with the embedded data set. */
  firstStart: boolean;
  /**
   * How a first start made the store: a copy of the prepared store, or the data set loaded here,
   * with why the prepared store was not used (null on a later start).
   */
  firstStartFrom: { kind: 'template' } | { kind: 'load'; reason: string | null } | null;
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
  /** Pictures and documents kept for offline use: the store (`media.media.cachedFile(url)`) and its sync step. */
  media: MediaSync;
  backups: BackupService;
  /** Report PDFs, made off the serving thread. */
  reports: OffThreadReports;
  /** The workers of reports and imports (jobs/engine-jobs.ts). */
  jobs: EngineJobs;
  close(): Promise<void>;
}

/** The sync's code is loaded this long after the start (or after a sync is set up): the start's own work is done by then. */
const WARM_SYNC_AFTER_MS = 3000;

/** The sync's runner (push, pull, apply) made by the first sync or conflict choice, not at every start. */
function loadedOnFirstRun(load: () => Promise<SyncRun>): SyncRun {
  let runner: Promise<SyncRun> | undefined;
  const get = () => (runner ??= load());
  return {
    run: async (options) => (await get()).run(options),
    resolve: async (projectId, choice, confirmed) => (await get()).resolve(projectId, choice, confirmed),
  };
}

/** A data folder without a store yet (a store file of any size, even empty, is the rep's: see open-store.ts). */
const newFolder = (dataDir: string): boolean => !fs.existsSync(path.join(dataDir, DATABASE_FILE));

export async function openEngine(options: EngineOptions): Promise<Engine> {
  const resourcesDir = options.resourcesDir ?? defaultResourcesDir();
  const fromTemplate = newFolder(options.dataDir) && options.templateFile !== null ? installTemplate(options.templateFile ?? defaultTemplateFile(), options.dataDir, resourcesDir) : null;
  const store = await openStore(options.dataDir, { earlyCheck: options.storeCheck });
  try {
    const firstStart = fromTemplate?.used === true || (await isEmpty(store.db));
    if (firstStart && !fromTemplate?.used) await loadEmbeddedInWorker({ dataDir: options.dataDir, resourcesDir }, options.onLoadProgress);
    const firstStartFrom: Engine['firstStartFrom'] = !firstStart
      ? null
      : fromTemplate?.used
        ? { kind: 'template' }
        : { kind: 'load', reason: fromTemplate && !fromTemplate.used ? fromTemplate.reason : null };
    const catalog = new CatalogService(store.db, store.dataVersion, { cacheSize: options.renderCacheSize });
    const sizing = new SizingContext(store.db, store.dataVersion);
    // The library's check is remembered in the data folder, for the files and build it was made for.
    const authorities = loadAuthorityLibrary(resourcesDir, { file: path.join(options.dataDir, AUTHORITY_CHECK_FILE), build: buildId() });
    const rules = new RulesResolver(store.db, store.dataVersion, authorities);
    const projects = new ProjectService(store.db, sizing, catalog, rules);
    const jurisdictions = new JurisdictionService(store.db, rules);
    // The sync takes what it needs (the store and a project reader), not the engine.
    const runner = loadedOnFirstRun(async () => {
      // In steps, as the warm-up loads it, if the warm-up has not yet (warm-up.ts).
      await loadSyncCodeInSteps();
      const { SyncRunner } = await import('../sync/sync-runner.js');
      return new SyncRunner({ store, dataDir: options.dataDir, projects }, options.syncTuning);
    });
    const sync = new SyncService(store.db, options.dataDir, runner);
    projects.afterWrite = () => sync.refreshCounts();
    sync.guard = () => guardSyncRun(options.dataDir, options.lockTiming);
    const media = new MediaSync(store.db, new MediaStore(store, options.dataDir), options.mediaTuning);
    // The step of each sync runs in a process of its own; the rep's single fetch (fetchNow) runs here.
    sync.mediaStep = (o) => runMediaWorker({ dataDir: options.dataDir, upstreamUrl: o.upstreamUrl, key: o.key, tuning: options.mediaTuning ?? {} }, o.signal, o.report);
    await sync.init();
    sync.showMedia(await media.summary());
    // Once a sync is set up, its code is loaded ahead of the first run, in steps (warm-up.ts).
    let warm: WarmUp | null = null;
    const warmWhenConfigured = (s: SyncStatus) => {
      if (warm || s.state === 'not-configured') return;
      warm = warmSyncCode(WARM_SYNC_AFTER_MS);
      sync.off('status', warmWhenConfigured);
    };
    sync.on('status', warmWhenConfigured);
    warmWhenConfigured(sync.status());
    const backups = new BackupService(store, options.dataDir, () => sync.init(), options.lockTiming);
    const jobs = startJobs({ dataDir: options.dataDir, resourcesDir }, options.jobLimits);
    return {
      store,
      dataDir: options.dataDir,
      firstStart,
      firstStartFrom,
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
      media,
      backups,
      reports: new OffThreadReports(jobs.reports),
      jobs,
      async close() {
        sync.off('status', warmWhenConfigured);
        (warm as WarmUp | null)?.cancel();
        backups.stop();
        await jobs.close();
        await sync.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
