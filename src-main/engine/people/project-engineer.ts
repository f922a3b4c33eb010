/**
 * Who a project write names as its engineer: a user already here (`{id}`), a new contact typed in
 * at the job site (`{name, email, company?}`, created as a user in the write's transaction), or
 * "not known yet" (`{unknown: true}`), one placeholder user shared by such projects, whose
 * engineer may be set later (a known engineer stays fixed, docs/api.md).
 */
import type { Transaction } from 'kysely';
import { UNKNOWN_ENGINEER, type EngineerWrite } from '../../../src-shared/api/project-write.js';
import type { Database } from '../../store/schema.js';
import { nextLocalId } from '../../store/local-ids.js';
import { ApiError } from '../errors.js';

const UNKNOWN_ENGINEER_EMAIL = UNKNOWN_ENGINEER.email;
const UNKNOWN_ENGINEER_NAME = UNKNOWN_ENGINEER.name;

const now = () => new Date().toISOString();

async function insertUser(trx: Transaction<Database>, name: string, email: string, company: string | null): Promise<number> {
  const id = await nextLocalId(trx, 'users');
  const stamp = now();
  await trx
    .insertInto('users')
    .values({
      id,
      service_user: 0,
      name,
      email,
      phone_number: null,
      position: null,
      company,
      postal_code: '',
      type: 'engineerArchitect',
      registered: stamp,
      last_active: stamp,
      updated: stamp,
      origin: 'local',
      extra: '{}',
    })
    .execute();
  return id;
}

export async function isUnknownEngineer(trx: Transaction<Database>, userId: number): Promise<boolean> {
  const row = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email === UNKNOWN_ENGINEER_EMAIL;
}

/** The user id the write names, creating the new contact or the placeholder as needed. */
export async function resolveEngineer(trx: Transaction<Database>, engineer: EngineerWrite): Promise<number> {
  if ('id' in engineer) {
    const user = await trx.selectFrom('users').select('id').where('id', '=', engineer.id).executeTakeFirst();
    if (!user) throw new ApiError(400, 'invalid_field', `No user with id ${engineer.id}.`, 'engineer.id');
    return engineer.id;
  }
  if ('unknown' in engineer) {
    const placeholder = await trx.selectFrom('users').select('id').where('email', '=', UNKNOWN_ENGINEER_EMAIL).executeTakeFirst();
    return placeholder?.id ?? insertUser(trx, UNKNOWN_ENGINEER_NAME, UNKNOWN_ENGINEER_EMAIL, null);
  }
  const email = engineer.email.trim().toLowerCase();
  const taken = await trx.selectFrom('users').select(['id', 'name']).where('email', '=', email).executeTakeFirst();
  if (taken) throw new ApiError(409, 'email_taken', `${email} is already the e-mail of ${taken.name} (user ${taken.id}): choose that user instead.`, 'engineer.email');
  return insertUser(trx, engineer.name, email, engineer.company ?? null);
}
