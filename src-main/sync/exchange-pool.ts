/**
 * The connections to the central service: a fixed number of requests in flight (one keep-alive
 * connection each), each timed from the moment it has its slot, one back-off shared by every slot
 * when the service asks to wait, and each answer's body read whole, as it came off the wire.
 * What an answer means (retries, redirects, decoding) is the client's: upstream-client.ts.
 *
 * It runs where the client runs, or on a thread of its own (exchange-thread.ts) with the same code.
 */
import type { IncomingHttpHeaders } from 'node:http';
import pLimit from 'p-limit';
import { Agent, DecoratorHandler, request, type Dispatcher } from 'undici';

export interface ExchangeRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  /** The path asked for, as the rep reads it in a message. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ExchangeAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The body as it came off the wire (still compressed, when it was). */
  bytes: Buffer;
  /** The wait the service asked for with a 429 or 503 (Retry-After, ms); the slots already hold off. */
  asked: number | null;
}

export interface ExchangePoolOptions {
  /** Requests in flight at once. */
  concurrency: number;
  /** Per request, from the moment it has its slot (ms). */
  timeoutMs: number;
  /** Longest wait honoured from a Retry-After header (ms). */
  maxRetryAfterMs: number;
  /** A back-off already asked for: no request goes out before this time (ms since the epoch). */
  pausedUntil: number;
}

/** An exchange its timeout cut off. */
export class ExchangeTimeout extends Error {
  constructor() {
    super('timed out');
    this.name = 'ExchangeTimeout';
  }
}

/** The slots as the client uses them, wherever they run. */
export interface Exchanges {
  exchange(request: ExchangeRequest): Promise<ExchangeAnswer>;
  /** Every slot holds off until `until` (ms since the epoch). */
  holdOff(until: number): void;
  /** Every exchange in flight or waiting for a slot, and every later one, fails with `reason`. */
  stop(reason: unknown): void;
  /** The request waiting longest on the service, for a message: what it had of its answer. */
  waiting(): Promise<string | null>;
  /** Closes the connections (exchanges still running are cut off). */
  close(): Promise<void>;
}

/** Seconds or an HTTP date → ms to wait (spec RFC 9110 §10.2.3). */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** What went wrong with a connection, in a few words (undici puts the system's code in `cause`). */
export function describeError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

export function headerValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** One request's exchange, as the stall watchdog reports it (passed to undici as `opaque`). */
interface Exchange {
  method: string;
  path: string;
  headers: boolean;
}

/** Notes that an answer's headers came: a connection that goes quiet after them is told apart. */
function headersSeen(): Dispatcher.DispatcherComposeInterceptor {
  // DecoratorHandler's typings declare only its constructor; it forwards every hook.
  interface Forwarding {
    onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders, statusMessage?: string): void;
  }
  const Base = DecoratorHandler as unknown as new (handler: Dispatcher.DispatchHandler) => Forwarding;
  class Noting extends Base {
    constructor(
      handler: Dispatcher.DispatchHandler,
      private readonly exchange: Exchange,
    ) {
      super(handler);
    }

    override onResponseStart(...args: Parameters<Forwarding['onResponseStart']>) {
      this.exchange.headers = true;
      return super.onResponseStart(...args);
    }
  }
  return (dispatch) => (opts, handler) => {
    const exchange = (opts as { opaque?: unknown }).opaque as Exchange | undefined;
    return dispatch(opts, exchange ? (new Noting(handler, exchange) as unknown as Dispatcher.DispatchHandler) : handler);
  };
}

export class ExchangePool implements Exchanges {
  private readonly limit;
  /**
   * undici's request() rather than fetch(): the same HTTP without the WHATWG streams and
   * Response objects, which took half the worker's CPU on a 111,643-request sync (fetch-only
   * download: 60 s of CPU, request(): 33 s). One keep-alive connection per request in flight.
   */
  private readonly agent: Agent;
  private readonly dispatcher: Dispatcher;
  private pausedUntil: number;
  private stopped: { reason: unknown } | null = null;
  /** What to cut short when the pool stops: the exchanges in flight and the back-off waits. */
  private readonly onStop = new Set<() => void>();
  private readonly exchanges = new Set<Exchange>();

  /** `dispatcher`: what carries the requests instead of the pool's own connections (the unit tests' MockAgent). */
  constructor(
    private readonly options: ExchangePoolOptions,
    dispatcher?: Dispatcher,
  ) {
    this.limit = pLimit(options.concurrency);
    this.agent = new Agent({ connections: options.concurrency });
    this.dispatcher = (dispatcher ?? this.agent).compose(headersSeen());
    this.pausedUntil = options.pausedUntil;
  }

  holdOff(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  stop(reason: unknown): void {
    if (this.stopped) return;
    this.stopped = { reason };
    for (const stop of [...this.onStop]) stop();
  }

  waiting(): Promise<string | null> {
    const first = [...this.exchanges][0];
    return Promise.resolve(first ? `${first.method} ${first.path} ${first.headers ? 'had its headers, then nothing more' : 'was not answered'}` : null);
  }

  async close(): Promise<void> {
    await this.agent.destroy();
  }

  /** Holds a slot for the whole exchange: the timeout runs from the moment it has one, not while it waits for one or for the back-off. */
  exchange(r: ExchangeRequest): Promise<ExchangeAnswer> {
    return this.limit(async () => {
      // The pool may have stopped while this waited for its slot.
      if (this.stopped) throw this.stopped.reason;
      await this.waitForPause();
      // One controller per exchange (AbortSignal.timeout/any per request cost seconds of CPU
      // over a 100,000-request sync).
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, this.options.timeoutMs);
      const onStop = () => controller.abort(this.stopped?.reason);
      this.onStop.add(onStop);
      const exchange: Exchange = { method: r.method, path: r.path, headers: false };
      this.exchanges.add(exchange);
      try {
        const answer = await request(r.url, { method: r.method, headers: r.headers, body: r.body, signal: controller.signal, dispatcher: this.dispatcher, opaque: exchange });
        // Asked to wait: every slot holds off at once, before this answer's body is read.
        const asked = answer.statusCode === 429 || answer.statusCode === 503 ? retryAfterMs(headerValue(answer.headers['retry-after'])) : null;
        if (asked !== null) this.holdOff(Date.now() + Math.min(asked, this.options.maxRetryAfterMs));
        const bytes = Buffer.from(await answer.body.arrayBuffer());
        return { statusCode: answer.statusCode, headers: answer.headers, bytes, asked };
      } catch (error) {
        if (timedOut) throw new ExchangeTimeout();
        throw error;
      } finally {
        clearTimeout(timer);
        this.onStop.delete(onStop);
        this.exchanges.delete(exchange);
      }
    });
  }

  private async waitForPause(): Promise<void> {
    while (Date.now() < this.pausedUntil) {
      await new Promise<void>((resolve, reject) => {
        if (this.stopped) return reject(this.stopped.reason);
        const stop = () => {
          clearTimeout(timer);
          reject(this.stopped?.reason);
        };
        const timer = setTimeout(() => {
          this.onStop.delete(stop);
          resolve();
        }, this.pausedUntil - Date.now());
        this.onStop.add(stop);
      });
    }
  }
}
