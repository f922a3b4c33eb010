/**
 * The job worker (job-host.ts starts it): report PDFs and `.fieldsizer` imports, made on a
 * connection of its own to the store, so the serving thread keeps answering meanwhile. One job at
 * a time; the services are made once per worker and follow the store's data version like the
 * serving thread's.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openStore, type Store } from '../../store/open-store.js';
import { CatalogService } from '../catalog/catalog-service.js';
import { ApiError } from '../errors.js';
import { ProjectService } from '../projects/project-service.js';
import { SizingContext } from '../projects/project-sizing.js';
import { importFileText } from '../projects/project-transfer.js';
import { ReportService } from '../report/report-service.js';
import { RulesResolver } from '../authorities/rules-resolver.js';
import { loadAuthorityLibrary } from '../../store/authority-library.js';
import { MediaStore } from '../../store/media-store.js';
import type { FromJobWorker, JobKinds, JobWorkerData, ToJobWorker } from './job-protocol.js';

const data = workerData as JobWorkerData;
const port = parentPort!;

interface Services {
  store: Store;
  sizing: SizingContext;
  rules: RulesResolver;
  reports: ReportService;
}

let services: Promise<Services> | null = null;
function open(): Promise<Services> {
  services ??= openStore(data.dataDir, { check: false }).then((store) => {
    const catalog = new CatalogService(store.db, store.dataVersion);
    const sizing = new SizingContext(store.db, store.dataVersion);
    const rules = new RulesResolver(store.db, store.dataVersion, loadAuthorityLibrary(data.resourcesDir));
    const projects = new ProjectService(store.db, sizing, catalog, rules);
    return { store, sizing, rules, reports: new ReportService(store.db, projects, catalog, new MediaStore(store, data.dataDir)) };
  });
  services.catch(() => (services = null));
  return services;
}

const post = (message: FromJobWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function run(id: number, kind: keyof JobKinds, input: JobKinds[keyof JobKinds]['input']): Promise<void> {
  const s = await open();
  if (kind === 'report') {
    const job = input as JobKinds['report']['input'];
    // A copy of its own, so the bytes move to the serving thread instead of being copied again.
    const bytes = new Uint8Array(await s.reports.pdf(job.id, job.units, new Date(job.made), job.price === true));
    post({ type: 'done', id, value: bytes }, [bytes.buffer]);
    return;
  }
  const job = input as JobKinds['import']['input'];
  const report = await importFileText(s.store, data.dataDir, s.sizing, s.rules, job.text, () => post({ type: 'unbounded', id }), { refuseEach: job.refuseEach });
  post({ type: 'done', id, value: report });
}

port.on('message', (message: ToJobWorker) => {
  run(message.id, message.kind, message.input).catch((error: unknown) => {
    if (error instanceof ApiError) post({ type: 'failed', id: message.id, error: error.toBody() });
    else if ((error as { code?: unknown }).code === 'SQLITE_BUSY') {
      // Another connection (a sync writing its pull) held the store past the busy timeout.
      const busy = new ApiError(503, 'store_busy', `The data is busy with another write (a sync)${message.kind === 'import' ? '; nothing was imported' : ''}: try again in a moment.`);
      post({ type: 'failed', id: message.id, error: busy.toBody() });
    } else {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      post({ type: 'failed', id: message.id, error: { object: 'error', status: 500, code: 'internal_error', message: `The ${message.kind} failed; the details are in the log.`, param: null }, detail });
    }
  });
});
