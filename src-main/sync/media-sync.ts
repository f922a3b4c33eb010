/**
 * The media step of a sync (issue 31): after the pull is applied, the pictures and documents the
 * catalog names are fetched into the media store (store/media-store.ts), conditionally (a copy
 * kept with an ETag or Last-Modified is asked with If-None-Match / If-Modified-Since, so a sync
 * with nothing changed downloads no media bytes).
 *
 * Rules, each in one place here:
 * - what is kept: the `md` and `sm` sizes of each product's `primary` and `dimension` pictures,
 *   product-type thumbnails, collection thumbnails (`sm`), and the PDF documents of the kinds the
 *   rep makes available offline (spec sheet, installation guide, owner's manual);
 * - where from: https addresses, or the central service's own origin whatever its scheme;
 * - the central service's key goes only to its own origin: never to another host, and never
 *   after a redirect has left that origin;
 * - what is accepted: pictures PNG, JPEG, GIF or WebP, documents PDF, by the declared type and
 *   the file's own first bytes, up to a maximum size per file;
 * - how much: the budget of the settings; documents are let go first when it is reached, pictures
 *   last (MediaStore.evictToBudget);
 * - failures: a media fetch that fails never fails the sync; it is counted, said why, and tried
 *   again by the next sync.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import pLimit from 'p-limit';
// undici is loaded on the first fetch, not at start: a serve that never syncs never needs it.
import type { Agent, Dispatcher } from 'undici';
import { DEFAULT_MEDIA_SETTINGS, DOCUMENT_KINDS, mediaSettingsSchema, type MediaKind, type MediaSettings, type MediaSyncStatus } from '../../src-shared/media.js';
import type { Database } from '../store/schema.js';
import type { FetchedFile, MediaRow, MediaStore, WantedMedia } from '../store/media-store.js';
import { collectionThumbnailUrl, productMediaUrls } from './media-fields.js';

const SETTINGS_KEY = 'media.settings';
const LAST_RUN_KEY = 'media.last_run';

/** Largest picture and document accepted (a product picture at 800 px is well under 1 MB; a spec sheet a few MB). */
export const MAX_PICTURE_BYTES = 25 * 2 ** 20;
export const MAX_DOCUMENT_BYTES = 200 * 2 ** 20;
const MAX_HOPS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface MediaTuning {
  concurrency?: number;
  /** Per request: headers and then the body (ms). */
  timeoutMs?: number;
  maxPictureBytes?: number;
  maxDocumentBytes?: number;
  /**
   * Origins allowed over plain http besides the central service's own (tests only: their
   * second host is http://localhost). Never set by the app.
   */
  insecureOrigins?: readonly string[];
}

export async function readMediaSettings(db: Kysely<Database>): Promise<MediaSettings> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', SETTINGS_KEY).executeTakeFirst();
  if (!row) return DEFAULT_MEDIA_SETTINGS;
  try {
    const parsed = mediaSettingsSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : DEFAULT_MEDIA_SETTINGS;
  } catch {
    return DEFAULT_MEDIA_SETTINGS;
  }
}

export async function writeMediaSettings(db: Kysely<Database>, settings: MediaSettings): Promise<MediaSettings> {
  const value = JSON.stringify(mediaSettingsSchema.parse(settings));
  await db.insertInto('meta').values({ key: SETTINGS_KEY, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
  return readMediaSettings(db);
}

/** Every picture and document URL the central service's catalog names, as received. */
export async function wantedMedia(db: Kysely<Database>): Promise<WantedMedia[]> {
  const out = new Map<string, WantedMedia>();
  const add = (url: string | null | undefined, kind: MediaKind, document_kind: string | null = null) => {
    if (typeof url !== 'string' || url === '' || url.startsWith('/assets/')) return;
    // A URL named both as a picture and a document is kept as a picture (let go last).
    const had = out.get(url);
    if (!had || (had.kind === 'document' && kind === 'picture')) out.set(url, { url, kind, document_kind });
  };
  const products = await db.selectFrom('products').select(['images', 'documents']).where('origin', '=', 'upstream').orderBy('id').execute();
  for (const p of products) {
    for (const m of productMediaUrls(p)) add(m.url, m.kind, m.document_kind);
  }
  const types = await db.selectFrom('product_types').select('image').where('origin', '=', 'upstream').orderBy('id').execute();
  for (const t of types) add(t.image, 'picture');
  const collections = await db.selectFrom('collections').select('image').where('origin', '=', 'upstream').orderBy('id').execute();
  for (const c of collections) add(collectionThumbnailUrl(c.image), 'picture');
  // Pictures first: they are what a rep shows; documents after.
  return [...out.values()].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'picture' ? -1 : 1));
}

/**
 * What the catalog names at one address (as wantedMedia would list it), or null when it names
 * nothing there: the rep's single fetch, without reading every product. The catalog's JSON
 * columns are written by JSON.stringify (sync/convert.ts, apply.ts), so the rows that name the
 * address hold its JSON text as is; SQL finds those few and each is then read as wantedMedia reads it.
 */
export async function wantedMediaAt(db: Kysely<Database>, url: string): Promise<WantedMedia | null> {
  if (url === '' || url.startsWith('/assets/')) return null;
  const text = JSON.stringify(url).slice(1, -1);
  const kinds: WantedMedia[] = [];
  const products = await db
    .selectFrom('products')
    .select(['images', 'documents'])
    .where('origin', '=', 'upstream')
    .where((eb) => eb.or([eb(sql<number>`instr(images, ${text})`, '>', 0), eb(sql<number>`instr(documents, ${text})`, '>', 0)]))
    .orderBy('id')
    .execute();
  for (const p of products) for (const m of productMediaUrls(p)) if (m.url === url) kinds.push({ url, kind: m.kind, document_kind: m.document_kind });
  const type = await db.selectFrom('product_types').select('id').where('origin', '=', 'upstream').where('image', '=', url).executeTakeFirst();
  if (type) kinds.push({ url, kind: 'picture', document_kind: null });
  const collections = await db.selectFrom('collections').select('image').where('origin', '=', 'upstream').where(sql<number>`instr(image, ${text})`, '>', 0).execute();
  if (collections.some((c) => collectionThumbnailUrl(c.image) === url)) kinds.push({ url, kind: 'picture', document_kind: null });
  // As wantedMedia: a picture where it is named as one, else the first document that names it (in product order).
  return kinds.find((k) => k.kind === 'picture') ?? kinds[0] ?? null;
}

/** Why a fetch did not bring a usable file. */
class MediaRefused extends Error {}

const PICTURE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const NEUTRAL_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** The type a file's first bytes show, or null. */
export function sniffType(head: Buffer): string | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  // AutoCAD's drawings open with their release: AC1012 … AC1032.
  if (head.length >= 6 && /^AC10\d\d$/.test(head.subarray(0, 6).toString('latin1'))) return DWG_TYPE;
  return null;
}

const DWG_TYPE = 'image/vnd.dwg';
/** Types servers give DWG files besides the registered one. */
const DWG_DECLARED = new Set([DWG_TYPE, 'application/acad', 'application/x-acad', 'application/autocad_dwg', 'application/dwg', 'application/x-dwg', 'image/x-dwg']);

/** The declared type is the kind's (or says nothing), and the bytes agree: the type to store, else why not. */
export function acceptedType(kind: MediaKind, declared: string | null, head: Buffer, documentKind: string | null = null): string {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  const sniffed = sniffType(head);
  const drawing = kind === 'document' && documentKind === 'drawings';
  const what = kind === 'picture' ? 'a picture' : drawing ? 'a DWG drawing' : 'a PDF';
  const fits = (t: string | null) => t !== null && (kind === 'picture' ? PICTURE_TYPES.has(t) : drawing ? DWG_DECLARED.has(t) : t === 'application/pdf');
  if (!fits(type) && !NEUTRAL_TYPES.has(type)) throw new MediaRefused(`the answer was ${type || 'untyped'}, not ${what}`);
  if (!fits(sniffed)) throw new MediaRefused(`the file is not ${kind === 'picture' ? 'a PNG, JPEG, GIF or WebP picture' : what}`);
  if (fits(type) && (drawing ? sniffed !== DWG_TYPE : type !== sniffed)) throw new MediaRefused(`the answer says ${type} but the file is ${sniffed}`);
  return sniffed!;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | null => {
  const v = headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? null;
};

export interface MediaRunOptions {
  upstreamUrl: string;
  key: string;
  signal: AbortSignal;
  report?: (status: MediaSyncStatus) => void;
}

export class MediaSync {
  constructor(
    private readonly db: Kysely<Database>,
    readonly media: MediaStore,
    private readonly tuning: MediaTuning = {},
  ) {}

  /** The last run's counts with the store's size now (for the status at start and after a run). */
  async summary(): Promise<MediaSyncStatus> {
    const row = await this.db.selectFrom('meta').select('value').where('key', '=', LAST_RUN_KEY).executeTakeFirst();
    let last: Partial<MediaSyncStatus> = {};
    try {
      last = row ? (JSON.parse(row.value) as Partial<MediaSyncStatus>) : {};
    } catch {
      last = {};
    }
    const settings = await readMediaSettings(this.db);
    const totals = this.media.totals();
    return {
      done: last.done ?? 0,
      total: last.total ?? 0,
      fetched: last.fetched ?? 0,
      unchanged: last.unchanged ?? 0,
      failed: last.failed ?? 0,
      bytes: last.bytes ?? 0,
      store_bytes: totals.bytes,
      store_files: totals.files,
      budget_bytes: settings.budget_bytes,
    };
  }

  /**
   * Brings the media store in line with the catalog. Never throws for a media failure (each is
   * counted); a cancel stops it where it is (what was fetched stays).
   */
  async run(options: MediaRunOptions): Promise<MediaSyncStatus> {
    const settings = await readMediaSettings(this.db);
    this.media.ensureFolder();
    this.media.removeLeftovers();
    const rows = this.media.reconcile(await wantedMedia(this.db));
    const enabled = new Set<string>(DOCUMENT_KINDS.filter((k) => settings.documents[k]));
    // Document kinds the rep turned off: their copies go, they are not fetched.
    const off = rows.filter((r) => r.kind === 'document' && !enabled.has(r.document_kind ?? '') && r.sha256 !== null).map((r) => r.url);
    if (off.length) this.media.drop(off, false);
    const todo = rows.filter((r) => (r.kind === 'picture' || enabled.has(r.document_kind ?? '')) && r.evicted === 0);
    const status: MediaSyncStatus = { done: 0, total: todo.length, fetched: 0, unchanged: 0, failed: 0, bytes: 0, ...this.sizes(settings) };
    options.report?.({ ...status });
    const client = await this.client();
    const limit = pLimit(this.tuning.concurrency ?? 4);
    const down = new Map<string, string>();
    // The store's size, counted up as files come (an upper bound: a replaced file may shrink it);
    // measured again only when it passes the budget or every so often, not per file (a catalog
    // names thousands of files, and the measure reads every row).
    let estimate = status.store_bytes;
    let sinceMeasured = 0;
    try {
      await Promise.all(
        todo.map((row) =>
          limit(async () => {
            if (options.signal.aborted) return;
            const outcome = await this.fetchRow(row, options, client, down);
            // Stopped by a cancel: not done, tried again by the next sync.
            if (outcome.kind === 'cancelled') return;
            if (outcome.kind === 'kept') {
              status.fetched++;
              status.bytes += outcome.bytes;
              estimate += outcome.bytes;
              if (estimate > settings.budget_bytes) {
                this.media.evictToBudget(settings.budget_bytes);
                estimate = this.media.totals().bytes;
              }
            } else if (outcome.kind === 'unchanged') status.unchanged++;
            else if (outcome.kind === 'failed') status.failed++;
            status.done++;
            if (++sinceMeasured >= 250) {
              sinceMeasured = 0;
              Object.assign(status, this.sizes(settings));
              estimate = status.store_bytes;
            } else status.store_bytes = estimate;
            options.report?.({ ...status });
          }),
        ),
      );
    } finally {
      await client.close();
    }
    this.media.evictToBudget(settings.budget_bytes);
    Object.assign(status, this.sizes(settings));
    const { store_bytes: _b, store_files: _f, budget_bytes: _g, ...counts } = status;
    const value = JSON.stringify(counts);
    await this.db.insertInto('meta').values({ key: LAST_RUN_KEY, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
    options.report?.({ ...status });
    return status;
  }

  /**
   * Fetches one URL the catalog names now (the rep asked for it, online): an evicted copy too, and
   * a document kind not kept for offline use. Throws MediaFetchError saying why when it fails.
   */
  async fetchNow(url: string, options: MediaRunOptions): Promise<MediaRow> {
    const settings = await readMediaSettings(this.db);
    // Just this address: the whole catalog is reconciled by each sync's media step.
    const wanted = await wantedMediaAt(this.db, url);
    if (!wanted) throw new MediaFetchError('not_in_catalog', 'The catalog names no picture or document at this address.');
    const client = await this.client();
    try {
      const outcome = await this.fetchRow(this.media.want(wanted), options, client);
      if (outcome.kind === 'failed') throw new MediaFetchError('media_fetch_failed', `Could not fetch it: ${outcome.reason}.`);
    } finally {
      await client.close();
    }
    // It was asked for: it is the most recently used, and the budget applies as always.
    const row = this.media.row(url)!;
    if (row.sha256) this.media.touch(row.sha256);
    this.media.evictToBudget(settings.budget_bytes);
    return this.media.row(url)!;
  }

  private sizes(settings: MediaSettings) {
    const t = this.media.totals();
    return { store_bytes: t.bytes, store_files: t.files, budget_bytes: settings.budget_bytes };
  }

  private async client(): Promise<Agent> {
    const concurrency = this.tuning.concurrency ?? 4;
    const timeout = this.tuning.timeoutMs ?? 30_000;
    const { Agent } = await import('./media-http.js');
    return new Agent({ connections: concurrency, headersTimeout: timeout, bodyTimeout: timeout });
  }

  /** Whether an address may be fetched at all, and whether the key goes with it. */
  private policy(target: URL, upstreamOrigin: string, leftOrigin: boolean): { allowed: boolean; withKey: boolean } {
    const own = target.origin === upstreamOrigin;
    const allowed = (target.protocol === 'https:' || own || (this.tuning.insecureOrigins ?? []).includes(target.origin)) && (target.protocol === 'https:' || target.protocol === 'http:');
    return { allowed, withKey: own && !leftOrigin };
  }

  private async fetchRow(
    row: MediaRow,
    options: MediaRunOptions,
    dispatcher: Dispatcher,
    /** Hosts that could not be reached in this run: the rest of their media are not tried (a job site without network ends the step at once). */
    down: Map<string, string> = new Map(),
  ): Promise<{ kind: 'kept'; bytes: number } | { kind: 'unchanged' } | { kind: 'failed'; reason: string } | { kind: 'cancelled' }> {
    const upstreamOrigin = new URL(options.upstreamUrl).origin;
    const hasCopy = row.sha256 !== null && this.media.fileOf(row.sha256) !== null;
    let target: URL;
    try {
      target = new URL(row.url, options.upstreamUrl.replace(/\/*$/, '/'));
    } catch {
      this.media.failed(row.url, 'the address cannot be read');
      return { kind: 'failed', reason: 'the address cannot be read' };
    }
    let leftOrigin = false;
    const max = row.kind === 'picture' ? (this.tuning.maxPictureBytes ?? MAX_PICTURE_BYTES) : (this.tuning.maxDocumentBytes ?? MAX_DOCUMENT_BYTES);
    try {
      for (let hop = 0; ; hop++) {
        const { allowed, withKey } = this.policy(target, upstreamOrigin, leftOrigin);
        if (!allowed) throw new MediaRefused(`${target.origin} is not an https address`);
        const unreachable = down.get(target.origin);
        if (unreachable) throw new MediaRefused(`not tried: ${target.host} could not be reached (${unreachable})`);
        const { request } = await import('./media-http.js');
        const answer = await request(target, {
          method: 'GET',
          dispatcher,
          signal: options.signal,
          headers: {
            accept: row.kind === 'picture' ? 'image/png, image/jpeg, image/gif, image/webp' : 'application/pdf',
            'accept-encoding': 'identity',
            ...(withKey ? { authorization: `Bearer ${options.key}` } : {}),
            ...(hasCopy && row.etag ? { 'if-none-match': row.etag } : {}),
            ...(hasCopy && row.last_modified ? { 'if-modified-since': row.last_modified } : {}),
          },
        });
        const status = answer.statusCode;
        if (REDIRECTS.has(status)) {
          await answer.body.dump();
          const location = header(answer.headers, 'location');
          if (!location || hop >= MAX_HOPS) throw new MediaRefused(location ? 'too many redirects' : `answered ${status} without saying where to`);
          const next = new URL(location, target);
          if (next.origin !== upstreamOrigin) leftOrigin = true;
          target = next;
          continue;
        }
        if (status === 304 && hasCopy) {
          await answer.body.dump();
          this.media.unchanged(row.url, { etag: header(answer.headers, 'etag'), lastModified: header(answer.headers, 'last-modified') });
          return { kind: 'unchanged' };
        }
        if (status !== 200) {
          await answer.body.dump();
          throw new MediaRefused(`answered ${status}`);
        }
        const length = Number(header(answer.headers, 'content-length') ?? Number.NaN);
        if (Number.isFinite(length) && length > max) {
          await answer.body.destroy();
          throw new MediaRefused(`it is ${length} bytes, over the ${max} bytes a ${row.kind} may have`);
        }
        const file = await this.receive(answer.body, max, row.kind, header(answer.headers, 'content-type'), row.document_kind);
        this.media.keep(row.url, { ...file, etag: header(answer.headers, 'etag'), lastModified: header(answer.headers, 'last-modified') });
        return { kind: 'kept', bytes: file.size };
      }
    } catch (error) {
      if (options.signal.aborted) return { kind: 'cancelled' };
      if (!(error instanceof MediaRefused)) down.set(target.origin, describe(error));
      const reason = error instanceof MediaRefused ? error.message : `the connection to ${target.host} failed (${describe(error)})`;
      this.media.failed(row.url, reason);
      return { kind: 'failed', reason };
    }
  }

  /** The body into a temporary file (0600), hashed on the way, within the size limit and checked by its first bytes. */
  private async receive(body: AsyncIterable<Buffer> & { destroy(): unknown }, max: number, kind: MediaKind, declared: string | null, documentKind: string | null): Promise<Omit<FetchedFile, 'etag' | 'lastModified'>> {
    const tempFile = this.media.tempFile();
    const fd = fs.openSync(tempFile, 'wx', 0o600);
    const hash = crypto.createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    let ok = false;
    try {
      for await (const chunk of body) {
        size += chunk.byteLength;
        if (size > max) {
          body.destroy();
          throw new MediaRefused(`it is over the ${max} bytes a ${kind} may have`);
        }
        if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
        hash.update(chunk);
        fs.writeSync(fd, chunk);
      }
      const contentType = acceptedType(kind, declared, head, documentKind);
      ok = true;
      return { tempFile, sha256: hash.digest('hex'), size, contentType };
    } finally {
      fs.closeSync(fd);
      if (!ok) fs.rmSync(tempFile, { force: true });
    }
  }
}

export class MediaFetchError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = (error as { code?: string })?.code;
  return cause?.code ?? code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

