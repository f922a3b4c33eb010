/**
 * The sync's decisions, as pure functions (unit-tested in test/sync/decide.test.ts): whether a
 * record's detail must be asked for, how a list is paged when the upstream may ignore paging, how
 * an upstream record is matched to a local one, and what the push does with a queued change.
 * They take what the list showed and what the store knows, and touch neither network nor store.
 */
import { createHash } from 'node:crypto';

const DAY_MS = 86_400_000;

/**
 * The fingerprint of an answer as received, to compare answers without ETags: a hash of its
 * bytes, so the sync's hot path never serialises a parsed body again. For an upstream that sends
 * compact JSON (as JSON.stringify writes it) it equals `fingerprint` of the parsed body.
 */
export function fingerprintOfBytes(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('base64url');
}

/**
 * A fingerprint of a JSON value where no answer's bytes are at hand (a list item, a body kept
 * parsed). Keys count in the order the upstream sends them (it renders the same record the same
 * way each time); sorting them would cost a deep walk of every answer.
 */
export function fingerprint(value: unknown): string {
  return fingerprintOfBytes(Buffer.from(JSON.stringify(value) ?? 'null', 'utf8'));
}

/**
 * A list item's fingerprint: user list items repeat the request's query string in their url
 * (spec §2.2), which moves with the page, so the url's query is left out.
 */
export function listedFingerprint(item: unknown): string {
  if (item !== null && typeof item === 'object' && !Array.isArray(item) && typeof (item as { url?: unknown }).url === 'string') {
    const url = (item as { url: string }).url;
    return fingerprint({ ...(item as object), url: url.split('?')[0] });
  }
  return fingerprint(item);
}

/** MM/DD/YYYY (or an ISO date) → ms at UTC midnight, or null. */
export function dayOf(stamp: string | null): number | null {
  if (stamp === null) return null;
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(stamp);
  const iso = us ? `${us[3]}-${us[1]}-${us[2]}` : /^\d{4}-\d{2}-\d{2}/.test(stamp) ? stamp.slice(0, 10) : null;
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** What the store knows of a record's detail: from the last applied run, or staged by a cut-off one. */
export interface KnownAnswer {
  etag: string | null;
  /** The date the list showed when it was fetched. */
  stamp: string | null;
  /** The fingerprint of the list entry it was fetched under (null: not known, as before 0009). */
  listed: string | null;
  /**
   * When the central service gave the answer, by its own clock (its Date header): its dates are
   * compared with its clock, never this machine's, which may be off by any amount (a service a
   * year behind stamps today's change with a date that looks a year old here). Empty: it sent
   * no date, and no date of its is trusted.
   */
  fetched_at: string;
}

/**
 * True when the list shows the same date as when the record was fetched, and that date ended
 * well before the fetch, by the service's clock: dates have a day's precision, so a record
 * changed on the day it was fetched (or the next, for time zones) could have changed after the
 * fetch.
 */
export function unchangedByDate(stamp: string | null, known: KnownAnswer | undefined): boolean {
  if (!known || stamp === null || known.stamp !== stamp) return false;
  const day = dayOf(stamp);
  return day !== null && day + 2 * DAY_MS <= Date.parse(known.fetched_at);
}

export type DetailDecision =
  /** A cut-off run staged it and the list shows it unchanged since: used without a request. */
  | { action: 'staged' }
  /** The store holds it and the list shows it unchanged: no request. */
  | { action: 'skip' }
  /** Asked, with the ETag held (If-None-Match) if any. */
  | { action: 'ask'; etag: string | null };

export interface DetailInput {
  /** The date the list shows for the record (null: the list shows none, as for spec projects). */
  stamp: string | null;
  /** The fingerprint of its list entry now. */
  listed: string;
  applied?: KnownAnswer;
  staged?: KnownAnswer;
  /** False on a full check: nothing is skipped by what the list shows (weekly, and against a new upstream). */
  trustLists: boolean;
  /** Something else says it may have changed (its user's list entry moved, for records without a date). */
  suspect: boolean;
}

/**
 * Whether to ask for a record's detail. A record is unchanged when its list entry is the same as
 * when it was fetched, and, if the list shows a date, that date is old enough to be trusted (see
 * unchangedByDate). A record whose list shows no date can change without its entry moving: it is
 * re-verified at the full check, and when `suspect`.
 */
export function decideDetail(input: DetailInput): DetailDecision {
  const sameEntry = (known: KnownAnswer | undefined) =>
    known !== undefined && (known.listed === null ? input.stamp !== null : known.listed === input.listed) && (input.stamp === null ? known.listed !== null : unchangedByDate(input.stamp, known));
  if (input.staged && sameEntry(input.staged)) return { action: 'staged' };
  if (input.trustLists && !input.suspect && sameEntry(input.applied)) return { action: 'skip' };
  return { action: 'ask', etag: input.staged?.etag ?? input.applied?.etag ?? null };
}

// --- Paging --------------------------------------------------------------------------------------

/** How an upstream pages otherwise than asked: a short page mid-list, a page past `limit`, a repeated page. */
export interface PagingWarning {
  kind: 'short' | 'unpaged' | 'repeated';
  text: string;
}

export interface PagingState {
  offset: number;
  seen: Set<string>;
  /** Warnings about how the upstream pages, for the run's report. */
  warnings: PagingWarning[];
  /** The offset of the first page shorter than `limit`, if any. */
  shortAt: number | null;
  /** More came after that short page: worth a warning once the list ends (a short last page is not). */
  wentOnAfterShort: boolean;
}

export function startPaging(): PagingState {
  return { offset: 0, seen: new Set(), warnings: [], shortAt: null, wentOnAfterShort: false };
}

/**
 * After a page of a list the upstream sends without a total: the offset of the next page, or
 * null when the list is complete. Offsets move by the number of items received, so a page shorter
 * than `limit` in the middle of the list (an upstream with a lower cap, or records hidden from a
 * page) loses nothing; a page longer than `limit` means the upstream ignores paging and sent
 * everything; a page that brings nothing new means it ignores `offset` (the list is not asked
 * for forever).
 */
export function nextPage(state: PagingState, keys: string[], limit: number, path: string): number | null {
  const fresh = keys.filter((k) => !state.seen.has(k));
  for (const k of keys) state.seen.add(k);
  if (keys.length === 0) {
    if (state.wentOnAfterShort) state.warnings.push({ kind: 'short', text: `${path}: a page at offset ${state.shortAt} held fewer than ${limit} items, yet the list went on; paged by what came` });
    return null;
  }
  if (keys.length > limit) {
    state.warnings.push({ kind: 'unpaged', text: `${path}: the central service ignores limit/offset (${keys.length} items in one page); took the whole list` });
    return null;
  }
  if (fresh.length === 0) {
    state.warnings.push({ kind: 'repeated', text: `${path}: the page at offset ${state.offset} repeats items already received (offset ignored?); stopped with ${state.seen.size} items` });
    return null;
  }
  if (state.shortAt !== null) state.wentOnAfterShort = true;
  else if (keys.length < limit) state.shortAt = state.offset;
  state.offset += keys.length;
  return state.offset;
}

/**
 * The paging warnings worth reporting. A list the spec returns whole, without `limit`/`offset`
 * (`/products`, `/territories`), is expected to ignore paging (one page past `limit`, or the same
 * page again at the next offset): no news. A short page that was followed by more is news anywhere.
 */
export function pagingWarnings(state: PagingState, wholeBySpec: boolean): string[] {
  return state.warnings.filter((w) => !wholeBySpec || w.kind === 'short').map((w) => w.text);
}

// --- Matching upstream records to local ones -----------------------------------------------------

/** Jurisdictions an upstream only embeds in projects are told apart by name and state. */
export function jurisdictionKey(name: string, state: string | null): string {
  return `${name.trim().toLowerCase()}\u0000${(state ?? '').trim().toUpperCase()}`;
}

/**
 * The local jurisdiction for an embedded one: the one with the same name and state; for a project
 * without a state, the only one with that name (several: none can be told).
 */
export function matchJurisdiction<T extends { name: string; state: string }>(name: string, state: string | null, held: T[]): T | undefined {
  const key = jurisdictionKey(name, state);
  const exact = held.find((j) => jurisdictionKey(j.name, j.state) === key);
  if (exact || (state !== null && state.trim() !== '')) return exact;
  const named = held.filter((j) => j.name.trim().toLowerCase() === name.trim().toLowerCase());
  return named.length === 1 ? named[0] : undefined;
}

/**
 * The user who made a project, by what the spec gives: the engineer's id where the upstream shows
 * one, else the user with the engineer's e-mail, else the user whose projects embed it.
 */
export function engineerOf(
  engineer: { id: number | null; email: string | null },
  projectId: number,
  users: { byEmail: Map<string, number>; exists: (id: number) => boolean; embedding: Map<number, number> },
): number | null {
  if (engineer.id !== null && users.exists(engineer.id)) return engineer.id;
  const byEmail = engineer.email === null ? undefined : users.byEmail.get(engineer.email.trim().toLowerCase());
  if (byEmail !== undefined && users.exists(byEmail)) return byEmail;
  return users.embedding.get(projectId) ?? null;
}

/**
 * Users whose detail (with their projects embedded) the sync needs: for each jurisdiction whose
 * contacts are wanted, one user with a project there (the one with fewest projects, the
 * cheapest answer); and, when some projects cannot be linked to a user by id or e-mail, every
 * user who has more projects than those linked to them.
 */
export function usersToAsk(input: {
  projects: { id: number; user: number | null; jurisdiction: string | null }[];
  users: { id: number; projects: number }[];
  contactsWanted: Set<string>;
}): Set<number> {
  const projectsOf = new Map(input.users.map((u) => [u.id, u.projects]));
  const ask = new Set<number>();
  const covered = new Set<string>();
  const byJurisdiction = new Map<string, number[]>();
  for (const p of input.projects) {
    if (p.jurisdiction === null || p.user === null || !input.contactsWanted.has(p.jurisdiction)) continue;
    byJurisdiction.set(p.jurisdiction, [...(byJurisdiction.get(p.jurisdiction) ?? []), p.user]);
  }
  for (const [key, users] of byJurisdiction) {
    const cheapest = [...users].sort((a, b) => (projectsOf.get(a) ?? 0) - (projectsOf.get(b) ?? 0) || a - b)[0]!;
    ask.add(cheapest);
    covered.add(key);
  }
  const unlinked = input.projects.filter((p) => p.user === null);
  const uncovered = [...input.contactsWanted].some((k) => !covered.has(k) && input.projects.some((p) => p.jurisdiction === k));
  if (unlinked.length > 0 || uncovered) {
    const linked = new Map<number, number>();
    for (const p of input.projects) if (p.user !== null) linked.set(p.user, (linked.get(p.user) ?? 0) + 1);
    for (const u of input.users) if (u.projects > (linked.get(u.id) ?? 0)) ask.add(u.id);
  }
  return ask;
}

// --- Push ----------------------------------------------------------------------------------------

export type EditStep =
  /** The upstream copy moved since the last sync (or is gone): both versions kept, the user chooses. */
  | { step: 'conflict'; theirsGone: boolean }
  /** Unchanged upstream since the last sync: send mine. */
  | { step: 'send' };

/** A project's copy as the upstream shows it now, or as it was last synced (the base). */
export interface ProjectCopy {
  /** Its `version`, where the upstream shows versions (a Fieldsizer upstream); null where it shows none (the spec). */
  version: number | null;
  /** The fingerprint of the answer it came in (decide.ts fingerprintOfBytes), null when not known. */
  fingerprint: string | null;
}

/**
 * Whether the upstream's copy of a project moved since the last sync: the one rule for the push
 * (editStep) and the apply (a local edit meeting an upstream change is a conflict).
 *
 * Where the upstream shows a version, it moved unless the version is the base's: a version lower
 * than the base's moved too (the service was restored from a backup, or the address now points at
 * another service), and so did one the base does not have (the upstream began to show versions).
 * Where it shows none, it moved unless its answer's fingerprint is the base's (migration 0019:
 * the base is the fingerprint of the answer last applied, or the one "keep mine" accepted).
 * Without a base fingerprint (an answer stored before fingerprints were kept, or forgotten) there
 * is nothing to compare with: taken as moved, so the rep chooses rather than either side's
 * change being overwritten unseen.
 */
export function movedUpstream(theirs: ProjectCopy, base: ProjectCopy): boolean {
  if (theirs.version !== null) return base.version === null || theirs.version !== base.version;
  return base.fingerprint === null || theirs.fingerprint !== base.fingerprint;
}

/**
 * An upstream project edited here, against the upstream's copy now: gone there, or moved since
 * the last sync (movedUpstream), it is a conflict; else mine is sent.
 */
export function editStep(input: { theirs: Record<string, unknown> | null; theirsFingerprint: string | null; baseVersion: number | null; baseFingerprint: string | null }): EditStep {
  if (input.theirs === null) return { step: 'conflict', theirsGone: true };
  const version = typeof input.theirs.version === 'number' ? input.theirs.version : null;
  return movedUpstream({ version, fingerprint: input.theirsFingerprint }, { version: input.baseVersion, fingerprint: input.baseFingerprint }) ? { step: 'conflict', theirsGone: false } : { step: 'send' };
}

/**
 * What the answer to the write probe (an empty `POST /api/projects`) says: a service with writes
 * refuses the empty body (400, 409, 422: `accepts`); 404, 405 and 501 mean it has no such
 * endpoint; 401 and 403 that this key may not write (it reads: the pull goes on); anything else
 * (a redirect, a 5xx) that the changes cannot go now; a 2xx that it took an empty project.
 */
export type WriteProbe = 'accepts' | 'no-writes' | 'key-may-not-write' | 'took-empty' | 'unavailable';

export function writeProbe(status: number): WriteProbe {
  if (status === 404 || status === 405 || status === 501) return 'no-writes';
  if (status === 401 || status === 403) return 'key-may-not-write';
  if (status >= 200 && status < 300) return 'took-empty';
  if (status >= 400 && status < 500) return 'accepts';
  return 'unavailable';
}

// --- Mass deletion -------------------------------------------------------------------------------

/**
 * How much of a resource one run may remove without the rep's word: more than half of what is
 * held from the central service, or more than 100 records, and the run stops before the switch.
 * A service that answers valid but empty lists (misconfigured, half restored, a proxy's stale
 * cache) is far likelier than one emptied on purpose; a deliberate purge is confirmed once.
 */
export const MASS_DELETE_LIMITS = { share: 0.5, count: 100 } as const;

export function isMassDeletion(held: number, removing: number, limits: { share: number; count: number } = MASS_DELETE_LIMITS): boolean {
  return removing > 0 && (removing > limits.count || removing > held * limits.share);
}

/** What the rep reads when the guard stops a run: what it saw, that nothing changed, how to confirm. */
export function massDeletionMessage(seen: { resource: string; held: number; removing: number }[]): string {
  const what = seen.map((r) => `${r.resource} ${r.held.toLocaleString('en-US')} → ${(r.held - r.removing).toLocaleString('en-US')}`).join(', ');
  return (
    `The central service now lists far fewer records than this computer holds from it (${what}). ` +
    'A service answering empty or short lists is more often misconfigured or half restored than emptied on purpose, so nothing was changed: the data from before the sync is kept. ' +
    'If the records were removed on purpose, confirm it in the sync screen (or run the sync with --allow-mass-delete).'
  );
}
