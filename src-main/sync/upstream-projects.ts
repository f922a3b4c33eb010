/**
 * The one writer of upstream projects as rows: the apply writes a run's staged projects with it,
 * and "keep theirs" (a conflict resolved) writes the upstream's copy with it, so a project reads
 * the same whichever way it arrived. Set-based SQL over staging tables (sync-answers.ts
 * ProjectStagingTables): a 100,000-project run is neither held in memory nor written row by row
 * from JavaScript; a single copy is staged in a temporary pair of the same tables first.
 *
 * Never overwritten: a project edited here and not yet sent (dirty), or deleted here and not yet
 * sent (a tombstone). The caller that drops a local edit on purpose (keep theirs) removes it first.
 *
 * The engineer is the user with the id shown, else the user with the e-mail shown, else the user
 * the caller links it to (the apply: the user whose projects embed it; keep theirs: the user of
 * the local copy); a project none of them finds is set aside, as a 'rejected' issue. The
 * jurisdiction is the one with the id shown where this store holds it; else, where the project
 * embeds one (the spec shows jurisdictions only so), the one built from embeddings with that name
 * and state, made (under a local id) when none is held: docs/service-api.md shows a project's
 * jurisdiction only embedded, by name, and this store keeps such jurisdictions as built from what
 * projects embed (docs/api.md, "Sync with the central service").
 */
import type { Transaction } from 'kysely';
import type SQLite from 'better-sqlite3';
import { SIZING_METHOD_LABELS } from '../../src-shared/api/vocabulary.js';
import { DEFAULT_JURISDICTION_RULES, SIZING_METHODS, type JurisdictionRules } from '../../src-shared/sizing/jurisdiction-rules.js';
import { codeFamilyRules } from '../../src-shared/sizing/code-family.js';
import type { SyncIssue } from '../../src-shared/sync.js';
import type { Database } from '../store/schema.js';
import { nextLocalId } from '../store/local-ids.js';
import { writeWithFtsIndex } from '../store/fts-bulk-write.js';
import { projectFrom, refKey, type EmbeddedJurisdiction } from './convert.js';
import { jurisdictionKey, matchJurisdiction } from './decide.js';
import type { StagedAccessory } from './pull.js';
import { projectStager, projectStagingSchema, STAGED_PROJECT_COLUMNS, type AnswerMeta, type ProjectStagingTables } from './sync-answers.js';
import { tombstones } from './sync-state.js';

type Trx = Transaction<Database>;

/** Projects staged to write: the tables they are in, and the run's mark on them. */
export interface StagedProjects extends ProjectStagingTables {
  run: string;
}

/** A jurisdiction built from what projects embed, as matched by name and state. */
export interface HeldJurisdiction {
  id: number;
  name: string;
  state: string;
}

/**
 * Sizing rules for a jurisdiction known only by what projects embed: its code family's, with the
 * sizing methods it states, labelled as not read from the authority. Where the authority library
 * knows the authority (by name and state), its rules apply instead when sizing (rules-resolver.ts).
 */
function embeddedRules(j: EmbeddedJurisdiction): JurisdictionRules {
  const method = (label: unknown) => {
    const text = typeof label === 'string' ? label : '';
    const key = (SIZING_METHODS as readonly string[]).includes(text) ? text : Object.entries(SIZING_METHOD_LABELS).find(([, l]) => l.toLowerCase() === text.toLowerCase())?.[0];
    return key as JurisdictionRules['sizing_methods']['indoor'] | undefined;
  };
  return codeFamilyRules({
    name: j.name,
    plumbing_code: j.plumbing_code,
    sizing_methods: {
      indoor: method(j.sizing_methods?.indoor) ?? DEFAULT_JURISDICTION_RULES.sizing_methods.indoor,
      outdoor: method(j.sizing_methods?.outdoor) ?? DEFAULT_JURISDICTION_RULES.sizing_methods.outdoor,
    },
  });
}

/** The local jurisdiction for one a project embeds: matched by name and state, else made (a local id). */
async function embeddedJurisdictionId(trx: Trx, held: HeldJurisdiction[], j: EmbeddedJurisdiction, state: string | null): Promise<number> {
  const found = matchJurisdiction(j.name, state, held);
  const values = {
    name: j.name,
    rules: JSON.stringify(embeddedRules(j)),
    sizing_labels: j.sizing_methods ? JSON.stringify(j.sizing_methods) : null,
    updated: new Date().toISOString().slice(0, 10),
  };
  if (found) {
    await trx.updateTable('jurisdictions').set(values).where('id', '=', found.id).execute();
    return found.id;
  }
  const id = await nextLocalId(trx, 'jurisdictions');
  await trx
    .insertInto('jurisdictions')
    .values({ id, ...values, kind: '', state: state ?? '', county_fips: null, inside_trap_locations: '[]', source: 'projects', origin: 'upstream', extra: '{}' })
    .execute();
  held.push({ id, name: j.name, state: state ?? '' });
  return id;
}

/**
 * Writes the staged projects of `source.run` (inside the caller's transaction, on the connection
 * `sqlite` that `trx` runs on), with their fixtures, notes and accessories, and records the answers
 * they came in (sync_answers) for the next run's decisions. `links`: project id → the user to take
 * as its engineer when neither the id nor the e-mail shown finds one. Returns the projects set aside.
 */
export async function writeUpstreamProjects(trx: Trx, sqlite: SQLite.Database, source: StagedProjects, links: Map<number, number>): Promise<SyncIssue[]> {
  const issues: SyncIssue[] = [];
  const { projects: staged, rows, run } = source;
  const db = sqlite;
  db.exec('drop table if exists temp.incoming; drop table if exists temp.links; drop table if exists temp.emails; drop table if exists temp.tombstoned');
  // Deleted here and not yet sent: not brought back (the tombstones are sync-state.ts's to read).
  db.exec('create temp table tombstoned (project_id integer primary key)');
  const tombstone = db.prepare('insert into temp.tombstoned values (?)');
  for (const t of await tombstones(trx)) tombstone.run(t.project_id);
  db.exec('create temp table links (project_id integer primary key, user_id integer not null)');
  const link = db.prepare('insert or replace into temp.links values (?, ?)');
  for (const [projectId, userId] of links) link.run(projectId, userId);
  // Users by e-mail in any case, looked up once per project (an index, not a scan of the users).
  const byEmail = db.prepare(`select count(*) from ${staged} s where s.run = ? and s.user_id is null`).pluck().get(run) as number;
  db.exec(`create temp table emails (email text primary key, id integer not null) without rowid`);
  if (byEmail > 0) db.exec('insert or ignore into temp.emails select lower(email), id from main.users');
  // Keyed by id: the statements below join the run's staged projects (found by the staging's
  // (run, id) index) to it, and without a key SQLite scanned the whole table once per staged
  // project (made by `create table … as select`: 18 s per statement for 20,000 projects, the
  // time growing with the square of their number).
  db.exec('create temp table incoming (id integer primary key, user_id integer, jurisdiction_id integer)');
  db.prepare(
    `insert into temp.incoming (id, user_id, jurisdiction_id) select s.id, coalesce(
        (select u.id from main.users u where u.id = s.user_id),
        (select e.id from temp.emails e where e.email = lower(s.engineer_email)),
        (select u.id from temp.links l join main.users u on u.id = l.user_id where l.project_id = s.id)) as user_id,
        (select j.id from main.jurisdictions j where j.id = s.jurisdiction_id) as jurisdiction_id
      from ${staged} s where s.run = ?
       and s.id not in (select id from main.projects where dirty = 1)
       and s.id not in (select project_id from temp.tombstoned)`,
  ).run(run);
  for (const o of db.prepare(`select s.id, s.user_id, s.engineer_email from ${staged} s join temp.incoming i on i.id = s.id where i.user_id is null`).all() as { id: number; user_id: number | null; engineer_email: string | null }[]) {
    const who = o.user_id !== null ? `user ${o.user_id}` : o.engineer_email !== null ? o.engineer_email : 'shown without id or e-mail';
    issues.push({ kind: 'rejected', resource: 'projects', key: String(o.id), reason: `its engineer (${who}) is not among the users` });
  }
  db.exec('delete from temp.incoming where user_id is null');

  // Jurisdictions shown by id where this store holds them; else built from what the project embeds.
  const held = (await trx.selectFrom('jurisdictions').select(['id', 'name', 'state']).where('source', '=', 'projects').execute()) as HeldJurisdiction[];
  const setJurisdiction = db.prepare('update temp.incoming set jurisdiction_id = ? where id = ?');
  const named = db
    // Projects that state their state first, then those without one (matched by name to what
    // the first made): in arrival order, a stateless project arriving first made a jurisdiction
    // of its own.
    .prepare(`select s.id, s.jurisdiction, s.state from ${staged} s join temp.incoming i on i.id = s.id where s.jurisdiction_id is null and s.jurisdiction is not null order by s.state is null, s.id`)
    .all() as { id: number; jurisdiction: string; state: string | null }[];
  // Each jurisdiction once (the last project's copy of what it states wins), then its projects.
  const resolved = new Map<string, number>();
  for (const s of named) {
    const j = JSON.parse(s.jurisdiction) as EmbeddedJurisdiction;
    const key = `${jurisdictionKey(j.name, s.state)}\u0000${s.jurisdiction}`;
    let id = resolved.get(key);
    if (id === undefined) resolved.set(key, (id = await embeddedJurisdictionId(trx, held, j, s.state)));
    setJurisdiction.run(id, s.id);
  }

  const incoming = db.prepare('select count(*) from temp.incoming').pluck().get() as number;
  await writeWithFtsIndex(db, 'projects', incoming, () => {
    // Deleting takes the old fixtures and notes with it (ON DELETE CASCADE).
    db.exec('delete from main.projects where id in (select id from temp.incoming)');
    const values = STAGED_PROJECT_COLUMNS.map((c) => (c === 'jurisdiction_id' ? 'i.jurisdiction_id' : c === 'user_id' ? 'i.user_id' : c === 'version' ? 'coalesce(r.version, 1)' : `r.${c}`));
    db.prepare(
      `insert into main.projects (${STAGED_PROJECT_COLUMNS.join(', ')}, dirty, base_version, origin)
       select ${values.join(', ')}, 0, r.version, 'upstream' from ${rows} r join temp.incoming i on i.id = r.id`,
    ).run();
  });
  // Fixtures and notes are staged as JSON arrays: unpacked here.
  const unpack = (column: 'fixtures' | 'notes') => `from ${staged} s join temp.incoming i on i.id = s.id, json_each(s.${column}) j where s.run = ?`;
  db.prepare(`insert into main.project_fixtures (project_id, position, input) select s.id, j.key, j.value ${unpack('fixtures')}`).run(run);
  // A note the upstream shows without an id takes one here (SQLite numbers a NULL primary key).
  db.prepare(
    `insert or replace into main.project_notes (id, project_id, author, text, created)
     select j.value ->> '$.id', s.id, j.value ->> '$.author', j.value ->> '$.text', j.value ->> '$.created' ${unpack('notes')}`,
  ).run(run);

  // Accessories came with the upstream's product ids; where this catalog has another, it wins.
  const productIds = new Map((db.prepare('select id, part_number, store_id from main.products').all() as { id: number; part_number: string; store_id: string | null }[]).map((p) => [refKey(p), p.id]));
  const withAccessories = db.prepare(`select s.id, s.accessories from ${staged} s join temp.incoming i on i.id = s.id where s.run = ? and s.accessories <> '[]'`).all(run) as { id: number; accessories: string }[];
  const sizingOf = db.prepare<[number], { sizing: string }>('select sizing from main.projects where id = ?');
  const setSizing = db.prepare('update main.projects set sizing = ? where id = ?');
  for (const w of withAccessories) {
    const accessories = JSON.parse(w.accessories) as StagedAccessory[];
    if (accessories.every((a) => productIds.get(refKey(a.ref)) === a.id)) continue;
    const sizing = JSON.parse(sizingOf.get(w.id)!.sizing) as { recommended_accessories: { product: { id: number; part_number: string; name: string } | null }[] };
    for (const a of accessories) {
      const id = productIds.get(refKey(a.ref));
      sizing.recommended_accessories[a.index]!.product = id === undefined ? null : { id, part_number: a.ref.part_number, name: a.name };
    }
    setSizing.run(JSON.stringify(sizing), w.id);
  }
  // What the store now holds of them, for the next run's decisions.
  db.prepare(
    `insert or replace into main.sync_answers (path, resource, key, etag, stamp, listed, fingerprint, body, fetched_at)
     select s.path, 'projects', cast(s.id as text), s.etag, s.stamp, s.listed, s.fingerprint, null, s.fetched_at from ${staged} s join temp.incoming i on i.id = s.id where s.run = ?`,
  ).run(run);
  db.exec('drop table temp.incoming; drop table temp.links; drop table temp.emails; drop table temp.tombstoned');
  return issues;
}

/** The temporary pair one project is staged in outside a run (named apart from every main table). */
const ONE_PROJECT: ProjectStagingTables = { projects: 'temp.one_project', rows: 'temp.one_project_row' };

/**
 * Writes the upstream's copy of one project (a conflict resolved with "keep theirs"), through
 * writeUpstreamProjects, inside the caller's transaction: converted against this catalog,
 * staged in a temporary pair of tables, written. `answer`: the detail path it came from and the
 * fingerprint of the answer it came in (the base the next sync compares against); the rest of
 * what the store knew of that answer is kept. `user`: the engineer to take when the copy's own
 * id and e-mail find none (the local copy's). Returns the issues (the project set aside).
 */
export async function writeUpstreamProject(trx: Trx, sqlite: SQLite.Database, theirs: unknown, answer: { path: string; fingerprint: string }, user: number | null): Promise<SyncIssue[]> {
  const ids = new Map((sqlite.prepare('select id, part_number, store_id from main.products').all() as { id: number; part_number: string; store_id: string | null }[]).map((p) => [refKey(p), p.id]));
  const p = projectFrom(theirs, (ref) => ids.get(refKey(ref)));
  const before = sqlite.prepare<[string], Omit<AnswerMeta, 'fingerprint'>>('select etag, stamp, listed, fetched_at from main.sync_answers where path = ?').get(answer.path);
  const known: AnswerMeta = { etag: before?.etag ?? null, stamp: before?.stamp ?? null, listed: before?.listed ?? null, fetched_at: before?.fetched_at ?? '', fingerprint: answer.fingerprint };
  sqlite.exec(`drop table if exists ${ONE_PROJECT.projects}; drop table if exists ${ONE_PROJECT.rows}`);
  sqlite.exec(projectStagingSchema(ONE_PROJECT, true));
  const run = 'theirs';
  // Accessories already carry this catalog's ids (converted against it above): none to remap.
  projectStager(sqlite, ONE_PROJECT).put(answer.path, known, run, { row: p.row, engineer_email: p.engineer_email, jurisdiction: p.jurisdiction, fixtures: p.fixtures, notes: p.notes, accessories: [], raw: null });
  try {
    return await writeUpstreamProjects(trx, sqlite, { ...ONE_PROJECT, run }, user === null ? new Map() : new Map([[p.row.id, user]]));
  } finally {
    sqlite.exec(`drop table ${ONE_PROJECT.projects}; drop table ${ONE_PROJECT.rows}`);
  }
}
