/**
 * Grows a store to N users and M projects by cloning the embedded ones under new ids (names,
 * e-mails and project names varied so search has distinct rows), for benchmarks at scale. The
 * FTS triggers index every inserted row, as they would on a real sync.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../src-main/store/schema.js';

const FIRST = ['Ava', 'Ben', 'Cora', 'Dev', 'Elif', 'Farid', 'Gia', 'Hugo', 'Ines', 'Jae', 'Kofi', 'Lena', 'Milo', 'Nia', 'Omar', 'Pia', 'Quinn', 'Rosa', 'Sami', 'Tao'];

export async function generatePeople(db: Kysely<Database>, users: number, projects: number): Promise<void> {
  const baseUsers = await db.selectFrom('users').selectAll().orderBy('id').execute();
  const baseProjects = await db.selectFrom('projects').selectAll().orderBy('id').execute();
  const fixtures = await db.selectFrom('project_fixtures').selectAll().execute();
  const fixturesOf = new Map<number, typeof fixtures>();
  for (const f of fixtures) fixturesOf.set(f.project_id, [...(fixturesOf.get(f.project_id) ?? []), f]);
  const maxUser = Math.max(...baseUsers.map((u) => u.id));
  const maxProject = Math.max(...baseProjects.map((p) => p.id));
  await db.transaction().execute(async (trx) => {
    const newUsers = users - baseUsers.length;
    for (let start = 0; start < newUsers; start += 500) {
      const batch = [];
      for (let i = start; i < Math.min(newUsers, start + 500); i++) {
        const u = baseUsers[i % baseUsers.length]!;
        const first = FIRST[i % FIRST.length]!;
        batch.push({ ...u, id: maxUser + 1 + i, name: `${first} ${u.name.split(' ').pop()} ${i}`, email: `gen${i}.${u.email}` });
      }
      await trx.insertInto('users').values(batch).execute();
    }
    const allUsers = maxUser + newUsers;
    const newProjects = projects - baseProjects.length;
    for (let start = 0; start < newProjects; start += 400) {
      const batch = [];
      const fixtureRows = [];
      for (let i = start; i < Math.min(newProjects, start + 400); i++) {
        const p = baseProjects[i % baseProjects.length]!;
        const id = maxProject + 1 + i;
        batch.push({ ...p, id, user_id: 1 + (i % allUsers), name: `${p.name} #${i}` });
        for (const f of fixturesOf.get(p.id) ?? []) fixtureRows.push({ ...f, project_id: id });
      }
      await trx.insertInto('projects').values(batch).execute();
      if (fixtureRows.length) {
        for (let j = 0; j < fixtureRows.length; j += 500) await trx.insertInto('project_fixtures').values(fixtureRows.slice(j, j + 500)).execute();
      }
    }
  });
}
