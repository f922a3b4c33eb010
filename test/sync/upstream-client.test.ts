/**
 * The sync's HTTP client on its own, against a real node:http server on 127.0.0.1: retries and
 * backoffs must not leave listeners behind on the run's abort signal (they did: every finished
 * backoff kept one, and a sync with many retries printed MaxListenersExceededWarning).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { fingerprint } from '../../src-main/sync/decide.js';
import { UpstreamClient } from '../../src-main/sync/upstream-client.js';

describe('UpstreamClient', () => {
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
    const client = new UpstreamClient({ baseUrl: base, key: 'k', signal: controller.signal, backoffMs: 1 });
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
    const client = new UpstreamClient({ baseUrl: base, key: 'k', signal: controller.signal, backoffMs: 60_000 });
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
    const client = new UpstreamClient({ baseUrl: `http://127.0.0.1:${(plain.address() as AddressInfo).port}`, key: 'k', signal: new AbortController().signal });
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
});
