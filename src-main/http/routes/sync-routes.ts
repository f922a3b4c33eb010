/** The sync as other tools see it: its status, starting one, and the conflicts to resolve. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../../src-shared/api/common.js';
import type { Engine } from '../../engine/engine.js';
import { requireScope } from '../auth.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };
const status = z.record(z.string(), z.unknown()).meta({ id: 'SyncStatus', description: 'state, phase, progress per resource, bytes, last success, last error, unsynced changes, conflicts (src-shared/sync.ts)' });

export const syncRoutes =
  (engine: Engine): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Sync'];
    app.get('/api/sync', {
      config: { scope: 'any' },
      schema: { tags, summary: 'Sync status: phase, progress, last success and error, unsynced changes, conflicts', querystring: z.object({}).strict(), response: { 200: status, ...errors } },
      handler: async () => ({ object: 'sync-status', ...engine.sync.status() }),
    });
    app.post('/api/sync', {
      config: { scope: 'any' },
      schema: {
        tags,
        summary: 'Start a sync now (202); one already running is not started twice. allow_mass_delete=true confirms a run that removes more than the guard allows (last_error code mass_delete)',
        querystring: z.object({ allow_mass_delete: z.enum(['true', 'false']).optional() }).strict(),
        response: { 202: status, ...errors },
      },
      handler: async (request, reply) => {
        requireScope(request.apiScopes, 'projects');
        void engine.sync.syncNow({ allowMassDelete: request.query.allow_mass_delete === 'true' });
        return reply.code(202).send({ object: 'sync-status', ...engine.sync.status() });
      },
    });
    app.get('/api/sync/conflicts', {
      config: { scope: 'projects' },
      schema: { tags, summary: 'Projects changed both here and upstream, with both versions', querystring: z.object({}).strict(), response: { 200: z.record(z.string(), z.unknown()), ...errors } },
      handler: async (request) => ({ object: 'list', url: request.url, data: await engine.sync.conflicts() }),
    });
    app.get('/api/sync/issues', {
      config: { scope: 'any' },
      schema: { tags, summary: 'Records the last sync set aside (rejected) or kept with a warning', querystring: z.object({}).strict(), response: { 200: z.record(z.string(), z.unknown()), ...errors } },
      handler: async (request) => ({ object: 'list', url: request.url, data: await engine.sync.issues() }),
    });
    app.post('/api/sync/conflicts/:id', {
      config: { scope: 'projects' },
      schema: {
        tags,
        summary: 'Resolve a conflict: keep mine (sent on the next sync) or keep theirs (where theirs is gone, only with confirm: true, as it deletes the only copy)',
        params: z.object({ id: z.string().regex(/^\d{1,15}$/).transform(Number) }),
        body: z.object({ keep: z.enum(['mine', 'theirs']), confirm: z.boolean().optional() }).strict(),
        querystring: z.object({}).strict(),
        response: { 204: z.undefined(), ...errors },
      },
      handler: async (request, reply) => {
        await engine.sync.resolve(request.params.id, request.body.keep, request.body.confirm ?? false);
        return reply.code(204).send();
      },
    });
  };
