/**
 * The sync's HTTP client on its own, against a real node:http server on 127.0.0.1: retries and
 * backoffs must not leave listeners behind on the run's abort signal (they did: every finished
 * backoff kept one, and a sync with many retries printed MaxListenersExceededWarning). Each test
 * runs with the connections on the client's thread and on a thread of their own (the pull's).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { fingerprint } from '../../src-main/sync/decide.js';
import zlib from 'node:zlib';
import { bodyKind, movedBase, UpstreamClient } from '../../src-main/sync/upstream-client.js';

describe.each(['here', 'thread'] as const)('UpstreamClient, connections %s', (connections) => {
  let server: http.Server;
  let base: string;
  const asked = new Map<string, number>();

  beforeAll(async () => {
    // Every path fails with a 500 twice, then answers.
    server = http.createServer((req, res) => {
      const n = (asked.get(req.url!) ?? 0) + 1;
      asked.set(req.url!, n);
      res.writeHead(n <= 2 ? 500 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ path: req.url }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('retries 300 requests twice each without a MaxListeners warning', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const controller = new AbortController();
    const client = new UpstreamClient({ connections, baseUrl: base, key: 'k', signal: controller.signal, backoffMs: 1 });
    try {
      const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => client.get<{ path: string }>(`/item/${i}`)));
      expect(answers.map((a) => a.body.path)).toEqual(Array.from({ length: 300 }, (_, i) => `/item/${i}`));
      expect([...asked.values()].every((n) => n === 3)).toBe(true);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await client.close();
    }
  });

  it('a cancel still cuts a backoff short', async () => {
    const controller = new AbortController();
    const client = new UpstreamClient({ connections, baseUrl: base, key: 'k', signal: controller.signal, backoffMs: 60_000 });
    try {
      const pending = client.get('/slow-backoff');
      setTimeout(() => controller.abort(new Error('stop')), 100);
      const started = Date.now();
      await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await client.close();
    }
  });

  it('fingerprints an answer by its bytes as received: for compact JSON the same as the parsed value\'s fingerprint', async () => {
    const compact = '{"id":7,"name":"Caf\u00e9 \u2013 Deli","fixtures":[1,2.5]}';
    const indented = JSON.stringify(JSON.parse(compact), null, 2);
    const bodies: Record<string, string> = { '/compact': compact, '/indented': indented };
    const plain = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(bodies[req.url!]);
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const client = new UpstreamClient({ connections, baseUrl: `http://127.0.0.1:${(plain.address() as AddressInfo).port}`, key: 'k', signal: new AbortController().signal });
    try {
      const sha1 = (text: string) => createHash('sha1').update(Buffer.from(text, 'utf8')).digest('base64url');
      const [a, b] = await Promise.all([client.get('/compact'), client.get('/indented')]);
      expect(a.fingerprint).toBe(sha1(compact));
      expect(b.fingerprint).toBe(sha1(indented));
      expect(a.body).toEqual(b.body);
      // Where only a parsed value is at hand (a conflict recorded before 0019), compact JSON agrees.
      expect(fingerprint(a.body)).toBe(a.fingerprint);
      expect(fingerprint(b.body)).not.toBe(b.fingerprint);
    } finally {
      await client.close();
      await new Promise((r) => plain.close(r));
    }
  });

  it('tells a web page from data before parsing, whatever the label says', () => {
    const b = (text: string) => Buffer.from(text);
    expect(bodyKind('application/json', b('{"a":1}'))).toBe('json');
    expect(bodyKind(null, b(' [1]'))).toBe('json');
    expect(bodyKind('text/plain', b('{"a":1}'))).toBe('json');
    expect(bodyKind('text/html; charset=utf-8', b('<!DOCTYPE html><html></html>'))).toBe('web-page');
    // A portal that labels its page JSON, or labels nothing: still a page.
    expect(bodyKind('application/json', b('\n<html><body>Sign in</body></html>'))).toBe('web-page');
    expect(bodyKind(null, b('<html></html>'))).toBe('web-page');
    expect(bodyKind('application/xml', b('<?xml version="1.0"?><a/>'))).toBe('other');
    expect(bodyKind('image/png', b('\x89PNG'))).toBe('other');
  });

  it('reads the new address a permanent move implies, when the new URL ends with the path asked for', () => {
    expect(movedBase(new URL('https://new.example/v2/api/users?limit=100&offset=0'), '/api/users?limit=100&offset=0')).toBe('https://new.example/v2');
    expect(movedBase(new URL('https://new.example/api/users'), '/api/users')).toBe('https://new.example');
    expect(movedBase(new URL('https://portal.example/login'), '/api/users')).toBeNull();
  });

  it('one back-off for every connection: after a 503 with Retry-After, no request goes out until it has passed', async () => {
    const arrivals: { path: string; at: number }[] = [];
    let refusedAt = 0;
    const busy = http.createServer((req, res) => {
      arrivals.push({ path: req.url!, at: Date.now() });
      if (req.url === '/first' && refusedAt === 0) {
        refusedAt = Date.now();
        res.writeHead(503, { 'retry-after': '1', 'content-type': 'application/json' });
        return res.end('{}');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const client = new UpstreamClient({ connections, baseUrl: `http://127.0.0.1:${(busy.address() as AddressInfo).port}`, key: 'k', signal: new AbortController().signal, concurrency: 4 });
    try {
      await client.get('/warm');
      const first = client.get('/first');
      // Sent once the 503 is known: they wait with it, on their own connections.
      await new Promise((r) => setTimeout(r, 300));
      const others = await Promise.all([1, 2, 3].map((i) => client.get(`/other/${i}`)));
      expect((await first).status).toBe(200);
      expect(others.every((o) => o.status === 200)).toBe(true);
      const after = arrivals.filter((a) => a.path.startsWith('/other/') || (a.path === '/first' && a.at > refusedAt));
      expect(after).toHaveLength(4);
      for (const a of after) expect(a.at - refusedAt, a.path).toBeGreaterThanOrEqual(950);
      expect(client.report()).toMatchObject({ waits: 1, longestWaitMs: 1000 });
    } finally {
      await client.close();
      await new Promise((r) => busy.close(r));
    }
  });

  it('reads gzip, br and deflate; a write refused with 403 comes back as a status (the push weighs it), a read refused stops the run', async () => {
    const json = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Item ${i}` })) });
    const codings: Record<string, (b: Buffer) => Buffer> = { gzip: zlib.gzipSync, br: zlib.brotliCompressSync, deflate: zlib.deflateSync };
    const server = http.createServer((req, res) => {
      if (req.method === 'POST') {
        res.writeHead(403, { 'content-type': 'application/json' });
        return res.end('{"message":"read-only key"}');
      }
      if (req.url === '/forbidden') {
        res.writeHead(403, { 'content-type': 'application/json' });
        return res.end('{}');
      }
      const listed = req.url!.slice(1).split(',');
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': listed.join(', ') });
      res.end(listed.reduce<Buffer>((body, coding) => codings[coding]!(body), Buffer.from(json)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const sizes: [number, number][] = [];
    const client = new UpstreamClient({ connections, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, key: 'k', signal: new AbortController().signal, onBytes: (wire, decoded) => sizes.push([wire, decoded]) });
    try {
      for (const coding of Object.keys(codings)) {
        const answer = await client.get<{ data: unknown[] }>(`/${coding}`);
        expect(answer.body.data).toHaveLength(200);
        expect(answer.text).toBe(json);
      }
      for (const [wire, decoded] of sizes) {
        expect(decoded).toBe(Buffer.byteLength(json));
        expect(wire).toBeLessThan(decoded / 3);
      }
      // Two codings, applied in the order listed (RFC 9110 §8.4): decoded last first.
      const stacked = await client.get<{ data: unknown[] }>('/deflate,gzip');
      expect(stacked.text).toBe(json);
      const write = await client.send<{ message: string }>('POST', '/api/projects', {});
      expect(write).toMatchObject({ status: 403, body: { message: 'read-only key' } });
      await expect(client.get('/forbidden')).rejects.toMatchObject({ code: 'forbidden' });
    } finally {
      await client.close();
      await new Promise((r) => server.close(r));
    }
  });

  it('refuses an answer that decodes past the limit (a compression bomb) at once, and asks again for a body garbled on the way', async () => {
    const asked: string[] = [];
    // 4 MB of zeros: some 4 kB on the wire.
    const bomb = zlib.gzipSync(Buffer.alloc(4 * 2 ** 20, 0x20));
    const good = JSON.stringify({ data: [1, 2, 3] });
    const server = http.createServer((req, res) => {
      asked.push(req.url!);
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      if (req.url === '/bomb') return res.end(bomb);
      // Garbled the first time (the plain text under a gzip label), whole the second.
      const n = asked.filter((u) => u === req.url).length;
      res.end(n === 1 ? Buffer.from(good) : zlib.gzipSync(good));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new UpstreamClient({ connections, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, key: 'k', signal: new AbortController().signal, backoffMs: 1, maxDecodedBytes: 2 ** 20 });
    try {
      await expect(client.get('/bomb')).rejects.toMatchObject({ code: 'invalid_data', message: expect.stringMatching(/GET \/bomb \(gzip\) is larger than 1 MB once decoded/) });
      expect(asked.filter((u) => u === '/bomb')).toHaveLength(1);
    } finally {
      await client.close();
    }
    // The first failure ends a client's run: the garbled body is asked of a new one.
    const again = new UpstreamClient({ connections, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, key: 'k', signal: new AbortController().signal, backoffMs: 1 });
    try {
      const answer = await again.get<{ data: number[] }>('/garbled');
      expect(answer.body.data).toEqual([1, 2, 3]);
      expect(asked.filter((u) => u === '/garbled')).toHaveLength(2);
    } finally {
      await again.close();
      await new Promise((r) => server.close(r));
    }
  });
});
