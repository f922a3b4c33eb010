/**
 * The engineer of a project made here, against a central service that takes writes (a second
 * Fieldsizer): a contact typed in at the job site and "not known yet" are sent so the upstream can
 * take them (a new contact, the placeholder), never as a local id it does not know; a contact
 * whose e-mail the upstream has already becomes that user here, and the sync goes on.
 */
import { describe, expect, it } from 'vitest';
import { syncPair, type TestServer } from '../helpers/api-server.js';
import { LOCAL_ID_BASE } from '../../src-main/store/local-ids.js';
import { UNKNOWN_ENGINEER } from '../../src-shared/api/project-write.js';

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
