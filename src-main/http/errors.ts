/**
 * Every failure leaves as `{object:"error", status, code, message, param}`: the engine's
 * ApiError, schema validation, bodies too large or malformed, unknown paths and methods.
 * Anything unexpected is logged and answered 500 without internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import FindMyWay from 'find-my-way';
import { ApiError } from '../engine/errors.js';


function validationError(error: Extract<FastifyError, { validation?: unknown }>): ApiError | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const issue = error.validation[0]!;
  const where = error.validationContext ?? 'request';
  const path = issue.instancePath.split('/').filter(Boolean);
  const params = issue.params as { keys?: string[] };
  if (issue.keyword === 'unrecognized_keys' && params.keys?.length) {
    const name = params.keys[0]!;
    return new ApiError(400, where === 'body' ? 'unknown_field' : 'unknown_parameter', `Unknown ${where === 'body' ? 'field' : 'parameter'} "${name}".`, name);
  }
  const param = path.length > 0 ? path.join('.') : null;
  if (issue.keyword === 'invalid_type' && /received undefined/.test(issue.message ?? '')) {
    return new ApiError(400, 'missing_parameter', `"${param}" is required.`, param);
  }
  const label = param ? `"${param}"` : `the ${where}`;
  const message = issue.message && issue.message.includes('"') ? issue.message : `Invalid value for ${label}: ${issue.message}`;
  return new ApiError(400, where === 'body' ? 'invalid_field' : 'invalid_parameter', message, param);
}

/** Maps framework errors (status set by Fastify) to our codes. */
function frameworkError(error: FastifyError): ApiError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'body_too_large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'invalid_body', 'The JSON body is empty.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 'invalid_body', 'The body is not valid JSON.');
  }
  if (error.statusCode === 429) return new ApiError(429, 'rate_limited', error.message || 'Too many requests; slow down.');
  // Only a body that failed to parse is the client's: a SyntaxError from anywhere else (stored
  // data, our own code) is ours, and never reported as a bad body.
  if (error instanceof SyntaxError && error.statusCode === 400) return new ApiError(400, 'invalid_body', 'The body is not valid JSON.');
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(error.statusCode, 'bad_request', error.message);
  }
  return null;
}

/** Errors Fastify raises before routing: a malformed URL, a path parameter too long. */
export function frameworkRequestError(error: FastifyError): ApiError {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return new ApiError(414, 'uri_too_long', 'The request path is too long.');
  if (error.code === 'FST_ERR_BAD_URL') return new ApiError(400, 'bad_request', 'The request path is not a valid URL (bad percent-encoding).');
  return frameworkError(error) ?? new ApiError(400, 'bad_request', error.message);
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.status).type('application/json; charset=utf-8').send(error.toBody());
}

/** Where an unexpected failure is written (the host's log file), with its stack. */
export type ServerLog = (level: 'info' | 'warn' | 'error', source: string, message: string) => void;

export function installErrorHandling(app: FastifyInstance, log?: ServerLog): void {
  // A second router of every known path, to tell "no such path" (404) from "wrong method" (405).
  // Built at the first request no route matched, not at every start (find-my-way compiles a
  // function per node); each path is filed under GET only, the method it is looked up by.
  const allowed = new Map<string, Set<string>>();
  let known: ReturnType<typeof FindMyWay> | null = null;
  const knownPaths = () => {
    if (known) return known;
    known = FindMyWay({ ignoreTrailingSlash: false });
    for (const url of allowed.keys()) known.on('GET', url, () => undefined, { url });
    return known;
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const set = allowed.get(route.url) ?? new Set<string>();
      allowed.set(route.url, set);
      set.add(method);
    }
    known = null;
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const found = knownPaths().find('GET', path);
    const store = found?.store as { url?: string } | undefined;
    const methods = store?.url ? allowed.get(store.url) : undefined;
    if (methods && !methods.has(request.method)) {
      reply.header('Allow', [...methods].join(', '));
      return sendError(reply, new ApiError(405, 'method_not_allowed', `${request.method} is not allowed on ${path}; use ${[...methods].join(' or ')}.`));
    }
    return sendError(reply, new ApiError(404, 'not_found', `No endpoint at ${path}.`));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error instanceof ApiError ? error : (validationError(error) ?? frameworkError(error));
    if (known) return sendError(reply, known);
    request.log.error({ err: error }, 'unexpected error');
    // Into the log file whether or not requests are logged: a 500 is a bug to find later.
    log?.('error', 'http', `${request.method} ${request.url} answered 500: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return sendError(reply, new ApiError(500, 'internal_error', 'The server failed to answer this request.'));
  });
}
