/**
 * A project whose stored data is damaged (a JSON column that no longer parses, as a disk fault or
 * a hand-edited store leaves it; docs/api.md "A damaged project"), through the real server on a
 * real SQLite file: lists and search go on and show it with what its row still holds (its inputs
 * as not stated); reading the project itself, its sizing, its report, an edit or a status change answer 500
 * `damaged_record` naming the project and what is damaged (never "The body is not valid JSON.");
 * it can still be deleted; the unsynced export writes the other projects and says which it left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { projectListItem } from '../../src-shared/api/people.js';
import { readFieldsizerFile } from '../../src-shared/transfer/fieldsizer-file.js';
import { createDispatcher } from '../../src-main/ipc/dispatcher.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { makeUnsyncedProjects } from '../store/helpers.js';

let t: TestServer;
let ids: number[];
let damaged: number;
let engineerId: number;

beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 0 });
  ids = await makeUnsyncedProjects(t.engine, 3, 'Quokka damage');
  damaged = ids[1]!;
  engineerId = t.engine.store.sqlite.prepare('select user_id from projects where id = ?').pluck().get(damaged) as number;
  // Cut off mid-value, as a torn write would leave it.
  t.engine.store.sqlite.prepare(`update projects set inputs = '{"menu_type": "casual-din' where id = ?`).run(damaged);
});
afterAll(async () => t?.close());

function expectDamaged(res: { status: number; body: unknown; text: string }, what = 'sizing inputs') {
  expect(res.status, res.text.slice(0, 300)).toBe(500);
  const error = apiError.parse(res.body);
  expect(error.code).toBe('damaged_record');
  expect(error.message).toBe(
    `Project ${damaged} ("Quokka damage 2") cannot be read: its stored ${what} are damaged. Delete it, or restore a backup from before the damage; the other projects are not affected.`,
  );
}

describe('a project whose stored inputs are damaged', () => {
  it('the project list goes on, showing it with its inputs as not stated beside the others', async () => {
    const total = Number((await t.get('/api/projects?limit=1')).headers.get('x-total-count'));
    const res = await t.get(`/api/projects?limit=3&offset=${total - 3}`);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const items = (res.body as { data: unknown[] }).data.map((i) => projectListItem.parse(i));
    expect(items.map((i) => i.id)).toEqual(ids);
    expect(items.map((i) => i.installation_location)).toEqual(['Indoors', null, 'Indoors']);
    expect(items[1]!.name).toBe('Quokka damage 2');
  });

  it('search finds it and the others', async () => {
    const res = await t.get('/api/search?type=project&query=quokka');
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect((res.body as { data: { id: number }[] }).data.map((p) => p.id).sort()).toEqual([...ids].sort());
  });

  it("its engineer's projects are listed too (with the damaged inputs as not stated)", async () => {
    const count = t.engine.store.sqlite.prepare('select count(*) from projects where user_id = ?').pluck().get(engineerId) as number;
    const res = await t.get(`/api/users/${engineerId}?projects=true&limit=3&offset=${count - 3}`);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const embedded = (res.body as { projects: { data: { id: number; menu_type: string | null; servings_per_day: number | null }[] } }).projects.data;
    expect(embedded.map((p) => p.id)).toEqual(ids);
    expect(embedded.map((p) => p.servings_per_day)).toEqual([200, null, 300]);
  });

  it('reading it, its sizing, its report or an edit answer 500 damaged_record naming it, never a bad body', async () => {
    expectDamaged(await t.get(`/api/projects/${damaged}`));
    expectDamaged(await t.get(`/api/projects/${damaged}?fixtures=true&notes=true`));
    expectDamaged(await t.get(`/api/projects/${damaged}/sizing`));
    expectDamaged(await t.request('PATCH', `/api/projects/${damaged}`, { body: JSON.stringify({ servings_per_day: 10 }) }));
    expectDamaged(await t.request('POST', `/api/sizing?project_id=${damaged}`, { body: JSON.stringify({ servings_per_day: 10 }) }));
    // Not sent on for review either, and left as it was.
    expectDamaged(await t.request('POST', `/api/projects/${damaged}/status`, { body: JSON.stringify({ status: 'Closed' }) }));
    expect(t.engine.store.sqlite.prepare('select status from projects where id = ?').pluck().get(damaged)).toBe('Draft');
    const pdf = await fetch(`${t.server.url}/api/projects/${damaged}/report.pdf`, { headers: { authorization: `Bearer ${t.key}` } });
    expectDamaged({ status: pdf.status, text: '', body: await pdf.json() });
    // The others are as they were.
    expect((await t.get(`/api/projects/${ids[0]}`)).status).toBe(200);
  });

  it('a damaged fixture is named too', async () => {
    const [id] = await makeUnsyncedProjects(t.engine, 1, 'Quokka fixture');
    t.engine.store.sqlite.prepare("update project_fixtures set input = '{\"kind\": ' where project_id = ? and position = 1").run(id);
    const res = await t.get(`/api/projects/${id}?fixtures=true`);
    expect(res.status).toBe(500);
    expect(apiError.parse(res.body)).toMatchObject({ code: 'damaged_record', message: expect.stringContaining(`Project ${id} ("Quokka fixture 1") cannot be read: its stored fixture 2 data are damaged.`) });
    t.engine.store.sqlite.prepare('delete from projects where id = ?').run(id);
  });

  it('the unsynced export writes the others and says which it left out, and why', async () => {
    const dispatch = createDispatcher(t.engine, { transport: 'http', apiUrl: null });
    const result = await dispatch('projects.export', { unsynced: true });
    expect(result.ok, JSON.stringify(result).slice(0, 300)).toBe(true);
    const value = (result as { value: { count: number; content: string; skipped: { id: number; name: string; reason: string }[] } }).value;
    expect(value.skipped).toEqual([{ id: damaged, name: 'Quokka damage 2', reason: expect.stringContaining('its stored sizing inputs are damaged') }]);
    const read = readFieldsizerFile(value.content);
    expect(read.ok).toBe(true);
    const exported = read.ok ? read.file.projects.map((p) => p.source_id) : [];
    expect(exported).toContain(ids[0]);
    expect(exported).toContain(ids[2]);
    expect(exported).not.toContain(damaged);
    // Only the damaged one asked for: nothing can be written, and the answer says why.
    const alone = await dispatch('projects.export', { ids: [damaged] });
    expect(alone).toMatchObject({ ok: false, error: { status: 500, code: 'damaged_record' } });
  });

  it('it can still be deleted', async () => {
    expect((await t.request('DELETE', `/api/projects/${damaged}`)).status).toBe(204);
    expect((await t.get(`/api/projects/${damaged}`)).status).toBe(404);
  });

  it('a body that is not JSON is still the client’s 400', async () => {
    const res = await t.request('POST', '/api/projects', { body: '{"name": ' });
    expect(res.status).toBe(400);
    expect(apiError.parse(res.body)).toMatchObject({ code: 'invalid_body', message: 'The body is not valid JSON.' });
  });
});
