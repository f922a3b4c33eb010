/**
 * The engineer of a project write (docs/api.md "Writes"): a user by id, a new contact created with
 * the project, or not known yet (a placeholder that may be named later; a known one stays fixed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { project, user } from '../../src-shared/api/people.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { peopleIndex } from '../helpers/resources.js';

let t: TestServer;
const seedUser = peopleIndex().seed.users[0]!;
const post = (body: unknown) => t.request('POST', '/api/projects', { body: JSON.stringify(body) });
const patch = (id: number, body: unknown) => t.request('PATCH', `/api/projects/${id}`, { body: JSON.stringify(body) });

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('the engineer of a project write', () => {
  it('creates a new contact with the project, as a user with that name, e-mail and company', async () => {
    const res = await post({ name: 'Contact kitchen', engineer: { name: 'Ana Gonzaga', email: 'Ana.Gonzaga@example.com', company: 'Gonzaga Engineering' } });
    expect(res.status, res.text).toBe(201);
    const p = project.parse(res.body);
    expect(p.engineer.name).toBe('Ana Gonzaga');
    expect(p.engineer.email).toBe('ana.gonzaga@example.com');
    const u = user.parse((await t.get(`/api/users/${p.engineer.id}`)).body);
    expect(u.company).toBe('Gonzaga Engineering');
    // The same e-mail again is that user: choose them instead.
    const again = await post({ name: 'Second kitchen', engineer: { name: 'A. Gonzaga', email: 'ana.gonzaga@example.com' } });
    expect(again.status, again.text).toBe(409);
    expect(apiError.parse(again.body)).toMatchObject({ code: 'email_taken', param: 'engineer.email' });
  });

  it('saves with the engineer not known yet, shares one placeholder, and lets it be named later', async () => {
    const a = project.parse((await post({ name: 'Unknown A', engineer: { unknown: true } })).body);
    const b = project.parse((await post({ name: 'Unknown B', engineer: { unknown: true } })).body);
    expect(a.engineer.name).toBe('Engineer not known yet');
    expect(b.engineer.id).toBe(a.engineer.id);
    const named = await patch(a.id, { engineer: { id: seedUser.id } });
    expect(named.status, named.text).toBe(200);
    expect(project.parse(named.body).engineer.id).toBe(seedUser.id);
    // Now known, it is fixed.
    const changed = await patch(a.id, { engineer: { unknown: true } });
    expect(changed.status, changed.text).toBe(409);
    expect(apiError.parse(changed.body).code).toBe('engineer_fixed');
  });

  it('refuses a new contact without a real e-mail, naming the field', async () => {
    const res = await post({ name: 'Bad contact', engineer: { name: 'No Mail', email: 'not-an-address' } });
    expect(res.status, res.text).toBe(400);
    expect(apiError.parse(res.body).param).toMatch(/^engineer/);
  });
});
