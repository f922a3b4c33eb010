/**
 * Who may talk to the local API: only requests addressed to 127.0.0.1 / localhost on our own
 * port (a page on another site cannot reach us through DNS rebinding), and only with a key whose
 * scopes cover the data type of the route.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiScope } from '../../src-shared/api/scopes.js';
import type { ApiKeyService } from '../engine/api-keys.js';
import { ApiError } from '../engine/errors.js';
import { sendError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The scope a route needs: a data type, or 'any' for routes that check scopes themselves
     * (search: the scope follows the searched type). Routes without one need no key.
     */
    scope?: ApiScope | 'any';
  }
  interface FastifyRequest {
    /** The scopes of the request's API key (empty for routes that need none). */
    apiScopes: ReadonlySet<ApiScope>;
  }
}

const NO_SCOPES: ReadonlySet<ApiScope> = new Set();

/** 403 unless the request's key has the scope. */
export function requireScope(scopes: ReadonlySet<ApiScope>, scope: ApiScope): void {
  if (!scopes.has(scope)) throw new ApiError(403, 'insufficient_scope', `This API key may not read ${scope}; it needs the "${scope}" scope.`);
}

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function installAuth(app: FastifyInstance, keys: ApiKeyService): void {
  // Reference types cannot be decoration defaults; every request gets its own value below.
  app.decorateRequest('apiScopes', null as unknown as ReadonlySet<ApiScope>);
  // Worked out on the first request: the port is known only once the server listens.
  let hosts: Set<string> | undefined;
  let hostsPort = 0;
  app.addHook('onRequest', async (request, reply) => {
    request.apiScopes = NO_SCOPES;
    if (!hosts) {
      const address = app.server.address();
      hostsPort = typeof address === 'object' && address ? address.port : 0;
      hosts = allowedHosts(hostsPort);
    }
    const host = (request.headers.host ?? '').toLowerCase();
    if (!hosts.has(host)) {
      return sendError(reply, new ApiError(403, 'forbidden_host', `Requests must be addressed to 127.0.0.1:${hostsPort} or localhost:${hostsPort}.`));
    }
    const scope = request.routeOptions.config.scope;
    if (!scope) return;
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) {
      reply.header('WWW-Authenticate', 'Bearer');
      return sendError(reply, new ApiError(401, 'missing_api_key', 'Send an API key as "Authorization: Bearer <key>".'));
    }
    const check = await keys.check(match[1]!);
    if (!check.ok) {
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      const error =
        check.reason === 'expired'
          ? new ApiError(401, 'expired_api_key', `The API key expired at ${check.expired_at}; make a new one (npm run keys -- create, or the app's settings).`)
          : new ApiError(401, 'invalid_api_key', 'The API key is unknown or has been revoked.');
      return sendError(reply, error);
    }
    const scopes = check.scopes;
    request.apiScopes = scopes;
    if (scope !== 'any' && !scopes.has(scope)) {
      return sendError(reply, new ApiError(403, 'insufficient_scope', `This API key may not read ${scope}; it needs the "${scope}" scope.`));
    }
  });
}
