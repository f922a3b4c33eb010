/**
 * The engineer of a project made here, against a central service that takes writes (a second
 * Fieldsizer): a contact typed in at the job site and "not known yet" are sent so the upstream can
 * take them (a new contact, the placeholder), never as a local id it does not know; a contact
 * whose e-mail the upstream has already becomes that user here, and the sync goes on. A contact
 * known by name only holds its project ("needs the engineer's e-mail") until the e-mail is filled
 * in, while everything else goes; a Draft already sent that gets another engineer sends it.
 */
import { describe, expect, it } from 'vitest';
import { syncPair, type TestServer } from '../helpers/api-server.js';
import { LOCAL_ID_BASE } from '../../src-main/store/local-ids.js';
import { UNKNOWN_ENGINEER } from '../../src-shared/api/project-write.js';
import { recordPushed } from '../../src-main/sync/sync-state.js';
import { peopleIndex } from '../helpers/resources.js';

const pair = syncPair();

async function sync(t: TestServer) {
  await t.engine.sync.syncNow();
  return t.engine.sync.status();
}

type Detail = { id: number; name: string; engineer: { id: number; name: string; email: string; company?: string | null } };

/** The one project of that name on a server, in full. */
async function projectNamed(t: TestServer, name: string): Promise<Detail | undefined> {
  const found = (await t.get(`/api/search?type=project&query=${encodeURIComponent(name)}`)).body as { data: { id: number; name: string }[] };
  const hits = found.data.filter((p) => p.name === name);
  expect(hits.length).toBeLessThanOrEqual(1);
  return hits[0] ? ((await t.get(`/api/projects/${hits[0].id}`)).body as Detail) : undefined;
}

const usersWithEmail = (t: TestServer, email: string) =>
  t.engine.store.sqlite.prepare('select id, origin from users where lower(email) = ?').all(email) as { id: number; origin: string }[];

describe('the engineer of a project made here', () => {
  it('a new contact and "not known yet" go up with the project; a contact the upstream already has becomes that user', async () => {
    const { up, down } = pair;
    expect((await sync(down)).last_error).toBeNull();
    // After that sync another rep names a new contact at the central service.
    const elsewhere = await up.request('POST', '/api/projects', { body: JSON.stringify({ name: 'Another rep', engineer: { name: 'Lee Park', email: 'lee.park@firm.example', company: 'Park PE' } }) });
    expect(elsewhere.status, elsewhere.text).toBe(201);

    // Offline here: three projects whose engineers the central service has no id for.
    const make = async (name: string, engineer: unknown) => {
      const r = await down.request('POST', '/api/projects', { body: JSON.stringify({ name, engineer, menu_type: 'pizza', servings_per_day: 120 }) });
      expect(r.status, r.text).toBe(201);
    };
    await make('Gonzaga kitchen', { name: 'Ana Gonzaga', email: 'ana.gonzaga@firm.example', company: 'Gonzaga Engineering' });
    await make('Engineer to follow', { unknown: true });
    await make('Park kitchen', { name: 'Lee Park', email: 'lee.park@firm.example' });
    expect(usersWithEmail(down, 'ana.gonzaga@firm.example')[0]!.id).toBeGreaterThanOrEqual(LOCAL_ID_BASE);

    const first = await sync(down);
    expect(first.last_error).toBeNull();
    // The new contact was created upstream with the project; the placeholder is the upstream's own.
    const gonzaga = (await projectNamed(up, 'Gonzaga kitchen'))!;
    expect(gonzaga.engineer).toMatchObject({ name: 'Ana Gonzaga', email: 'ana.gonzaga@firm.example' });
    expect((await up.get('/api/user-by-email/ana.gonzaga@firm.example')).body).toMatchObject({ name: 'Ana Gonzaga', company: 'Gonzaga Engineering' });
    expect((await projectNamed(up, 'Engineer to follow'))!.engineer).toMatchObject({ name: UNKNOWN_ENGINEER.name, email: UNKNOWN_ENGINEER.email });
    // Lee Park's e-mail was taken upstream: that project waits (reported), and was not made twice.
    expect(await projectNamed(up, 'Park kitchen')).toBeUndefined();
    expect((await down.engine.sync.issues()).some((i) => i.resource === 'push' && /Park kitchen/.test(i.reason))).toBe(true);

    // Here: each contact is now the upstream's user, once, and the projects name it.
    for (const email of ['ana.gonzaga@firm.example', 'lee.park@firm.example', UNKNOWN_ENGINEER.email]) {
      const users = usersWithEmail(down, email);
      expect(users, email).toHaveLength(1);
      expect(users[0]!.origin, email).toBe('upstream');
    }
    expect((await projectNamed(down, 'Gonzaga kitchen'))!.engineer.id).toBe(gonzaga.engineer.id);
    const parkHere = (await projectNamed(down, 'Park kitchen'))!;
    expect(parkHere.engineer.id).toBe(usersWithEmail(down, 'lee.park@firm.example')[0]!.id);

    // The next sync sends it with the upstream's user.
    const second = await sync(down);
    expect(second.last_error).toBeNull();
    expect(second.unsynced_changes).toBe(0);
    const parkThere = (await projectNamed(up, 'Park kitchen'))!;
    expect(parkThere.engineer).toMatchObject({ id: parkHere.engineer.id, email: 'lee.park@firm.example' });
  }, 180_000);
});

const seedUsers = peopleIndex().seed.users;
const patchOk = async (t: TestServer, id: number, body: unknown) => {
  const r = await t.request('PATCH', `/api/projects/${id}`, { body: JSON.stringify(body) });
  expect(r.status, r.text).toBe(200);
  return r.body as Detail;
};

describe('an engineer known by name only, and a Draft whose engineer changes', () => {
  it("holds the project with \"needs the engineer's e-mail\" while the rest goes, then sends it once the e-mail is filled in", async () => {
    const { up, down } = pair;
    expect((await sync(down)).last_error).toBeNull();
    const make = async (name: string, engineer: unknown) => {
      const r = await down.request('POST', '/api/projects', { body: JSON.stringify({ name, engineer, menu_type: 'pizza', servings_per_day: 80 }) });
      expect(r.status, r.text).toBe(201);
      return r.body as Detail;
    };
    const contact = (await make('Title block kitchen', { name: 'R. Alvarez, PE', company: 'Alvarez Design' })).engineer;
    await make('Ready kitchen', { name: 'Kim Ready', email: 'kim.ready@firm.example' });

    const first = await sync(down);
    expect(first.last_error).toBeNull();
    // Everything else went in the same run.
    expect(await projectNamed(up, 'Ready kitchen')).toBeDefined();
    expect(await projectNamed(up, 'Title block kitchen')).toBeUndefined();
    expect(first.unsynced_changes).toBe(1);
    // (Its local id may have moved: the upstream's new project can arrive with the same one.)
    const held = (await projectNamed(down, 'Title block kitchen'))!;
    expect(held.engineer).toMatchObject({ id: contact.id, email: '' });
    // Said plainly in the status (GET /api/sync, the sync screen) and among the run's issues (the summary).
    const status = (await down.get('/api/sync')).body as { held: { project_id: number; reason: string }[]; warnings: number };
    expect(status.held).toEqual([{ project_id: held.id, reason: expect.stringContaining("needs the engineer's e-mail") as unknown as string }]);
    expect(status.held[0]!.reason).toContain('Title block kitchen');
    expect(status.held[0]!.reason).not.toContain('Alvarez');
    expect(status.warnings).toBeGreaterThanOrEqual(1);
    expect((await down.engine.sync.issues()).some((i) => i.resource === 'push' && /^Project "Title block kitchen" needs the engineer's e-mail/.test(i.reason))).toBe(true);
    // A second run holds it again: nothing of it was sent.
    expect((await sync(down)).held.map((h) => h.project_id)).toEqual([held.id]);
    expect(await projectNamed(up, 'Title block kitchen')).toBeUndefined();

    // The e-mail filled in: no longer held, even before the next run.
    await patchOk(down, held.id, { engineer: { id: held.engineer.id, email: 'r.alvarez@alvarez.example', company: 'Alvarez Design PE' } });
    expect(down.engine.sync.status().held).toEqual([]);
    const after = await sync(down);
    expect(after.last_error).toBeNull();
    expect(after.unsynced_changes).toBe(0);
    expect(after.held).toEqual([]);
    const there = (await projectNamed(up, 'Title block kitchen'))!;
    expect(there.engineer).toMatchObject({ name: 'R. Alvarez, PE', email: 'r.alvarez@alvarez.example' });
    expect((await up.get('/api/user-by-email/r.alvarez@alvarez.example')).body).toMatchObject({ company: 'Alvarez Design PE' });
  }, 240_000);

  it('a Draft already on the central service that gets another engineer sends the new one (a user, a new contact; a name-only one waits)', async () => {
    const { up, down } = pair;
    const [first, second] = [seedUsers[2]!, seedUsers[3]!];
    const r = await down.request('POST', '/api/projects', { body: JSON.stringify({ name: 'Switching kitchen', engineer: { id: first.id }, servings_per_day: 40 }) });
    expect(r.status, r.text).toBe(201);
    expect((await sync(down)).last_error).toBeNull();
    const here = (await projectNamed(down, 'Switching kitchen'))!;
    expect((await projectNamed(up, 'Switching kitchen'))!.engineer.id).toBe(first.id);

    await patchOk(down, here.id, { engineer: { id: second.id } });
    expect((await sync(down)).unsynced_changes).toBe(0);
    expect((await projectNamed(up, 'Switching kitchen'))!.engineer.id).toBe(second.id);
    expect((await projectNamed(down, 'Switching kitchen'))!.engineer.id).toBe(second.id);

    await patchOk(down, here.id, { engineer: { name: 'Lou Newman', email: 'lou.newman@firm.example' } });
    expect((await sync(down)).unsynced_changes).toBe(0);
    expect((await projectNamed(up, 'Switching kitchen'))!.engineer).toMatchObject({ name: 'Lou Newman', email: 'lou.newman@firm.example' });

    const nameOnly = await patchOk(down, here.id, { engineer: { name: 'Pat Later' } });
    const waiting = await sync(down);
    expect(waiting.held.map((h) => h.project_id)).toEqual([here.id]);
    expect((await projectNamed(up, 'Switching kitchen'))!.engineer.email).toBe('lou.newman@firm.example');
    // Kept here as the rep left it, not replaced by the central service's copy.
    expect((await projectNamed(down, 'Switching kitchen'))!.engineer).toMatchObject({ name: 'Pat Later', email: '' });
    await patchOk(down, here.id, { engineer: { id: nameOnly.engineer.id, email: 'pat.later@firm.example' } });
    expect((await sync(down)).unsynced_changes).toBe(0);
    expect((await projectNamed(up, 'Switching kitchen'))!.engineer).toMatchObject({ name: 'Pat Later', email: 'pat.later@firm.example' });
  }, 240_000);

  it('a project created there by a run cut off before its pull sends the engineer changed since as an edit, not a second copy', async () => {
    const { up, down } = pair;
    const [first, second] = [seedUsers[4]!, seedUsers[5]!];
    const r = await down.request('POST', '/api/projects', { body: JSON.stringify({ name: 'Cut off kitchen', engineer: { id: first.id }, servings_per_day: 30 }) });
    expect(r.status, r.text).toBe(201);
    const local = r.body as Detail;
    // What the cut-off run did: created it there and remembered that, then stopped.
    const made = await up.request('POST', '/api/projects', { body: JSON.stringify({ name: 'Cut off kitchen', engineer: { id: first.id }, servings_per_day: 30 }) });
    expect(made.status, made.text).toBe(201);
    await recordPushed(down.engine.store.db, local.id, (made.body as Detail).id);

    await patchOk(down, local.id, { engineer: { id: second.id } });
    const after = await sync(down);
    expect(after.last_error).toBeNull();
    expect(after.unsynced_changes).toBe(0);
    const there = (await projectNamed(up, 'Cut off kitchen'))!;
    expect(there.id).toBe((made.body as Detail).id);
    expect(there.engineer.id).toBe(second.id);
    expect((await projectNamed(down, 'Cut off kitchen'))!.engineer.id).toBe(second.id);
  }, 240_000);
});
