/**
 * Place look-ups for the territory screen's form: the states to choose from, and counties of a
 * state as the user types (each with the territory it belongs to), matched the way the territory
 * look-up itself matches names (text-match.ts), so a suggestion always finds its territory.
 */
import type { Kysely } from 'kysely';
import { matchKey } from '../../src-shared/text-match.js';
import type { Database } from '../store/schema.js';
import { invalidParameter } from './errors.js';

export interface StateChoice {
  code: string;
  name: string;
}

export interface CountySuggestionRow {
  name: string;
  state_code: string;
  territory: string | null;
}

export async function listStates(db: Kysely<Database>): Promise<StateChoice[]> {
  return db.selectFrom('states').select(['code', 'name']).orderBy('name').execute();
}

/**
 * Counties of a state whose name (or name without its suffix) starts with the typed text; then,
 * when too few, those containing it. An empty prefix lists the state's first counties.
 */
export async function countySuggestions(db: Kysely<Database>, stateText: string, prefix: string, limit: number): Promise<CountySuggestionRow[]> {
  const stateKey = matchKey(stateText);
  const state = await db
    .selectFrom('states')
    .select(['code', 'name'])
    .where((eb) => eb.or([eb('match_name', '=', stateKey), eb('code', '=', stateText.trim().toUpperCase())]))
    .executeTakeFirst();
  if (!state) throw invalidParameter('state', `"${stateText}" is not a US state or region name or two-letter code.`);
  const key = matchKey(prefix);
  const base = db
    .selectFrom('counties as c')
    .leftJoin('territory_counties as tc', 'tc.county_fips', 'c.fips')
    .leftJoin('territories as t', 't.id', 'tc.territory_id')
    .select(['c.name', 'c.state_code', 't.code as territory'])
    .where('c.state_code', '=', state.code)
    .orderBy('c.name')
    .limit(limit);
  // matchKey leaves only letters, digits and spaces: nothing LIKE would read as a wildcard.
  const starts = await base
    .where((eb) => eb.or([eb('c.match_name', 'like', `${key}%`), eb('c.match_base', 'like', `${key}%`)]))
    .execute();
  if (starts.length >= limit || key === '') return starts;
  const inside = await base.where('c.match_name', 'like', `%${key}%`).execute();
  const seen = new Set(starts.map((r) => r.name));
  return [...starts, ...inside.filter((r) => !seen.has(r.name))].slice(0, limit);
}
