/** Inserts many rows in statements of a few hundred (SQLite caps the parameters of one statement). */
import type { Insertable, Transaction } from 'kysely';
import type { Database } from './schema.js';

const CHUNK = 400;

export async function insertRows<T extends keyof Database & string>(trx: Transaction<Database>, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Kysely's generic insert typing cannot follow a table chosen at run time.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await trx.insertInto(table).values(rows.slice(i, i + CHUNK) as any).execute();
  }
}
