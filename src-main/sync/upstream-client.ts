/**
 * HTTP to the central service as clients are expected to speak it, over the networks reps meet
 * (hotel Wi-Fi, a company proxy, a CDN, a misconfigured server): a timeout on every request,
 * retries with exponential backoff and full jitter on network errors and 5xx, one back-off shared
 * by every connection when the service asks to wait (429 or 503 with `Retry-After`), compressed
 * answers (gzip, br, deflate) read, redirects within the service's origin followed (a permanent
 * move reported), a redirect to another origin not followed with the key, a web page where data
 * was expected named as such, a bounded wait on a service that stops sending, and a clear stop on
 * 401 / 403 to a read (a bad key is not going to get better by retrying).
 */
import type { Dispatcher } from 'undici';
import { ACCEPT_ENCODING, decodeBody, TooLarge } from './content-coding.js';
import { describeError, ExchangePool, ExchangeTimeout, headerValue, type ExchangeAnswer, type ExchangePoolOptions, type Exchanges } from './exchange-pool.js';
import { ThreadedExchanges } from './exchange-thread.js';
import { fingerprintOfBytes } from './decide.js';
import { SyncFailure } from './types.js';

/**
 * Requests in flight at once. Each answer passes through the upstream and then this side's
 * parser, which now and then pauses (a staging batch, a collection): a deeper queue keeps the
 * upstream busy meanwhile. Past this, a plain download gains nothing and the sync slows again
 * (figures: docs/api.md, "Sync with the central service", requests in flight).
 */
export const DEFAULT_CONCURRENCY = 32;

/** No answer completed for this long while the sync waits on the service: the run stops (see the watchdog). */
export const DEFAULT_STALL_MS = 60_000;

/** A decoded answer larger than this is refused (a compression bomb): far above any page or list the spec has. */
const MAX_DECODED_BYTES = 512 * 2 ** 20;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const PERMANENT = new Set([301, 308]);
const MAX_HOPS = 5;

export interface UpstreamClientOptions {
  baseUrl: string;
  key: string;
  signal: AbortSignal;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Per request, in ms. */
  timeoutMs?: number;
  /** Attempts per request (1 = no retry). */
  attempts?: number;
  /** First backoff step in ms; doubles each retry, with full jitter. */
  backoffMs?: number;
  /** Longest wait honoured from a Retry-After header, in ms. */
  maxRetryAfterMs?: number;
  /** How long the service may complete no answer, while requests wait on it, before the run stops (ms). */
  stallMs?: number;
  /** A shared back-off already asked for (by the push's client): no request goes out before this time (ms since the epoch). */
  pausedUntil?: number;
  /** A decoded answer larger than this many bytes stops the run (default MAX_DECODED_BYTES). */
  maxDecodedBytes?: number;
  /** Each answer received: its body's bytes on the wire (compressed, when it was) and decoded. */
  onBytes?: (wire: number, decoded: number) => void;
  /**
   * What carries the requests instead of this client's own connections: the unit tests answer
   * them from memory (undici's MockAgent), with no socket. Everything else (retries, the shared
   * back-off, decoding, fingerprints) is the same.
   */
  dispatcher?: Dispatcher;
  /**
   * Where the connections run: 'here', on the client's own thread, or on a 'thread' of their own
   * (exchange-thread.ts), for a client whose thread is busy with what it receives (the pull's).
   * With a `dispatcher` they stay here: a dispatcher cannot be handed to another thread.
   */
  connections?: 'here' | 'thread';
}

/** The client settings a sync run may change (tests shorten them; the rest come from the run). */
export type ClientTuning = Pick<UpstreamClientOptions, 'concurrency' | 'timeoutMs' | 'attempts' | 'backoffMs' | 'maxRetryAfterMs' | 'stallMs'>;

export interface UpstreamResponse<T> {
  status: number;
  body: T;
  etag: string | null;
  /** The body as received, decoded (kept by the staging of a run). */
  text: string;
  /** decide.ts fingerprintOfBytes of the decoded body (null: no body). */
  fingerprint: string | null;
  /** X-Total-Count of a list answer, when the upstream sends it. */
  total: number | null;
  /** The upstream's own clock when it answered (its Date header, ISO), or null when it sends none. */
  date: string | null;
}

/** What the client saw of the connection in a run, for the run's report. */
export interface ConnectionReport {
  /** The address the service says it moved to permanently (a 301 or 308 within its origin, followed), or null. */
  movedTo: string | null;
  /** How often the service asked the sync to wait (429, or 503 with Retry-After), and the longest wait, in ms. */
  waits: number;
  longestWaitMs: number;
  /** The shared back-off's end (ms since the epoch): the next client of the run honours it too. */
  pausedUntil: number;
}

/**
 * The address a permanent move points the service at: the new URL of a request, less the
 * request's own path and query (`https://new.example/v2/api/users?limit=100` asked as
 * `/api/users?limit=100` → `https://new.example/v2`); null when the new URL does not end so.
 */
export function movedBase(target: URL, requested: string): string | null {
  const href = target.href;
  if (!href.endsWith(requested)) return null;
  return href.slice(0, href.length - requested.length).replace(/\/+$/, '');
}

/** What an answer's body is, told before it is parsed: data, a web page, or something else. */
export function bodyKind(contentType: string | null, bytes: Uint8Array): 'json' | 'web-page' | 'other' {
  let first = 0;
  while (first < bytes.length && (bytes[first] === 0x20 || bytes[first] === 0x0a || bytes[first] === 0x0d || bytes[first] === 0x09 || bytes[first] === 0xef || bytes[first] === 0xbb || bytes[first] === 0xbf)) first++;
  const type = (contentType ?? '').toLowerCase();
  // A page whatever its label says (a portal may call its page JSON, or nothing at all).
  if (bytes[first] === 0x3c /* < */) return /xml/.test(type) && !/html/.test(type) ? 'other' : 'web-page';
  if (type === '' || /\bjson\b|^text\/plain|^application\/octet-stream/.test(type)) return 'json';
  return /html/.test(type) ? 'web-page' : 'other';
}

/** The title of a web page, for the rep to recognise it (plain text, short), or null. */
function pageTitle(bytes: Buffer): string | null {
  const m = /<title[^>]*>([^<]{1,200})<\/title>/i.exec(bytes.subarray(0, 4096).toString('utf8'));
  // Control characters out (a title is shown and logged), whitespace collapsed.
  const title = m?.[1] ? [...m[1]].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c)).join('').replace(/\s+/g, ' ').trim() : undefined;
  return title ? title.slice(0, 80) : null;
}

const cancelled = () => new SyncFailure('cancelled', 'The sync was cancelled; the data from before it is kept.');

export class UpstreamClient {
  private readonly connections: Exchanges;
  private readonly base: string;
  private readonly origin: string;
  /** The first failure ends the run: requests still queued or in flight stop instead of carrying on. */
  private failure: SyncFailure | null = null;
  private readonly stopAll = new AbortController();
  /** Ends with the run: cancelled by the user, or stopped by the first failure. */
  private readonly runSignal: AbortSignal;
  /**
   * What to stop when the run ends: the backoffs between attempts (the connections stop too).
   * The run signal has one listener that calls them, instead of one listener per backoff.
   */
  private readonly onRunEnd = new Set<() => void>();

  /** The shared back-off: no request is sent before this time (ms since the epoch). */
  private pausedUntil: number;
  private waits = 0;
  private longestWaitMs = 0;
  private movedTo: string | null = null;

  /**
   * The stall watchdog: requests between their first attempt and their answer, and when the
   * service last completed an answer. Headers or a trickle of bytes are no sign of life: a
   * connection that stalls after its headers sends both on every try.
   */
  private outstanding = 0;
  /** A stall was found and the request it waits on is being described: it is said once. */
  private describing = false;
  private lastProgress = Date.now();
  private lastCheck = Date.now();
  private readonly watchdog: NodeJS.Timeout;

  constructor(private readonly options: UpstreamClientOptions) {
    this.pausedUntil = options.pausedUntil ?? 0;
    const slots: ExchangePoolOptions = {
      concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
      timeoutMs: options.timeoutMs ?? 30_000,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
      pausedUntil: this.pausedUntil,
    };
    this.connections = options.connections === 'thread' && !options.dispatcher ? new ThreadedExchanges(slots) : new ExchangePool(slots, options.dispatcher);
    this.runSignal = AbortSignal.any([options.signal, this.stopAll.signal]);
    this.runSignal.addEventListener('abort', () => {
      this.connections.stop(this.runSignal.reason);
      for (const stop of [...this.onRunEnd]) stop();
    }, { once: true });
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.origin = new URL(this.base).origin;
    const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
    const every = Math.max(50, Math.min(1000, stallMs / 4));
    this.watchdog = setInterval(() => this.checkStall(stallMs, every), every);
    this.watchdog.unref();
  }

  /** A GET; with an ETag, asked with If-None-Match (a 304 comes back as is, without a body). */
  get<T>(path: string, ifNoneMatch: string | null = null): Promise<UpstreamResponse<T>> {
    return this.request<T>('GET', path, undefined, ifNoneMatch);
  }

  /**
   * A write. Its refusals come back as statuses for the push to weigh (a 401 or 403 to a write
   * means the key may not write, not that it may not read), never as the run's failure.
   */
  send<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body: unknown): Promise<UpstreamResponse<T>> {
    return this.request<T>(method, path, body, null);
  }

  report(): ConnectionReport {
    return { movedTo: this.movedTo, waits: this.waits, longestWaitMs: this.longestWaitMs, pausedUntil: this.pausedUntil };
  }

  /** Closes the kept-alive connections (requests still running are cut off). */
  async close(): Promise<void> {
    clearInterval(this.watchdog);
    await this.connections.close();
  }

  private fail(failure: SyncFailure): void {
    if (this.failure) return;
    this.failure = failure;
    this.stopAll.abort(failure);
  }

  /**
   * The run stops when the service has completed no answer for `stallMs` while requests wait on
   * it, outside a back-off it asked for: a connection that answers its headers and then goes quiet
   * would otherwise cost every attempt's full timeout (5 × 30 s). A single slow request among
   * answering ones is no stall: it has its own timeout and attempts.
   */
  private checkStall(stallMs: number, every: number): void {
    const now = Date.now();
    // This thread was busy (or not scheduled) for a while: answers that came meanwhile wait for
    // their turn after this timer, so the time lost is not the service's.
    const late = now - this.lastCheck > every + 1000;
    this.lastCheck = now;
    if (late) this.lastProgress = Math.max(this.lastProgress, now - every);
    // The end of a back-off the service asked for counts as a sign of life: its silence meanwhile is no stall.
    if (this.failure || this.describing || this.outstanding === 0 || now < this.pausedUntil || now - Math.max(this.lastProgress, this.pausedUntil) < stallMs) return;
    this.describing = true;
    void this.connections.waiting().then((waiting) => {
      this.fail(
        new SyncFailure(
          'upstream_stalled',
          `The central service stopped answering: no answer came in ${Math.round(stallMs / 1000)} s${waiting ? ` (${waiting})` : ''}. The data from before the sync is kept; the next sync resumes where this one stopped.`,
        ),
      );
    });
  }

  /** A backoff that the end of the run cuts short (rejecting with the run's reason). */
  private sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const stop = () => {
        clearTimeout(timer);
        reject(signal.reason);
      };
      const timer = setTimeout(() => {
        this.onRunEnd.delete(stop);
        resolve();
      }, ms);
      this.onRunEnd.add(stop);
    });
  }

  /** The service asked to wait: every connection waits (one back-off for all, not one per connection). */
  private pause(ms: number): void {
    const wait = Math.min(ms, this.options.maxRetryAfterMs ?? 60_000);
    this.waits++;
    this.longestWaitMs = Math.max(this.longestWaitMs, wait);
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + wait);
    this.connections.holdOff(this.pausedUntil);
  }

  private async request<T>(method: Method, path: string, body: unknown, ifNoneMatch: string | null): Promise<UpstreamResponse<T>> {
    if (this.failure) throw this.failure;
    // From idle to waiting on the service: its silence is counted from now.
    if (this.outstanding++ === 0) this.lastProgress = Math.max(this.lastProgress, Date.now());
    try {
      return await this.attempt<T>(method, path, body, ifNoneMatch);
    } catch (error) {
      if (error instanceof SyncFailure && error.code !== 'cancelled') this.fail(error);
      throw this.failure ?? error;
    } finally {
      this.outstanding--;
    }
  }

  /** One request and its whole body, through a slot of the connections. */
  private async exchange(method: Method, url: string, path: string, body: unknown, ifNoneMatch: string | null): Promise<ExchangeAnswer> {
    const answer = await this.connections.exchange({
      method,
      url,
      path,
      headers: {
        authorization: `Bearer ${this.options.key}`,
        accept: 'application/json',
        'accept-encoding': ACCEPT_ENCODING,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.lastProgress = Date.now();
    // The connections already hold off; the wait is counted for the run's report.
    if (answer.asked !== null) this.pause(answer.asked);
    return answer;
  }

  private async attempt<T>(method: Method, path: string, body: unknown, ifNoneMatch: string | null): Promise<UpstreamResponse<T>> {
    const signal = this.runSignal;
    const attempts = this.options.attempts ?? 5;
    const backoff = this.options.backoffMs ?? 250;
    let lastProblem = '';
    // Redirects within the origin move these; they do not use up an attempt.
    let url = this.base + path;
    let verb = method;
    let payload = body;
    let hops = 0;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (this.failure) throw this.failure;
      if (signal.aborted) throw cancelled();
      /** This attempt's backoff before the next: exponential, with full jitter. */
      const backOff = () => this.sleep(Math.random() * backoff * 2 ** (attempt - 1), signal);
      try {
        const answer = await this.exchange(verb, url, path, payload, ifNoneMatch);
        const status = answer.statusCode;
        const header = (name: string) => headerValue(answer.headers[name]);
        const coding = [answer.headers['content-encoding'] ?? []].flat().join(', ');
        let bytes: Buffer;
        try {
          bytes = decodeBody(answer.bytes, coding, this.options.maxDecodedBytes ?? MAX_DECODED_BYTES);
        } catch (error) {
          if (error instanceof TooLarge) {
            throw new SyncFailure('invalid_data', `The central service's answer to ${method} ${path} (${coding}) is ${error.message}, more than any data the sync expects: refused. The data from before the sync is kept.`);
          }
          // A compressed body garbled on the way: worth another try, like a dropped connection.
          lastProblem = `the answer to ${method} ${path} could not be decoded (${coding}: ${describeError(error)})`;
          if (attempt < attempts) {
            await backOff();
            continue;
          }
          break;
        }
        this.options.onBytes?.(answer.bytes.byteLength, bytes.byteLength);
        if (REDIRECTS.has(status)) {
          const next = this.redirect(verb, path, url, status, header('location'), ++hops);
          // A write sent elsewhere by a 301, 302 or 303 would come back as a GET: not followed, the push weighs it.
          if (next === null) return { status, body: undefined as T, etag: null, text: '', fingerprint: null, total: null, date: httpDate(header('date')) };
          url = next.url;
          if (status === 303) {
            verb = 'GET';
            payload = undefined;
          }
          attempt--;
          continue;
        }
        if (verb === 'GET' && (status === 401 || status === 403)) throw keyRefused(status);
        if (status === 429 || status >= 500) {
          lastProblem = `the central service answered ${status} to ${method} ${path}${answer.asked !== null ? ` (asked to wait ${Math.ceil(answer.asked / 1000)} s)` : ''}`;
          if (attempt < attempts) {
            // A 429 without Retry-After still means slow down: all connections, for the backoff's step.
            if (status === 429 && answer.asked === null) this.pause(backoff * 2 ** (attempt - 1));
            // The shared back-off (if asked for) holds the next attempt; otherwise this request's own.
            if (answer.asked === null && status !== 429) await backOff();
            continue;
          }
          break;
        }
        const date = httpDate(header('date'));
        if (status === 304) return { status: 304, body: undefined as T, etag: header('etag') ?? ifNoneMatch, text: '', fingerprint: null, total: null, date };
        // The slot is free again and the next request on its way: a GET's answer waits for the
        // event loop's check phase as bytes, and is parsed only there, just before its caller
        // uses it (see afterWrites).
        if (verb === 'GET') await afterWrites();
        const ok = status >= 200 && status < 300;
        if (bytes.byteLength === 0) return { status, body: undefined as T, etag: header('etag'), text: '', fingerprint: null, total: null, date };
        const kind = bodyKind(header('content-type'), bytes);
        if (kind !== 'json') {
          // An error page (a proxy's 404, a 409 as HTML) tells nothing more than its status.
          if (!ok) return { status, body: undefined as T, etag: null, text: '', fingerprint: null, total: null, date };
          throw notData(kind, method, path, header('content-type'), bytes);
        }
        const text = bytes.toString('utf8');
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          if (!ok) return { status, body: undefined as T, etag: null, text: '', fingerprint: null, total: null, date };
          // A body cut off or garbled on the way: worth another try, like a dropped connection.
          lastProblem = `the answer to ${method} ${path} was not valid JSON`;
          if (attempt < attempts) {
            await backOff();
            continue;
          }
          break;
        }
        const total = Number(header('x-total-count') ?? Number.NaN);
        return { status, body: parsed as T, etag: header('etag'), text, fingerprint: fingerprintOfBytes(bytes), total: Number.isInteger(total) && total >= 0 ? total : null, date };
      } catch (error) {
        if (error instanceof SyncFailure) throw error;
        if (this.failure) throw this.failure;
        if (signal.aborted) throw cancelled();
        lastProblem = error instanceof ExchangeTimeout ? `${method} ${path} took longer than ${Math.round((this.options.timeoutMs ?? 30_000) / 1000)} s` : `the connection failed (${describeError(error)})`;
        if (attempt < attempts) await backOff();
      }
    }
    throw new SyncFailure('upstream_unreachable', `Could not reach the central service: ${lastProblem}. The data from before the sync is kept; try again later.`);
  }

  /**
   * Where a redirect leads: followed within the service's origin (a permanent move is noted, with
   * the address it implies); to another origin, never with the key: the run stops and says where
   * it pointed. Null: a write the redirect would turn into a GET, not followed.
   */
  private redirect(method: Method, path: string, from: string, status: number, location: string | null, hops: number): { url: string } | null {
    const what = `${method} ${path}`;
    if (!location) throw new SyncFailure('upstream_error', `The central service answered ${status} to ${what} without saying where to. The data from before the sync is kept.`);
    let target: URL;
    try {
      target = new URL(location, from);
    } catch {
      throw new SyncFailure('upstream_error', `The central service answered ${status} to ${what} with an address that cannot be read. The data from before the sync is kept.`);
    }
    if (hops > MAX_HOPS) throw new SyncFailure('upstream_error', `The central service redirected ${what} more than ${MAX_HOPS} times. The data from before the sync is kept.`);
    const moved = PERMANENT.has(status) ? movedBase(target, path) : null;
    if (target.origin !== this.origin) {
      const shown = `${target.origin}${target.pathname}`;
      throw new SyncFailure(
        'moved_elsewhere',
        moved !== null
          ? `The central service says it has moved to ${moved} (HTTP ${status} to ${what}). That is another address, so the sync did not follow it with your key. If it is the service's new address, use it in the sync settings; the data from before the sync is kept.`
          : `The central service sent ${what} on to ${shown} (HTTP ${status}), another address: not followed with your key. A sign-in page of this network (hotel, airport or office Wi-Fi)? Open a web page in a browser and sign in, then sync again. The data from before the sync is kept.`,
        moved !== null ? { moved_to: moved } : { location: shown },
      );
    }
    if (method !== 'GET' && status !== 307 && status !== 308) return null;
    if (moved !== null && moved !== this.base) this.movedTo ??= moved;
    return { url: target.href };
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function keyRefused(status: number): SyncFailure {
  return status === 401
    ? new SyncFailure('unauthorized', 'The central service refused the key (401): check the key in the settings.')
    : new SyncFailure('forbidden', 'The key may not read everything the sync needs (403): ask for a key with every scope.');
}

/** A 2xx answer that is not the service's JSON: a web page (a sign-in page, most likely) or something else. */
function notData(kind: 'web-page' | 'other', method: string, path: string, contentType: string | null, bytes: Buffer): SyncFailure {
  const what = `${method} ${path.split('?')[0]}`;
  if (kind === 'web-page') {
    const title = pageTitle(bytes);
    return new SyncFailure(
      'web_page',
      `The network answered ${what} with a web page${title ? ` ("${title}")` : ''}, not the central service's data: a sign-in page on this network (hotel, airport or office Wi-Fi)? Open a web page in a browser and sign in, then sync again. The data from before the sync is kept.`,
    );
  }
  return new SyncFailure(
    'not_data',
    `The central service answered ${what} with ${contentType ?? 'something'} instead of its JSON data: check the address in the sync settings. The data from before the sync is kept.`,
  );
}

/**
 * Waits for the event loop's next check phase, after undici has written the next requests:
 * undici reuses a keep-alive socket only after a setImmediate, so an answer processed at once
 * (parsed, converted, staged) held back the next request on every socket that had just answered,
 * and the upstream sat idle while this side worked. Answers wait as bytes, outside the JS heap:
 * waiting parsed, the bodies of one poll phase's answers outlived young-generation collections
 * and were promoted, and the old generation filled with them.
 */
function afterWrites(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** An HTTP Date header → ISO, or null. */
function httpDate(value: string | null): string | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
