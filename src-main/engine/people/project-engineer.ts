/**
 * Who a project write names as its engineer: a user already here (`{id}`), a new contact typed in
 * at the job site (`{name, email?, company?}`, created as a user in the write's transaction; the
 * e-mail may follow later, e.g. a name read off the drawings' title block), or "not known yet"
 * (`{unknown: true}`), one placeholder user shared by such projects. `{id, email, company?}` fills
 * in the e-mail of a contact made here that has none yet. A Draft's engineer may change; once the
 * project is submitted it is fixed (docs/api.md "Writes").
 */
import type { Transaction } from 'kysely';
import { allowedTransitions } from '../../../src-shared/api/project-status.js';
import { contactEmail, UNKNOWN_ENGINEER, type EngineerWrite } from '../../../src-shared/api/project-write.js';
import type { ProjectStatus } from '../../../src-shared/api/vocabulary.js';
import type { Database } from '../../store/schema.js';
import { nextLocalId } from '../../store/local-ids.js';
import { ApiError } from '../errors.js';

const UNKNOWN_ENGINEER_EMAIL = UNKNOWN_ENGINEER.email;
const UNKNOWN_ENGINEER_NAME = UNKNOWN_ENGINEER.name;

const now = () => new Date().toISOString();

/** An e-mail as stored: trimmed, lower case; none (absent, null or "") is null. */
function storedEmail(email: string | null | undefined): string | null {
  const trimmed = email?.trim() ?? '';
  if (trimmed === '') return null;
  const checked = contactEmail.safeParse(trimmed);
  if (!checked.success) throw new ApiError(400, 'invalid_field', checked.error.issues[0]?.message ?? 'engineer.email must be an e-mail address.', 'engineer.email');
  return trimmed.toLowerCase();
}

async function refuseTaken(trx: Transaction<Database>, email: string): Promise<void> {
  const taken = await trx.selectFrom('users').select(['id', 'name']).where('email', '=', email).executeTakeFirst();
  if (taken) throw new ApiError(409, 'email_taken', `${email} is already the e-mail of ${taken.name} (user ${taken.id}): choose that user instead.`, 'engineer.email');
}

async function insertUser(trx: Transaction<Database>, name: string, email: string | null, company: string | null): Promise<number> {
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

/**
 * `{id, email, company?}`: the e-mail (and company) of a contact known by name only so far. For a
 * user that has an e-mail, the same e-mail shown back is fine and the company is not this app's
 * to change; another e-mail is refused (a user's e-mail is who they are to the central service).
 */
async function completeContact(trx: Transaction<Database>, user: { id: number; name: string; email: string | null }, given: { email?: string | null; company?: string | null }): Promise<void> {
  if (user.email !== null) {
    const shown = given.email?.trim().toLowerCase() ?? '';
    if (shown !== '' && shown !== user.email.toLowerCase()) {
      throw new ApiError(400, 'invalid_field', `${user.name} (user ${user.id}) has the e-mail ${user.email}; only a contact saved without an e-mail can be given one here.`, 'engineer.email');
    }
    return;
  }
  const email = storedEmail(given.email);
  if (email === null && given.company === undefined) return;
  if (email !== null) await refuseTaken(trx, email);
  await trx
    .updateTable('users')
    .set({ ...(email === null ? {} : { email }), ...(given.company === undefined ? {} : { company: given.company?.trim() || null }), updated: now() })
    .where('id', '=', user.id)
    .execute();
}

/** The user id the write names, creating the new contact or the placeholder as needed. */
export async function resolveEngineer(trx: Transaction<Database>, engineer: EngineerWrite): Promise<number> {
  if ('id' in engineer) {
    const user = await trx.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', engineer.id).executeTakeFirst();
    if (!user) throw new ApiError(400, 'invalid_field', `No user with id ${engineer.id}.`, 'engineer.id');
    await completeContact(trx, user, engineer);
    return engineer.id;
  }
  if ('unknown' in engineer) {
    const placeholder = await trx.selectFrom('users').select('id').where('email', '=', UNKNOWN_ENGINEER_EMAIL).executeTakeFirst();
    return placeholder?.id ?? insertUser(trx, UNKNOWN_ENGINEER_NAME, UNKNOWN_ENGINEER_EMAIL, null);
  }
  const email = storedEmail(engineer.email);
  if (email !== null) await refuseTaken(trx, email);
  return insertUser(trx, engineer.name, email, engineer.company ?? null);
}

/** Whether a write's engineer is another one than the project's (the same id, with details or not, is not). */
export function namesAnotherEngineer(engineer: EngineerWrite | undefined, current: number): boolean {
  return engineer !== undefined && !('id' in engineer && engineer.id === current);
}

/** A project past Draft keeps its engineer: the refusal says why, and what the rep can do. */
export function engineerFixed(id: number, status: ProjectStatus): ApiError {
  const canWithdraw = allowedTransitions(status, ['user']).some((t) => t.to === 'Draft');
  return new ApiError(
    409,
    'engineer_fixed',
    `The engineer is fixed once the project was submitted for review (project ${id} is ${status}): the plan reviewer has it with that engineer of record. ` +
      (canWithdraw ? 'Withdraw it to Draft to change the engineer, or duplicate it.' : 'Duplicate it to name another engineer.'),
    'engineer',
  );
}

/**
 * What pre-approval needs of the engineer: a named engineer with an e-mail (the plan reviewer's
 * engineer of record), not the placeholder nor a contact known by name only.
 */
export async function engineerMissingForSubmission(trx: Transaction<Database>, userId: number): Promise<ApiError | null> {
  const user = await trx.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
  if (user?.email === UNKNOWN_ENGINEER_EMAIL) {
    return new ApiError(409, 'incomplete_for_submission', 'Pre-approval needs the engineer of record: name the engineer first.', 'engineer');
  }
  if (user && user.email === null) {
    return new ApiError(409, 'incomplete_for_submission', `Pre-approval needs the engineer's e-mail: fill in ${user.name}'s e-mail first.`, 'engineer.email');
  }
  return null;
}

