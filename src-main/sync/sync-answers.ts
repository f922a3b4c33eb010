/**
 * What the store holds from the central service, per request path (table sync_answers, see
 * migration 0007), and the answers of a run not yet applied (the staging file), so a sync cut off
 * half way resumes without asking again for what it already received.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import type SQLite from 'better-sqlite3';

export interface AnswerMeta {
  etag: string | null;
  stamp: string | null;
  fetched_at: string;
}

/**
 * One row of sync_answers as the apply writes it: `body` is kept (deflated) when given; with
 * `refresh`, only the ETag, stamp and fetch date of the stored row change (a 304 confirmed it).
 */
export interface AnswerWrite {
  path: string;
  resource: string;
  key: string;
  etag: string | null;
  stamp: string | null;
  body?: unknown;
  refresh?: boolean;
}

export const deflateJson = (value: unknown): Buffer => zlib.deflateRawSync(JSON.stringify(value), { level: 1 });
const inflateJson = (blob: Buffer): unknown => JSON.parse(zlib.inflateRawSync(blob).toString('utf8'));

/** The answers behind the data the store serves now (read in the pull worker, written by the apply). */
export class AppliedAnswers {
  private readonly meta = new Map<string, AnswerMeta>();
  private readonly byResource = new Map<string, string[]>();
  private readonly bodyOf;

  constructor(sqlite: SQLite.Database) {
    for (const row of sqlite.prepare('select path, resource, etag, stamp, fetched_at from sync_answers').all() as (AnswerMeta & { path: string; resource: string })[]) {
      this.meta.set(row.path, { etag: row.etag, stamp: row.stamp, fetched_at: row.fetched_at });
      const paths = this.byResource.get(row.resource);
      if (paths) paths.push(row.path);
      else this.byResource.set(row.resource, [row.path]);
    }
    this.bodyOf = sqlite.prepare<[string], { body: Buffer | null }>('select body from sync_answers where path = ?');
  }

  get(path: string): AnswerMeta | undefined {
    return this.meta.get(path);
  }

  /** The kept body of an answer (catalog, territories, list pages), or undefined. */
  body(path: string): unknown {
    const row = this.bodyOf.get(path);
    return row?.body ? inflateJson(row.body) : undefined;
  }

  /** Paths of the answers held for a resource. */
  paths(resource: string): string[] {
    return this.byResource.get(resource) ?? [];
  }
}

export interface StagedAnswer {
  etag: string | null;
  stamp: string | null;
  fetched_at: string;
  body: unknown;
}

export const STAGING_FILE = 'sync-staging.db';

/**
 * Answers received by a run that has not been applied yet, in a file of their own beside the
 * store: written in batches while the run downloads (never touching the store's data), read back
 * by the next run if this one is cut off, deleted once the apply commits. A damaged file is just
 * started afresh: it only ever saves requests.
 */
export class StagedAnswers {
  private readonly db: SQLite.Database;
  private readonly pending: [string, string | null, string | null, string, string][] = [];
  private readonly select;
  private readonly insert;
  private readonly flushPending;

  private constructor(db: SQLite.Database) {
    this.db = db;
    db.exec('create table if not exists answers (path text primary key, etag text, stamp text, fetched_at text not null, body text not null)');
    this.select = db.prepare<[string], { etag: string | null; stamp: string | null; fetched_at: string; body: string }>('select etag, stamp, fetched_at, body from answers where path = ?');
    this.insert = db.prepare('insert or replace into answers (path, etag, stamp, fetched_at, body) values (?, ?, ?, ?, ?)');
    this.flushPending = db.transaction((rows: typeof this.pending) => {
      for (const r of rows) this.insert.run(...r);
    });
  }

  static open(dataDir: string): StagedAnswers {
    const file = path.join(dataDir, STAGING_FILE);
    const open = () => {
      const db = new Database(file);
      // Only a cache of requests: losing the last batches to a crash costs a few requests, no data.
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = OFF');
      return new StagedAnswers(db);
    };
    try {
      return open();
    } catch {
      removeStaging(dataDir);
      return open();
    }
  }

  get(path: string): StagedAnswer | undefined {
    const row = this.select.get(path);
    if (!row) return undefined;
    try {
      return { etag: row.etag, stamp: row.stamp, fetched_at: row.fetched_at, body: JSON.parse(row.body) };
    } catch {
      return undefined;
    }
  }

  /** Keeps the answer's text as received; written with the next batch. */
  put(path: string, etag: string | null, stamp: string | null, text: string): void {
    this.pending.push([path, etag, stamp, new Date().toISOString(), text]);
    if (this.pending.length >= 200) this.flush();
  }

  flush(): void {
    if (this.pending.length === 0) return;
    this.flushPending(this.pending.splice(0));
  }

  close(): void {
    this.flush();
    this.db.close();
  }
}

export function removeStaging(dataDir: string): void {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(dataDir, STAGING_FILE + suffix), { force: true });
}
