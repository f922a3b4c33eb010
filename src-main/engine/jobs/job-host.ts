/**
 * Runs one kind of job (job-protocol.ts) on a worker thread of its own, so the serving thread keeps
 * answering while a report of thousands of fixtures is laid out or a file of hundreds of projects
 * is sized (docs/api.md "Reports and imports off the serving thread"). Bounded:
 * - in time: a job has `timeoutMs` from when it is asked for (waiting behind another included);
 *   past it the worker is stopped and the caller gets the kind's error, never a hang;
 * - in memory: the worker's heap is capped (`heapMb`); a job that needs more stops the worker and
 *   the caller gets the kind's error, while the process goes on;
 * - in number: jobs run one at a time, and past `maxWaiting` behind it a new one is refused (503).
 * The worker starts on first use, serves one job after another, and ends after a quiet minute.
 */
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../store/module-worker.js';
import { ApiError } from '../errors.js';
import type { FromJobWorker, JobKind, JobKinds, JobWorkerData, ToJobWorker } from './job-protocol.js';

export interface JobLimits {
  /** Longest a job may take from when it is asked for, waiting behind another included (ms). */
  timeoutMs: number;
  /** The worker's heap (V8's old generation, MB). */
  heapMb: number;
  /** Jobs that may wait behind the running one; more are refused at once. */
  maxWaiting: number;
}

/** The errors a kind of job answers with, in its own words. */
export interface JobWords<K extends JobKind> {
  timeout(input: JobKinds[K]['input'], limits: JobLimits): ApiError;
  memory(input: JobKinds[K]['input'], limits: JobLimits): ApiError;
  busy(input: JobKinds[K]['input']): ApiError;
}

/** A quiet worker ends after this long (the next job starts another). */
const IDLE_MS = 60_000;

interface Job<K extends JobKind> {
  id: number;
  input: JobKinds[K]['input'];
  resolve(value: JobKinds[K]['result']): void;
  reject(error: Error): void;
  deadline: NodeJS.Timeout | null;
  settled: boolean;
}

export class JobWorker<K extends JobKind> {
  private worker: Worker | null = null;
  private running: Job<K> | null = null;
  private readonly waiting: Job<K>[] = [];
  private idle: NodeJS.Timeout | null = null;
  private nextId = 1;
  private closed = false;
  /** The worker that ran out of memory (its 'error' comes before its 'exit'). */
  private outOfMemory: Worker | null = null;

  constructor(
    private readonly data: JobWorkerData,
    private readonly kind: K,
    readonly limits: JobLimits,
    private readonly words: JobWords<K>,
    private readonly log: (message: string) => void = (message) => console.error(`fieldsizer: ${message}`),
  ) {}

  run(input: JobKinds[K]['input']): Promise<JobKinds[K]['result']> {
    if (this.closed) return Promise.reject(new ApiError(503, 'closing', 'The app is closing.'));
    if (this.running && this.waiting.length >= this.limits.maxWaiting) return Promise.reject(this.words.busy(input));
    return new Promise((resolve, reject) => {
      const job: Job<K> = { id: this.nextId++, input, resolve, reject, deadline: null, settled: false };
      job.deadline = setTimeout(() => this.expire(job), this.limits.timeoutMs);
      this.waiting.push(job);
      this.startNext();
    });
  }

  /** Stops the worker; jobs still waiting or running are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const closing = new ApiError(503, 'closing', 'The app is closing.');
    for (const job of this.waiting.splice(0)) this.settle(job, () => job.reject(closing));
    if (this.running) this.settle(this.running, () => this.running!.reject(closing));
    this.running = null;
    if (this.idle) clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private settle(job: Job<K>, fn: () => void): void {
    if (job.settled) return;
    job.settled = true;
    if (job.deadline) clearTimeout(job.deadline);
    fn();
  }

  private expire(job: Job<K>): void {
    job.deadline = null;
    const queued = this.waiting.indexOf(job);
    if (queued >= 0) {
      // It never started: the ones ahead took its time.
      this.waiting.splice(queued, 1);
      this.settle(job, () => job.reject(this.words.busy(job.input)));
      return;
    }
    if (this.running !== job) return;
    this.settle(job, () => job.reject(this.words.timeout(job.input, this.limits)));
    this.discardWorker();
  }

  /** Ends the current worker (its job is over, one way or another) and moves on. */
  private discardWorker(): void {
    const worker = this.worker;
    this.worker = null;
    this.running = null;
    if (worker) void worker.terminate();
    this.startNext();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startModuleWorker(import.meta.url, 'job-worker', {
      workerData: this.data,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb },
    });
    worker.on('message', (message: FromJobWorker) => {
      if (worker === this.worker) this.onMessage(message);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') this.outOfMemory = worker;
      else this.log(`the ${this.kind} worker failed: ${error.stack ?? error.message}`);
    });
    worker.on('exit', () => {
      if (worker !== this.worker) return;
      const job = this.running;
      if (job) {
        const error =
          this.outOfMemory === worker ? this.words.memory(job.input, this.limits) : new ApiError(500, 'internal_error', `The ${this.kind} stopped unexpectedly; the details are in the log.`);
        this.settle(job, () => job.reject(error));
      }
      this.outOfMemory = null;
      this.discardWorker();
    });
    this.worker = worker;
    return worker;
  }

  private startNext(): void {
    if (this.running || this.closed) return;
    const job = this.waiting.shift();
    if (!job) {
      // Nothing to do: the worker may not keep the process alive, and ends after a while.
      this.worker?.unref();
      if (this.worker && !this.idle) {
        this.idle = setTimeout(() => {
          this.idle = null;
          if (!this.running && this.waiting.length === 0) this.discardWorker();
        }, IDLE_MS);
        this.idle.unref();
      }
      return;
    }
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    let worker: Worker;
    try {
      worker = this.ensureWorker();
    } catch (error) {
      this.settle(job, () => job.reject(error as Error));
      this.startNext();
      return;
    }
    worker.ref();
    this.running = job;
    const message: ToJobWorker = { type: 'run', id: job.id, kind: this.kind, input: job.input };
    worker.postMessage(message);
  }

  private onMessage(message: FromJobWorker): void {
    const job = this.running;
    if (!job || message.id !== job.id) return;
    switch (message.type) {
      case 'unbounded':
        if (job.deadline) clearTimeout(job.deadline);
        job.deadline = null;
        return;
      case 'done':
        this.settle(job, () => job.resolve(message.value as JobKinds[K]['result']));
        break;
      case 'failed':
        if (message.detail) this.log(`the ${this.kind} failed: ${message.detail}`);
        this.settle(job, () => job.reject(new ApiError(message.error.status, message.error.code, message.error.message, message.error.param)));
        break;
    }
    this.running = null;
    this.startNext();
  }
}
