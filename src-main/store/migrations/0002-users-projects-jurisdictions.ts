import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('service_user', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone_number', 'text')
    .addColumn('position', 'text')
    .addColumn('company', 'text')
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('type', 'text')
    .addColumn('registered', 'text', (c) => c.notNull())
    .addColumn('last_active', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('embedded'))
    .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('users_type').on('users').column('type').execute();
  await db.schema.createIndex('users_postal_code').on('users').column('postal_code').execute();

  await db.schema
    .createTable('jurisdictions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('county_fips', 'text')
    .addColumn('inside_trap_locations', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('embedded'))
    .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  await db.schema
    .createTable('jurisdiction_zip_codes')
    .addColumn('zip', 'text', (c) => c.primaryKey())
    .addColumn('jurisdiction_id', 'integer', (c) => c.notNull().references('jurisdictions.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('jurisdiction_zip_codes_jurisdiction').on('jurisdiction_zip_codes').column('jurisdiction_id').execute();

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('jurisdiction_id', 'integer', (c) => c.notNull().references('jurisdictions.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('primary_phone_number', 'text', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('facility', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contacts_jurisdiction').on('contacts').column('jurisdiction_id').execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('submitted', 'text')
    .addColumn('approved', 'text')
    .addColumn('updated', 'text', (c) => c.notNull())
    .addColumn('construction_type', 'text', (c) => c.notNull())
    .addColumn('street', 'text')
    .addColumn('street_2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('jurisdiction_id', 'integer', (c) => c.references('jurisdictions.id').onDelete('set null'))
    // Inputs (JSON of the sizing inputs the columns below do not hold: fixtures live in their table).
    .addColumn('inputs', 'text', (c) => c.notNull())
    // Computed by the sizing engine in the transaction that wrote the inputs.
    .addColumn('sizing', 'text', (c) => c.notNull())
    .addColumn('pump_out_cycle', 'integer')
    .addColumn('recommended_product', 'text')
    .addColumn('unique_local_requirements', 'integer', (c) => c.notNull())
    // Sync: incremented on every write; `dirty` marks local edits not yet sent upstream.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('dirty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('embedded'))
    .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('projects_user').on('projects').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('projects_postal_code').on('projects').columns(['postal_code', 'id']).execute();
  await db.schema.createIndex('projects_construction_type').on('projects').columns(['construction_type', 'id']).execute();
  await db.schema.createIndex('projects_jurisdiction').on('projects').column('jurisdiction_id').execute();

  await db.schema
    .createTable('project_fixtures')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('input', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_fixtures_pk', ['project_id', 'position'])
    .execute();

  await db.schema
    .createTable('project_notes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('project_notes_project').on('project_notes').column('project_id').execute();

  // Full-text search, kept in step with the tables by triggers (external-content FTS5 tables).
  // unicode61 with remove_diacritics folds case and accents: "jose" finds "José".
  const fts = async (table: string, columns: string[]) => {
    const list = columns.join(', ');
    const values = (prefix: string) => columns.map((c) => `${prefix}.${c}`).join(', ');
    await sql
      .raw(`create virtual table ${table}_fts using fts5(${list}, content='${table}', content_rowid='id', tokenize="unicode61 remove_diacritics 2")`)
      .execute(db);
    await sql.raw(`create trigger ${table}_fts_insert after insert on ${table} begin insert into ${table}_fts(rowid, ${list}) values (new.id, ${values('new')}); end`).execute(db);
    await sql
      .raw(`create trigger ${table}_fts_delete after delete on ${table} begin insert into ${table}_fts(${table}_fts, rowid, ${list}) values ('delete', old.id, ${values('old')}); end`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_fts_update after update of ${list} on ${table} begin ` +
          `insert into ${table}_fts(${table}_fts, rowid, ${list}) values ('delete', old.id, ${values('old')}); ` +
          `insert into ${table}_fts(rowid, ${list}) values (new.id, ${values('new')}); end`,
      )
      .execute(db);
  };
  await fts('users', ['name', 'email', 'company', 'position', 'postal_code']);
  await fts('jurisdictions', ['name', 'state']);
  await fts('projects', ['name', 'street', 'city', 'state', 'postal_code', 'recommended_product']);
}
