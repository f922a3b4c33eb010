/**
 * HTTP to the central service, the way a flaky network needs: a timeout on every request,
 * retries with exponential backoff and full jitter on network errors and 5xx, `Retry-After` on
 * 429, a bounded number of requests in flight, and a clear stop on 401 / 403 (a bad key is not
 * going to get better by retrying).
 */
import pLimit from 'p-limit';
import { Agent, request } from 'undici';
import { fingerprintOfBytes } from './decide.js';
import { SyncFailure } from './sync-service.js';

/**
 * Requests in flight at once. Each answer passes through the upstream and then this side's
 * parser, which now and then pauses (a staging batch, a collection): a deeper queue keeps the
 * upstream busy meanwhile. Past this, a plain download gains nothing and the sync slows again
 * (figures: docs/api.md, "Sync with the central service", requests in flight).
 */
export const DEFAULT_CONCURRENCY = 32;

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
  onBytes?: (bytes: number) => void;
}

export interface UpstreamResponse<T> {
  status: number;
  body: T;
  etag: string | null;
  /** The body as received (kept by the staging of a run). */
  text: string;
  /** decide.ts fingerprintOfBytes of the body as received (null: no body). */
  fingerprint: string | null;
  /** X-Total-Count of a list answer, when the upstream sends it. */
  total: number | null;
}

/** Seconds or an HTTP date → ms to wait (spec RFC 9110 §10.2.3). */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export class UpstreamClient {
  private readonly limit;
  private readonly base: string;
  /** The first failure ends the run: requests still queued or in flight stop instead of carrying on. */
  private failure: SyncFailure | null = null;
  private readonly stopAll = new AbortController();
  /**
   * undici's request() rather than fetch(): the same HTTP without the WHATWG streams and
   * Response objects, which took half the worker's CPU on a 111,643-request sync (fetch-only
   * download: 60 s of CPU, request(): 33 s). One keep-alive connection per request in flight.
   */
  private readonly dispatcher: Agent;

  /** Ends with the run: cancelled by the user, or stopped by the first failure. */
  private readonly runSignal: AbortSignal;
  /**
   * What to stop when the run ends: the requests in flight and the backoffs. The run signal has
   * one listener that calls them, instead of one listener per request and per backoff.
   */
  private readonly onRunEnd = new Set<() => void>();

  constructor(private readonly options: UpstreamClientOptions) {
    const inFlight = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.runSignal = AbortSignal.any([options.signal, this.stopAll.signal]);
    this.runSignal.addEventListener('abort', () => {
      for (const stop of [...this.onRunEnd]) stop();
    }, { once: true });
    this.limit = pLimit(inFlight);
    this.dispatcher = new Agent({ connections: inFlight });
    this.base = options.baseUrl.replace(/\/+$/, '');
  }

  /** A GET; with an ETag, asked with If-None-Match (a 304 comes back as is, without a body). */
  get<T>(path: string, ifNoneMatch: string | null = null): Promise<UpstreamResponse<T>> {
    return this.request<T>('GET', path, undefined, ifNoneMatch);
  }

  send<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body: unknown): Promise<UpstreamResponse<T>> {
    return this.request<T>(method, path, body, null);
  }

  /** Closes the kept-alive connections (requests still running are cut off). */
  async close(): Promise<void> {
    await this.dispatcher.destroy();
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

  private async request<T>(method: Method, path: string, body: unknown, ifNoneMatch: string | null): Promise<UpstreamResponse<T>> {
    if (this.failure) throw this.failure;
    try {
      return await this.attempt<T>(method, path, body, ifNoneMatch);
    } catch (error) {
      if (error instanceof SyncFailure && !this.failure) {
        this.failure = error;
        this.stopAll.abort(error);
      }
      throw this.failure ?? error;
    }
  }

  /**
   * One request and its whole body, holding one of the slots in flight: the timeout runs from
   * the moment it has a slot, not while it waits for one; a backoff between attempts holds none.
   */
  private async exchange(method: Method, path: string, body: unknown, ifNoneMatch: string | null, state: { timedOut: boolean }) {
    // The run may have ended while this waited for its slot.
    if (this.failure) throw this.failure;
    if (this.runSignal.aborted) throw new SyncFailure('cancelled', 'The sync was cancelled; the data from before it is kept.');
    // One controller per attempt, aborted by the timeout or the run (AbortSignal.timeout/any
    // per request cost seconds of CPU over a 100,000-request sync).
    const controller = new AbortController();
    const timer = setTimeout(() => {
      state.timedOut = true;
      controller.abort();
    }, this.options.timeoutMs ?? 30_000);
    const onAbort = () => controller.abort(this.runSignal.reason);
    this.onRunEnd.add(onAbort);
    try {
      const answer = await request(this.base + path, {
        method,
        headers: {
          authorization: `Bearer ${this.options.key}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
        dispatcher: this.dispatcher,
      });
      return { statusCode: answer.statusCode, headers: answer.headers, bytes: Buffer.from(await answer.body.arrayBuffer()) };
    } finally {
      clearTimeout(timer);
      this.onRunEnd.delete(onAbort);
    }
  }

  private async attempt<T>(method: Method, path: string, body: unknown, ifNoneMatch: string | null): Promise<UpstreamResponse<T>> {
    const signal = this.runSignal;
    const attempts = this.options.attempts ?? 5;
    const backoff = this.options.backoffMs ?? 250;
    let lastProblem = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (this.failure) throw this.failure;
      if (signal.aborted) throw new SyncFailure('cancelled', 'The sync was cancelled; the data from before it is kept.');
      const exchange = { timedOut: false };
      try {
        const answer = await this.limit(() => this.exchange(method, path, body, ifNoneMatch, exchange));
        const bytes = answer.bytes;
        const response = { status: answer.statusCode, header: (name: string) => headerValue(answer.headers[name]) };
        this.options.onBytes?.(bytes.byteLength);
        if (response.status === 401) throw new SyncFailure('unauthorized', 'The central service refused the key (401): check the key in the settings.');
        if (response.status === 403) throw new SyncFailure('forbidden', 'The key may not read everything the sync needs (403): ask for a key with every scope.');
        if (response.status === 429 || response.status >= 500) {
          lastProblem = `the central service answered ${response.status} to ${method} ${path}`;
          if (attempt < attempts) {
            const wait = response.status === 429 ? retryAfterMs(response.header('retry-after')) : null;
            await this.sleep(Math.min(wait ?? Math.random() * backoff * 2 ** (attempt - 1), this.options.maxRetryAfterMs ?? 60_000), signal);
            continue;
          }
          break;
        }
        if (response.status === 304) return { status: 304, body: undefined as T, etag: response.header('etag') ?? ifNoneMatch, text: '', fingerprint: null, total: null };
        // The slot is free again and the next request on its way: a GET's answer waits for the
        // event loop's check phase as bytes, and is parsed only there, just before its caller
        // uses it (see afterWrites).
        if (method === 'GET') await afterWrites();
        const text = bytes.toString('utf8');
        let parsed: unknown;
        try {
          parsed = text === '' ? undefined : JSON.parse(text);
        } catch {
          // A body cut off or garbled on the way: worth another try, like a dropped connection.
          lastProblem = `the answer to ${method} ${path} was not valid JSON`;
          if (attempt < attempts) {
            await this.sleep(Math.random() * backoff * 2 ** (attempt - 1), signal);
            continue;
          }
          break;
        }
        const total = Number(response.header('x-total-count') ?? Number.NaN);
        return { status: response.status, body: parsed as T, etag: response.header('etag'), text, fingerprint: parsed === undefined ? null : fingerprintOfBytes(bytes), total: Number.isInteger(total) && total >= 0 ? total : null };
      } catch (error) {
        if (error instanceof SyncFailure) throw error;
        if (this.failure) throw this.failure;
        if (signal.aborted) throw new SyncFailure('cancelled', 'The sync was cancelled; the data from before it is kept.');
        lastProblem = exchange.timedOut ? `${method} ${path} took longer than ${Math.round((this.options.timeoutMs ?? 30_000) / 1000)} s` : `the connection failed (${describe(error)})`;
        if (attempt < attempts) await this.sleep(Math.random() * backoff * 2 ** (attempt - 1), signal);
      }
    }
    throw new SyncFailure('upstream_unreachable', `Could not reach the central service: ${lastProblem}. The data from before the sync is kept; try again later.`);
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

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

function headerValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
