/**
 * Bench child: an HTTP proxy in front of the bench's central service that compresses its answers
 * the way a CDN or a company proxy does (`gzip`, zlib's default level 6, or `br` at quality 4, the
 * usual setting for dynamic answers), streamed as they pass; `identity` passes them unchanged, so
 * the compressed and uncompressed syncs cross the same hop. Prints {port, pid}.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';

const [upstreamPort, coding = 'identity'] = process.argv.slice(2) as [string, string?];
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function encoder(): zlib.Gzip | zlib.BrotliCompress | null {
  if (coding === 'gzip') return zlib.createGzip();
  if (coding === 'br') return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
  return null;
}

const server = http.createServer((req, res) => {
  // As a reverse proxy: the upstream sees its own address (a Fieldsizer server refuses another Host).
  const { 'accept-encoding': accepted, host: _host, ...forwarded } = req.headers;
  const headers = { ...forwarded, host: `127.0.0.1:${upstreamPort}` };
  const out = http.request({ host: '127.0.0.1', port: Number(upstreamPort), path: req.url, method: req.method, headers, agent }, (answer) => {
    const compress = coding !== 'identity' && new RegExp(`\\b${coding}\\b`).test(String(accepted ?? '')) && answer.statusCode !== 304 && answer.statusCode !== 204;
    const encode = compress ? encoder() : null;
    if (!encode) {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      pipeline(answer, res, () => undefined);
      return;
    }
    const { 'content-length': _length, ...kept } = answer.headers;
    res.writeHead(answer.statusCode ?? 502, { ...kept, 'content-encoding': coding, vary: 'accept-encoding' });
    pipeline(answer, encode, res, () => undefined);
  });
  out.on('error', () => res.destroy());
  pipeline(req, out, () => undefined);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port, pid: process.pid })}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
