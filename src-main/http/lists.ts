/** How list results leave: `{object:"list", url, data}` with the total in X-Total-Count. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ListResult } from '../engine/catalog/catalog-service.js';

export function sendList<T>(request: FastifyRequest, reply: FastifyReply, result: ListResult<T>) {
  reply.header('X-Total-Count', String(result.total));
  // `url` repeats the request's path and query as sent (spec §1).
  return { object: 'list' as const, url: request.url, data: result.data };
}
