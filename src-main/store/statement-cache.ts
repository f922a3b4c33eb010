/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs more than running a
 * small look-up. This wrapper hands Kysely the same better-sqlite3 connection with `prepare`
 * memoised by SQL text (bounded, least recently used evicted first).
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

export function withStatementCache(sqlite: SQLite.Database, capacity = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        // Re-insert to mark as most recently used.
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
