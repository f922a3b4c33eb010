/** Inserts many rows in statements of a few hundred (SQLite caps the parameters of one statement). */
import { sql, type Insertable, type Transaction } from 'kysely';
import type { Database } from './schema.js';

const CHUNK = 400;

export async function insertRows<T extends keyof Database & string>(trx: Transaction<Database>, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Kysely's generic insert typing cannot follow a table chosen at run time.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await trx.insertInto(table).values(rows.slice(i, i + CHUNK) as any).execute();
  }
}

/**
 * Inserts or updates rows by a unique column, in place (ON CONFLICT DO UPDATE rather than REPLACE,
 * which would delete the row and so fire the foreign keys that point at it).
 */
export async function upsertRows<T extends keyof Database & string>(trx: Transaction<Database>, table: T, rows: Insertable<Database[T]>[], key: string): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).filter((c) => c !== key);
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Kysely's generic insert typing cannot follow a table chosen at run time.
    /* eslint-disable @typescript-eslint/no-explicit-any */
    await (trx.insertInto(table).values(rows.slice(i, i + CHUNK) as any) as any)
      .onConflict((oc: any) => oc.column(key).doUpdateSet(Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)]))))
      .execute();
    /* eslint-enable @typescript-eslint/no-explicit-any */
  }
}

/** Deletes rows whose `column` is one of `values`, a few hundred at a time. */
export async function deleteWhereIn<T extends keyof Database & string>(trx: Transaction<Database>, table: T, column: string, values: (string | number)[]): Promise<void> {
  for (let i = 0; i < values.length; i += CHUNK) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (trx.deleteFrom(table) as any).where(column, 'in', values.slice(i, i + CHUNK)).execute();
  }
}

