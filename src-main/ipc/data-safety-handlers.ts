/**
 * Handlers of the data-safety methods (src-shared/ipc/data-safety.ts): backups, restore, export
 * and import of projects, the renderer's error log and the central service's reachability.
 */
import type { BackupInfo } from '../store/backups.js';
// The export and import code (project-transfer.ts, and the file format's schemas) is loaded on first use, not at start.
const transfer = () => import('../engine/projects/project-transfer.js');
import { checkReachability } from '../engine/reachability.js';
import { readUpdateUrl, writeUpdateUrl } from '../updates/update-client.js';
import type { BackupView } from '../../src-shared/ipc/data-safety.js';
import type { DataSafetyMethod, HandlerContext, HandlerMap } from './handler.js';

const view = (b: BackupInfo): BackupView => ({ name: b.name, reason: b.reason, created: b.created, bytes: b.bytes });
const overview = (context: HandlerContext) => {
  const o = context.engine.backups.overview();
  return { keep: o.keep, folder: o.folder, backups: o.backups.map(view) };
};

export const dataSafetyHandlers: HandlerMap<DataSafetyMethod> = {
  'backups.list': async (_args, context) => overview(context),
  'backups.create': async (_args, { engine }) => view(await engine.backups.create('manual')),
  'backups.restore': async ({ name }, { engine }) => view(await engine.backups.restore(name)),
  'backups.setKeep': async ({ keep }, context) => {
    await context.engine.backups.setKeep(keep);
    return overview(context);
  },
  'projects.export': async ({ ids, unsynced }, { engine, saveExport }) => {
    const { exportFileName, exportProjects } = await transfer();
    const { file, skipped } = exportProjects(engine, { ids, unsynced });
    const fileName = exportFileName(file);
    const content = JSON.stringify(file, null, 1);
    // The desktop app asks where to save; the browser gets the text and downloads it.
    if (saveExport) return { count: file.projects.length, fileName, path: await saveExport(fileName, content), content: null, skipped };
    return { count: file.projects.length, fileName, path: null, content, skipped };
  },
  'projects.import': async ({ content }, { engine }) => (await transfer()).importProjectsText(engine, content),
  'app.logError': async ({ message, stack, where }, { log }) => {
    if (!log) return { logged: false };
    log('error', 'renderer', `${where ? `${where}: ` : ''}${message}${stack ? `\n${stack}` : ''}`);
    return { logged: true };
  },
  'sync.reachability': async (_args, { engine }) => checkReachability(engine),
  // Once the engine answers calls at all, its start is over (main answers this one earlier itself).
  'app.startup': async () => ({ phase: 'ready', step: null, percent: 100 }),
  'updates.settings': async (_args, { engine }) => ({ url: await readUpdateUrl(engine.store.db) }),
  'updates.setSettings': async ({ url }, { engine }) => ({ url: await writeUpdateUrl(engine.store.db, url) }),
};
