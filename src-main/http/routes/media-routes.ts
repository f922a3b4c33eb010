/**
 * The pictures and documents kept for offline use (issue 31; docs/api.md, "Media kept offline"):
 * the bytes at `/media/<sha256>`, one product's media and the types' and collections' thumbnails
 * with their local paths, fetching one now,
 * and the settings (budget, document kinds).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../../src-shared/api/common.js';
import { mediaSettingsSchema } from '../../../src-shared/media.js';
import type { Engine } from '../../engine/engine.js';
import { ApiError, notFound } from '../../engine/errors.js';
import { catalogThumbnails, productMedia } from '../../engine/catalog/product-media.js';
import { fetchMediaNow, saveMediaSettings } from '../../engine/media-actions.js';
import { readMediaSettings } from '../../sync/media-sync.js';
import { sendError } from '../errors.js';
import fs from 'node:fs';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 502: apiError };
const body = z.record(z.string(), z.unknown());

export const mediaRoutes =
  (engine: Engine): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Media'];
    const store = engine.media.media;

    // No key: an <img> or a link cannot send one. The name is the SHA-256 of the bytes, learnt
    // only from the keyed routes below; the Host check of auth.ts applies as everywhere.
    app.get('/media/:sha256', {
      schema: { tags, summary: 'The bytes of a picture or document kept here, by the SHA-256 of its bytes', params: z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in lower-case hex') }), querystring: z.object({}).strict() },
      handler: async (request, reply) => {
        const { sha256 } = request.params;
        const kept = store.describe(sha256);
        const file = kept ? store.fileOf(sha256) : null;
        if (!kept || !file) return sendError(reply, notFound('No picture or document with this hash is kept here.', 'sha256'));
        store.touch(sha256);
        return reply
          .header('content-type', kept.contentType)
          .header('content-length', String(kept.size))
          .header('etag', `"${sha256}"`)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .send(fs.createReadStream(file));
      },
    });

    app.get('/api/media/products/:modelNumber', {
      config: { scope: 'catalog' },
      schema: {
        tags,
        summary: "One product's pictures and documents: each URL as received, the local path of its copy (/media/<sha256>) or null, size, type, last failure",
        params: z.object({ modelNumber: z.string().min(1).max(200) }),
        querystring: z.object({ store_id: z.string().min(1).max(64).optional() }).strict(),
        response: { 200: body, ...errors },
      },
      handler: async (request) => ({ ...productMedia(await engine.catalog.getProduct(request.params.modelNumber, request.query.store_id), store) }),
    });

    app.get('/api/media/thumbnails', {
      config: { scope: 'catalog' },
      schema: {
        tags,
        summary: "Every product type's and collection's thumbnail: each URL as received, the local path of its copy (/media/<sha256>) or null, size, type, last failure",
        querystring: z.object({}).strict(),
        response: { 200: body, ...errors },
      },
      handler: async () => ({ ...(await catalogThumbnails((await engine.catalog.listProductTypes()).data, engine.store.db, store)) }),
    });

    app.post('/api/media/fetch', {
      config: { scope: 'catalog' },
      schema: {
        tags,
        summary: 'Fetch one picture or document the catalog names now (online), evicted or of a kind not kept offline; answers its local path',
        body: z.object({ url: z.string().min(1).max(2000) }).strict(),
        querystring: z.object({}).strict(),
        response: { 200: body, ...errors },
      },
      handler: async (request) => ({ object: 'media-item', ...(await fetchMediaNow(engine, request.body.url)) }),
    });

    app.get('/api/media/settings', {
      config: { scope: 'any' },
      schema: { tags, summary: 'The media budget (bytes) and the document kinds made available offline', querystring: z.object({}).strict(), response: { 200: body, ...errors } },
      handler: async () => ({ object: 'media-settings', ...(await readMediaSettings(engine.store.db)) }),
    });

    app.put('/api/media/settings', {
      config: { scope: 'any' },
      schema: { tags, summary: 'Set the media budget and the document kinds made available offline (applied by the next sync)', body: mediaSettingsSchema, querystring: z.object({}).strict(), response: { 200: body, ...errors } },
      handler: async (request) => {
        if (!request.apiScopes.has('catalog')) throw new ApiError(403, 'insufficient_scope', 'This API key may not change the catalog settings; it needs the "catalog" scope.');
        return { object: 'media-settings', ...(await saveMediaSettings(engine, request.body)) };
      },
    });
  };
