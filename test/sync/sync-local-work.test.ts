/**
 * What the rep made here survives the sync: work done on the demo data before the first sync
 * moves to local ids while the demo set goes; a project made here whose id an upstream record
 * later arrives with is renumbered, never overwritten, and what the run's push said of it names it
 * by its new id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { handWrittenData } from '../helpers/spec-upstream/data.js';
import { startSpecUpstream, type SpecUpstream } from '../helpers/spec-upstream/server.js';
import { LOCAL_ID_BASE } from '../../src-main/store/local-ids.js';

let up: SpecUpstream;
let down: TestServer;

beforeAll(async () => {
  up = await startSpecUpstream(handWrittenData());
  down = await startTestServer({ rateLimitPerMinute: 0 }, { syncTuning: { timeoutMs: 20_000, attempts: 3, backoffMs: 20 } });
  await down.engine.sync.saveSettings({ upstream_url: up.url, interval_minutes: 0 }, up.key);
}, 60_000);
afterAll(async () => {
  await down?.close();
  await up?.close();
});

const count = (sql: string) => down.engine.store.sqlite.prepare(sql).pluck().get() as number;

describe('local work and the first sync', () => {
  let made: number;

  it('a project made on a demo user and an edited demo project stay, under local ids; nothing else of the demo set does', async () => {
    const demoUser = (await down.get('/api/users/3')).body as { email: string; name: string };
    const created = await down.request('POST', '/api/projects', { body: JSON.stringify({ name: 'Made before the first sync', engineer: { id: 3 }, servings_per_day: 90 }) });
    expect(created.status, created.text).toBe(201);
    made = (created.body as { id: number }).id;
    const demoDraft = down.engine.store.sqlite.prepare("select id from projects where status = 'Draft' order by id limit 1").pluck().get() as number;
    expect((await down.request('PATCH', `/api/projects/${demoDraft}`, { body: JSON.stringify({ name: 'Demo draft, edited here' }) })).status).toBe(200);

    await down.engine.sync.syncNow();
    const status = down.engine.sync.status();
    expect(status.last_error).toBeNull();
    expect(count("select count(*) from projects where origin = 'embedded'")).toBe(0);
    expect(count("select count(*) from users where origin = 'embedded'")).toBe(0);
    expect(count("select count(*) from jurisdictions where origin = 'embedded'")).toBe(0);

    // The project made here kept its id and its engineer (now a user of this machine, under a local id).
    const mine = (await down.get(`/api/projects/${made}`)).body as { name: string; engineer: { id: number; name: string; email: string } };
    expect(mine.name).toBe('Made before the first sync');
    expect(mine.engineer).toMatchObject({ name: demoUser.name, email: demoUser.email });
    expect(mine.engineer.id).toBeGreaterThanOrEqual(LOCAL_ID_BASE);
    // The edited demo draft is a project of this machine now, not under an id of the service.
    expect((await down.get(`/api/projects/${demoDraft}`)).status).toBe(404);
    const moved = down.engine.store.sqlite.prepare("select id, origin, dirty from projects where name = 'Demo draft, edited here'").get() as { id: number; origin: string; dirty: number };
    expect(moved.id).toBeGreaterThanOrEqual(LOCAL_ID_BASE);
    expect(moved).toMatchObject({ origin: 'local', dirty: 1 });
    // Every other project is the service's.
    expect(count(`select count(*) from projects where id < ${LOCAL_ID_BASE}`)).toBe(up.data.projects.length);
    expect(status.unsynced_changes).toBe(2);
    expect(status.waiting).toBe('waiting: the central service does not accept changes');
  }, 60_000);

  it('an upstream project arriving with the id of a project made here: the local one moves to a new id, both are kept', async () => {
    up.data.projects.push({ ...up.data.projects[0]!, id: made, name: 'The service numbers this one like mine' });
    await down.engine.sync.syncNow();
    expect(down.engine.sync.status().last_error).toBeNull();
    expect((await down.get(`/api/projects/${made}`)).body).toMatchObject({ name: 'The service numbers this one like mine' });
    const moved = down.engine.store.sqlite.prepare("select id, origin, dirty from projects where name = 'Made before the first sync'").get() as { id: number; origin: string; dirty: number };
    expect(moved.id).toBeGreaterThan(made);
    expect(moved).toMatchObject({ origin: 'local', dirty: 1 });
    expect((await down.get(`/api/projects/${moved.id}?fixtures=true`)).body).toMatchObject({ servings_per_day: 90 });
  }, 60_000);

  it('what the push said of a project made here names it by the id it has after the run, when an upstream record took its id', async () => {
    // Its engineer is known by name only: every push holds it, saying so (keyed by the project's id).
    const created = await down.request('POST', '/api/projects', { body: JSON.stringify({ name: 'Held for its engineer', engineer: { name: 'R. Alvarez, PE' }, servings_per_day: 40 }) });
    expect(created.status, created.text).toBe(201);
    const held = (created.body as { id: number }).id;
    const pushIssue = async () => {
      const issues = ((await down.get('/api/sync/issues')).body as { data: { resource: string; key: string; reason: string }[] }).data;
      return issues.filter((i) => i.resource === 'push' && i.reason.includes('Held for its engineer'));
    };
    await down.engine.sync.syncNow();
    expect(down.engine.sync.status().last_error).toBeNull();
    expect(await pushIssue()).toEqual([expect.objectContaining({ key: String(held) })]);

    // The next run pushes first (naming it by its id then), and its pull brings an upstream project with that id.
    up.data.projects.push({ ...up.data.projects[0]!, id: held, name: 'The service numbers this one like the held one' });
    await down.engine.sync.syncNow();
    const status = down.engine.sync.status();
    expect(status.last_error).toBeNull();
    const now = down.engine.store.sqlite.prepare("select id from projects where name = 'Held for its engineer'").pluck().get() as number;
    expect(now).not.toBe(held);
    expect(await pushIssue()).toEqual([expect.objectContaining({ key: String(now) })]);
    expect(status.held.filter((h) => h.reason.includes('Held for its engineer')).map((h) => h.project_id)).toEqual([now]);
    // The project now under the old id is the service's, and nothing the push said names it.
    expect((await down.get(`/api/projects/${held}`)).body).toMatchObject({ name: 'The service numbers this one like the held one' });
  }, 60_000);
});
