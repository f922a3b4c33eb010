/**
 * The local HTTP server: the full service API on 127.0.0.1, for the app's own browser mode and
 * for other tools on the machine (estimating sheets, CAD plug-ins, scripts).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyEtag from '@fastify/etag';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaController } from './schema-compilers.js';
import type { Engine } from '../engine/engine.js';
import { installAuth } from './auth.js';
import { frameworkRequestError, installErrorHandling, sendError, type ServerLog } from './errors.js';
import { scrub } from '../logs/scrub.js';
import { parseQueryString } from './query.js';
import { clientErrorHandler, installUrlLimit, MAX_HEADER_BYTES, refuseConnect, rewriteAbsoluteTarget } from './protocol.js';
import { catalogRoutes } from './routes/catalog-routes.js';
import { territoryRoutes } from './routes/territory-routes.js';
import { metaRoutes } from './routes/meta-routes.js';
import { peopleRoutes } from './routes/people-routes.js';
import { reportRoutes } from './routes/report-routes.js';
import { syncRoutes } from './routes/sync-routes.js';
import { mediaRoutes } from './routes/media-routes.js';
import { bridgeRoutes, newSessionToken } from './routes/bridge-routes.js';
import { uiRoutes } from './routes/ui-routes.js';
import { OpenApiDocument } from './openapi.js';

export interface ServerOptions {
  /** Requests a key may make per minute; 0 turns the limit off. */
  rateLimitPerMinute?: number;
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
  logger?: boolean;
  /** The UI session token the /bridge routes require; a random one when not given. */
  sessionToken?: string;
  /** The built renderer to serve at `/` (see ui-routes.ts); none when null or absent. */
  rendererDir?: string | null;
  /** The host's log file: unexpected failures (500) with their stacks, and the UI's errors sent over /bridge (app.logError). */
  log?: ServerLog;
}

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 120_000;

/** A route the server answers: its method and URL pattern (`/products/:modelNumber`). */
export interface RouteEntry {
  method: string;
  url: string;
}

const ROUTES = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route of a server made by buildServer, for tools and tests that walk the whole API. */
export function routesOf(app: FastifyInstance): readonly RouteEntry[] {
  return ROUTES.get(app) ?? [];
}
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export async function buildServer(engine: Engine, options: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // The request log (serve --log) goes to stdout: URLs are scrubbed as the log file's lines are
    // (the UI's event stream carries its session token as ?session=).
    logger: options.logger ? { serializers: { req: (request) => ({ method: request.method, url: scrub(request.url), remoteAddress: request.ip }) } } : false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true, maxParamLength: 1000 },
    frameworkErrors: (error, _request, reply) => sendError(reply, frameworkRequestError(error)),
    // Requests are local and small; a client that stalls should not hold a socket forever.
    requestTimeout: 30_000,
    // Requests too large or malformed to route, and absolute-form targets: see protocol.ts.
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    clientErrorHandler,
    rewriteUrl: rewriteAbsoluteTarget,
    schemaController,
  }).withTypeProvider<ZodTypeProvider>();

  const routes: RouteEntry[] = [];
  ROUTES.set(app, routes);
  const openApi = new OpenApiDocument();
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) routes.push({ method, url: route.url });
    openApi.add(route);
  });
  installErrorHandling(app, options.log);
  installUrlLimit(app);
  refuseConnect(app.server);
  installAuth(app, engine.apiKeys);

  const perMinute = options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE;
  if (perMinute > 0) {
    await app.register(fastifyRateLimit, {
      max: perMinute,
      timeWindow: 60_000,
      hook: 'preHandler',
      keyGenerator: (request) => request.headers.authorization ?? request.ip,
    });
  }

  // ETags on every JSON answer, and 304 for a matching If-None-Match: a sync that finds nothing
  // changed downloads almost nothing.
  await app.register(fastifyEtag, { weak: true });

  await app.register(metaRoutes(() => openApi.get()));
  await app.register(catalogRoutes(engine));
  await app.register(territoryRoutes(engine));
  await app.register(peopleRoutes(engine));
  await app.register(reportRoutes(engine));
  await app.register(syncRoutes(engine));
  await app.register(mediaRoutes(engine));
  await app.register(bridgeRoutes(engine, options.sessionToken ?? newSessionToken(), options.log));
  if (options.rendererDir) await app.register(uiRoutes(options.rendererDir));
  return app;
}

export interface RunningServer {
  app: FastifyInstance;
  port: number;
  url: string;
  /** The in-memory secret of the UI bridge (made at start, never stored). */
  sessionToken: string;
  /** The address that opens the app in a browser, signed in: `URL/#session=TOKEN`. */
  uiUrl: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 only; port 0 picks a free port. */
export async function startServer(engine: Engine, port: number, options: ServerOptions = {}): Promise<RunningServer> {
  const sessionToken = options.sessionToken ?? newSessionToken();
  const app = await buildServer(engine, { ...options, sessionToken });
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  const url = `http://127.0.0.1:${actual}`;
  return { app, port: actual, url, sessionToken, uiUrl: `${url}/#session=${sessionToken}`, close: () => closeWithin(app, CLOSE_GRACE_MS) };
}

/** How long a closing server waits for requests in flight before it cuts their connections. */
const CLOSE_GRACE_MS = 3000;

/**
 * Stops listening and waits for requests in flight, but not for ever: a client that keeps a
 * connection busy (a stream it never reads to the end) would otherwise hold the app's quit.
 */
async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  cut.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
