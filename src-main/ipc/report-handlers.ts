/** Handlers of the report methods: the PDF export (desktop app only) and the rep's profile printed on it. */
import { ApiError, notFound } from '../engine/errors.js';
import { readUnitSystem } from '../engine/app-settings.js';
import { readRepProfile, writeRepProfile } from '../engine/report/rep-profile.js';
import { VIEWER, type DomainHandlers } from './handler.js';

export const reportHandlers: DomainHandlers<'report'> = {
  'report.exportPdf': async ({ projectId, units, price }, { engine, exportPdf }) => {
    if (!exportPdf) throw new ApiError(501, 'not_available', 'PDF export needs the desktop app; use Print in the browser.');
    // A missing project is a 404 before the shell opens a window for it.
    await engine.projects.get(projectId, {}, VIEWER).catch((error: unknown) => {
      throw error instanceof ApiError ? error : notFound(`No project with id ${projectId}.`, 'projectId');
    });
    // The unit system of the app (Settings) unless the call names one.
    return exportPdf(projectId, units ?? (await readUnitSystem(engine.store.db)) ?? 'standard', price === true);
  },
  'report.profile': async (_args, { engine }) => readRepProfile(engine.store.db),
  'report.setProfile': async (args, { engine }) => writeRepProfile(engine.store.db, args),
};
