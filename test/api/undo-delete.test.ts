/**
 * Undo of a deleted draft (issue 14): the same project comes back (id, version, notes, status
 * dates, fixtures), and the sync never sends the delete that was undone; the sync status counts
 * the changes the central service accepted (`pushed`), so "sent" is what was sent. Two real stores: a
 * Fieldsizer serving as the central service, and one synced from it where the rep deletes and
 * undoes; the undo goes through the contract method the app's Undo calls.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, type Dispatch } from '../../src-main/ipc/dispatcher.js';
import type { Envelope } from '../../src-shared/ipc/contract.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';

let up: TestServer;
let down: TestServer;
let dispatch: Dispatch;

beforeAll(async () => {
  up = await startTestServer({ rateLimitPerMinute: 0 });
  // A small central service: a first sync of every demo project is not what this is about.
  const db = new Database(up.engine.store.file);
  db.pragma('foreign_keys = ON');
  db.prepare('delete from projects where id > 120').run();
  db.close();
  down = await startTestServer({ rateLimitPerMinute: 0 }, { syncTuning: { timeoutMs: 20_000, attempts: 3, backoffMs: 20 } });
  await down.engine.sync.saveSettings({ upstream_url: up.server.url, interval_minutes: 0 }, up.key);
  await down.engine.sync.syncNow();
  expect(down.engine.sync.status().last_error).toBeNull();
  dispatch = createDispatcher(down.engine, { transport: 'ipc', apiUrl: null });
}, 120_000);
afterAll(async () => {
  await down?.close();
  await up?.close();
});

const sqlite = () => down.engine.store.sqlite;
/** A synced draft of the central service, with a note (as a sync brings them: the demo drafts have none). */
function draftWithNote(): number {
  const id = sqlite().prepare("select id from projects where status = 'Draft' and origin = 'upstream' order by id").pluck().get() as number;
  sqlite().prepare("insert into project_notes (project_id, author, text, created) values (?, 'Inspector', 'Grease trap access must stay clear.', '2026-03-02T10:00:00.000Z')").run(id);
  return id;
}
const tombstoned = (id: number) => sqlite().prepare('select count(*) from sync_tombstones where project_id = ?').pluck().get(id) as number;

async function restore(id: number) {
  return (await dispatch('projects.restore', { id })) as Envelope<{ project: { id: number } }>;
}

describe('Undo of a deleted draft', () => {
  it('brings back the same project, and the sync does not delete it upstream', async () => {
    const id = draftWithNote();
    const path = `/api/projects/${id}?fixtures=true&notes=true&accessories=true`;
    const before = (await down.get(path)).body as { version: number; notes: { data: unknown[] } };
    expect(before.notes.data.length).toBeGreaterThan(0);

    expect((await down.request('DELETE', `/api/projects/${id}`)).status).toBe(204);
    expect((await down.get(path)).status).toBe(404);
    expect(tombstoned(id)).toBe(1);
    expect(down.engine.sync.status().unsynced_changes).toBe(1);

    const restored = await restore(id);
    expect(restored.ok).toBe(true);
    // The same resource as before the delete: id, version, notes, fixtures, status dates.
    expect((await down.get(path)).body).toEqual(before);
    expect(tombstoned(id)).toBe(0);
    expect(down.engine.sync.status().unsynced_changes).toBe(0);

    await down.engine.sync.syncNow();
    expect(down.engine.sync.status().last_error).toBeNull();
    // Nothing was sent (the status counts what the central service accepted): the project is still there.
    expect(down.engine.sync.status().pushed).toBe(0);
    expect((await up.get(`/api/projects/${id}`)).status).toBe(200);
    expect((await down.get(path)).body).toEqual(before);
    // Nothing is left to undo.
    expect(await restore(id)).toMatchObject({ ok: false, error: { status: 404, param: 'id' } });
  }, 60_000);

  it('a project made here comes back under its own id and is still sent by the sync', async () => {
    const created = await down.request('POST', '/api/projects', { body: JSON.stringify({ name: 'Undo Made Here', engineer: { id: 3 }, servings_per_day: 80 }) });
    expect(created.status, created.text).toBe(201);
    const made = created.body as { id: number; version: number; created: string };
    expect((await down.request('DELETE', `/api/projects/${made.id}`)).status).toBe(204);
    expect(await restore(made.id)).toMatchObject({ ok: true, value: { project: { id: made.id } } });
    const back = (await down.get(`/api/projects/${made.id}`)).body as { version: number; created: string; name: string };
    expect(back).toMatchObject({ name: 'Undo Made Here', version: made.version, created: made.created });
    // Still a change to send: the central service does not know it yet; the sync sends it, and says so.
    expect(down.engine.sync.status().unsynced_changes).toBe(1);
    await down.engine.sync.syncNow();
    expect(down.engine.sync.status()).toMatchObject({ last_error: null, pushed: 1, unsynced_changes: 0 });
  }, 60_000);

  it('cannot be undone once the sync has sent the delete', async () => {
    const id = draftWithNote();
    expect((await down.request('DELETE', `/api/projects/${id}`)).status).toBe(204);
    await down.engine.sync.syncNow();
    expect(down.engine.sync.status()).toMatchObject({ last_error: null, pushed: 1 });
    expect((await up.get(`/api/projects/${id}`)).status).toBe(404);
    const refused = await restore(id);
    expect(refused).toMatchObject({ ok: false, error: { status: 409, code: 'delete_sent' } });
    expect((refused as Extract<typeof refused, { ok: false }>).error.message).toMatch(/already deleted it on the central service/);
    expect((await down.get(`/api/projects/${id}`)).status).toBe(404);
  }, 60_000);
});
