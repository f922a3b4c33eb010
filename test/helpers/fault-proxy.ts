/**
 * An HTTP proxy in front of a test upstream that misbehaves on demand: cuts a response off half
 * way, answers 500 or 429, sends broken JSON, adds fields the client does not know, or stalls.
 * Each fault applies to requests whose path matches, a given number of times.
 */
import http from 'node:http';

export type Fault =
  | { kind: 'drop'; times: number }
  | { kind: 'status'; status: number; times: number; retryAfter?: string }
  | { kind: 'malformed'; times: number }
  | { kind: 'extra-fields'; fields: Record<string, unknown> }
  | { kind: 'stall'; ms: number; times: number };

export interface FaultProxy {
  url: string;
  /** Requests seen, by path. */
  seen: string[];
  faults: { match: RegExp; fault: Fault }[];
  close(): Promise<void>;
}

export async function startFaultProxy(upstreamPort: number): Promise<FaultProxy> {
  const proxy: Omit<FaultProxy, 'url' | 'close'> = { seen: [], faults: [] };
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    proxy.seen.push(path);
    const entry = proxy.faults.find((f) => f.match.test(path) && (!('times' in f.fault) || f.fault.times > 0));
    const fault = entry?.fault;
    if (fault && 'times' in fault) fault.times--;
    if (fault?.kind === 'status') {
      res.writeHead(fault.status, { 'content-type': 'application/json', ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}) });
      res.end(JSON.stringify({ object: 'error', status: fault.status, code: 'test', message: 'injected', param: null }));
      return;
    }
    const forward = () => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const upstream = http.request(
          { host: '127.0.0.1', port: upstreamPort, path, method: req.method, headers: { ...req.headers, host: `127.0.0.1:${upstreamPort}` } },
          (up) => {
            const body: Buffer[] = [];
            up.on('data', (c: Buffer) => body.push(c));
            up.on('end', () => {
              let payload = Buffer.concat(body);
              const headers = { ...up.headers };
              delete headers['content-length'];
              delete headers['transfer-encoding'];
              if (fault?.kind === 'drop') {
                // Headers and half the body, then the connection dies.
                res.writeHead(up.statusCode ?? 200, { ...headers, 'content-length': String(payload.length) });
                res.write(payload.subarray(0, Math.floor(payload.length / 2)));
                setTimeout(() => res.socket?.destroy(), 5);
                return;
              }
              if (fault?.kind === 'malformed') payload = Buffer.from(payload.toString('utf8').slice(0, Math.floor(payload.length / 2)));
              if (fault?.kind === 'extra-fields' && up.statusCode === 200) {
                payload = Buffer.from(JSON.stringify({ ...JSON.parse(payload.toString('utf8')), ...fault.fields }));
                delete headers.etag;
              }
              res.writeHead(up.statusCode ?? 502, headers);
              res.end(payload);
            });
          },
        );
        upstream.on('error', () => res.socket?.destroy());
        upstream.end(Buffer.concat(chunks));
      });
    };
    if (fault?.kind === 'stall') setTimeout(forward, fault.ms);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
