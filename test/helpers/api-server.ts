/** Starts the real engine and HTTP server on 127.0.0.1, port 0, over a fresh data directory. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openEngine, type Engine, type EngineOptions } from '../../src-main/engine/engine.js';
import { afterAll, beforeAll, inject } from 'vitest';
import { DATABASE_FILE } from '../../src-main/store/open-store.js';
import { API_SCOPES } from '../../src-shared/api/scopes.js';
import { startServer, type RunningServer, type ServerOptions } from '../../src-main/http/server.js';

export interface TestServer {
  engine: Engine;
  server: RunningServer;
  dataDir: string;
  /** A key with every scope. */
  key: string;
  get(pathAndQuery: string, init?: { key?: string | null; headers?: Record<string, string> }): Promise<TestResponse>;
  request(method: string, pathAndQuery: string, init?: { key?: string | null; headers?: Record<string, string>; body?: string }): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export function tempDir(prefix = 'fieldsizer-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A fresh data directory holding a copy of the template store (see global-setup.ts). */
export function copyTemplateDataDir(): string {
  const dataDir = tempDir();
  fs.copyFileSync(path.join(inject('templateDataDir'), DATABASE_FILE), path.join(dataDir, DATABASE_FILE));
  return dataDir;
}

/**
 * A fresh data directory holding a copy of the test central service's store: the template store
 * with its first 400 projects only (see global-setup.ts), so a first sync from it is seconds.
 */
export function copyUpstreamDataDir(): string {
  const dataDir = tempDir();
  fs.copyFileSync(path.join(inject('upstreamDataDir'), DATABASE_FILE), path.join(dataDir, DATABASE_FILE));
  return dataDir;
}

/** A server over `dataDir` (by default a fresh copy of the template store), with a key of every scope. */
export async function startTestServer(options: ServerOptions = {}, engineOptions: Omit<EngineOptions, 'dataDir'> = {}, dataDir = copyTemplateDataDir()): Promise<TestServer> {
  const engine = await openEngine({ ...engineOptions, dataDir });
  const key = (await engine.apiKeys.create('tests', API_SCOPES)).key;
  const server = await startServer(engine, 0, options);
  const request: TestServer['request'] = async (method, pathAndQuery, init = {}) => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    const useKey = init.key === undefined ? key : init.key;
    if (useKey !== null) headers.authorization = `Bearer ${useKey}`;
    if (init.body !== undefined && !('content-type' in headers)) headers['content-type'] = 'application/json';
    const response = await fetch(server.url + pathAndQuery, { method, headers, body: init.body });
    const text = await response.text();
    let body: unknown = undefined;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, body, text };
  };
  return {
    engine,
    server,
    dataDir,
    key,
    request,
    get: (p, init) => request('GET', p, init),
    async close() {
      await server.close();
      await engine.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A Fieldsizer server as the central service of the sync tests: the upstream store (copyUpstreamDataDir). */
export function startUpstreamServer(options: ServerOptions = { rateLimitPerMinute: 0 }): Promise<TestServer> {
  return startTestServer(options, {}, copyUpstreamDataDir());
}

/** Another test server whose central service is `upstream` (set up, no scheduled runs). */
export async function startDownstreamOf(upstream: TestServer, engineOptions: Omit<EngineOptions, 'dataDir'> = {}, upstreamUrl = upstream.server.url): Promise<TestServer> {
  const down = await startTestServer({ rateLimitPerMinute: 0 }, engineOptions);
  await down.engine.sync.saveSettings({ upstream_url: upstreamUrl, interval_minutes: 0 }, upstream.key);
  return down;
}

export interface SyncPair {
  readonly up: TestServer;
  readonly down: TestServer;
}

export interface SyncPairOptions {
  /** The downstream engine's options: short sync timeouts and the like. */
  downstream?: Omit<EngineOptions, 'dataDir'>;
  /**
   * Something between the two, started after the upstream: the downstream syncs from its `url`.
   * Closed after the downstream, before the upstream.
   */
  through?: (up: TestServer) => Promise<{ url: string; close(): Promise<unknown> }>;
  /** Receives the pair once started, before the beforeAll hooks the file registers after this call. */
  ready?: (pair: SyncPair) => void;
}

/** An upstream and a downstream of it for the tests of one file, started before and closed after them. */
export function syncPair(options: SyncPairOptions = {}): SyncPair {
  const pair = {} as { up: TestServer; down: TestServer };
  let relay: { url: string; close(): Promise<unknown> } | undefined;
  beforeAll(async () => {
    pair.up = await startUpstreamServer();
    relay = await options.through?.(pair.up);
    pair.down = await startDownstreamOf(pair.up, options.downstream, relay?.url);
    options.ready?.(pair);
  }, 120_000);
  afterAll(async () => {
    await pair.down?.close();
    await relay?.close();
    await pair.up?.close();
  });
  return pair;
}
