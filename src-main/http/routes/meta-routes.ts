/** Routes about the API itself: its OpenAPI description and the placeholder image. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PLACEHOLDER_IMAGE } from '../../engine/format.js';
import { noQuery } from '../query.js';

const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200">
<rect width="300" height="200" fill="#eef1f4"/><rect x="70" y="60" width="160" height="90" rx="10" fill="none" stroke="#9aa5b1" stroke-width="6"/>
<circle cx="110" cy="105" r="14" fill="#9aa5b1"/><circle cx="190" cy="105" r="14" fill="#9aa5b1"/>
<text x="150" y="185" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#616e7c">No image</text></svg>`;

/** `openApi`: the document, made when first asked (openapi.ts). */
export const metaRoutes =
  (openApi: () => Promise<unknown>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/openapi.json', {
      schema: { hide: true, querystring: noQuery },
      handler: async () => openApi(),
    });
    app.get(PLACEHOLDER_IMAGE, {
      schema: { hide: true, querystring: noQuery },
      handler: async (_request, reply) => reply.type('image/svg+xml').header('Cache-Control', 'max-age=86400').send(PLACEHOLDER_SVG),
    });
  };
