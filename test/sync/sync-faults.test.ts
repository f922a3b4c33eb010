/**
 * Sync against an upstream behind a proxy that misbehaves: afterwards the store passes
 * PRAGMA integrity_check, serves either the old or the new data in full, and the next sync
 * completes.
 */
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { DEFAULT_CONCURRENCY } from '../../src-main/sync/upstream-client.js';

let up: TestServer;
let proxy: FaultProxy;

/** A smaller central service, so each sync takes a second or two. */
function trimUpstream(file: string) {
  const db = new Database(file);
  try {
    db.exec('delete from projects where id > 120; delete from users where id > 60 and id not in (select user_id from projects);');
    db.prepare("update products set short_name = 'GB-250 (central)' where part_number = '4055-007-02'").run();
  } finally {
    db.close();
  }
}

async function downstream() {
  // Short timeouts and backoff so the faults play out in test time.
  const t = await startTestServer({ rateLimitPerMinute: 0 }, { syncTuning: { timeoutMs: 1500, attempts: 4, backoffMs: 20, maxRetryAfterMs: 2000 } });
  await t.engine.sync.saveSettings({ upstream_url: proxy.url, interval_minutes: 0 }, up.key);
  return t;
}

function integrity(t: TestServer): string {
  const db = new Database(t.engine.store.file, { readonly: true });
  try {
    return db.pragma('integrity_check', { simple: true }) as string;
  } finally {
    db.close();
  }
}

/** Old (embedded) or new (upstream) in full: the product names and project count agree with one of them. */
async function servesOneWholeDataSet(t: TestServer, synced: boolean) {
  const product = (await t.get('/products/4055-007-02')).body as { short_name: string };
  const projects = Number((await t.get('/api/projects?limit=1')).headers.get('x-total-count'));
  if (synced) {
    expect(product.short_name).toBe('GB-250 (central)');
    expect(projects).toBe(Number((await up.get('/api/projects?limit=1')).headers.get('x-total-count')));
  } else {
    expect(product.short_name).toBe('GB-250');
    expect(projects).toBeGreaterThan(5000);
  }
}

beforeAll(async () => {
  up = await startTestServer({ rateLimitPerMinute: 0 });
  trimUpstream(up.engine.store.file);
  proxy = await startFaultProxy(up.server.port);
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  await up?.close();
});
afterEach(() => {
  proxy.faults.length = 0;
});

describe('faults the sync rides out', () => {
  it('retries a connection dropped in the middle of a page, 500s and a 429 with Retry-After', async () => {
    const t = await downstream();
    try {
      proxy.faults.push(
        { match: /^\/api\/users\?/, fault: { kind: 'drop', times: 1 } },
        { match: /^\/products\?/, fault: { kind: 'status', status: 500, times: 2 } },
        { match: /^\/api\/jurisdictions\?/, fault: { kind: 'status', status: 429, times: 1, retryAfter: '1' } },
      );
      const before = proxy.seen.length;
      await t.engine.sync.syncNow();
      const status = t.engine.sync.status();
      expect(status.last_error).toBeNull();
      expect(proxy.seen.length).toBeGreaterThan(before);
      expect(proxy.faults.every((f) => !('times' in f.fault) || f.fault.times === 0)).toBe(true);
      expect(integrity(t)).toBe('ok');
      await servesOneWholeDataSet(t, true);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('retries malformed JSON, and keeps fields it does not know, serving them back unchanged', async () => {
    const t = await downstream();
    try {
      proxy.faults.push(
        { match: /^\/territories\?/, fault: { kind: 'malformed', times: 1 } },
        { match: /^\/products\/4055-007-02/, fault: { kind: 'extra-fields', fields: { warranty_years: 10, sustainability: { recycled_content: 0.4 } } } },
      );
      await t.engine.sync.syncNow();
      expect(t.engine.sync.status().last_error).toBeNull();
      const product = (await t.get('/products/4055-007-02')).body as Record<string, unknown>;
      expect(product.warranty_years).toBe(10);
      expect(product.sustainability).toEqual({ recycled_content: 0.4 });
      expect(product.short_name).toBe('GB-250 (central)');
      expect(integrity(t)).toBe('ok');
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('faults that stop the sync and keep the previous data', () => {
  it('a very slow upstream times out with a message in plain words; the old data stays; the next sync completes', async () => {
    const t = await downstream();
    try {
      proxy.faults.push({ match: /^\/api\/users\?/, fault: { kind: 'stall', ms: 4000, times: 10 } });
      await t.engine.sync.syncNow();
      const status = t.engine.sync.status();
      expect(status.state).toBe('failed');
      expect(status.last_error?.code).toBe('upstream_unreachable');
      expect(status.last_error?.message).toMatch(/took longer than/);
      expect(integrity(t)).toBe('ok');
      await servesOneWholeDataSet(t, false);
      proxy.faults.length = 0;
      await t.engine.sync.syncNow();
      expect(t.engine.sync.status().last_error).toBeNull();
      await servesOneWholeDataSet(t, true);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('persistent 500s fail the sync without touching the data', async () => {
    const t = await downstream();
    try {
      proxy.faults.push({ match: /^\/api\/projects\/\d+/, fault: { kind: 'status', status: 503, times: 10_000 } });
      await t.engine.sync.syncNow();
      expect(t.engine.sync.status().last_error?.code).toBe('upstream_unreachable');
      expect(integrity(t)).toBe('ok');
      await servesOneWholeDataSet(t, false);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('a refused key (401) stops at once and says so', async () => {
    const t = await downstream();
    try {
      await t.engine.sync.saveSettings({ upstream_url: proxy.url, interval_minutes: 0 }, 'fsk_not-the-right-key');
      const before = proxy.seen.length;
      await t.engine.sync.syncNow();
      const status = t.engine.sync.status();
      expect(status.last_error?.code).toBe('unauthorized');
      expect(status.last_error?.message).toMatch(/check the key/);
      // It stopped at the first refusal instead of retrying: no path asked twice, and nothing
      // beyond the first requests of each resource, sent together (a queue's worth at most).
      const asked = proxy.seen.slice(before);
      expect(new Set(asked).size).toBe(asked.length);
      expect(asked.length).toBeLessThanOrEqual(DEFAULT_CONCURRENCY);
      await servesOneWholeDataSet(t, false);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('cancel stops a running sync and keeps the previous data', async () => {
    const t = await downstream();
    try {
      proxy.faults.push({ match: /^\/api\/projects\/\d+/, fault: { kind: 'stall', ms: 300, times: 10_000 } });
      const run = t.engine.sync.syncNow();
      await new Promise((r) => setTimeout(r, 800));
      t.engine.sync.cancel();
      await run;
      expect(t.engine.sync.status().last_error?.code).toBe('cancelled');
      expect(integrity(t)).toBe('ok');
      await servesOneWholeDataSet(t, false);
    } finally {
      await t.close();
    }
  }, 60_000);
});
