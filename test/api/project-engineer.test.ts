/**
 * The engineer of a project write (docs/api.md "Writes"): a user by id, a new contact created with
 * the project (by name only while the e-mail is not known, filled in later), or not known yet. A
 * Draft's engineer may change; once submitted for review it is fixed, and the answer says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { project, user } from '../../src-shared/api/people.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { peopleIndex } from '../helpers/resources.js';

let t: TestServer;
const people = peopleIndex();
const seedUser = people.seed.users[0]!;
const otherUser = people.seed.users[1]!;
/** A jurisdiction that allows an indoor interceptor in the kitchen, so a project there can be submitted. */
const home = people.seed.jurisdictions.find((j) => j.inside_trap_locations.includes('kitchen') && j.zip_codes.length > 0)!;
const fullAddress = { street: '12 Title Block Road', city: 'Testville', state: home.state, postal_code: home.zip_codes[0]! };

const post = (body: unknown) => t.request('POST', '/api/projects', { body: JSON.stringify(body) });
const patch = (id: number, body: unknown) => t.request('PATCH', `/api/projects/${id}`, { body: JSON.stringify(body) });
const submit = (id: number) => t.request('POST', `/api/projects/${id}/status`, { body: JSON.stringify({ status: 'Submitted' }) });
const created = async (body: unknown) => {
  const res = await post(body);
  expect(res.status, res.text).toBe(201);
  return project.parse(res.body);
};
const usersNamed = (name: string) => t.engine.store.sqlite.prepare('select id, email, company from users where name = ?').all(name) as { id: number; email: string | null; company: string | null }[];

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('the engineer of a project write', () => {
  it('creates a new contact with the project, as a user with that name, e-mail and company', async () => {
    const p = await created({ name: 'Contact kitchen', engineer: { name: 'Ana Gonzaga', email: 'Ana.Gonzaga@example.com', company: 'Gonzaga Engineering' } });
    expect(p.engineer.name).toBe('Ana Gonzaga');
    expect(p.engineer.email).toBe('ana.gonzaga@example.com');
    const u = user.parse((await t.get(`/api/users/${p.engineer.id}`)).body);
    expect(u.company).toBe('Gonzaga Engineering');
    // The same e-mail again is that user: choose them instead.
    const again = await post({ name: 'Second kitchen', engineer: { name: 'A. Gonzaga', email: 'ana.gonzaga@example.com' } });
    expect(again.status, again.text).toBe(409);
    expect(apiError.parse(again.body)).toMatchObject({ code: 'email_taken', param: 'engineer.email' });
  });

  it('saves an engineer known only by name; the user and the project serve the e-mail as ""', async () => {
    const p = await created({ name: 'Title block kitchen', engineer: { name: 'R. Alvarez, PE', company: 'Alvarez Design' } });
    expect(p.engineer).toMatchObject({ name: 'R. Alvarez, PE', email: '' });
    const u = user.parse((await t.get(`/api/users/${p.engineer.id}`)).body);
    expect(u).toMatchObject({ name: 'R. Alvarez, PE', email: '', company: 'Alvarez Design' });
    // Stored as no e-mail at all, never an invented address.
    expect(usersNamed('R. Alvarez, PE')).toEqual([{ id: p.engineer.id, email: null, company: 'Alvarez Design' }]);
    // A second name-only contact (null and "" both mean "not known yet") does not collide with the first.
    const q = await created({ name: 'Second title block', engineer: { name: 'M. Chen', email: '', company: null } });
    const r = await created({ name: 'Third title block', engineer: { name: 'J. Okafor', email: null } });
    expect(new Set([p.engineer.id, q.engineer.id, r.engineer.id]).size).toBe(3);
    expect(r.engineer.email).toBe('');
    // The list and search show it too.
    const listed = (await t.get(`/api/users/${q.engineer.id}?projects=true`)).body as { email: string; projects: { data: { id: number }[] } };
    expect(listed.email).toBe('');
    expect(listed.projects.data.map((x) => x.id)).toEqual([q.id]);
    // The project read back whole (its engineer with email "") is accepted as it is.
    const whole = await patch(p.id, (await t.get(`/api/projects/${p.id}?fixtures=true`)).body);
    expect(whole.status, whole.text).toBe(200);
    expect(project.parse(whole.body).engineer).toMatchObject({ id: p.engineer.id, email: '' });
  });

  it("fills in a name-only contact's e-mail and company later, by {id, email, company}", async () => {
    const p = await created({ name: 'Fill later kitchen', engineer: { name: 'S. Novak' } });
    const id = p.engineer.id;
    // A bad address or one that is another user's is refused, naming the field; nothing changes.
    const bad = await patch(p.id, { engineer: { id, email: 'not-an-address' } });
    expect(bad.status, bad.text).toBe(400);
    expect(apiError.parse(bad.body).param).toBe('engineer.email');
    const taken = await patch(p.id, { engineer: { id, email: 'ana.gonzaga@example.com' } });
    expect(taken.status, taken.text).toBe(409);
    expect(apiError.parse(taken.body)).toMatchObject({ code: 'email_taken', param: 'engineer.email' });
    expect(usersNamed('S. Novak')).toEqual([{ id, email: null, company: null }]);

    const filled = await patch(p.id, { engineer: { id, email: 'S.Novak@Novak-PE.example', company: 'Novak PE' } });
    expect(filled.status, filled.text).toBe(200);
    expect(project.parse(filled.body).engineer).toMatchObject({ id, name: 'S. Novak', email: 's.novak@novak-pe.example' });
    expect(user.parse((await t.get(`/api/users/${id}`)).body)).toMatchObject({ email: 's.novak@novak-pe.example', company: 'Novak PE' });
    expect((await t.get('/api/user-by-email/s.novak@novak-pe.example')).status).toBe(200);
    // Now it has an e-mail: the same one shown back is fine, another is refused.
    expect((await patch(p.id, { engineer: { id, email: 's.novak@novak-pe.example' } })).status).toBe(200);
    const other = await patch(p.id, { engineer: { id, email: 'someone.else@example.com' } });
    expect(other.status, other.text).toBe(400);
    expect(apiError.parse(other.body).param).toBe('engineer.email');
    expect(user.parse((await t.get(`/api/users/${id}`)).body).email).toBe('s.novak@novak-pe.example');
  });

  it("changes a Draft's engineer with each of the three forms", async () => {
    const p = await created({ name: 'Changing engineer', engineer: { id: seedUser.id } });
    const toUser = await patch(p.id, { engineer: { id: otherUser.id } });
    expect(toUser.status, toUser.text).toBe(200);
    expect(project.parse(toUser.body).engineer.id).toBe(otherUser.id);
    const toNew = await patch(p.id, { engineer: { name: 'K. Brandt' } });
    expect(toNew.status, toNew.text).toBe(200);
    expect(project.parse(toNew.body).engineer).toMatchObject({ name: 'K. Brandt', email: '' });
    const toUnknown = await patch(p.id, { engineer: { unknown: true } });
    expect(toUnknown.status, toUnknown.text).toBe(200);
    expect(project.parse(toUnknown.body).engineer.name).toBe('Engineer not known yet');
    const back = await patch(p.id, { engineer: { id: seedUser.id } });
    expect(project.parse(back.body).engineer.id).toBe(seedUser.id);
  });

  it('saves with the engineer not known yet, shares one placeholder, and lets it be named later', async () => {
    const a = await created({ name: 'Unknown A', engineer: { unknown: true } });
    const b = await created({ name: 'Unknown B', engineer: { unknown: true } });
    expect(a.engineer.name).toBe('Engineer not known yet');
    expect(b.engineer.id).toBe(a.engineer.id);
    const named = await patch(a.id, { engineer: { id: seedUser.id } });
    expect(named.status, named.text).toBe(200);
    expect(project.parse(named.body).engineer.id).toBe(seedUser.id);
  });

  it("submission needs the engineer's e-mail; once submitted the engineer is fixed, and the answer says why", async () => {
    const p = await created({ name: 'To review', engineer: { name: 'T. Ibarra' }, address: fullAddress });
    const early = await submit(p.id);
    expect(early.status, early.text).toBe(409);
    expect(apiError.parse(early.body)).toMatchObject({ code: 'incomplete_for_submission', param: 'engineer.email' });
    const unknown = await created({ name: 'To review unknown', engineer: { unknown: true }, address: fullAddress });
    expect(apiError.parse((await submit(unknown.id)).body)).toMatchObject({ code: 'incomplete_for_submission', param: 'engineer' });

    expect((await patch(p.id, { engineer: { id: p.engineer.id, email: 't.ibarra@example.com' } })).status).toBe(200);
    const sent = await submit(p.id);
    expect(sent.status, sent.text).toBe(200);
    const fixed = await patch(p.id, { engineer: { id: seedUser.id } });
    expect(fixed.status, fixed.text).toBe(409);
    const error = apiError.parse(fixed.body);
    expect(error).toMatchObject({ code: 'engineer_fixed', param: 'engineer' });
    expect(error.message).toMatch(/submitted for review/);
    expect(error.message).toMatch(/Withdraw it to Draft/);
    expect(project.parse((await t.get(`/api/projects/${p.id}`)).body).engineer.id).toBe(p.engineer.id);
  });

  it('refuses a new contact with a malformed e-mail, or without a name, naming the field', async () => {
    const res = await post({ name: 'Bad contact', engineer: { name: 'No Mail', email: 'not-an-address' } });
    expect(res.status, res.text).toBe(400);
    expect(apiError.parse(res.body).param).toBe('engineer.email');
    const nameless = await post({ name: 'Bad contact', engineer: { company: 'Firm only' } });
    expect(nameless.status, nameless.text).toBe(400);
    expect(apiError.parse(nameless.body).param).toMatch(/^engineer/);
  });
});
