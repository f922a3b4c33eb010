/**
 * What the store holds from the central service, as the pull decides by it (pull.ts LocalKeys):
 * read once at the start of a run, on the run's own connection.
 */
import type SQLite from 'better-sqlite3';
import type { LocalKeys } from './pull.js';

export function localKeys(
  sqlite: SQLite.Database,
  run: {
    /** The store still serves the embedded demo set: none of it counts as known. */
    firstSync: boolean;
    trustDates: boolean;
    /** Drafts the push just sent: replaced by the upstream's copy, not held here. */
    pushedLocalIds: number[];
    jurisdictionsEndpoint: boolean;
  },
): LocalKeys {
  const ids = (sql: string) => new Set(sqlite.prepare(sql).pluck().all() as number[]);
  const pushed = new Set(run.pushedLocalIds);
  const upstreamIds = (sql: string) => (run.firstSync ? new Set<number>() : ids(sql));
  return {
    trustDates: run.trustDates,
    projects: new Set([...upstreamIds("select id from projects where origin = 'upstream'")].filter((id) => !pushed.has(id))),
    dirtyProjects: ids('select id from projects where dirty = 1'),
    users: upstreamIds("select id from users where origin = 'upstream'"),
    jurisdictions: upstreamIds("select id from jurisdictions where origin = 'upstream'"),
    projectUsers: new Map((sqlite.prepare("select id, user_id from projects where origin = 'upstream'").all() as { id: number; user_id: number }[]).map((r) => [r.id, r.user_id])),
    userEmails: new Map((sqlite.prepare("select lower(email) as email, id from users where origin = 'upstream'").all() as { email: string; id: number }[]).map((r) => [r.email, r.id])),
    embeddedJurisdictions: sqlite.prepare("select name, state from jurisdictions where source = 'projects'").all() as { name: string; state: string }[],
    jurisdictionsEndpoint: run.jurisdictionsEndpoint,
  };
}
