/** Handlers of the sync methods: status, run, cancel, conflicts and settings. */
import type { DomainHandlers } from './handler.js';

export const syncHandlers: DomainHandlers<'sync'> = {
  'sync.status': async (_args, { engine }) => engine.sync.status(),
  'sync.now': async ({ allowMassDelete }, { engine }) => {
    // Started, not awaited: progress and the outcome arrive as 'sync.status' events. A sync that
    // cannot start (not configured) throws here and reaches the UI as an error envelope.
    engine.sync.syncNow({ allowMassDelete: allowMassDelete === true }).catch(() => undefined);
    return engine.sync.status();
  },
  'sync.useMovedAddress': async ({ upstream_url }, { engine }) => {
    await engine.sync.useMovedAddress(upstream_url);
    return engine.sync.status();
  },
  'sync.cancel': async (_args, { engine }) => {
    engine.sync.cancel();
    return engine.sync.status();
  },
  'sync.conflicts': async (_args, { engine }) => engine.sync.conflicts(),
  'sync.resolve': async ({ projectId, choice, confirm }, { engine }) => {
    await engine.sync.resolve(projectId, choice, confirm ?? false);
    return engine.sync.status();
  },
  'sync.settings': async (_args, { engine }) => engine.sync.settings(),
  'sync.setSettings': async ({ key, ...settings }, { engine }) => {
    await engine.sync.saveSettings(settings, key);
    return engine.sync.settings();
  },
};
