/**
 * Kysely queries built and compiled once, run many times with new parameter values. Building a
 * query with joins costs Kysely 15–25 µs, more than SQLite takes to answer a look-up, so hot
 * paths (the per-request queries of the API) are written once with named placeholders:
 *
 *   const byZip = preparedQuery(db, (db, p: { zip: string }) => db.selectFrom('zip_codes').selectAll().where('zip', '=', p.zip));
 *   const rows = await byZip({ zip: '60601' });
 *
 * Placeholders must be plain values passed where Kysely makes a parameter (comparisons, sql``
 * templates); pass lists as JSON text and use `jsonList()`.
 *
 * A read on a connection registered with `useDirectReads` runs on its own prepared statement
 * at once when no transaction is open: Kysely's turn on the connection (a lock of promises, per
 * query) cost a look-up of four queries a tenth of its time. In a transaction, the read waits
 * its turn through Kysely as before, so it never sees another request's uncommitted writes.
 */
import type SQLite from 'better-sqlite3';
import { sql, type Compilable, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.js';

/** Each Kysely instance's own better-sqlite3 connection (no plugins: rows come back as SQLite gives them). */
const directConnections = new WeakMap<Kysely<Database>, SQLite.Database>();

/** Lets prepared reads on `db` run straight on `sqlite`, the connection its dialect wraps (see above). */
export function useDirectReads(db: Kysely<Database>, sqlite: SQLite.Database): void {
  directConnections.set(db, sqlite);
}

type Params = Record<string, string | number | null>;

// Placeholder values carry a random marker, so no real value can be mistaken for one.
const MARKER = `prepared-param-${Math.random().toString(36).slice(2)}:`;
const sentinel = (name: string) => MARKER + name;

export function preparedQuery<P extends Params, R>(db: Kysely<Database>, build: (db: Kysely<Database>, params: P) => Compilable<R>): (params: P) => Promise<R[]> {
  const names = new Proxy({} as P, { get: (_target, name) => sentinel(String(name)) });
  const compiled: CompiledQuery<R> = build(db, names).compile();
  const slots = compiled.parameters.map((value) => {
    return typeof value === 'string' && value.startsWith(MARKER) ? { name: value.slice(MARKER.length) } : { value };
  });
  const connection = directConnections.get(db);
  const statement = connection && prepareOrNull(connection, compiled.sql);
  const direct = connection && statement?.reader ? { connection, statement } : null;
  return async (params) => {
    const parameters = slots.map((slot) => ('name' in slot ? params[slot.name as keyof P] : slot.value));
    if (direct && !direct.connection.inTransaction) return direct.statement.all(parameters) as R[];
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}

/** A statement that cannot be prepared yet (a table still to come) fails when run, through Kysely, as before. */
function prepareOrNull(connection: SQLite.Database, text: string): SQLite.Statement | null {
  try {
    return connection.prepare(text);
  } catch {
    return null;
  }
}

/** `column in (values of a JSON array given as one parameter)`: one statement for any list length. */
export function jsonList(column: string, json: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} in (select value from json_each(${json}))`;
}
