/**
 * Without versions, a change upstream is told by the fingerprint of the answer's bytes
 * (decide.ts fingerprintOfBytes). Against a central service that indents its JSON and shows no
 * versions (a proxy in front of a Fieldsizer server), an edit made on one side only is sent, an
 * edit made on both sides is a conflict, and "keep mine" is sent on the next sync instead of
 * being found in conflict again: the conflict keeps the fingerprint of the answer their copy
 * came in, which a fingerprint of the parsed copy would not match.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { syncPair, type TestServer } from '../helpers/api-server.js';

let up: TestServer;
let down: TestServer;

/** Drops `version` from every object of a project answer (the spec shows none). */
function withoutVersions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutVersions);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'version').map(([k, v]) => [k, withoutVersions(v)]));
}

/** A proxy in front of `upstream` that indents its JSON and shows no project versions. */
async function plainService(upstream: TestServer): Promise<{ url: string; close(): Promise<unknown> }> {
  const proxy = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type', 'accept']) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name] as string;
    const answer = await fetch(upstream.server.url + req.url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    const text = await answer.text();
    let body = text;
    if ((answer.headers.get('content-type') ?? '').includes('json') && text !== '') {
      const parsed = JSON.parse(text) as unknown;
      body = JSON.stringify(req.url!.startsWith('/api/projects') ? withoutVersions(parsed) : parsed, null, 2);
    }
    // No ETag (it was for the other bytes) and no total: what a plain service sends.
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, close: () => new Promise((r) => proxy.close(r)) };
}

syncPair({
  through: plainService,
  downstream: { syncTuning: { timeoutMs: 20_000, attempts: 2, backoffMs: 20 } },
  ready: (pair) => ({ up, down } = pair),
});
beforeAll(async () => {
  await down.engine.sync.syncNow();
  expect(down.engine.sync.status().last_error).toBeNull();
}, 180_000);

describe('changes told by fingerprints, against an upstream that indents its JSON and shows no versions', () => {
  it('an edit made here only is sent, not taken for a change upstream', async () => {
    const drafts = (await down.get('/api/projects?limit=100')).body as { data: { id: number; status: string }[] };
    const id = drafts.data.find((p) => p.status === 'Draft')!.id;
    expect((await down.request('PATCH', `/api/projects/${id}`, { body: JSON.stringify({ servings_per_day: 612 }) })).status).toBe(200);
    await down.engine.sync.syncNow();
    const status = down.engine.sync.status();
    expect(status.last_error).toBeNull();
    expect(status.conflicts).toBe(0);
    expect((await up.get(`/api/projects/${id}`)).body).toMatchObject({ servings_per_day: 612 });
  }, 120_000);

  it('an edit made on both sides is a conflict; keep mine is sent on the next sync and not found in conflict again', async () => {
    const drafts = (await down.get('/api/projects?limit=100')).body as { data: { id: number; status: string }[] };
    const id = drafts.data.filter((p) => p.status === 'Draft')[1]!.id;
    expect((await down.request('PATCH', `/api/projects/${id}`, { body: JSON.stringify({ name: 'Mine, indented' }) })).status).toBe(200);
    expect((await up.request('PATCH', `/api/projects/${id}`, { body: JSON.stringify({ name: 'Theirs, indented' }) })).status).toBe(200);
    await down.engine.sync.syncNow();
    expect(down.engine.sync.status().conflicts).toBe(1);
    expect((await down.engine.sync.conflicts())[0]!.theirs).toMatchObject({ name: 'Theirs, indented' });

    await down.engine.sync.resolve(id, 'mine');
    await down.engine.sync.syncNow();
    const after = down.engine.sync.status();
    expect(after.last_error).toBeNull();
    expect(after.conflicts).toBe(0);
    expect((await up.get(`/api/projects/${id}`)).body).toMatchObject({ name: 'Mine, indented' });
  }, 120_000);
});
