import { sql, type Kysely } from 'kysely';

/**
 * An engineer known only by name (from the drawings' title block) is saved now and given an
 * e-mail later (issue 30): `users.email` may be null. SQLite cannot drop a NOT NULL in place, so
 * the table is rebuilt as https://www.sqlite.org/lang_altertable.html#otheralter describes: the
 * same definition without that constraint (the e-mail stays unique; several nulls are allowed),
 * every row copied under its id, then the table's indexes and triggers (the full-text index's)
 * made again from their stored definitions. The full-text table itself keeps its rows: they are
 * keyed by the users' ids, which do not change.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  // Foreign keys cannot be switched inside a transaction; projects.user_id points at users.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const table = (await sql<{ sql: string }>`select sql from sqlite_schema where type = 'table' and name = 'users'`.execute(trx)).rows[0];
      if (!table) throw new Error('The users table is missing.');
      const dependents = (await sql<{ sql: string }>`select sql from sqlite_schema where tbl_name = 'users' and type in ('index', 'trigger') and sql is not null order by type, name`.execute(trx)).rows;
      const columns = (await sql<{ name: string }>`select name from pragma_table_info('users')`.execute(trx)).rows.map((c) => `"${c.name}"`).join(', ');
      const relaxed = table.sql.replace(/("email"\s+text)\s+not\s+null/i, '$1');
      if (relaxed === table.sql) throw new Error(`users.email is not defined as expected: ${table.sql}`);
      const rebuilt = relaxed.replace(/^create\s+table\s+"?users"?/i, 'create table "users_rebuilt"');
      await sql.raw(rebuilt).execute(trx);
      await sql.raw(`insert into "users_rebuilt" (${columns}) select ${columns} from "users"`).execute(trx);
      await sql`drop table "users"`.execute(trx);
      await sql`alter table "users_rebuilt" rename to "users"`.execute(trx);
      for (const d of dependents) await sql.raw(d.sql).execute(trx);
      const broken = (await sql`pragma foreign_key_check`.execute(trx)).rows;
      if (broken.length > 0) throw new Error(`Rebuilding users left ${broken.length} rows pointing at no row: ${JSON.stringify(broken.slice(0, 3))}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
