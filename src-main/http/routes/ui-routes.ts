/**
 * The built renderer (src-renderer, `npm run build:renderer`) served at `/`, so the browser runs
 * the same UI the desktop app shows. index.html is never cached (it names the current bundles)
 * and carries the content security policy; the hashed bundles under /static/ are immutable.
 * Nothing here needs a key: the page holds no data until it signs in with the session token.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../../engine/errors.js';
import { sendError } from '../errors.js';

/** Where the renderer build puts its bundles (vite `build.assetsDir`); /assets/ is the API's. */
export const UI_ASSETS_DIR = 'static';

/**
 * Scripts and styles only from this origin (no inline code); data from this origin only; product
 * pictures may come from the catalog's image hosts (https) and fall back to a bundled placeholder.
 */
export const UI_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const notBuilt = () => new ApiError(404, 'not_found', 'The app is not built: run "npm run build:renderer", then reload.');

function sendFile(reply: FastifyReply, file: string, cacheControl: string): FastifyReply {
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  return reply.type(type).header('Cache-Control', cacheControl).header('X-Content-Type-Options', 'nosniff').send(fs.createReadStream(file));
}

export function uiRoutes(rendererDir: string) {
  const root = path.resolve(rendererDir);
  const assets = path.join(root, UI_ASSETS_DIR);
  return async (app: FastifyInstance) => {
    const index = async (_request: unknown, reply: FastifyReply) => {
      const file = path.join(root, 'index.html');
      if (!fs.existsSync(file)) return sendError(reply, notBuilt());
      reply
        .header('Content-Security-Policy', UI_CONTENT_SECURITY_POLICY)
        .header('Referrer-Policy', 'no-referrer')
        .header('X-Frame-Options', 'DENY');
      return sendFile(reply, file, 'no-cache');
    };
    app.get('/', { schema: { hide: true } }, index);
    app.get('/index.html', { schema: { hide: true } }, index);

    app.get(`/${UI_ASSETS_DIR}/*`, { schema: { hide: true } }, async (request, reply) => {
      const rest = (request.params as { '*': string })['*'];
      const file = path.resolve(assets, rest);
      // Only files inside the assets folder: "../" in a path goes nowhere.
      if (!file.startsWith(assets + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
        return sendError(reply, new ApiError(404, 'not_found', `No file at ${request.url.split('?')[0]}.`));
      }
      return sendFile(reply, file, 'public, max-age=31536000, immutable');
    });
  };
}
