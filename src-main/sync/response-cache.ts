/** The upstream's last answer per path, with its ETag (see migration 0005). */
import type SQLite from 'better-sqlite3';

export interface CachedResponse {
  etag: string;
  body: string;
}

export class ResponseCache {
  private readonly select;
  private readonly upsert;

  constructor(sqlite: SQLite.Database) {
    // Plain prepared statements: thousands of tiny reads and writes per sync, off the query builder.
    this.select = sqlite.prepare<[string], CachedResponse>('select etag, body from sync_cache where path = ?');
    this.upsert = sqlite.prepare('insert into sync_cache (path, etag, body, fetched_at) values (?, ?, ?, ?) on conflict(path) do update set etag = excluded.etag, body = excluded.body, fetched_at = excluded.fetched_at');
  }

  get(path: string): CachedResponse | undefined {
    return this.select.get(path);
  }

  put(path: string, etag: string, body: string): void {
    this.upsert.run(path, etag, body, new Date().toISOString());
  }
}
