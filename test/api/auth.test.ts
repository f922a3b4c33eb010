import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { routesOf } from '../../src-main/http/server.js';
import { PLACEHOLDER_IMAGE } from '../../src-main/engine/format.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 0 });
});
afterAll(async () => t?.close());

/** fetch() will not send a forged Host header; node:http will. */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('API keys and scopes', () => {
  it('refuses a request without a key with 401', async () => {
    const res = await t.get('/products', { key: null });
    expect(res.status).toBe(401);
    expect(apiError.parse(res.body).code).toBe('missing_api_key');
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('refuses an unknown key and a malformed header with 401', async () => {
    expect((await t.get('/territories', { key: 'fsk_not-a-real-key' })).status).toBe(401);
    const res = await t.get('/territories', { key: null, headers: { authorization: `Basic ${t.key}` } });
    expect(res.status).toBe(401);
  });

  it('a key reads only its scopes: 403 elsewhere', async () => {
    const catalogOnly = await t.engine.apiKeys.create('catalog only', ['catalog']);
    expect((await t.get('/products?limit=1', { key: catalogOnly.key })).status).toBe(200);
    const res = await t.get('/territories', { key: catalogOnly.key });
    expect(res.status).toBe(403);
    expect(apiError.parse(res.body).code).toBe('insufficient_scope');
    const territoriesOnly = await t.engine.apiKeys.create('territories only', ['territories']);
    expect((await t.get('/territory?zip_code=60601', { key: territoriesOnly.key })).status).toBe(200);
    expect((await t.get('/collections', { key: territoriesOnly.key })).status).toBe(403);
  });

  it('a revoked key stops working at once', async () => {
    const k = await t.engine.apiKeys.create('short lived', ['all']);
    expect((await t.get('/territories?limit=1', { key: k.key })).status).toBe(200);
    await t.engine.apiKeys.revoke(k.id);
    expect((await t.get('/territories?limit=1', { key: k.key })).status).toBe(401);
  });

  it('stores keys hashed, never in clear', async () => {
    const rows = t.engine.store.sqlite.prepare('select prefix, secret_hash from api_keys').all() as { prefix: string; secret_hash: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.secret_hash).not.toContain(t.key);
    }
    const dump = JSON.stringify(t.engine.store.sqlite.prepare('select * from api_keys').all());
    expect(dump).not.toContain(t.key);
  });
});

describe('DNS rebinding and CORS', () => {
  it('refuses a request whose Host is not 127.0.0.1 or localhost with our port', async () => {
    for (const host of ['evil.example.com', `evil.example.com:${t.server.port}`, '127.0.0.1:1', `localhost.evil.com:${t.server.port}`]) {
      const res = await rawGet(t.server.port, '/territories', { host, authorization: `Bearer ${t.key}` });
      expect(res.status, host).toBe(403);
      expect(apiError.parse(JSON.parse(res.body)).code).toBe('forbidden_host');
    }
    for (const host of [`127.0.0.1:${t.server.port}`, `localhost:${t.server.port}`, `LOCALHOST:${t.server.port}`]) {
      const res = await rawGet(t.server.port, '/territories?limit=1', { host, authorization: `Bearer ${t.key}` });
      expect(res.status, host).toBe(200);
    }
  });

  it('sends no CORS headers, even to a cross-origin request', async () => {
    const res = await t.get('/territories?limit=1', { headers: { origin: 'https://evil.example.com' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once a key exceeds its budget', async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 5 });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 7; i++) {
        last = await limited.get('/territories?limit=1');
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses[6]).toBe(429);
      expect(apiError.parse(last!.body).code).toBe('rate_limited');
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1, needs no key, and describes every endpoint with its error shape', async () => {
    const res = await t.get('/openapi.json', { key: null });
    expect(res.status).toBe(200);
    const doc = res.body as { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; components: { schemas: Record<string, unknown> } };
    expect(doc.openapi).toBe('3.1.0');
    const expected = ['/product-types', '/product-types/{type}', '/product-types/{type}/products', '/collections', '/collections/{slug}', '/products', '/products/{modelNumber}', '/territories', '/territory/{id}', '/territory'];
    for (const path of expected) expect(doc.paths[path]?.get, path).toBeDefined();
    expect(doc.paths['/products/{modelNumber}']!.get!.responses['409']).toBeDefined();
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Product', 'Territory', 'Error', 'Collection', 'ProductType']));
  });

  it('is made at the first request from every route the server serves, bar its own plumbing', async () => {
    // Asked twice at once, it is the one document.
    const [a, b] = await Promise.all([t.get('/openapi.json', { key: null }), t.get('/openapi.json', { key: null })]);
    expect(a.body).toEqual(b.body);
    const paths = (a.body as { paths: Record<string, Record<string, unknown>> }).paths;
    // Not documented: the document itself, the placeholder picture and the UI's own bridge.
    const plumbing = (url: string) => url === '/openapi.json' || url === PLACEHOLDER_IMAGE || url.startsWith('/bridge/');
    const served = routesOf(t.server.app).filter((r) => r.method !== 'HEAD' && !plumbing(r.url));
    expect(served.length).toBeGreaterThan(30);
    for (const route of served) {
      const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
      expect(paths[openApiPath]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
  });
});
