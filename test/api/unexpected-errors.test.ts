/**
 * A failure nobody foresaw (a bug) answers 500 in the error shape without internals, and lands in
 * the host's log file with its stack whether or not requests are logged (serve without --log, the
 * desktop app); the log line is scrubbed like every other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/api-server.js';

const logged: { level: string; source: string; message: string }[] = [];
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ log: (level, source, message) => logged.push({ level, source, message }) });
});
afterAll(() => t.close());

describe('a 500', () => {
  it('answers in the error shape and is logged with its stack, without the request log', async () => {
    const original = t.engine.catalog.listProductTypes.bind(t.engine.catalog);
    t.engine.catalog.listProductTypes = () => {
      throw new Error('product types table went missing (jane.doe@example.com)');
    };
    try {
      const res = await t.get('/product-types');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ object: 'error', status: 500, code: 'internal_error', message: 'The server failed to answer this request.', param: null });
      expect(res.text).not.toContain('went missing');
    } finally {
      t.engine.catalog.listProductTypes = original;
    }
    const entry = logged.find((l) => l.level === 'error' && l.source === 'http');
    expect(entry?.message).toMatch(/^GET \/product-types answered 500: Error: product types table went missing/);
    // The stack: the line that threw is named.
    expect(entry?.message).toMatch(/\n\s+at .*unexpected-errors\.test\.ts/);
  });
});
