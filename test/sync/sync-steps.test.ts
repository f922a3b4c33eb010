/**
 * The sync's push, pull and apply steps, run in this process against the central service held in
 * memory (test/helpers/fake-upstream.ts: the independent spec service, with a Fieldsizer
 * upstream's versions and writes where a test switches them on) and a real store in a temporary
 * folder: the decisions on local edits, deletes, conflicts, version moves and paging, in
 * milliseconds each. The two-server tests (sync-*.test.ts) keep the runs end to end.
 *
 * Expected values come from the fake's hand-written data (spec-upstream/data.ts): 12 projects of
 * 9 users, Chicago's projects in "City of Chicago" (IL), 1011 and 1012 without a jurisdiction.
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src-main/engine/engine.js';
import { makeUnsyncedProjects } from '../store/helpers.js';
import type { FakeUpstream } from '../helpers/fake-upstream.js';
import { syncedStores } from '../helpers/in-process-sync.js';

const synced = syncedStores();

type Row = { id: number; name: string; user_id: number; jurisdiction_id: number | null; dirty: number; origin: string; base_version: number | null };
const row = (engine: Engine, id: number) => engine.store.sqlite.prepare('select id, name, user_id, jurisdiction_id, dirty, origin, base_version from projects where id = ?').get(id) as Row | undefined;
const count = (engine: Engine, sql: string, ...params: unknown[]) => engine.store.sqlite.prepare(sql).pluck().get(...params) as number;
const conflictIds = (engine: Engine) => engine.store.sqlite.prepare('select project_id from sync_conflicts order by project_id').pluck().all() as number[];
const edit = (engine: Engine, id: number, name: string) => engine.projects.update(id, { name } as never, { personal: true });
const upstreamProject = (up: FakeUpstream, id: number) => up.data.projects.find((p) => p.id === id)!;
const detailAsked = (up: FakeUpstream) => up.seen.filter((s) => s.method === 'GET' && /^\/api\/projects\/\d+\?/.test(s.path)).map((s) => Number(/\d+/.exec(s.path)![0]));

describe('pull and apply, against a spec-only service (no ids, versions, ETags nor totals)', () => {
  it('a first sync brings every project, linked to its engineer by e-mail and to a jurisdiction built from what it embeds', async () => {
    const { engine } = await synced();
    expect(count(engine, "select count(*) from projects where origin = 'upstream' and dirty = 0")).toBe(12);
    expect(count(engine, "select count(*) from projects where origin <> 'upstream'")).toBe(0);
    expect(row(engine, 1001)!.user_id).toBe(101);
    expect(row(engine, 1006)!.user_id).toBe(104);
    // One "City of Chicago" (IL) for the Chicago projects, 1008 (no state shown) matched to it by name.
    const chicago = [1001, 1002, 1008, 1009, 1010].map((id) => row(engine, id)!.jurisdiction_id);
    expect(new Set(chicago).size).toBe(1);
    const j = engine.store.sqlite.prepare('select name, state, source from jurisdictions where id = ?').get(chicago[0]) as { name: string; state: string; source: string };
    expect(j).toEqual({ name: 'City of Chicago', state: 'IL', source: 'projects' });
    // Two "City of Springfield", told apart by state.
    expect(row(engine, 1006)!.jurisdiction_id).not.toBe(row(engine, 1007)!.jurisdiction_id);
    expect(row(engine, 1011)!.jurisdiction_id).toBeNull();
    // 1002: a pot sink, a hand sink and a floor drain (the wok range is served only with the oddFixtures quirk).
    expect(count(engine, 'select count(*) from project_fixtures where project_id = 1002')).toBe(3);
    expect(engine.store.sqlite.prepare('select text from project_notes where project_id = 1001').pluck().all()).toEqual(['Please confirm the sampling port.']);
  });

  it('pages of any size lose nothing (a service that caps every page at 5 items): a full check keeps every record', async () => {
    const { engine, up, run } = await synced();
    up.quirks.pageCap = 5;
    const { applied } = await run({ push: false });
    expect(applied).not.toBeNull();
    expect(up.seen.filter((s) => s.path.startsWith('/api/projects?')).length).toBeGreaterThan(2);
    expect(count(engine, "select count(*) from projects where origin = 'upstream'")).toBe(12);
    expect(count(engine, "select count(*) from users where origin = 'upstream'")).toBe(up.data.users.length);
  });

  it('with nothing changed and the lists trusted, asks for no project; on a full check, asks for each', async () => {
    const { up, run } = await synced();
    await run({ trustDates: true });
    expect(detailAsked(up)).toEqual([]);
    await run({ trustDates: false });
    expect(new Set(detailAsked(up)).size).toBe(12);
  });

  it('a project changed upstream arrives; one gone upstream goes; one gone upstream but edited here stays', async () => {
    const { engine, up, run } = await synced();
    upstreamProject(up, 1006).name = 'Springfield Diner (rebuilt)';
    await edit(engine, 1008, 'Food hall, my notes');
    up.data.projects.splice(up.data.projects.indexOf(upstreamProject(up, 1012)), 1);
    up.data.projects.splice(up.data.projects.indexOf(upstreamProject(up, 1008)), 1);
    await run({ trustDates: true, push: false });
    expect(detailAsked(up)).toEqual([1006]);
    expect(row(engine, 1006)!.name).toBe('Springfield Diner (rebuilt)');
    expect(row(engine, 1012)).toBeUndefined();
    expect(row(engine, 1008)).toMatchObject({ name: 'Food hall, my notes', dirty: 1 });
  });

  it('a service answering every list empty is held back by the mass-deletion guard: nothing goes', async () => {
    const { engine, up, run } = await synced();
    up.quirks.emptyLists = true;
    const held = await run({ push: false });
    expect(held.applied).toBeNull();
    expect(count(engine, "select count(*) from projects where origin = 'upstream'")).toBe(12);
  });
});

describe("a local edit meeting the upstream's copy in the apply (decide.ts movedUpstream)", () => {
  // The push is left out: the apply meets the edit itself, as when a run's push was cut off.
  it('by version: the same version is no conflict; a higher one is; a lower one (the service restored from a backup) is too', async () => {
    const { engine, up, run } = await synced({ version: 5 });
    for (const id of [1002, 1006, 1009]) await edit(engine, id, `Mine ${id}`);
    up.versions.set(1006, 7);
    upstreamProject(up, 1006).name = 'Theirs, later';
    up.versions.set(1009, 3);
    upstreamProject(up, 1009).name = 'Theirs, restored';
    await run({ push: false });
    expect(conflictIds(engine)).toEqual([1006, 1009]);
    // Mine is kept in every case, theirs beside it.
    for (const id of [1002, 1006, 1009]) expect(row(engine, id)).toMatchObject({ name: `Mine ${id}`, dirty: 1, base_version: 5 });
    const theirs = engine.store.sqlite.prepare('select record from sync_conflicts where project_id = 1009').pluck().get() as string;
    expect(JSON.parse(theirs)).toMatchObject({ theirs: { name: 'Theirs, restored', version: 3 }, mine: { name: 'Mine 1009' } });
  });

  it('without versions, by the fingerprint of the answer: the same answer is no conflict, another is, and no fingerprint to compare with is one', async () => {
    const { engine, up, run } = await synced();
    for (const id of [1002, 1006, 1009]) await edit(engine, id, `Mine ${id}`);
    upstreamProject(up, 1006).name = 'Theirs, later';
    // 1009 unchanged upstream, but what it was last synced from is not known (an answer kept before fingerprints were).
    engine.store.sqlite.prepare("update sync_answers set fingerprint = null where path like '/api/projects/1009?%'").run();
    await run({ push: false });
    expect(conflictIds(engine)).toEqual([1006, 1009]);
    for (const id of [1002, 1006, 1009]) expect(row(engine, id)).toMatchObject({ name: `Mine ${id}`, dirty: 1 });
  });

  it('against a service without writes, an edit simply waits: no conflict, not overwritten', async () => {
    const { engine, up, run } = await synced();
    await edit(engine, 1006, 'Mine');
    upstreamProject(up, 1006).name = 'Theirs, later';
    const { pushed } = await run();
    expect(pushed.queuedReason).toMatch(/does not accept changes/);
    expect(up.seen.filter((s) => s.method !== 'GET').map((s) => `${s.method} ${s.path} ${s.status}`)).toEqual([`POST /api/projects ${up.quirks.writeStatus}`]);
    expect(conflictIds(engine)).toEqual([]);
    expect(row(engine, 1006)).toMatchObject({ name: 'Mine', dirty: 1 });
  });
});

describe('the push, against a service that takes writes and shows versions', () => {
  const writes = (up: FakeUpstream) => up.seen.filter((s) => s.method !== 'GET');

  it('an edit to a project unchanged there is sent against the version it was based on; the pull then brings the new version, no conflict', async () => {
    const { engine, up, run } = await synced({ writes: true, version: 5 });
    await edit(engine, 1006, 'Mine');
    const { pushed } = await run();
    expect(pushed.sent).toBe(1);
    const patch = writes(up).find((s) => s.method === 'PATCH')!;
    expect(patch).toMatchObject({ path: '/api/projects/1006', status: 200, body: { name: 'Mine', version: 5 } });
    expect(upstreamProject(up, 1006).name).toBe('Mine');
    expect(row(engine, 1006)).toMatchObject({ name: 'Mine', dirty: 0, base_version: 6 });
    expect(conflictIds(engine)).toEqual([]);
  });

  it('an edit to a project the service shows at a lower version than its base (restored there) is not sent: a conflict, both kept', async () => {
    const { engine, up, run } = await synced({ writes: true, version: 5 });
    await edit(engine, 1006, 'Mine');
    up.versions.set(1006, 3);
    const { pushed } = await run();
    expect(pushed.conflicts.map((c) => c.project_id)).toEqual([1006]);
    expect(writes(up).filter((s) => s.method === 'PATCH')).toEqual([]);
    expect(conflictIds(engine)).toEqual([1006]);
    expect(row(engine, 1006)).toMatchObject({ name: 'Mine', dirty: 1 });
  });

  it('a project made here is created there and comes back under its id there; a draft deleted here is deleted there and not brought back', async () => {
    const { engine, up, run } = await synced({ writes: true, version: 5 });
    const [localId] = await makeUnsyncedProjects(engine, 1, 'Made here');
    await engine.projects.delete(1012, undefined);
    const { pushed } = await run();
    expect(pushed.sent).toBe(2);
    expect(writes(up).map((s) => `${s.method} ${s.path} ${s.status}`)).toEqual(['POST /api/projects 400', 'DELETE /api/projects/1012?version=5 204', 'POST /api/projects 201']);
    // The service numbered it after its last project (1012).
    expect(row(engine, 1013)).toMatchObject({ name: 'Made here 1', origin: 'upstream', dirty: 0 });
    expect(row(engine, localId!)).toBeUndefined();
    expect(row(engine, 1012)).toBeUndefined();
    expect(upstreamProject(up, 1012)).toBeUndefined();
    expect(count(engine, 'select count(*) from sync_tombstones')).toBe(0);
  });

  it('a project made here and changed while the same run pulls keeps the change; the next run sends it as an edit of the copy there', async () => {
    const { engine, up, run } = await synced({ writes: true, version: 5 });
    const [localId] = await makeUnsyncedProjects(engine, 1, 'Made here');
    await run({ afterPush: async () => void (await edit(engine, localId!, 'Changed during the sync')) });
    // Sent as it was before the change (the service numbered it after its last project, 1012).
    expect(upstreamProject(up, 1013).name).toBe('Made here 1');
    expect(row(engine, localId!)).toMatchObject({ name: 'Changed during the sync', dirty: 1 });

    const { pushed } = await run();
    expect(pushed.sent).toBe(1);
    // Created there once (a 400 POST is the push's probe of whether the service takes writes).
    expect(writes(up).filter((s) => s.method === 'POST' && s.status === 201)).toHaveLength(1);
    expect(upstreamProject(up, 1013).name).toBe('Changed during the sync');
    expect(row(engine, localId!)).toBeUndefined();
    expect(row(engine, 1013)).toMatchObject({ name: 'Changed during the sync', origin: 'upstream', dirty: 0 });
    expect(count(engine, "select count(*) from projects where name in ('Made here 1', 'Changed during the sync')")).toBe(1);
  });

  it('a draft deleted here but changed there is not deleted: a conflict; keep theirs brings their copy back', async () => {
    const { engine, up, run } = await synced({ writes: true, version: 5 });
    await engine.projects.delete(1012, undefined);
    up.versions.set(1012, 6);
    upstreamProject(up, 1012).name = 'Geneva Pizza Co. (renamed)';
    await run();
    expect(writes(up).find((s) => s.method === 'DELETE')).toMatchObject({ status: 409 });
    expect(conflictIds(engine)).toEqual([1012]);
    expect(row(engine, 1012)).toBeUndefined();
    await engine.sync.resolve(1012, 'theirs');
    expect(row(engine, 1012)).toMatchObject({ name: 'Geneva Pizza Co. (renamed)', dirty: 0, base_version: 6, user_id: 107 });
    expect(count(engine, 'select count(*) from sync_tombstones')).toBe(0);
    expect(conflictIds(engine)).toEqual([]);
  });
});
