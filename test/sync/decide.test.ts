/**
 * The sync's decisions on their own (src-main/sync/decide.ts): when a detail is asked for, how a
 * list that pages oddly is walked to its end, how upstream records are matched to local ones, and
 * what the push does with an edit. Pure functions: no network, no store.
 */
import { describe, expect, it } from 'vitest';
import {
  decideDetail,
  editStep,
  engineerOf,
  fingerprint,
  listedFingerprint,
  matchJurisdiction,
  movedUpstream,
  nextPage,
  pagingWarnings,
  startPaging,
  unchangedByDate,
  isMassDeletion,
  usersToAsk,
  writeProbe,
  type KnownAnswer,
} from '../../src-main/sync/decide.js';

const fetchedAt = (isoDay: string) => `${isoDay}T12:00:00.000Z`;
const known = (over: Partial<KnownAnswer> = {}): KnownAnswer => ({ etag: null, stamp: null, listed: 'L1', fetched_at: fetchedAt('2024-03-10'), ...over });

describe('fingerprints', () => {
  it('are the same for the same answer, and tell values apart', () => {
    expect(fingerprint({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(fingerprint(JSON.parse('{"a":1,"b":[1,{"c":2,"d":3}]}')));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
    expect(fingerprint([1, 2])).not.toBe(fingerprint([2, 1]));
  });

  it('of a list item leave out the query string its url repeats (it moves with the page)', () => {
    const item = { object: 'user', name: 'Avery', url: '/api/users/101?limit=100&offset=0' };
    expect(listedFingerprint(item)).toBe(listedFingerprint({ ...item, url: '/api/users/101?limit=100&offset=200' }));
    expect(listedFingerprint(item)).not.toBe(listedFingerprint({ ...item, name: 'Avery Q.' }));
  });
});

describe('asking for a detail', () => {
  it('skips a record whose list entry is the one it was fetched under, when the list shows no date', () => {
    expect(decideDetail({ stamp: null, listed: 'L1', applied: known(), trustLists: true, suspect: false })).toEqual({ action: 'skip' });
    expect(decideDetail({ stamp: null, listed: 'L2', applied: known(), trustLists: true, suspect: false })).toEqual({ action: 'ask', etag: null });
  });

  it('with a date, also needs that date to be two days older than the fetch (a day-precision date cannot show a later edit that day)', () => {
    const applied = known({ stamp: '03/05/2024' });
    expect(decideDetail({ stamp: '03/05/2024', listed: 'L1', applied, trustLists: true, suspect: false })).toEqual({ action: 'skip' });
    const sameDay = known({ stamp: '03/10/2024' });
    expect(decideDetail({ stamp: '03/10/2024', listed: 'L1', applied: sameDay, trustLists: true, suspect: false })).toEqual({ action: 'ask', etag: null });
    expect(unchangedByDate('03/08/2024', known({ stamp: '03/08/2024' }))).toBe(true);
    expect(unchangedByDate('03/09/2024', known({ stamp: '03/09/2024' }))).toBe(false);
  });

  it('an answer kept before entries had fingerprints is judged by its date alone (and without a date, asked)', () => {
    expect(decideDetail({ stamp: '03/01/2024', listed: 'L9', applied: known({ listed: null, stamp: '03/01/2024' }), trustLists: true, suspect: false })).toEqual({ action: 'skip' });
    expect(decideDetail({ stamp: null, listed: 'L9', applied: known({ listed: null }), trustLists: true, suspect: false }).action).toBe('ask');
  });

  it('asks on a full check and when something else makes the record suspect, with the ETag held', () => {
    const applied = known({ etag: '"e1"' });
    expect(decideDetail({ stamp: null, listed: 'L1', applied, trustLists: false, suspect: false })).toEqual({ action: 'ask', etag: '"e1"' });
    expect(decideDetail({ stamp: null, listed: 'L1', applied, trustLists: true, suspect: true })).toEqual({ action: 'ask', etag: '"e1"' });
  });

  it('uses what a cut-off run staged when the entry has not moved since, even on a full check', () => {
    const staged = known({ fetched_at: new Date().toISOString(), etag: '"s"' });
    expect(decideDetail({ stamp: null, listed: 'L1', staged, trustLists: false, suspect: true })).toEqual({ action: 'staged' });
    expect(decideDetail({ stamp: null, listed: 'L2', staged, applied: known({ etag: '"a"' }), trustLists: true, suspect: false })).toEqual({ action: 'ask', etag: '"s"' });
  });

  it('asks for a record the store does not hold', () => {
    expect(decideDetail({ stamp: '01/01/2020', listed: 'L1', trustLists: true, suspect: false })).toEqual({ action: 'ask', etag: null });
  });
});

describe('paging without a total', () => {
  const keys = (from: number, n: number) => Array.from({ length: n }, (_, i) => String(from + i));

  it('goes on past a page shorter than limit until an empty page, moving by what came, and says so', () => {
    const s = startPaging();
    expect(nextPage(s, keys(0, 100), 100, '/api/users')).toBe(100);
    expect(nextPage(s, keys(100, 97), 100, '/api/users')).toBe(197);
    expect(nextPage(s, keys(197, 40), 100, '/api/users')).toBe(237);
    expect(nextPage(s, [], 100, '/api/users')).toBeNull();
    expect(s.seen.size).toBe(237);
    expect(pagingWarnings(s, false).join()).toMatch(/offset 100 held fewer than 100/);
  });

  it('a list whose only short page is its last (the empty page after it just ends it) is no news', () => {
    const s = startPaging();
    expect(nextPage(s, keys(0, 100), 100, '/api/users')).toBe(100);
    expect(nextPage(s, keys(100, 30), 100, '/api/users')).toBe(130);
    expect(nextPage(s, [], 100, '/api/users')).toBeNull();
    expect(pagingWarnings(s, false)).toEqual([]);
    const one = startPaging();
    expect(nextPage(one, keys(0, 12), 100, '/api/users')).toBe(12);
    expect(nextPage(one, [], 100, '/api/users')).toBeNull();
    expect(pagingWarnings(one, false)).toEqual([]);
  });

  it('a capped upstream (25 a page whatever the limit) loses nothing', () => {
    const s = startPaging();
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null) {
      pages++;
      offset = nextPage(s, keys(offset, Math.max(0, Math.min(25, 130 - offset))), 100, '/api/projects');
    }
    expect(s.seen.size).toBe(130);
    expect(pages).toBe(7);
  });

  it('stops at a page longer than limit (the whole list) and at a page that brings nothing new (offset ignored)', () => {
    const whole = startPaging();
    expect(nextPage(whole, keys(0, 250), 100, '/products')).toBeNull();
    expect(pagingWarnings(whole, false).join()).toMatch(/ignores limit\/offset/);
    const repeated = startPaging();
    expect(nextPage(repeated, keys(0, 12), 100, '/products')).toBe(12);
    expect(nextPage(repeated, keys(0, 12), 100, '/products')).toBeNull();
    expect(pagingWarnings(repeated, false).join()).toMatch(/repeats/);
  });

  it('a list the spec returns whole (no limit/offset) is not reported for ignoring paging, but a short page mid-list still is', () => {
    const whole = startPaging();
    expect(nextPage(whole, keys(0, 250), 100, '/products')).toBeNull();
    expect(pagingWarnings(whole, true)).toEqual([]);
    const repeated = startPaging();
    expect(nextPage(repeated, keys(0, 12), 100, '/territories')).toBe(12);
    expect(nextPage(repeated, keys(0, 12), 100, '/territories')).toBeNull();
    expect(pagingWarnings(repeated, true)).toEqual([]);
    expect(pagingWarnings(repeated, false)).toHaveLength(1);
    const short = startPaging();
    expect(nextPage(short, keys(0, 100), 100, '/products')).toBe(100);
    expect(nextPage(short, keys(100, 60), 100, '/products')).toBe(160);
    expect(nextPage(short, keys(160, 30), 100, '/products')).toBe(190);
    expect(nextPage(short, [], 100, '/products')).toBeNull();
    expect(pagingWarnings(short, true).join()).toMatch(/offset 100 held fewer than 100/);
  });

  it('an empty first page is an empty list, without a warning', () => {
    const s = startPaging();
    expect(nextPage(s, [], 100, '/territories')).toBeNull();
    expect(s.warnings).toEqual([]);
  });
});

describe('matching upstream records', () => {
  const held = [
    { id: 1, name: 'City of Springfield', state: 'IL' },
    { id: 2, name: 'City of Springfield', state: 'MO' },
    { id: 3, name: 'City of Chicago', state: 'IL' },
  ];

  it('a jurisdiction by name and state; without a state, by a name only one holds', () => {
    expect(matchJurisdiction('City of Springfield', 'MO', held)?.id).toBe(2);
    expect(matchJurisdiction('city of springfield ', 'il', held)?.id).toBe(1);
    expect(matchJurisdiction('City of Chicago', null, held)?.id).toBe(3);
    expect(matchJurisdiction('City of Springfield', null, held)).toBeUndefined();
    expect(matchJurisdiction('City of Chicago', 'WI', held)).toBeUndefined();
  });

  it('an engineer by id, else by e-mail, else by the user whose projects embed the project', () => {
    const users = { byEmail: new Map([['hana@example.com', 8]]), exists: (id: number) => [4, 8, 9].includes(id), embedding: new Map([[1009, 9]]) };
    expect(engineerOf({ id: 4, email: 'hana@example.com' }, 1, users)).toBe(4);
    expect(engineerOf({ id: 77, email: 'Hana@Example.com' }, 1, users)).toBe(8);
    expect(engineerOf({ id: null, email: null }, 1009, users)).toBe(9);
    expect(engineerOf({ id: null, email: 'nobody@example.com' }, 1, users)).toBeNull();
  });

  it('asks one user per jurisdiction whose contacts are wanted (the one with fewest projects), and users with unlinked projects', () => {
    const projects = [
      { id: 1, user: 10, jurisdiction: 'chicago' },
      { id: 2, user: 11, jurisdiction: 'chicago' },
      { id: 3, user: 11, jurisdiction: 'austin' },
      { id: 4, user: null, jurisdiction: null },
    ];
    const users = [
      { id: 10, projects: 5 },
      { id: 11, projects: 2 },
      { id: 12, projects: 1 },
    ];
    expect([...usersToAsk({ projects: projects.slice(0, 3), users, contactsWanted: new Set(['chicago', 'austin']) })].sort()).toEqual([11]);
    expect([...usersToAsk({ projects: projects.slice(0, 3), users, contactsWanted: new Set() })]).toEqual([]);
    // Project 4 has no known user: users with more projects than linked to them are asked.
    expect([...usersToAsk({ projects, users, contactsWanted: new Set() })].sort()).toEqual([10, 12]);
  });
});

describe('whether the upstream copy moved since the last sync (one rule for the push and the apply)', () => {
  it('by version where the upstream shows one: moved unless it is the base version; lower (a restore there) and unknown to the base are moves too', () => {
    const base = { version: 5, fingerprint: 'B' };
    expect(movedUpstream({ version: 5, fingerprint: 'X' }, base)).toBe(false);
    expect(movedUpstream({ version: 6, fingerprint: 'B' }, base)).toBe(true);
    expect(movedUpstream({ version: 3, fingerprint: 'B' }, base)).toBe(true);
    expect(movedUpstream({ version: 5, fingerprint: 'B' }, { version: null, fingerprint: 'B' })).toBe(true);
  });

  it('without versions, by the fingerprint of the answer; with no base fingerprint to compare, moved (the rep chooses)', () => {
    expect(movedUpstream({ version: null, fingerprint: 'A' }, { version: 5, fingerprint: 'A' })).toBe(false);
    expect(movedUpstream({ version: null, fingerprint: 'A2' }, { version: null, fingerprint: 'A' })).toBe(true);
    expect(movedUpstream({ version: null, fingerprint: 'A' }, { version: null, fingerprint: null })).toBe(true);
    expect(movedUpstream({ version: null, fingerprint: null }, { version: null, fingerprint: 'A' })).toBe(true);
  });
});

describe('the push', () => {
  it('sends an edit when the upstream copy is the one last synced, by version or else by fingerprint', () => {
    expect(editStep({ theirs: { version: 3 }, theirsFingerprint: null, baseVersion: 3, baseFingerprint: null })).toEqual({ step: 'send' });
    expect(editStep({ theirs: { version: 4 }, theirsFingerprint: null, baseVersion: 3, baseFingerprint: null })).toEqual({ step: 'conflict', theirsGone: false });
    const theirs = { id: 7, name: 'Deli' };
    expect(editStep({ theirs, theirsFingerprint: fingerprint(theirs), baseVersion: null, baseFingerprint: fingerprint(theirs) })).toEqual({ step: 'send' });
    expect(editStep({ theirs: { ...theirs, name: 'Deli 2' }, theirsFingerprint: fingerprint({ ...theirs, name: 'Deli 2' }), baseVersion: null, baseFingerprint: fingerprint(theirs) })).toEqual({ step: 'conflict', theirsGone: false });
    expect(editStep({ theirs: null, theirsFingerprint: null, baseVersion: 3, baseFingerprint: null })).toEqual({ step: 'conflict', theirsGone: true });
    // A version lower than the base (the service restored): not sent over it.
    expect(editStep({ theirs: { version: 2 }, theirsFingerprint: null, baseVersion: 3, baseFingerprint: null })).toEqual({ step: 'conflict', theirsGone: false });
  });

  it('reads the write probe: 404, 405 and 501 "no write endpoints", 401 and 403 "the key may not write", a 4xx refusal of the empty body "accepts"', () => {
    expect([400, 404, 405, 422, 501, 401, 403, 409].map(writeProbe)).toEqual(['accepts', 'no-writes', 'no-writes', 'accepts', 'no-writes', 'key-may-not-write', 'key-may-not-write', 'accepts']);
    // An empty project taken, a redirect or a server error: nothing is sent this time.
    expect([201, 301, 502].map(writeProbe)).toEqual(['took-empty', 'unavailable', 'unavailable']);
  });
});

describe('the mass-deletion guard', () => {
  it('holds back a run removing more than half of what is held, or more than 100 records; a few removals pass', () => {
    // The run: 60 → 0 products, 20 → 0 territories, 31 → 1 users, 51 → 1 projects.
    expect([[60, 60], [20, 20], [31, 30], [51, 50]].map(([held, removing]) => isMassDeletion(held!, removing!))).toEqual([true, true, true, true]);
    // A deliberate purge of 150 of 100,000 projects is confirmed once, too.
    expect(isMassDeletion(100_000, 150)).toBe(true);
    expect([isMassDeletion(12, 1), isMassDeletion(12, 6), isMassDeletion(100_000, 100), isMassDeletion(0, 0)]).toEqual([false, false, false, false]);
    expect(isMassDeletion(12, 7)).toBe(true);
  });
});
