/**
 * The media step's limits (issue 31) against the fake central service, its files sent through a
 * second host: a picture over the maximum size is refused whether its answer declares its length
 * or streams it, a picture whose bytes are a PDF is refused, and an untyped answer with a picture's
 * bytes is kept. Nothing refused leaves a file behind, each refusal is counted and said why, and
 * the sync itself succeeds.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { handWrittenData } from '../helpers/spec-upstream/data.js';
import { makePdf, makePng } from '../helpers/spec-upstream/media.js';
import { startSpecUpstream, type SpecUpstream } from '../helpers/spec-upstream/server.js';

/** The most a picture may have in this test (the app's own limit is 25 MiB). */
const MAX = 100_000;
const big = Buffer.concat([makePng('big'), Buffer.alloc(MAX)]);

let up: SpecUpstream;
let down: TestServer;
let other: { origin: string; close(): Promise<void> };

beforeAll(async () => {
  const server = http.createServer((req, res) => {
    if (req.url === '/declared-too-big.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(big.length) });
      return res.end(big);
    }
    if (req.url === '/streamed-too-big.png') {
      // No length said: the body is counted as it comes.
      res.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' });
      for (let at = 0; at < big.length; at += 16_384) res.write(big.subarray(at, at + 16_384));
      return res.end();
    }
    if (req.url === '/pdf-as-png.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(makePdf('not a picture'));
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    res.end(makePng('untyped'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  other = { origin: `http://localhost:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
  up = await startSpecUpstream(handWrittenData(), { media: true });
  down = await startTestServer({ rateLimitPerMinute: 0 }, { syncTuning: { timeoutMs: 20_000, attempts: 3, backoffMs: 20 }, mediaTuning: { insecureOrigins: [other.origin], maxPictureBytes: MAX } });
  await down.engine.sync.saveSettings({ upstream_url: up.url, interval_minutes: 0 }, up.key);
}, 60_000);
afterAll(async () => {
  await down?.close();
  await up?.close();
  await other?.close();
});

describe('the limits of the media step', () => {
  it('refuses a picture over the size limit (declared or streamed) and one whose bytes are a PDF; keeps an untyped PNG; leaves no partial file', async () => {
    const part = up.data.products[0]!.part_number;
    const at = (name: string) => `/media/p/${part}/${name}`;
    up.media.faults.set(at('primary-md.jpg'), `${other.origin}/declared-too-big.png`);
    up.media.faults.set(at('primary-sm.jpg'), `${other.origin}/streamed-too-big.png`);
    up.media.faults.set(at('dimension-md.jpg'), `${other.origin}/pdf-as-png.png`);
    up.media.faults.set(at('dimension-sm.jpg'), `${other.origin}/untyped.png`);
    await down.engine.sync.syncNow();
    const status = down.engine.sync.status();
    expect(status.last_error).toBeNull();
    expect(status.state).toBe('idle');
    expect(status.media!.failed).toBe(3);
    const row = (name: string) => down.engine.media.media.row(`${up.url}${at(name)}`)!;
    expect(row('primary-md.jpg')).toMatchObject({ sha256: null, last_error: expect.stringMatching(new RegExp(`it is ${big.length} bytes, over the ${MAX} bytes a picture may have`)) });
    expect(row('primary-sm.jpg')).toMatchObject({ sha256: null, last_error: `it is over the ${MAX} bytes a picture may have` });
    expect(row('dimension-md.jpg')).toMatchObject({ sha256: null, last_error: 'the file is not a PNG, JPEG, GIF or WebP picture' });
    expect(row('dimension-sm.jpg')).toMatchObject({ content_type: 'image/png', size: makePng('untyped').length, last_error: null });
    expect(fs.readFileSync(down.engine.media.media.cachedFile(`${up.url}${at('dimension-sm.jpg')}`)!).equals(makePng('untyped'))).toBe(true);
    // Only finished files, each named by its hash: no partial download is left in the folder.
    const names = fs.readdirSync(path.join(down.dataDir, 'media'));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => !/^[0-9a-f]{64}$/.test(n))).toEqual([]);
    // The limits lifted, the next sync fetches what it refused.
    up.media.faults.clear();
    await down.engine.sync.syncNow();
    expect(down.engine.sync.status().media!.failed).toBe(0);
  }, 120_000);
});
