/**
 * The pull's connections on a thread of their own. The pull's thread parses, converts and stages
 * every answer and now and then collects its garbage: 10-30 ms at a time, hundreds of times in a
 * full-scale sync. Answers that came meanwhile waited unread, and so did the requests that would
 * follow them, and the central service sat idle. On a thread of their own the connections read
 * each answer as it comes and send the next request at once; the requests asked ahead wait in
 * the thread's queue for a slot, so the service always has the next one.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../store/module-worker.js';
import { describeError, ExchangeTimeout, type ExchangeAnswer, type ExchangePoolOptions, type ExchangeRequest, type Exchanges } from './exchange-pool.js';

export type ToExchangeThread =
  | { type: 'exchange'; id: number; request: ExchangeRequest }
  | { type: 'hold'; until: number }
  | { type: 'stop' }
  | { type: 'waiting'; id: number };

export type FromExchangeThread =
  | { type: 'answer'; id: number; statusCode: number; headers: IncomingHttpHeaders; body: ArrayBuffer; asked: number | null }
  | { type: 'error'; id: number; timedOut: boolean; problem: string }
  | { type: 'waiting'; id: number; text: string | null };

/**
 * The thread's own heap stays small: it holds only answers on their way. Without limits of its
 * own it would take the process's (sized for the pull's parsing), and the app its memory goal.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 32 };

export class ThreadedExchanges implements Exchanges {
  private readonly worker: Worker;
  private next = 0;
  private readonly pending = new Map<number, { resolve: (value: never) => void; reject: (error: unknown) => void }>();
  private stopped: { reason: unknown } | null = null;
  /** The thread ended or failed: every exchange fails with this. */
  private broken: Error | null = null;

  constructor(options: ExchangePoolOptions) {
    this.worker = startModuleWorker(import.meta.url, 'exchange-worker', { workerData: options, resourceLimits: THREAD_LIMITS, stdout: false });
    // The pull's process ends when its run does, whatever this thread is doing.
    this.worker.unref();
    this.worker.on('message', (m: FromExchangeThread) => this.settle(m));
    this.worker.on('error', (error) => this.fail(new Error(`the connections' thread failed (${describeError(error)})`)));
    this.worker.on('exit', (code) => this.fail(new Error(`the connections' thread ended (exit code ${code})`)));
  }

  exchange(request: ExchangeRequest): Promise<ExchangeAnswer> {
    return this.ask<ExchangeAnswer>({ type: 'exchange', id: this.next++, request });
  }

  holdOff(until: number): void {
    if (!this.broken) this.worker.postMessage({ type: 'hold', until } satisfies ToExchangeThread);
  }

  stop(reason: unknown): void {
    if (this.stopped) return;
    this.stopped = { reason };
    if (!this.broken) this.worker.postMessage({ type: 'stop' } satisfies ToExchangeThread);
    // Said here at once, in this side's words: the thread's own failures carry none of them.
    for (const { reject } of this.pending.values()) reject(reason);
    this.pending.clear();
  }

  waiting(): Promise<string | null> {
    return this.ask<string | null>({ type: 'waiting', id: this.next++ }).catch(() => null);
  }

  async close(): Promise<void> {
    this.fail(new Error('the connections were closed'));
    await this.worker.terminate();
  }

  private ask<T>(message: Extract<ToExchangeThread, { id: number }>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped.reason);
    if (this.broken) return Promise.reject(this.broken);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(message.id, { resolve: resolve as (value: never) => void, reject });
      this.worker.postMessage(message);
    });
  }

  private settle(m: FromExchangeThread): void {
    const waiter = this.pending.get(m.id);
    if (!waiter) return;
    this.pending.delete(m.id);
    if (m.type === 'waiting') waiter.resolve(m.text as never);
    else if (m.type === 'error') waiter.reject(m.timedOut ? new ExchangeTimeout() : new Error(m.problem));
    else waiter.resolve({ statusCode: m.statusCode, headers: m.headers, bytes: Buffer.from(m.body), asked: m.asked } as never);
  }

  private fail(error: Error): void {
    this.broken ??= error;
    for (const { reject } of this.pending.values()) reject(this.broken);
    this.pending.clear();
  }
}
