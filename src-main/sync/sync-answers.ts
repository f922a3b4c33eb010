/**
 * What the store holds from the central service, per request path (table sync_answers, see
 * migration 0007), and the answers of a run not yet applied (the staging file), so a sync cut off
 * half way resumes without asking again for what it already received.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type SQLite from 'better-sqlite3';
import { openSqlite, PAGE_SIZE } from '../store/sqlite.js';
import type { PulledProduct, PulledProject, PulledUser } from './convert.js';

export interface AnswerMeta {
  etag: string | null;
  stamp: string | null;
  /**
   * When the answer was given, by the central service's own clock (its Date header, ISO): the
   * freshness of a date the service shows is judged against its clock, never this machine's
   * (decide.ts unchangedByDate). Empty when the service sent no date (nothing is judged fresh by it).
   */
  fetched_at: string;
  /** Fingerprint of the list entry it was fetched under (null: not known). */
  listed: string | null;
  /** Fingerprint of the detail as received (null: not known). */
  fingerprint: string | null;
}

/**
 * One row of sync_answers as the apply writes it: `body` (deflated with deflateJson as it
 * arrives, so the write only copies it) is kept when given; with `refresh`, only the ETag, stamp
 * and fetch date of the stored row change (a 304 confirmed it).
 */
export interface AnswerWrite {
  path: string;
  resource: string;
  key: string;
  etag: string | null;
  stamp: string | null;
  listed?: string | null;
  fingerprint?: string | null;
  body?: Buffer;
  refresh?: boolean;
  /** The central service's clock when it answered (its Date header, ISO), or null: stored as `fetched_at`. */
  served_at?: string | null;
}

/**
 * Deflated JSON, in a buffer of its own size: zlib hands back a view of its 16 KB output chunk,
 * and 10,000 kept product bodies held 160 MB that way. Not Buffer.from either: a small copy is a
 * view of a shared 8 KB pool slab, which any one kept body holds whole.
 */
export function deflateJson(value: unknown): Buffer {
  const out = zlib.deflateRawSync(JSON.stringify(value), { level: 1 });
  if (out.byteLength === out.buffer.byteLength) return out;
  const own = Buffer.allocUnsafeSlow(out.byteLength);
  out.copy(own);
  return own;
}
/** The JSON a deflateJson blob holds. */
export const inflateJson = (blob: Buffer): unknown => JSON.parse(zlib.inflateRawSync(blob).toString('utf8'));

/** The answers behind the data the store serves now (read in the pull worker, written by the apply). */
export class AppliedAnswers {
  private readonly metaOf;
  private readonly pathsOf;
  private readonly bodyOf;

  /**
   * Read by path as the run needs them (an index look-up each), not loaded whole: 160,000 answers
   * held in a map took some 100 MB of the worker's heap on every run.
   */
  constructor(sqlite: SQLite.Database) {
    this.metaOf = sqlite.prepare<[string], AnswerMeta>('select etag, stamp, fetched_at, listed, fingerprint from sync_answers where path = ?');
    this.pathsOf = sqlite.prepare<[string], string>('select path from sync_answers where resource = ?').pluck();
    this.bodyOf = sqlite.prepare<[string], { body: Buffer | null }>('select body from sync_answers where path = ?');
  }

  get(path: string): AnswerMeta | undefined {
    return this.metaOf.get(path);
  }

  /** The kept body of an answer (catalog, territories, list pages), or undefined. */
  body(path: string): unknown {
    const row = this.bodyOf.get(path);
    return row?.body ? inflateJson(row.body) : undefined;
  }

  /** Paths of the answers held for a resource. */
  paths(resource: string): string[] {
    return this.pathsOf.all(resource);
  }
}

export interface StagedAnswer extends AnswerMeta {
  body: unknown;
}

/**
 * The columns of a project row, as the staging's project_rows table holds them and the apply
 * copies them: the type checks the list is whole.
 */
export const STAGED_PROJECT_COLUMNS = Object.keys({
  id: 1, user_id: 1, name: 1, status: 1, created: 1, submitted: 1, approved: 1, updated: 1, construction_type: 1, street: 1,
  street_2: 1, city: 1, state: 1, postal_code: 1, jurisdiction_id: 1, inputs: 1, sizing: 1, pump_out_cycle: 1,
  recommended_product: 1, unique_local_requirements: 1, version: 1, extra: 1,
} satisfies Record<keyof PulledProject['row'], 1>) as (keyof PulledProject['row'])[];

/** A project as staged: converted already (see StagedAnswers.putProject). */
export interface StagedProject {
  row: PulledProject['row'];
  /** To link the engineer and the jurisdiction when the upstream shows no ids for them. */
  engineer_email: string | null;
  jurisdiction: PulledProject['jurisdiction'];
  /** Each fixture's stored input (project_fixtures.input), in order. */
  fixtures: string[];
  notes: { id: number | null; author: string; text: string; created: string }[];
  accessories: unknown[];
  /** The record as received, kept only where a conflict may need it. */
  raw: unknown | null;
}

/**
 * The columns of a user's row as the staging's users table holds them and the apply copies them
 * into the store's users: the type checks the list is whole.
 */
export const STAGED_USER_COLUMNS = Object.keys({
  id: 1, service_user: 1, name: 1, email: 1, phone_number: 1, position: 1, company: 1, postal_code: 1, type: 1, registered: 1,
  last_active: 1, updated: 1, extra: 1,
} satisfies Record<keyof PulledUser, 1>) as (keyof PulledUser)[];

/** A catalog product as staged (see StagedAnswers.putProduct): its parts as JSON, each read by its own pass of the apply. */
export const STAGED_PRODUCT_PARTS = ['row', 'ratings', 'options', 'certifications', 'links'] as const satisfies readonly (keyof PulledProduct)[];

const STAGING_FILE = 'sync-staging.db';
/**
 * The staging file's page cache, in KiB, on either connection that opens it (the run's, and the
 * store's in the apply, which attaches it): SQLite's default here is 16 MB per connection and per
 * attached file, which a run that mostly appends, and an apply that reads each staged row once,
 * filled with pages they never read again (see docs/api.md, "Speed and memory (issue 32)").
 */
const STAGING_CACHE_KIB = 2048;
const STAGING_VERSION = 8;

/** What the apply reads of each staged project besides its row: the row's columns it decides by, repeated here. */
const PROJECT_DECIDING_COLUMNS = ['user_id', 'jurisdiction_id', 'state', 'version'] as const;

/** The two tables projects are staged in, under any names: the staging file's, or a temporary pair (a single project written outside a run). */
export interface ProjectStagingTables {
  /** What the apply decides and links by: the answer's meta, the run's mark, fixtures, notes and accessories as JSON. */
  projects: string;
  /** The rows' columns (STAGED_PROJECT_COLUMNS). */
  rows: string;
}

const STAGING_TABLES: ProjectStagingTables = { projects: 'projects', rows: 'project_rows' };

/**
 * The two tables' definitions. The row's columns are untyped: values stay as converted, and the
 * apply copies them as they are. A project's row (about 7 KB, most of it the upstream's sizing)
 * has a table of its own: the apply's other statements (linking, fixtures, notes, answers) each
 * walk the staged projects, and over the rows they read 100,000 × 7 KB every time.
 */
export function projectStagingSchema(t: ProjectStagingTables, temporary = false): string {
  const create = temporary ? 'create temp table' : 'create table';
  const bare = (name: string) => name.replace(/^temp\./, '');
  return `
  ${create} ${bare(t.projects)} (path text primary key, etag text, stamp text, listed text, fingerprint text, fetched_at text not null, run text not null,
    id integer not null, ${PROJECT_DECIDING_COLUMNS.join(', ')}, engineer_email text, jurisdiction text, fixtures text not null, notes text not null, accessories text not null, raw text);
  create index ${bare(t.projects)}_run on ${bare(t.projects)} (run, id);
  ${create} ${bare(t.rows)} (id integer primary key, ${STAGED_PROJECT_COLUMNS.filter((c) => c !== 'id').join(', ')});
`;
}

/**
 * Besides the answers and projects a later run may take over, the run's own records (started empty
 * by every run, which asks for them again anyway): the users whose list entry changed (users come
 * whole in their list), the catalog's products converted (rebuilt whole from what the run received
 * or kept), and the answers to record in the store's sync_answers. Held in the worker's memory
 * until the apply, at full scale (50,000 users, 10,000 products) they were a good part of its
 * heap; `seq` keeps the order they came in, which the apply writes them in.
 */
const RUN_TABLES = ['users', 'catalog_products', 'answer_writes'] as const;
const STAGING_SCHEMA = `
  create table answers (path text primary key, etag text, stamp text, listed text, fingerprint text, fetched_at text not null, body text not null);
  ${projectStagingSchema(STAGING_TABLES)}
  create table users (seq integer primary key, path text not null, key text not null, listed text not null, ${STAGED_USER_COLUMNS.join(', ')});
  create unique index users_id on users (id);
  create table catalog_products (seq integer primary key, part_number text not null, store_id text, type_name text not null, ${STAGED_PRODUCT_PARTS.map((c) => `${c} text not null`).join(', ')});
  create table answer_writes (seq integer primary key, path text not null, resource text not null, key text not null, etag text, stamp text, listed text,
    fingerprint text, body blob, refresh integer not null, served_at text);
`;

/**
 * Writes a converted project into staging tables (`put`); with its row in columns of its own, the
 * apply copies them with a plain insert … select (as JSON it took json_extract per column, and
 * inputs and sizing, JSON text already, escaped again).
 */
export function projectStager(db: SQLite.Database, t: ProjectStagingTables): { put(path: string, known: AnswerMeta, run: string, p: StagedProject): void } {
  const columns = ['path', 'etag', 'stamp', 'listed', 'fingerprint', 'fetched_at', 'run', 'id', ...PROJECT_DECIDING_COLUMNS, 'engineer_email', 'jurisdiction', 'fixtures', 'notes', 'accessories', 'raw'];
  const insertProject = db.prepare(`insert or replace into ${t.projects} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
  const insertRow = db.prepare(`insert or replace into ${t.rows} (${STAGED_PROJECT_COLUMNS.join(', ')}) values (${STAGED_PROJECT_COLUMNS.map(() => '?').join(', ')})`);
  return {
    put(path, known, run, p) {
      // Fixtures and notes go in as JSON arrays; the apply unpacks them with json_each.
      insertProject.run([
        path, known.etag, known.stamp, known.listed, known.fingerprint, known.fetched_at, run, p.row.id,
        ...PROJECT_DECIDING_COLUMNS.map((c) => p.row[c]),
        p.engineer_email, p.jurisdiction === null ? null : JSON.stringify(p.jurisdiction),
        JSON.stringify(p.fixtures), JSON.stringify(p.notes), JSON.stringify(p.accessories), p.raw === null ? null : JSON.stringify(p.raw),
      ]);
      insertRow.run(STAGED_PROJECT_COLUMNS.map((c) => p.row[c]));
    },
  };
}

/**
 * Answers received by a run that has not been applied yet, in a file of their own beside the
 * store: written in batches while the run downloads (never touching the store's data), read back
 * by the next run if this one is cut off, deleted once the apply commits. Projects are staged
 * converted, in tables the apply copies from with plain SQL (the file is attached to the store's
 * connection), so a 100,000-project run neither keeps them in memory nor writes them row by row
 * from JavaScript inside the one transaction. A damaged file is just started afresh: it only ever
 * saves requests.
 */
export class StagedAnswers {
  /** This run's mark on the projects it stages or takes over from a cut-off run. */
  readonly run = randomUUID();
  private readonly db: SQLite.Database;
  /** Writes since the open batch began (see inBatch). */
  private batched = 0;
  private readonly select;
  private readonly insert;
  private readonly selectProject;
  private readonly stager;
  private readonly markProject;
  private readonly insertUser;
  private readonly insertProduct;
  private readonly insertAnswer;
  private readonly userEmailsOf;
  /** Users and answers to record this run staged (see RUN_TABLES). */
  private counts = { users: 0, answers: 0 };

  private constructor(db: SQLite.Database) {
    this.db = db;
    if (db.pragma('user_version', { simple: true }) !== STAGING_VERSION) {
      db.exec('drop table if exists answers; drop table if exists projects; drop table if exists project_rows; drop table if exists fixtures; drop table if exists notes;');
      db.exec(RUN_TABLES.map((t) => `drop table if exists ${t};`).join(' '));
      db.exec(STAGING_SCHEMA);
      db.pragma(`user_version = ${STAGING_VERSION}`);
    }
    // What a cut-off run staged of its own records is asked for again.
    db.exec(RUN_TABLES.map((t) => `delete from ${t};`).join(' '));
    this.select = db.prepare<[string], AnswerMeta & { body: string }>('select etag, stamp, listed, fingerprint, fetched_at, body from answers where path = ?');
    this.insert = db.prepare('insert or replace into answers (path, etag, stamp, listed, fingerprint, fetched_at, body) values (?, ?, ?, ?, ?, ?, ?)');
    this.selectProject = db.prepare<[string], AnswerMeta>('select etag, stamp, listed, fingerprint, fetched_at from projects where path = ?');
    this.stager = projectStager(db, STAGING_TABLES);
    this.markProject = db.prepare('update projects set run = ? where path = ?');
    const userColumns = ['path', 'key', 'listed', ...STAGED_USER_COLUMNS];
    // A user listed twice (pages asked ahead can overlap): the first entry stands.
    this.insertUser = db.prepare(`insert or ignore into users (${userColumns.join(', ')}) values (${userColumns.map(() => '?').join(', ')})`);
    const productColumns = ['part_number', 'store_id', 'type_name', ...STAGED_PRODUCT_PARTS];
    this.insertProduct = db.prepare(`insert into catalog_products (${productColumns.join(', ')}) values (${productColumns.map(() => '?').join(', ')})`);
    this.insertAnswer = db.prepare(
      'insert into answer_writes (path, resource, key, etag, stamp, listed, fingerprint, body, refresh, served_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.userEmailsOf = db.prepare<[], { id: number; email: string }>('select id, email from users order by seq');
  }

  static open(dataDir: string): StagedAnswers {
    const file = path.join(dataDir, STAGING_FILE);
    const open = () => {
      const db = openSqlite(file);
      db.pragma(`page_size = ${PAGE_SIZE}`);
      // Only a cache of requests: losing the last batches to a crash costs a few requests, no data.
      // A rollback journal rather than WAL: the run mostly appends, and appended pages are written
      // once (WAL wrote each twice, into the log and then into the file).
      db.pragma('journal_mode = TRUNCATE');
      db.pragma('synchronous = OFF');
      db.pragma(`cache_size = -${STAGING_CACHE_KIB}`);
      return new StagedAnswers(db);
    };
    try {
      return open();
    } catch {
      removeStaging(dataDir);
      return open();
    }
  }

  static file(dataDir: string): string {
    return path.join(dataDir, STAGING_FILE);
  }

  /** Attaches the staging file to the store's connection `sqlite` as `staging` (the apply copies from it by SQL). */
  static attach(sqlite: SQLite.Database, dataDir: string): void {
    sqlite.prepare('attach database ? as staging').run(StagedAnswers.file(dataDir));
    sqlite.pragma(`staging.cache_size = -${STAGING_CACHE_KIB}`);
  }

  get(path: string): StagedAnswer | undefined {
    try {
      const row = this.select.get(path);
      return row ? { etag: row.etag, stamp: row.stamp, listed: row.listed, fingerprint: row.fingerprint, fetched_at: row.fetched_at, body: JSON.parse(row.body) } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Keeps the answer's text as received (committed with the open batch). */
  put(path: string, known: AnswerMeta, text: string): void {
    this.inBatch(() => this.insert.run(path, known.etag, known.stamp, known.listed, known.fingerprint, known.fetched_at, text));
  }

  /** What is staged of a project (without its rows), or undefined. */
  project(path: string): AnswerMeta | undefined {
    try {
      return this.selectProject.get(path);
    } catch {
      return undefined;
    }
  }

  /** A project staged by a cut-off run, taken over by this one as it is. */
  takeProject(path: string): void {
    this.inBatch(() => this.markProject.run(this.run, path));
  }

  putProject(path: string, known: AnswerMeta, p: StagedProject): void {
    this.inBatch(() => this.stager.put(path, known, this.run, p));
  }

  /** A user whose list entry changed, to write (the apply copies the run's users by SQL); counted once. */
  putUser(path: string, listed: string, user: PulledUser): void {
    this.inBatch(() => {
      if (this.insertUser.run([path, String(user.id), listed, ...STAGED_USER_COLUMNS.map((c) => user[c])]).changes > 0) this.counts.users++;
    });
  }

  /** The run's staged users' ids and e-mails, in the order they came. */
  *userEmails(): Generator<{ id: number; email: string }> {
    yield* this.userEmailsOf.iterate();
  }

  /** A catalog product converted, in the order the catalog is to be written (see STAGED_PRODUCT_PARTS). */
  putProduct(p: PulledProduct): void {
    this.inBatch(() => this.insertProduct.run([p.ref.part_number, p.ref.store_id, p.typeName, ...STAGED_PRODUCT_PARTS.map((part) => JSON.stringify(p[part]))]));
  }

  /** An answer to record in the store's sync_answers with the apply (in this order). */
  putAnswer(a: AnswerWrite): void {
    this.inBatch(() =>
      this.insertAnswer.run(a.path, a.resource, a.key, a.etag, a.stamp, a.listed ?? null, a.fingerprint ?? null, a.body ?? null, a.refresh ? 1 : 0, a.served_at ?? null),
    );
    this.counts.answers++;
  }

  /** How many users and answers to record this run has staged. */
  get staged(): Readonly<{ users: number; answers: number }> {
    return { ...this.counts };
  }

  /**
   * Runs a write at once inside the open batch (a transaction committed every 200 writes). Held
   * back in memory instead, each row's strings outlived two young-generation collections and were
   * promoted: on a 100,000-project sync, gigabytes promoted and a full collection every 2 s.
   */
  private inBatch(write: () => void): void {
    if (!this.db.inTransaction) this.db.exec('begin');
    write();
    if (++this.batched >= 200) this.flush();
  }

  flush(): void {
    if (this.db.inTransaction) this.db.exec('commit');
    this.batched = 0;
  }

  close(): void {
    this.flush();
    this.db.close();
  }
}

export function removeStaging(dataDir: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(path.join(dataDir, STAGING_FILE + suffix), { force: true });
}
