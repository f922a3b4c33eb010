/**
 * The media store (issue 31): copies of the catalog's pictures and documents in the data folder,
 * for a rep without network. Files are named by the SHA-256 of their bytes (a name is never taken
 * from a URL), in a 0700 folder, each 0600; one row per URL the catalog names (media_files,
 * migration 0031), kept exactly as received. Several URLs with the same bytes share one file.
 * This module owns the table and the folder; media-sync.ts fills them, the local API and the
 * report read them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import type { Selectable } from 'kysely';
import type { MediaKind } from '../../src-shared/media.js';
import { ensurePrivateFolder, restrictFile } from './data-folder.js';
import type { Store } from './open-store.js';
import type { MediaFilesTable } from './schema.js';

export const MEDIA_FOLDER = 'media';
const UPSERT = 'insert into media_files (url, kind, document_kind) values (?, ?, ?) on conflict(url) do update set kind = excluded.kind, document_kind = excluded.document_kind';
/** Rows written per transaction when the store is reconciled with the catalog. */
const RECONCILE_BATCH = 500;
const SHA256 = /^[0-9a-f]{64}$/;

/** A row of `media_files` (schema.ts), its kind narrowed. */
export type MediaRow = Omit<Selectable<MediaFilesTable>, 'kind'> & { kind: MediaKind };

/** A URL the catalog names, and what it is. */
export interface WantedMedia {
  url: string;
  kind: MediaKind;
  document_kind: string | null;
}

/** What a fetch brought: a finished temporary file in the media folder, and its answer's headers. */
export interface FetchedFile {
  tempFile: string;
  sha256: string;
  size: number;
  contentType: string;
  etag: string | null;
  lastModified: string | null;
}

export class MediaStore {
  readonly dir: string;

  constructor(
    private readonly store: Store,
    dataDir: string,
  ) {
    this.dir = path.join(dataDir, MEDIA_FOLDER);
  }

  private get sqlite() {
    return this.store.sqlite;
  }

  /** Statements prepared once per SQL text (better-sqlite3 compiles anew at each prepare). */
  private readonly statements = new Map<string, SQLite.Statement>();
  private sql(text: string, pluck = false): SQLite.Statement {
    const key = pluck ? `pluck:${text}` : text;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.sqlite.prepare(text);
      if (pluck) statement.pluck();
      this.statements.set(key, statement);
    }
    return statement;
  }

  /** The folder, made 0700 (created on first use). */
  ensureFolder(): string {
    ensurePrivateFolder(this.dir);
    return this.dir;
  }

  /** A fresh temporary file name in the media folder (renamed to its hash once complete). */
  tempFile(): string {
    this.ensureFolder();
    return path.join(this.dir, `.part-${crypto.randomBytes(8).toString('hex')}`);
  }

  /** The file of a hash when it is kept here, else null (a malformed hash is never a path). */
  fileOf(sha256: string): string | null {
    if (!SHA256.test(sha256)) return null;
    const file = path.join(this.dir, sha256);
    return fs.existsSync(file) ? file : null;
  }

  /**
   * The local file holding the bytes of `url` (exactly as the central service sent it), or null
   * when none is kept. For the report PDF and the desktop's "open in the system viewer".
   */
  cachedFile(url: string): string | null {
    const sha = this.sql('select sha256 from media_files where url = ? and sha256 is not null', true).get(url) as string | undefined;
    return sha ? this.fileOf(sha) : null;
  }

  row(url: string): MediaRow | null {
    return (this.sql('select * from media_files where url = ?').get(url) as MediaRow | undefined) ?? null;
  }

  rows(urls: readonly string[]): Map<string, MediaRow> {
    const out = new Map<string, MediaRow>();
    const select = this.sql('select * from media_files where url = ?');
    for (const url of urls) {
      const r = select.get(url) as MediaRow | undefined;
      if (r) out.set(url, r);
    }
    return out;
  }

  /** The stored type of a kept file, for serving it. */
  describe(sha256: string): { contentType: string; size: number } | null {
    if (!SHA256.test(sha256)) return null;
    const r = this.sql('select content_type, size from media_files where sha256 = ? limit 1').get(sha256) as { content_type: string; size: number } | undefined;
    return r && this.fileOf(sha256) ? { contentType: r.content_type, size: r.size } : null;
  }

  /** Marks the copy as used now (eviction lets the least used go first). */
  touch(sha256: string): void {
    this.sql('update media_files set last_used = ? where sha256 = ?').run(new Date().toISOString(), sha256);
  }

  /**
   * The catalog names exactly these URLs now: new ones get a row, kinds are kept current, rows no
   * longer named go (and their files once no row needs them). Returns the rows to fetch.
   */
  reconcile(wanted: readonly WantedMedia[]): MediaRow[] {
    const urls = new Set(wanted.map((w) => w.url));
    const gone: string[] = [];
    const all = this.sql('select url, sha256 from media_files').all() as { url: string; sha256: string | null }[];
    const stale = all.filter((r) => !urls.has(r.url));
    // In batches, each a transaction of its own: a catalog names tens of thousands of URLs, and
    // the serving thread's writes wait for the lock while one is open. A row wanted or one no
    // longer named is right on its own, so a cut between batches leaves nothing inconsistent.
    const upsert = this.sql(UPSERT);
    const remove = this.sql('delete from media_files where url = ?');
    for (let at = 0; at < wanted.length; at += RECONCILE_BATCH) {
      this.sqlite.transaction(() => {
        for (const w of wanted.slice(at, at + RECONCILE_BATCH)) upsert.run(w.url, w.kind, w.document_kind);
      })();
    }
    for (let at = 0; at < stale.length; at += RECONCILE_BATCH) {
      this.sqlite.transaction(() => {
        for (const r of stale.slice(at, at + RECONCILE_BATCH)) {
          remove.run(r.url);
          if (r.sha256) gone.push(r.sha256);
        }
      })();
    }
    this.removeUnreferenced(gone);
    const select = this.sql('select * from media_files where url = ?');
    return wanted.map((w) => select.get(w.url) as MediaRow);
  }

  /** One URL the catalog names (the rep's single fetch): its row made or kept current, the others untouched. */
  want(wanted: WantedMedia): MediaRow {
    this.sql(UPSERT).run(wanted.url, wanted.kind, wanted.document_kind);
    return this.row(wanted.url)!;
  }

  /** A complete download: the file takes its hash's name (0600), the row its validators. */
  keep(url: string, file: FetchedFile): void {
    this.ensureFolder();
    const target = path.join(this.dir, file.sha256);
    const before = this.row(url)?.sha256 ?? null;
    if (fs.existsSync(target)) fs.rmSync(file.tempFile, { force: true });
    else {
      restrictFile(file.tempFile);
      fs.renameSync(file.tempFile, target);
    }
    restrictFile(target);
    const now = new Date().toISOString();
    this.sql(
      `update media_files set sha256 = ?, size = ?, content_type = ?, etag = ?, last_modified = ?, fetched_at = ?,
         last_used = coalesce(last_used, ?), evicted = 0, failures = 0, last_error = null where url = ?`,
    ).run(file.sha256, file.size, file.contentType, file.etag, file.lastModified, now, now, url);
    if (before && before !== file.sha256) this.removeUnreferenced([before]);
  }

  /** Answered 304: the copy stands. */
  unchanged(url: string, validators: { etag: string | null; lastModified: string | null }): void {
    this.sql('update media_files set etag = coalesce(?, etag), last_modified = coalesce(?, last_modified), fetched_at = ?, failures = 0, last_error = null where url = ?').run(validators.etag, validators.lastModified, new Date().toISOString(), url);
  }

  /** A failed fetch: counted and said why; tried again by the next sync. The copy from before, if any, stays. */
  failed(url: string, reason: string): void {
    this.sql('update media_files set failures = failures + 1, last_error = ? where url = ?').run(reason.slice(0, 300), url);
  }

  /** Drops the copies of rows (their files once unreferenced); the rows stay, to be fetched again when wanted. */
  drop(urls: readonly string[], evicted: boolean): void {
    const shas: string[] = [];
    this.sqlite.transaction(() => {
      const select = this.sql('select sha256 from media_files where url = ?', true);
      const clear = this.sql('update media_files set sha256 = null, etag = null, last_modified = null, evicted = ? where url = ?');
      for (const url of urls) {
        const sha = select.get(url) as string | null | undefined;
        if (sha) shas.push(sha);
        clear.run(evicted ? 1 : 0, url);
      }
    })();
    this.removeUnreferenced(shas);
  }

  /** Clears the evicted marks (the budget grew, or the rep changed what to keep). */
  clearEvicted(): void {
    this.sql('update media_files set evicted = 0').run();
  }

  /** Bytes and files kept (each file counted once, however many URLs share it). */
  totals(): { bytes: number; files: number } {
    const r = this.sql('select coalesce(sum(size), 0) as bytes, count(*) as files from (select sha256, max(size) as size from media_files where sha256 is not null group by sha256)').get() as {
      bytes: number;
      files: number;
    };
    return r;
  }

  /**
   * Lets copies go until the store fits the budget: documents before pictures, the least recently
   * used first within each. Those let go are marked, so later syncs do not fetch them again
   * (a rep's explicit fetch still does). Returns the URLs let go.
   */
  evictToBudget(budgetBytes: number): string[] {
    let { bytes } = this.totals();
    if (bytes <= budgetBytes) return [];
    const candidates = this.sql(
      `select sha256, max(size) as size, min(case kind when 'document' then 0 else 1 end) as rank, max(coalesce(last_used, fetched_at, '')) as used
         from media_files where sha256 is not null group by sha256 order by rank, used, sha256`,
    ).all() as { sha256: string; size: number }[];
    const urlsOf = this.sql('select url from media_files where sha256 = ?', true);
    const out: string[] = [];
    for (const c of candidates) {
      if (bytes <= budgetBytes) break;
      const urls = urlsOf.all(c.sha256) as string[];
      this.drop(urls, true);
      out.push(...urls);
      bytes -= c.size;
    }
    return out;
  }

  /** Files no row names any more, and temporary files a cut-off run left. */
  private removeUnreferenced(shas: readonly string[]): void {
    const used = this.sql('select 1 from media_files where sha256 = ? limit 1', true);
    for (const sha of new Set(shas)) {
      if (!SHA256.test(sha) || used.get(sha)) continue;
      fs.rmSync(path.join(this.dir, sha), { force: true });
    }
  }

  /** Temporary files of runs that were cut off (a crash, a kill). */
  removeLeftovers(): void {
    if (!fs.existsSync(this.dir)) return;
    for (const name of fs.readdirSync(this.dir)) if (name.startsWith('.part-')) fs.rmSync(path.join(this.dir, name), { force: true });
  }
}
