/**
 * The mechanics of reading the central service for a pull: paged lists (`limit` 100, surviving an
 * upstream that pages otherwise: decide.ts nextPage), conditional requests (If-None-Match where an
 * ETag is held), details asked only when needed (decide.ts decideDetail), answers staged as they
 * arrive so a cut-off run resumes, and the run's progress, issues and answers to record. What to
 * ask for, and what each answer means, is the per-resource pulls' (pull.ts).
 */
import type { SyncIssue, SyncProgress } from '../../src-shared/sync.js';
import type { StatusReporter } from './types.js';
import { SyncFailure } from './types.js';
import type { UpstreamClient } from './upstream-client.js';
import { deflateJson, type AnswerMeta, type AnswerWrite, type AppliedAnswers, type StagedAnswers } from './sync-answers.js';
import { isObject, Rejected } from './convert.js';
import { decideDetail, fingerprint, nextPage, pagingWarnings, startPaging } from './decide.js';

const PAGE = 100;
/** Detail requests queued at once per resource: more than the client's 32 in flight, so none waits for a lane. */
export const QUEUED = 48;
/** List pages asked ahead at once when the upstream gives no total. */
const WINDOW = 8;

/** A record as a list page shows it: its key, the path of its detail, the date and the fingerprint of its entry. */
export interface ListEntry {
  key: string;
  path: string;
  stamp: string | null;
  listed: string;
}

/**
 * A list entry whose detail path is made from its key when asked: a run holds every entry of the
 * project and user lists until their details are done, and 150,000 paths held as strings were
 * some 13 MB of the worker's live heap, marked again at every full collection. Serialised (a
 * kept page) it is the plain ListEntry.
 */
export class KeyedEntry implements ListEntry {
  constructor(
    readonly key: string,
    readonly stamp: string | null,
    readonly listed: string,
    private readonly before: string,
    private readonly after: string,
  ) {}

  get path(): string {
    return this.before + this.key + this.after;
  }

  toJSON(): ListEntry {
    return { key: this.key, path: this.path, stamp: this.stamp, listed: this.listed };
  }
}

export type EntryOf = (item: unknown) => ListEntry | null;

/** A page's answer as kept: the total it gave and its entries. */
interface KeptPage {
  total: number | null;
  entries: ListEntry[];
}

export interface PageOptions {
  /** Whether a kept page (answered 304) may stand for what it listed. */
  complete?: (entries: ListEntry[]) => boolean;
  /** Sees the items of each page received in full (then they are dropped). */
  onItems?: (items: unknown[]) => void;
  /** The items of an answer (default: its `data`). */
  itemsOf?: (body: unknown) => unknown[] | null;
  /** A 404 for the first page means the upstream has no such list: null instead of a failure. */
  optional?: boolean;
  /** How many items the list holds, where something else told (a user's project count): no page past them. */
  expected?: number;
  /** Report progress under the list's resource (default true). */
  report?: boolean;
  /** A list the spec returns whole (`/products`, `/territories`): one that ignores paging is no news. */
  wholeBySpec?: boolean;
}

export const dataOf = (body: unknown): unknown[] | null => (isObject(body) && Array.isArray(body.data) ? body.data : null);

/** Runs `work` over `items`, `n` at a time (not one promise per item up front: 100,000 of them cost memory). */
export async function inPool<T>(items: T[], n: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, lane));
}

/** One run's reads of the central service, and what they leave to record: its issues, the answers to write, the paths still current. */
export class PullFetcher {
  private readonly progress = new Map<string, SyncProgress>();
  readonly issues: SyncIssue[] = [];
  /** Every answer path still current, per resource. */
  readonly present = new Map<string, Set<string>>();

  constructor(
    private readonly client: UpstreamClient,
    private readonly status: StatusReporter,
    private readonly applied: AppliedAnswers,
    private readonly staged: StagedAnswers,
    /** False on a full check: every record held is asked for, none skipped by its list entry (LocalKeys.trustDates). */
    private readonly trustLists: boolean,
  ) {}

  report(resource: string, done: number, total: number | null): void {
    this.progress.set(resource, { resource, done, total });
    this.status.update({ progress: [...this.progress.values()], rejected: this.issues.filter((i) => i.kind === 'rejected').length });
  }

  reject(resource: string, key: string, error: unknown): void {
    if (!(error instanceof Rejected)) throw error;
    this.issues.push({ kind: 'rejected', resource, key, reason: error.message });
  }

  warn(resource: string, key: string, reason: string): void {
    this.issues.push({ kind: 'warning', resource, key, reason });
  }

  keep(resource: string, path: string): void {
    // Users and projects are kept by id (PulledData.users/projects.present): 150,000 paths held in
    // memory would say nothing more.
    if (resource === 'users' || resource === 'projects') return;
    let paths = this.present.get(resource);
    if (!paths) this.present.set(resource, (paths = new Set()));
    paths.add(path);
  }

  /** An answer to record with the apply (a page, a whole body, a 304 refresh): staged, not held. */
  record(answer: AnswerWrite): void {
    this.staged.putAnswer(answer);
    this.keep(answer.resource, answer.path);
  }

  private known(path: string, held = true): AnswerMeta | undefined {
    return held ? this.applied.get(path) : undefined;
  }

  /**
   * A small whole answer whose body a rebuild needs (product types, collections): with
   * If-None-Match; `changed` is false when it is the same as the store's, even if resent in full.
   * A 404 is `missing` when `optional`.
   */
  async whole(resource: string, path: string, optional = false): Promise<{ body: unknown; changed: boolean; missing: boolean }> {
    const applied = this.applied.get(path);
    const kept = applied ? this.applied.body(path) : undefined;
    const res = await this.client.get<unknown>(path, kept === undefined ? null : applied!.etag);
    if (res.status === 304 && kept !== undefined) {
      this.keep(resource, path);
      return { body: kept, changed: false, missing: false };
    }
    if (res.status === 404 && optional) return { body: null, changed: kept !== undefined, missing: true };
    if (res.status !== 200) throw new SyncFailure('upstream_error', `The central service answered ${path} with HTTP ${res.status}.`);
    const print = res.fingerprint ?? fingerprint(res.body);
    const changed = kept === undefined || (applied!.fingerprint ?? fingerprint(kept)) !== print;
    this.record({ path, resource, key: path, etag: res.etag, stamp: null, fingerprint: print, body: deflateJson(res.body), served_at: res.date });
    return { body: res.body, changed, missing: false };
  }

  /**
   * One list page: its entries, and its items when it came in full. A kept page is only asked
   * with If-None-Match if `complete` says the store holds what it listed. Null: an optional list
   * the upstream does not have.
   */
  private async page(resource: string, path: string, entryOf: EntryOf, options: PageOptions): Promise<(KeptPage & { fresh: boolean; changed: boolean; date: string | null }) | null> {
    const applied = this.applied.get(path);
    // Kept with or without an ETag: without one, the entries compared with the last run's tell a
    // changed list (the spec's service sends none).
    const stored = applied ? (this.applied.body(path) as KeptPage | undefined) : undefined;
    const kept = applied?.etag && stored && (options.complete ?? (() => true))(stored.entries) ? stored : undefined;
    const res = await this.client.get<unknown>(path, kept ? applied!.etag : null);
    if (res.status === 304 && kept) {
      this.keep(`${resource}:page`, path);
      return { ...kept, fresh: false, changed: false, date: res.date };
    }
    if (res.status === 404 && options.optional) return null;
    const items = res.status === 200 ? (options.itemsOf ?? dataOf)(res.body) : null;
    if (items === null) {
      throw new SyncFailure('invalid_data', `The central service answered ${path} with something that is not a list (HTTP ${res.status}).`);
    }
    const entries = items.flatMap((item) => {
      const e = entryOf(item);
      return e ? [e] : [];
    });
    options.onItems?.(items);
    const page: KeptPage = { total: res.total, entries };
    const changed = !stored || JSON.stringify(stored.entries) !== JSON.stringify(entries);
    if (res.etag || changed) this.record({ path, resource: `${resource}:page`, key: path, etag: res.etag, stamp: null, body: deflateJson(page), served_at: res.date });
    else this.keep(`${resource}:page`, path);
    return { ...page, fresh: true, changed, date: res.date };
  }

  /**
   * Every page of a list. With a total (X-Total-Count), the first page alone, then the rest
   * together; without one, page after page until the list ends (decide.ts nextPage: a short
   * page, an upstream that ignores paging and a repeated page are all survived, and reported).
   * Null: an optional list the upstream does not have.
   */
  async pages(resource: string, path: string, entryOf: EntryOf, options: PageOptions = {}): Promise<{ entries: ListEntry[]; changed: boolean; date: string | null } | null> {
    const sep = path.includes('?') ? '&' : '?';
    const at = (offset: number) => `${path}${sep}limit=${PAGE}&offset=${offset}`;
    const entries: ListEntry[] = [];
    let changed = false;
    const take = (p: KeptPage & { changed: boolean }) => {
      entries.push(...p.entries);
      changed ||= p.changed;
      if (options.report !== false) this.report(resource, entries.length, p.total);
    };
    const first = await this.page(resource, at(0), entryOf, options);
    if (first === null) return null;
    take(first);
    if (first.total !== null) {
      let offset = PAGE;
      let lastLength = first.entries.length;
      if (first.total > PAGE) {
        const offsets: number[] = [];
        for (let o = PAGE; o < first.total; o += PAGE) offsets.push(o);
        const rest = await Promise.all(offsets.map((o) => this.page(resource, at(o), entryOf, options)));
        for (const p of rest) take(p!);
        offset = offsets.at(-1)! + PAGE;
        lastLength = rest.at(-1)!.entries.length;
      }
      // Records added while paging: carry on until a short page.
      while (lastLength >= PAGE) {
        const p = (await this.page(resource, at(offset), entryOf, options))!;
        take(p);
        offset += PAGE;
        lastLength = p.entries.length;
      }
    } else {
      // Without a total, the next pages are asked ahead, WINDOW at once, at the offsets the last
      // page's size predicts; a page that ends otherwise (short, empty, repeated) drops the
      // guesses after it and the walk goes on from where it really is (decide.ts nextPage).
      const paging = startPaging();
      const done = () => options.expected !== undefined && paging.seen.size >= options.expected;
      let next = nextPage(paging, first.entries.map((e) => e.key), PAGE, path);
      let stride = first.entries.length;
      let previous = -1;
      while (next !== null && !done()) {
        const base = next;
        const step = Math.max(1, Math.min(PAGE, stride));
        // Ahead only once the page size is known: full pages, or two alike (an upstream's own cap).
        // A first page short of `limit` is most likely the whole list: one more request tells.
        const window = options.expected === undefined && (stride === PAGE || stride === previous) ? WINDOW : 1;
        const ahead = Array.from({ length: window }, (_, i) => this.page(resource, at(base + i * step), entryOf, options));
        // Each is awaited in its turn; one that fails before its turn (the run stopping rejects them
        // all) is handled there, so Node must not count it unhandled and end the process first.
        for (const page of ahead) page.catch(() => undefined);
        for (let i = 0; i < ahead.length; i++) {
          const p = (await ahead[i]!)!;
          take(p);
          previous = stride;
          stride = p.entries.length;
          next = nextPage(paging, p.entries.map((e) => e.key), PAGE, path);
          if (next === null || done() || next !== base + (i + 1) * step) break;
        }
        // Guesses past a page that ended otherwise are not taken (their answers settle unused).
        await Promise.allSettled(ahead);
      }
      for (const w of pagingWarnings(paging, options.wholeBySpec ?? false)) this.warn(resource, path, w);
    }
    // Offset paging can show a record twice when the list moves under it (or pages overlap).
    const seen = new Set<string>();
    const unique = entries.filter((e) => !seen.has(e.key) && (seen.add(e.key), true));
    // The list is complete: its size is known now, whether the upstream told it or not.
    if (options.report !== false) this.report(resource, unique.length, unique.length);
    // When the service answered the list's first page, by its own clock.
    return { entries: unique, changed, date: first.date };
  }

  /**
   * The detail of each entry, asked only when needed (decideDetail). Returns the records to write
   * (converted by `arrive` as they come, so raw bodies are not held), the entries the store
   * already holds, and those whose detail answered 404.
   */
  async details<T>(
    resource: string,
    entries: ListEntry[],
    options: {
      held: (key: string) => boolean;
      suspect?: (e: ListEntry) => boolean;
      keepBody: boolean;
      arrive: (e: ListEntry, body: unknown, answer: AnswerWrite) => T | null;
      /**
       * Records staged converted (projects): a cut-off run's staged record is taken over as it is,
       * and the answer's text is not staged beside it (for 100,000 projects, a gigabyte written twice).
       */
      converted?: { staged: (e: ListEntry, path: string) => AnswerMeta | undefined; takeOver: (e: ListEntry, path: string) => void };
    },
  ): Promise<{ fetched: T[]; unchanged: ListEntry[]; missing: ListEntry[] }> {
    const fetched: T[] = [];
    const unchanged: ListEntry[] = [];
    const missing: ListEntry[] = [];
    let done = 0;
    this.report(resource, 0, entries.length);
    const progress = () => {
      done++;
      if (done % 50 === 0 || done === entries.length) this.report(resource, done, entries.length);
    };
    const answerOf = (e: ListEntry, path: string, etag: string | null, body: unknown, print: string, servedAt: string | null): AnswerWrite => ({
      path,
      resource,
      key: e.key,
      etag,
      stamp: e.stamp,
      listed: e.listed,
      fingerprint: print,
      served_at: servedAt,
      ...(options.keepBody ? { body: deflateJson(body) } : {}),
    });
    const take = (e: ListEntry, path: string, etag: string | null, body: unknown, print: string, servedAt: string | null) => {
      const answer = answerOf(e, path, etag, body, print, servedAt);
      const record = options.arrive(e, body, answer);
      if (record !== null) fetched.push(record);
    };
    const converted = options.converted;
    await inPool(entries, QUEUED, async (e) => {
      // Made once and handed on: a KeyedEntry builds its path on every read.
      const path = e.path;
      // What a cut-off run staged of this record: taken over as it is when still current.
      const answer = converted ? undefined : this.staged.get(path);
      const staged = converted ? converted.staged(e, path) : answer;
      const takeStaged = () => {
        if (converted) converted.takeOver(e, path);
        else take(e, path, answer!.etag, answer!.body, answer!.fingerprint ?? fingerprint(answer!.body), answer!.fetched_at);
        this.keep(resource, path);
      };
      const applied = this.known(path, options.held(e.key));
      const decision = decideDetail({ stamp: e.stamp, listed: e.listed, applied, staged, trustLists: this.trustLists, suspect: options.suspect?.(e) ?? false });
      if (decision.action === 'staged') {
        takeStaged();
        return progress();
      }
      if (decision.action === 'skip') {
        unchanged.push(e);
        this.keep(resource, path);
        return progress();
      }
      const res = await this.client.get<unknown>(path, decision.etag);
      progress();
      if (res.status === 304 && staged) {
        takeStaged();
      } else if (res.status === 304 && applied) {
        unchanged.push(e);
        // Confirmed unchanged now: with the fresher fetch date (and the entry's fingerprint) the next run can skip it.
        this.record({ path, resource, key: e.key, etag: res.etag, stamp: e.stamp, listed: e.listed, fingerprint: applied.fingerprint, refresh: true, served_at: res.date });
      } else if (res.status === 200) {
        const print = res.fingerprint ?? fingerprint(res.body);
        if (!converted) this.staged.put(path, { etag: res.etag, stamp: e.stamp, listed: e.listed, fingerprint: print, fetched_at: res.date ?? '' }, res.text);
        take(e, path, res.etag, res.body, print, res.date);
      } else if (res.status === 404) {
        missing.push(e);
      } else {
        throw new SyncFailure('upstream_error', `The central service answered ${path} with HTTP ${res.status}.`);
      }
    });
    return { fetched, unchanged, missing };
  }

  /** True when the store holds answers of `resource` the upstream no longer lists. */
  vanished(resource: string, listed: string[]): boolean {
    const now = new Set(listed);
    return this.applied.paths(resource).some((p) => !now.has(p));
  }
}
