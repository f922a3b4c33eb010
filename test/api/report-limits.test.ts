/**
 * Report PDFs are made off the serving thread, bounded in time and memory (docs/api.md "Reports
 * and imports off the serving thread"), through the real server: while the report of a project of
 * 2,000 fixtures (as the central service may send) is laid out, the API keeps answering; a report
 * past its time is a 503 `report_timeout`, one past its memory a 503 `report_too_large`, both in
 * the error shape, and the server goes on serving (the next report is made by a fresh worker).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { project } from '../../src-shared/api/people.js';
import type { EngineOptions } from '../../src-main/engine/engine.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { peopleIndex } from '../helpers/resources.js';

const engineerId = peopleIndex().seed.users[0]!.id;
const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function server(jobLimits?: EngineOptions['jobLimits']): Promise<TestServer> {
  const t = await startTestServer({ rateLimitPerMinute: 0 }, { jobLimits });
  servers.push(t);
  return t;
}

/** A draft with `count` fixtures, sized with all of them (more than a write takes: as a sync brings them). */
async function bigDraft(t: TestServer, count: number): Promise<number> {
  const res = await t.request('POST', '/api/projects', { body: JSON.stringify({ name: `Food hall of ${count} fixtures`, engineer: { id: engineerId }, servings_per_day: 2000, fixtures: [{ type: 'three-compartment-sink' }] }) });
  const made = project.parse(res.body);
  const insert = t.engine.store.sqlite.prepare('insert into project_fixtures (project_id, position, input) values (?, ?, ?)');
  const kinds = ['three-compartment-sink', 'hand-sink', 'floor-drain', 'mop-sink'];
  t.engine.store.sqlite.transaction(() => {
    for (let i = 1; i < count; i++) insert.run(made.id, i, JSON.stringify({ kind: kinds[i % kinds.length], uses_typical_dimensions: true }));
  })();
  const resized = await t.request('PATCH', `/api/projects/${made.id}`, { body: JSON.stringify({ servings_per_day: 2500 }) });
  expect(resized.status, resized.text.slice(0, 300)).toBe(200);
  return made.id;
}

const report = (t: TestServer, id: number) => fetch(`${t.server.url}/api/projects/${id}/report.pdf`, { headers: { authorization: `Bearer ${t.key}` } });

describe('report PDFs off the serving thread', () => {
  it('the API keeps answering while a report of 2,000 fixtures is made', async () => {
    const t = await server();
    const id = await bigDraft(t, 2000);
    let made = false;
    const pdf = report(t, id).then(async (res) => {
      made = true;
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    });
    // Requests answered while the report was being made: on the serving thread there were none
    // once its layout began (the old behaviour), off it there are as many as the loop can take.
    let answered = 0;
    while (!made) {
      const res = await t.get('/api/projects?limit=1');
      expect(res.status).toBe(200);
      if (!made) answered++;
      // Paced, so the requests do not take the cores the report needs.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const done = await pdf;
    expect(done.status).toBe(200);
    expect(done.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(answered).toBeGreaterThan(20);
  }, 120_000);

  it('a report past its time is a 503 report_timeout in the error shape; the server goes on', { timeout: 120_000 }, async () => {
    const t = await server({ report: { timeoutMs: 1000 } });
    const id = await bigDraft(t, 5000);
    const res = await report(t, id);
    expect(res.status).toBe(503);
    const error = apiError.parse(await res.json());
    expect(error).toMatchObject({ status: 503, code: 'report_timeout', param: 'id' });
    expect(error.message).toBe(`The report of project ${id} took longer than 1 s to make and was stopped; try again when the computer is less busy.`);
    expect((await t.get(`/api/projects/${id}`)).status).toBe(200);
  });

  it('a report past its memory is a 503 report_too_large; the process survives and a fresh worker takes the next one', { timeout: 120_000 }, async () => {
    const t = await server({ report: { heapMb: 16 } });
    const small = project.parse(
      (await t.request('POST', '/api/projects', { body: JSON.stringify({ name: 'Small kitchen', engineer: { id: engineerId }, fixtures: [{ type: 'hand-sink' }] }) })).body,
    );
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await report(t, small.id);
      expect(res.status).toBe(503);
      expect(apiError.parse(await res.json())).toMatchObject({ code: 'report_too_large', message: `The report of project ${small.id} needs more memory than a report may take (16 MB) and was not made.` });
    }
    expect((await t.get('/api/projects?limit=1')).status).toBe(200);
  });

  it('an unknown project is still a 404 from the worker', async () => {
    const t = await server();
    const res = await report(t, 999_999);
    expect(res.status).toBe(404);
    expect(apiError.parse(await res.json())).toMatchObject({ code: 'not_found', message: 'No project with id 999999.' });
  });
});
