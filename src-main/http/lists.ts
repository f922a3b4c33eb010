/**
 * How list results leave: `{object:"list", url, data}` with the total in X-Total-Count. Streamed
 * lists are written batch by batch, so a 10,000-product list never sits in memory whole.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ListResult, ListStream } from '../engine/catalog/catalog-service.js';

export function sendList<T>(request: FastifyRequest, reply: FastifyReply, result: ListResult<T>) {
  reply.header('X-Total-Count', String(result.total));
  // `url` repeats the request's path and query as sent (spec §1).
  return { object: 'list' as const, url: request.url, data: result.data };
}

const BOOT = crypto.randomBytes(8).toString('hex');

/**
 * A streamed list has no body to hash before it is sent, so its ETag comes from the store's data
 * version (and this process's start, as the version counts from it): equal tags, equal data.
 */
export function streamEtag(dataVersion: string, url: string): string {
  return `W/"${crypto.createHash('sha1').update(`${BOOT}|${dataVersion}|${url}`).digest('base64url')}"`;
}

export function sendListStream<T>(request: FastifyRequest, reply: FastifyReply, result: ListStream<T>, etag?: string) {
  if (etag) reply.header('ETag', etag);
  async function* text(): AsyncGenerator<string> {
    yield `{"object":"list","url":${JSON.stringify(request.url)},"data":[`;
    let first = true;
    for await (const batch of result.batches) {
      if (batch.length === 0) continue;
      const json = JSON.stringify(batch);
      yield (first ? '' : ',') + json.slice(1, -1);
      first = false;
    }
    yield ']}';
  }
  return reply.header('X-Total-Count', String(result.total)).type('application/json; charset=utf-8').send(Readable.from(text(), { highWaterMark: 1 }));
}
