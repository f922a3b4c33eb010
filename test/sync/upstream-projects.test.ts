/**
 * The one writer of upstream projects (src-main/sync/upstream-projects.ts), on a real store in a
 * temporary folder: "keep theirs" writes the upstream's copy exactly as a pull writes it (the
 * engineer by e-mail, the jurisdiction built from what the copy embeds), and the writer never
 * overwrites a project edited or deleted here, nor writes one whose engineer it cannot find.
 * The upstream copies come from the independent spec service (test/helpers/fake-upstream.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src-main/engine/engine.js';
import { LOCAL_ID_BASE } from '../../src-main/store/local-ids.js';
import { writeUpstreamProject } from '../../src-main/sync/upstream-projects.js';
import type { FakeUpstream } from '../helpers/fake-upstream.js';
import { syncedStores } from '../helpers/in-process-sync.js';

const synced = syncedStores();

const DETAIL = (id: number) => `/api/projects/${id}?fixtures=true&notes=true&accessories=true`;

/** A project as the store holds it, with its fixtures and notes, and its jurisdiction by what it is (ids are each store's own). */
function held(engine: Engine, id: number) {
  const sql = engine.store.sqlite;
  const { jurisdiction_id, ...row } = sql.prepare('select * from projects where id = ?').get(id) as Record<string, unknown>;
  return {
    row,
    jurisdiction: sql.prepare('select name, state, source, origin, rules, sizing_labels from jurisdictions where id = ?').get(jurisdiction_id) ?? null,
    fixtures: sql.prepare('select position, input from project_fixtures where project_id = ? order by position').all(id),
    notes: sql.prepare('select author, text, created from project_notes where project_id = ? order by id').all(id),
  };
}

/** The upstream's copy of a project now, as the sync receives it: the parsed body and the fingerprint of its bytes. */
async function copyOf(up: FakeUpstream, id: number): Promise<{ body: unknown; fingerprint: string }> {
  const client = up.client();
  try {
    const res = await client.get<unknown>(DETAIL(id));
    return { body: res.body, fingerprint: res.fingerprint! };
  } finally {
    await client.close();
  }
}

/** Writes a copy through the writer, as keep theirs does, in a transaction of its own. */
function writeCopy(engine: Engine, copy: { body: unknown; fingerprint: string }, id: number, user: number | null) {
  return engine.store.db.transaction().execute((trx) => writeUpstreamProject(trx, engine.store.sqlite, copy.body, { path: DETAIL(id), fingerprint: copy.fingerprint }, user));
}

describe('keep theirs', () => {
  it('writes their copy as a pull writes it, with the jurisdiction it names built from what it embeds, also one no project had before', async () => {
    // Here: 1006 edited; there: moved to a jurisdiction no project of this store has yet, and renamed.
    const here = await synced({ writes: true });
    await here.engine.projects.update(1006, { name: 'Mine' } as never, { personal: true });
    const moveThere = (up: FakeUpstream) => {
      up.data.jurisdictions.peoria = { name: 'City of Peoria', plumbing_code: 'Illinois Plumbing Code', indoor: 'Hydromechanical, by flow rate', outdoor: 'Gravity, by drainage fixture units', contacts: [] };
      const p = up.data.projects.find((x) => x.id === 1006)!;
      Object.assign(p, { name: 'Springfield Diner (Peoria)', jurisdiction: 'peoria', address: { ...p.address, city: 'Peoria', state: 'IL', postal_code: '61602' } });
    };
    moveThere(here.up);
    await here.run();
    expect(here.engine.store.sqlite.prepare('select project_id from sync_conflicts').pluck().all()).toEqual([1006]);
    await here.engine.sync.resolve(1006, 'theirs');

    // A store that never had 1006 edited, pulling the same upstream.
    const pulled = await synced();
    moveThere(pulled.up);
    await pulled.run();

    const mine = held(here.engine, 1006);
    expect(mine).toEqual(held(pulled.engine, 1006));
    expect(mine.row).toMatchObject({ name: 'Springfield Diner (Peoria)', user_id: 104, dirty: 0, origin: 'upstream', base_version: null });
    expect(mine.jurisdiction).toMatchObject({ name: 'City of Peoria', state: 'IL', source: 'projects' });
    const peoria = here.engine.store.sqlite.prepare("select id from jurisdictions where name = 'City of Peoria'").pluck().get() as number;
    expect(peoria).toBeGreaterThanOrEqual(LOCAL_ID_BASE);
    // The answer their copy came in is the base now: the same the pulling store holds.
    const print = (e: Engine) => e.store.sqlite.prepare('select fingerprint from sync_answers where path = ?').pluck().get(DETAIL(1006));
    expect(print(here.engine)).toBe((await copyOf(here.up, 1006)).fingerprint);
    expect(print(here.engine)).toBe(print(pulled.engine));
    expect(here.engine.store.sqlite.prepare('select count(*) from sync_conflicts').pluck().get()).toBe(0);
    // And the next run finds nothing to say about it.
    await here.run();
    expect(here.engine.store.sqlite.prepare('select count(*) from sync_conflicts').pluck().get()).toBe(0);
  });
});

describe('the writer', () => {
  it('leaves a project edited here and one deleted here as they are', async () => {
    const { engine, up } = await synced();
    await engine.projects.update(1006, { name: 'Mine' } as never, { personal: true });
    await engine.projects.delete(1012, undefined);
    for (const id of [1006, 1012]) up.data.projects.find((p) => p.id === id)!.name = 'Theirs';
    const issues = [...(await writeCopy(engine, await copyOf(up, 1006), 1006, null)), ...(await writeCopy(engine, await copyOf(up, 1012), 1012, null))];
    expect(issues).toEqual([]);
    expect(held(engine, 1006).row).toMatchObject({ name: 'Mine', dirty: 1 });
    expect(engine.store.sqlite.prepare('select count(*) from projects where id = 1012').pluck().get()).toBe(0);
  });

  it('finds the engineer by the e-mail shown in any case; else takes the user it is given; else sets the project aside', async () => {
    const { engine, up } = await synced();
    const p = up.data.projects.find((x) => x.id === 1011)!;
    const user = up.data.users.find((u) => u.id === p.user)!;
    // The e-mail shown in capitals still finds user 109.
    user.email = user.email!.toUpperCase();
    expect(await writeCopy(engine, await copyOf(up, 1011), 1011, null)).toEqual([]);
    expect(held(engine, 1011).row).toMatchObject({ user_id: 109 });
    // An e-mail no user here has: the user given (keep theirs gives the local copy's).
    user.email = 'someone.else@example.com';
    expect(await writeCopy(engine, await copyOf(up, 1011), 1011, 105)).toEqual([]);
    expect(held(engine, 1011).row).toMatchObject({ user_id: 105 });
    // None: set aside, with the reason, and not written.
    engine.store.sqlite.prepare('delete from projects where id = 1011').run();
    const issues = await writeCopy(engine, await copyOf(up, 1011), 1011, null);
    expect(issues).toEqual([{ kind: 'rejected', resource: 'projects', key: '1011', reason: 'its engineer (someone.else@example.com) is not among the users' }]);
    expect(engine.store.sqlite.prepare('select count(*) from projects where id = 1011').pluck().get()).toBe(0);
  });
});
