/**
 * The app's contract over HTTP, for the browser where Electron cannot run: `POST /bridge/:method`
 * (JSON body = the method's arguments) answers the same envelope IPC gives, and
 * `GET /bridge/events` streams the contract's events as Server-Sent Events.
 *
 * Who may call: whoever holds the UI session token, a random secret made when the server starts
 * and kept only in memory (it is not an API key: the UI is the owner of the data and gets every
 * scope, so the token must never be stored or reach another tool). The page sends it as
 * `Authorization: Bearer` on calls; EventSource cannot set headers, so the event stream takes it
 * as `?session=`. The Host check of auth.ts applies here as everywhere.
 */
import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EventName, EventPayloads } from '../../../src-shared/ipc/contract.js';
import type { Engine } from '../../engine/engine.js';
import { ApiError } from '../../engine/errors.js';
import { createDispatcher, type Dispatch, type DispatcherContext } from '../../ipc/dispatcher.js';
import { subscribeEvents } from '../../ipc/events.js';
import { sendError } from '../errors.js';
import { MAX_IMPORT_FILE_BYTES } from '../../../src-shared/ipc/data-safety.js';
import { reportFileName, reportQuery } from './report-routes.js';

/**
 * The body of `projects.import`: the file's text as a JSON string, which the contract holds to
 * MAX_IMPORT_FILE_BYTES characters. In JSON a character takes at most 3 bytes (a non-ASCII one in
 * UTF-8; an escaped quote, backslash or line break 2), so any file the contract takes fits, and the
 * contract answers one over its limit in its own words.
 */
const IMPORT_BODY_LIMIT = 3 * MAX_IMPORT_FILE_BYTES + 1024;

/** A comment line now and then keeps proxies and idle timers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

export function newSessionToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/** Constant-time comparison (of digests, so lengths never differ). */
function sameToken(given: string | undefined, expected: Buffer): boolean {
  return given !== undefined && crypto.timingSafeEqual(digest(given), expected);
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
}

export function bridgeRoutes(engine: Engine, sessionToken: string, log?: DispatcherContext['log']) {
  const expected = digest(sessionToken);
  return async (app: FastifyInstance) => {
    // The server's own address is known only once it listens: the dispatcher is made on first use.
    let dispatch: Dispatch | undefined;
    const dispatcher = (): Dispatch => {
      if (!dispatch) {
        const address = app.server.address();
        const apiUrl = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : null;
        dispatch = createDispatcher(engine, { transport: 'http', apiUrl, log });
      }
      return dispatch;
    };

    const refuse = (reply: FastifyReply) => {
      reply.header('WWW-Authenticate', 'Bearer realm="fieldsizer-ui"');
      return sendError(reply, new ApiError(401, 'invalid_session', 'This page is not signed in to the app: open the sign-in page the server named at start (open-app.html in its data folder).'));
    };

    const call = (method: string | null) => ({
      schema: { hide: true },
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!sameToken(bearer(request), expected)) return refuse(reply);
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const envelope = await dispatcher()(method ?? (request.params as { method: string }).method, request.body ?? {});
        // The body is the envelope either way; the status mirrors it so failures show as such in logs and tools.
        // As bytes, encoded once: a string was measured for its length, hashed for the ETag and
        // written, each pass encoding it again (the editor's preview is some 36 KB, not all ASCII).
        return reply
          .code(envelope.ok ? 200 : envelope.error.status)
          .type('application/json; charset=utf-8')
          .send(Buffer.from(JSON.stringify(envelope)));
      },
    });
    app.post('/bridge/:method', call(null));
    // An import carries a whole file: the contract's limit, not the API's 1 MiB, decides its size.
    app.post('/bridge/projects.import', { ...call('projects.import'), bodyLimit: IMPORT_BODY_LIMIT });

    // The report PDF as a download for the browser mode (the same bytes as /api/projects/:id/report.pdf).
    app.get('/bridge/report/:id', {
      schema: { hide: true },
      preHandler: async (request, reply) => {
        if (!sameToken(bearer(request), expected)) return refuse(reply);
      },
      handler: async (request, reply) => {
        const { id: text } = request.params as { id: string };
        if (!/^\d{1,15}$/.test(text)) return sendError(reply, new ApiError(400, 'invalid_parameter', 'The project id is a positive whole number.', 'id'));
        const query = reportQuery.safeParse(request.query ?? {});
        if (!query.success) return sendError(reply, new ApiError(400, 'invalid_parameter', query.error.issues[0]?.message ?? 'units is standard or metric.', String(query.error.issues[0]?.path[0] ?? 'units')));
        const id = Number(text);
        const pdf = await engine.reports.pdf(id, query.data.units, new Date(), query.data.price);
        const project = await engine.projects.get(id, {}, { personal: false });
        return reply.type('application/pdf').header('content-disposition', `attachment; filename="${reportFileName(id, project.name)}"`).send(pdf);
      },
    });

    const streams = new Set<ServerResponse>();
    // Open event streams would keep app.close() waiting for ever: end them first.
    app.addHook('preClose', async () => {
      for (const stream of streams) stream.end();
      streams.clear();
    });

    app.get('/bridge/events', {
      schema: { hide: true },
      preHandler: async (request, reply) => {
        const { session } = request.query as { session?: unknown };
        if (!sameToken(typeof session === 'string' ? session : undefined, expected)) return refuse(reply);
      },
      handler: async (_request, reply) => {
        reply.hijack();
        const stream = reply.raw;
        stream.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
        });
        const send = <E extends EventName>(event: E, payload: EventPayloads[E]) => {
          stream.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
        };
        streams.add(stream);
        // The current state first, so a page that connects mid-sync shows it at once.
        send('sync.status', engine.sync.status());
        const unsubscribe = subscribeEvents(engine, send);
        const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
        heartbeat.unref();
        stream.once('close', () => {
          clearInterval(heartbeat);
          unsubscribe();
          streams.delete(stream);
        });
      },
    });
  };
}
