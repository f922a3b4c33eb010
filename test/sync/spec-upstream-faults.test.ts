/**
 * The spec-only upstream misbehaving: an HTML 502 page, slow pages, pages shorter than `limit`
 * in the middle of a list, and a list that ignores limit/offset. The sync survives them without
 * losing a record or looping, and reports how the upstream paged; a fault that does not pass
 * stops the run with a message in plain words and keeps the previous data.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { handWrittenData } from '../helpers/spec-upstream/data.js';
import { startSpecUpstream, type SpecUpstream } from '../helpers/spec-upstream/server.js';
import type { Quirks } from '../helpers/spec-upstream/quirks.js';

let up: SpecUpstream | undefined;
let down: TestServer | undefined;

afterEach(async () => {
  await down?.close();
  await up?.close();
  up = down = undefined;
});

async function start(quirks: Partial<Quirks>) {
  up = await startSpecUpstream(handWrittenData(), { quirks });
  down = await startTestServer({ rateLimitPerMinute: 0 }, { syncTuning: { timeoutMs: 1500, attempts: 3, backoffMs: 20 } });
  await down.engine.sync.saveSettings({ upstream_url: up.url, interval_minutes: 0 }, up.key);
  return { up, down };
}

const ids = (body: unknown) => (body as { data: { id?: number; url: string }[] }).data.map((i) => i.id ?? Number(/\/(\d+)/.exec(i.url)![1]));

describe('faults a sync against the spec-only upstream rides out', () => {
  it('an HTML 502, a slow page, pages capped below limit and a list that ignores paging: every record arrives, the paging is reported', async () => {
    const { up, down } = await start({
      pageCap: 4,
      unpaged: ['/api/users'],
      html502: [{ match: /^\/api\/projects\?/, times: 2 }],
      slow: [{ match: /^\/territory\/8/, ms: 2500, times: 1 }],
    });
    await down.engine.sync.syncNow();
    const status = down.engine.sync.status();
    expect(status.last_error).toBeNull();
    expect(ids((await down.get('/api/projects?limit=100')).body)).toEqual(up.data.projects.map((p) => p.id));
    expect(ids((await down.get('/api/users?limit=100')).body)).toEqual(up.data.users.map((u) => u.id));
    expect((await down.get('/territory/8')).status).toBe(200);
    // The 502s and the slow page were asked again; no list was asked for forever: the unpaged one
    // twice (the second page repeats the first), the capped one page by page, a window of guesses
    // at most past its end.
    expect(up.seen.filter((r) => r.status === 502)).toHaveLength(2);
    expect(up.seen.filter((r) => r.path.startsWith('/api/users?')).length).toBe(2);
    expect(up.seen.filter((r) => r.path.startsWith('/api/projects?')).length).toBeLessThanOrEqual(2 + Math.ceil(up.data.projects.length / 4) + 8);
    const issues = ((await down.get('/api/sync/issues')).body as { data: { kind: string; resource: string; reason: string }[] }).data;
    expect(issues.find((i) => i.resource === 'project list' && /fewer than 100 items, yet the list went on/.test(i.reason))).toBeDefined();
    expect(issues.find((i) => i.resource === 'users' && /repeats items/.test(i.reason))).toBeDefined();
    expect(status.warnings).toBe(issues.filter((i) => i.kind === 'warning').length);
  }, 60_000);

  it('an HTML 502 that does not pass stops the run with a message in plain words, and the previous data stays', async () => {
    const { down } = await start({ html502: [{ match: /^\/api\/users/, times: 1000 }] });
    await down.engine.sync.syncNow();
    const status = down.engine.sync.status();
    expect(status.state).toBe('failed');
    expect(status.last_error?.code).toBe('upstream_unreachable');
    expect(status.last_error?.message).toMatch(/answered 502 to GET \/api\/users/);
    expect(status.last_error?.message).not.toMatch(/<html>/);
    // Still the embedded demo set, whole.
    expect(Number((await down.get('/api/projects?limit=1')).headers.get('x-total-count'))).toBeGreaterThan(5000);
  }, 60_000);
});
