/**
 * The fixture limit of a project (src-shared/api/input-ranges.ts MAX_FIXTURES_PER_PROJECT; docs/api.md
 * "The fixture limit"), through the real server: a list past it is a 400 in the error shape on a
 * create and an edit (40,000 fixtures fit in the 1 MiB body and used to answer 500 "too many SQL
 * variables"), nothing is stored; a list at the limit is stored whole; and a project holding more
 * fixtures than one SQL statement takes (as the central service may send) survives a delete and its
 * undo, whose inserts go in statements of a few hundred rows (and its copy is refused, saying why).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { project } from '../../src-shared/api/people.js';
import { MAX_FIXTURES_PER_PROJECT } from '../../src-shared/api/input-ranges.js';
import { createDispatcher } from '../../src-main/ipc/dispatcher.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { peopleIndex } from '../helpers/resources.js';

let t: TestServer;
const engineerId = peopleIndex().seed.users[0]!.id;

beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 0 });
});
afterAll(async () => t?.close());

const sinks = (count: number) => Array.from({ length: count }, () => ({ type: 'hand-sink' }));

function expectTooMany(res: { status: number; body: unknown; text: string }, sent: number) {
  expect(res.status, res.text.slice(0, 300)).toBe(400);
  const error = apiError.parse(res.body);
  expect(error).toMatchObject({ code: 'invalid_field', param: 'fixtures.data' });
  expect(error.message).toContain(`at most ${MAX_FIXTURES_PER_PROJECT} fixtures`);
  expect(error.message).toContain(`${sent.toLocaleString('en-US')} were sent`);
}

async function create(fixtures: unknown[]) {
  return t.request('POST', '/api/projects', { body: JSON.stringify({ name: 'Fixture limit', engineer: { id: engineerId }, fixtures }) });
}

describe('the fixture limit', () => {
  it('a PATCH of 40,000 fixtures (under the body limit) is a 400 naming the field; the draft keeps its fixtures and version', async () => {
    const made = project.parse((await create(sinks(3))).body);
    const body = JSON.stringify({ fixtures: sinks(40_000) });
    expect(body.length).toBeLessThan(1024 * 1024);
    const res = await t.request('PATCH', `/api/projects/${made.id}`, { body });
    expectTooMany(res, 40_000);
    const after = project.parse((await t.get(`/api/projects/${made.id}?fixtures=true`)).body);
    expect(after.version).toBe(made.version);
    expect(after.fixtures!.data).toHaveLength(3);
  });

  it('a create past the limit is a 400 and creates nothing; the list object form is counted too', async () => {
    const before = t.engine.store.sqlite.prepare('select count(*) from projects').pluck().get();
    expectTooMany(await create(sinks(MAX_FIXTURES_PER_PROJECT + 1)), MAX_FIXTURES_PER_PROJECT + 1);
    const asList = await t.request('POST', '/api/projects', {
      body: JSON.stringify({ name: 'Fixture limit', engineer: { id: engineerId }, fixtures: { object: 'list', url: '/api/projects/1', data: sinks(5000) } }),
    });
    expectTooMany(asList, 5000);
    expect(t.engine.store.sqlite.prepare('select count(*) from projects').pluck().get()).toBe(before);
  });

  it('the app contract refuses the same list with the same words', async () => {
    const dispatch = createDispatcher(t.engine, { transport: 'ipc', apiUrl: null });
    const result = await dispatch('projects.create', { name: 'Fixture limit', engineer: { id: engineerId }, fixtures: sinks(MAX_FIXTURES_PER_PROJECT + 1) });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toContain(`at most ${MAX_FIXTURES_PER_PROJECT} fixtures`);
  });

  it('a project at the limit is stored whole, in order', async () => {
    const fixtures = sinks(MAX_FIXTURES_PER_PROJECT).map((f, i) => ({ ...f, name: `Hand sink ${i + 1}` }));
    const res = await create(fixtures);
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    const made = project.parse(res.body);
    expect(made.fixtures!.data.map((f) => f.name)).toEqual(fixtures.map((f) => f.name));
  });

  it('a draft holding 20,000 fixtures (as the central service may send) is deleted and brought back whole', async () => {
    const made = project.parse((await create(sinks(1))).body);
    const sqlite = t.engine.store.sqlite;
    const insert = sqlite.prepare('insert into project_fixtures (project_id, position, input) values (?, ?, ?)');
    sqlite.transaction(() => {
      for (let i = 1; i < 20_000; i++) insert.run(made.id, i, JSON.stringify({ kind: 'hand-sink', uses_typical_dimensions: true }));
    })();
    // An edit of anything else sizes the project with all its fixtures again.
    const resized = await t.request('PATCH', `/api/projects/${made.id}`, { body: JSON.stringify({ servings_per_day: 100 }) });
    expect(resized.status, resized.text.slice(0, 300)).toBe(200);
    const dispatch = createDispatcher(t.engine, { transport: 'ipc', apiUrl: null });
    const deleted = await t.request('DELETE', `/api/projects/${made.id}`);
    expect(deleted.status, deleted.text).toBe(204);
    const restored = await dispatch('projects.restore', { id: made.id });
    expect(restored.ok, JSON.stringify(restored).slice(0, 300)).toBe(true);
    expect(sqlite.prepare('select count(*) from project_fixtures where project_id = ?').pluck().get(made.id)).toBe(20_000);
    // A copy would be a write past the limit: refused with the reason, not a 500.
    const copy = await dispatch('projects.duplicate', { id: made.id });
    expect(copy).toMatchObject({ ok: false, error: { status: 409, code: 'not_copyable', param: 'fixtures.data' } });
    expect(JSON.stringify(copy)).toContain(`at most ${MAX_FIXTURES_PER_PROJECT} fixtures`);
  });
});
