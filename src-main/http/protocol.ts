/**
 * HTTP below the routes: requests too large or too malformed to route, and request targets in
 * absolute form. Every answer uses the API's one error shape, and a connection is either kept
 * usable (the request was read whole) or closed properly (`Connection: close`, then FIN after the
 * response, never a reset that could swallow it).
 */
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../engine/errors.js';
import { sendError } from './errors.js';

/**
 * Longest request target served. Longer ones are answered 414 on the same connection, which stays
 * usable because the request was read whole. 16 KiB holds any query this API takes (a thousand
 * zip codes is 13 KB).
 */
export const MAX_URL_LENGTH = 16 * 1024;

/**
 * Node's limit on the request line and headers together (its default is 16 KiB). Raised so that
 * a target over MAX_URL_LENGTH is still read whole and answered 414 with the connection kept;
 * past this the request cannot be read, and the answer is 431 with the connection closed.
 */
export const MAX_HEADER_BYTES = 64 * 1024;

/** How long a connection closed after a protocol error may keep sending before it is cut. */
const LINGER_MS = 2000;

/** Node's parser errors and timeouts → the API's error (status, code, message). */
export function protocolError(error: Error & { code?: string }): ApiError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(431, 'headers_too_large', `The request line and headers exceed ${MAX_HEADER_BYTES / 1024} KiB.`);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return new ApiError(408, 'request_timeout', 'The request was not received in time.');
    default:
      return new ApiError(400, 'bad_request', `The request is not valid HTTP/1.1${error.code ? ` (${error.code})` : ''}.`);
  }
}

/**
 * Node's 'clientError' (Fastify's `clientErrorHandler`): the request could not be parsed, so the
 * connection cannot carry another one. The error goes out in the API's shape with
 * `Connection: close`, then the socket is ended, and what the client still sends is read and
 * dropped until it closes its side: closing with unread data would make the kernel send a reset,
 * and the client could lose the answer. (Fastify's default wrote its own shape and destroyed the
 * socket at once, without `Connection: close`.)
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A response already under way on this socket cannot be followed by another.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  answerAndClose(socket, protocolError(error));
}

/** Writes an error in the API's shape with `Connection: close`, then closes cleanly (see above). */
function answerAndClose(socket: Duplex, api: ApiError, extraHeaders = ''): void {
  const body = JSON.stringify(api.toBody());
  const reason = STATUS_CODES[api.status] ?? 'Bad Request';
  socket.end(
    `HTTP/1.1 ${api.status} ${reason}\r\nConnection: close\r\n${extraHeaders}Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.resume();
  socket.once('end', () => socket.destroy());
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * CONNECT (a proxy's method) never reaches the routes: Node hands the socket to a 'connect'
 * listener, and without one closes it silently. Refused in the error shape instead.
 */
export function refuseConnect(server: Server): void {
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    answerAndClose(socket, new ApiError(405, 'method_not_allowed', 'CONNECT is not served: this server is not a proxy.'), 'Allow: GET, HEAD, POST, PATCH, DELETE\r\n');
  });
}

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)([^#]*)/i;

/**
 * Fastify's `rewriteUrl`: a target in absolute form (`GET http://host/path`, RFC 9112 §3.2.2) is
 * read as its path and query, and its authority becomes the request's host, as the RFC asks of
 * an origin server (the Host header is then ignored). So the Host check of auth.ts refuses a
 * foreign authority (403 forbidden_host), and nothing echoes it (a list's `url` is the path).
 */
export function rewriteAbsoluteTarget(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (url.startsWith('/')) return url;
  const match = ABSOLUTE_FORM.exec(url);
  if (!match) return url;
  // Userinfo (`user@host`) is not part of the host.
  req.headers.host = match[1]!.slice(match[1]!.lastIndexOf('@') + 1);
  const rest = match[2]!;
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** 414 for a target over MAX_URL_LENGTH, before anything else reads it. */
export function installUrlLimit(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const length = (request.originalUrl ?? request.url).length;
    if (length > MAX_URL_LENGTH) {
      return sendError(reply, new ApiError(414, 'uri_too_long', `The request target is ${length} characters long; at most ${MAX_URL_LENGTH} are served.`));
    }
  });
}
