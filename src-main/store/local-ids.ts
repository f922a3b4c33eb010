/**
 * The id space of records made here. The central service numbers its records from 1; records
 * made in this app take ids from LOCAL_ID_BASE (2^31) up, from a counter per table (table
 * local_ids) that only grows. So an id is never reused after a delete (a client holding the old
 * id cannot overwrite a new record), and a record made offline never takes an id the service
 * has given, or will give, to one of its own.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';

import { LOCAL_ID_BASE } from '../../src-shared/project-reference.js';

export { LOCAL_ID_BASE };

export type LocalIdTable = 'projects' | 'users' | 'jurisdictions';

export const isLocalId = (id: number): boolean => id >= LOCAL_ID_BASE;

/**
 * The next id for a record made here; call it inside the transaction that inserts the record.
 * Past the counter and past every id in the table: an upstream that is itself a Fieldsizer gives
 * its own new records ids from this same space, and they arrive here by sync.
 */
export async function nextLocalId(trx: Kysely<Database> | Transaction<Database>, table: LocalIdTable): Promise<number> {
  const row = await trx
    .updateTable('local_ids')
    .set({ last_id: sql<number>`max(last_id, (select coalesce(max(id), 0) from ${sql.table(table)})) + 1` })
    .where('table_name', '=', table)
    .returning('last_id')
    .executeTakeFirstOrThrow();
  return row.last_id;
}
