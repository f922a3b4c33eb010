/**
 * The rep's own details printed on every report (company, name, e-mail, phone), kept in the
 * store's meta table beside the other app settings and edited in Settings.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';

export interface RepProfile {
  company: string;
  name: string;
  email: string;
  phone: string;
}

const KEYS: Record<keyof RepProfile, string> = { company: 'rep.company', name: 'rep.name', email: 'rep.email', phone: 'rep.phone' };

export async function readRepProfile(db: Kysely<Database>): Promise<RepProfile> {
  const rows = await db.selectFrom('meta').select(['key', 'value']).where('key', 'in', Object.values(KEYS)).execute();
  const value = (key: string) => rows.find((r) => r.key === key)?.value ?? '';
  return { company: value(KEYS.company), name: value(KEYS.name), email: value(KEYS.email), phone: value(KEYS.phone) };
}

export async function writeRepProfile(db: Kysely<Database>, profile: RepProfile): Promise<RepProfile> {
  await db.transaction().execute(async (trx) => {
    for (const field of Object.keys(KEYS) as (keyof RepProfile)[]) {
      const row = { key: KEYS[field], value: profile[field].trim() };
      await trx.insertInto('meta').values(row).onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value })).execute();
    }
  });
  return readRepProfile(db);
}
