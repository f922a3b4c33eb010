/**
 * The contract over HTTP (/bridge) and the served renderer, without a browser: the session token
 * is required, the Host check applies, envelopes carry errors, events stream as SSE, and the UI
 * pages carry their security headers.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUiServer, type UiServer } from '../helpers/ui-browser.js';

let app: UiServer;

beforeAll(async () => {
  app = await startUiServer();
});

afterAll(async () => {
  await app?.close();
});

const call = (method: string, body: unknown, token: string | null = app.server.sessionToken) =>
  fetch(`${app.server.url}/bridge/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe('the HTTP bridge', () => {
  it('the server prints the UI address with its session token', () => {
    expect(app.server.uiUrl).toBe(`${app.server.url}/#session=${app.server.sessionToken}`);
    expect(app.server.sessionToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('answers a call with the envelope', async () => {
    const response = await call('app.info', {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, value: expect.objectContaining({ transport: 'http', apiUrl: app.server.url }) });
  });

  it('refuses calls without the session token, or with an API key instead', async () => {
    expect((await call('app.info', {}, null)).status).toBe(401);
    const wrong = await call('app.info', {}, 'not-the-token');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ object: 'error', code: 'invalid_session' });
    const key = (await app.engine.apiKeys.create('tool', ['catalog'])).key;
    expect((await call('app.info', {}, key)).status).toBe(401);
  });

  it('errors come as an envelope with the error status', async () => {
    const bad = await call('projects.get', { id: 'x' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ ok: false, error: { object: 'error', status: 400, code: 'invalid_argument', message: expect.any(String), param: 'id' } });
    const missing = await call('projects.get', { id: 99_999_999 });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const unknown = await call('nothing.here', {});
    expect(await unknown.json()).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });

  it('the Host check applies to the bridge and the UI', async () => {
    const status = (path: string, method = 'GET') =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: app.server.port, path, method, headers: { host: 'evil.example:80', authorization: `Bearer ${app.server.sessionToken}`, 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', reject);
        req.end(method === 'POST' ? '{}' : undefined);
      });
    expect(await status('/bridge/app.info', 'POST')).toBe(403);
    expect(await status('/')).toBe(403);
  });

  it('streams events as Server-Sent Events, starting with the current sync status', async () => {
    expect((await fetch(`${app.server.url}/bridge/events?session=wrong`)).status).toBe(401);
    const controller = new AbortController();
    const response = await fetch(`${app.server.url}/bridge/events?session=${app.server.sessionToken}`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    };
    await readUntil(/\n\n/);
    expect(text).toMatch(/^event: sync\.status\ndata: \{.*"state":"not-configured"/);
    // A change of the settings is pushed to the page.
    await call('sync.setSettings', { upstream_url: 'http://127.0.0.1:9', interval_minutes: 0, key: 'fsk_x' });
    await readUntil(/"upstream_url":"http:\/\/127\.0\.0\.1:9"/);
    expect(text).toContain('"has_key":true');
    controller.abort();
  });

  it('serves the UI with a content security policy and cacheable bundles', async () => {
    const page = await fetch(`${app.server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    // No inline scripts: every script has a src.
    expect(html.match(/<script\b[^>]*>/g)?.every((tag) => /\bsrc=/.test(tag))).toBe(true);
    const bundle = /src="\.\/(static\/[^"]+\.js)"/.exec(html)![1]!;
    const js = await fetch(`${app.server.url}/${bundle}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('text/javascript');
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${app.server.url}/static/..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${app.server.url}/static/nothing.js`)).status).toBe(404);
    // The API's own placeholder keeps its path.
    expect((await fetch(`${app.server.url}/assets/placeholder-product.svg`)).headers.get('content-type')).toContain('image/svg+xml');
  });
});
