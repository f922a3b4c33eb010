/**
 * An answer's body decoded from its Content-Encoding (RFC 9110 §8.4), whole, once it has arrived.
 * The client holds every body whole anyway (it is parsed as one JSON text), and Node's one-call
 * decoders cost a tenth of the CPU of a decompressing stream per answer (undici's decompress
 * interceptor: a zlib stream, a size limiter and a pipeline for each of a sync's 100,000 small
 * answers; figures in docs/api.md, "Speed and memory (issue 32)").
 */
import zlib from 'node:zlib';

type Decoder = (body: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Buffer;

/** The codings the client asks for (`ACCEPT_ENCODING`), and their aliases (RFC 9110 §8.4.1.3). */
const DECODERS: Record<string, Decoder> = {
  gzip: zlib.gunzipSync,
  'x-gzip': zlib.gunzipSync,
  deflate: zlib.inflateSync,
  br: zlib.brotliDecompressSync,
};

/** The Accept-Encoding the client sends: every coding it decodes. */
export const ACCEPT_ENCODING = 'gzip, br, deflate';

/** The decoded body would pass the client's limit: a compression bomb, or far more than any answer the spec has. */
export class TooLarge extends Error {}

/**
 * `body` decoded from the codings `contentEncoding` lists, last applied first. `identity` and a
 * coding this client does not know leave the body as it is (so an answer a server labels wrongly
 * is then judged by its content, as before).
 */
export function decodeBody(body: Buffer, contentEncoding: string | null, maxBytes: number): Buffer {
  if (body.byteLength === 0 || !contentEncoding) return body;
  const codings = contentEncoding
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  let out = body;
  for (const coding of codings.reverse()) {
    const decode = DECODERS[coding];
    if (!decode) return out;
    try {
      out = decode(out, { maxOutputLength: maxBytes });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new TooLarge(`larger than ${Math.round(maxBytes / 2 ** 20)} MB once decoded`);
      throw error;
    }
  }
  return out;
}
