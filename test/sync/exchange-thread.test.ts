/**
 * The pull's connections on a thread of their own (src-main/sync/exchange-thread.ts), against a
 * real node:http server on 127.0.0.1. The server runs on a worker thread of the test, so that the
 * test's own thread can be kept busy, as the pull's is while it parses and stages, and the server
 * still sees when each request arrives.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamClient } from '../../src-main/sync/upstream-client.js';

/** Answers at once, except /hang (never) and /slow (after 50 ms); reports arrivals and the most requests open at once. */
const SERVER = `
const http = require('node:http');
const { parentPort } = require('node:worker_threads');
const arrivals = [];
let open = 0, mostOpen = 0, closedUnanswered = 0;
const server = http.createServer((req, res) => {
  arrivals.push({ path: req.url, at: Date.now() });
  open++; mostOpen = Math.max(mostOpen, open);
  let done = false;
  res.on('close', () => { open--; if (!done) closedUnanswered++; });
  const answer = () => { done = true; res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify({ path: req.url })); };
  if (req.url.startsWith('/hang')) return;
  if (req.url.startsWith('/slow')) return setTimeout(answer, 50);
  answer();
});
parentPort.on('message', (m) => {
  if (m === 'report') parentPort.postMessage({ arrivals: arrivals.splice(0), mostOpen, closedUnanswered, open });
  if (m === 'reset') { mostOpen = open; closedUnanswered = 0; }
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
`;

interface Report {
  arrivals: { path: string; at: number }[];
  mostOpen: number;
  closedUnanswered: number;
  open: number;
}

describe('the connections on a thread of their own', () => {
  let server: Worker;
  let base: string;
  const report = () =>
    new Promise<Report>((resolve) => {
      server.once('message', resolve);
      server.postMessage('report');
    });

  beforeAll(async () => {
    server = new Worker(SERVER, { eval: true });
    const { port } = await new Promise<{ port: number }>((resolve) => server.once('message', resolve));
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => server.terminate());

  /** Asks for 20 pages (50 ms each) two at a time, and keeps this thread busy for a second once the first has come. */
  async function busyWhileAsking(connections: 'here' | 'thread') {
    await report();
    const client = new UpstreamClient({ connections, baseUrl: base, key: 'k', signal: new AbortController().signal, concurrency: 2 });
    try {
      let busy: { from: number; to: number } | null = null;
      const answers = Array.from({ length: 20 }, (_, i) =>
        client.get<{ path: string }>(`/slow/page/${connections}/${i}`).then((answer) => {
          if (busy === null) {
            const from = Date.now();
            // A second of work on this thread: no event is handled meanwhile.
            while (Date.now() - from < 1000);
            busy = { from, to: Date.now() };
          }
          return answer.body.path;
        }),
      );
      expect(await Promise.all(answers)).toEqual(Array.from({ length: 20 }, (_, i) => `/slow/page/${connections}/${i}`));
      const { arrivals } = await report();
      const { from, to } = busy!;
      // Requests that were on their way as the work began are not counted.
      return arrivals.filter((a) => a.at > from + 100 && a.at < to);
    } finally {
      await client.close();
    }
  }

  it('send the next requests while the client\'s thread is busy; on the client\'s thread, none go out meanwhile', async () => {
    const onThread = await busyWhileAsking('thread');
    // 18 were waiting for a slot, and the service takes 50 ms a page: most go out during the second.
    expect(onThread.length).toBeGreaterThanOrEqual(5);
    const here = await busyWhileAsking('here');
    expect(here).toEqual([]);
  });

  it('never hold more requests open at the service than their slots, however many are asked at once', async () => {
    server.postMessage('reset');
    await report();
    const client = new UpstreamClient({ connections: 'thread', baseUrl: base, key: 'k', signal: new AbortController().signal, concurrency: 3 });
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => client.get<{ path: string }>(`/slow/${i}`)));
      expect(answers.map((a) => a.body.path)).toEqual(Array.from({ length: 30 }, (_, i) => `/slow/${i}`));
      const { mostOpen, arrivals } = await report();
      expect(arrivals).toHaveLength(30);
      expect(mostOpen).toBe(3);
    } finally {
      await client.close();
    }
  });

  it('time a request from its slot and say so in plain words; a cancel stops what is open at once', async () => {
    const client = new UpstreamClient({ connections: 'thread', baseUrl: base, key: 'k', signal: new AbortController().signal, timeoutMs: 1000, attempts: 1 });
    try {
      await expect(client.get('/hang/timeout')).rejects.toMatchObject({ code: 'upstream_unreachable', message: expect.stringContaining('GET /hang/timeout took longer than 1 s') });
    } finally {
      await client.close();
    }
    for (let n = 0; n < 200 && (await report()).open > 0; n++) await new Promise((r) => setTimeout(r, 25));
    server.postMessage('reset');
    await report();
    const controller = new AbortController();
    const cancelled = new UpstreamClient({ connections: 'thread', baseUrl: base, key: 'k', signal: controller.signal, concurrency: 4 });
    try {
      const pending = Array.from({ length: 6 }, (_, i) => cancelled.get(`/hang/${i}`));
      // All four slots' requests have reached the service.
      for (let n = 0; n < 200 && (await report()).open < 4; n++) await new Promise((r) => setTimeout(r, 25));
      const started = Date.now();
      controller.abort();
      for (const p of pending) await expect(p).rejects.toMatchObject({ code: 'cancelled' });
      expect(Date.now() - started).toBeLessThan(5000);
      // The thread closes the open requests, and the two that waited for a slot never go out.
      for (let n = 0; n < 200 && (await report()).open > 0; n++) await new Promise((r) => setTimeout(r, 25));
      const after = await report();
      expect(after.open).toBe(0);
      expect(after.closedUnanswered).toBe(4);
    } finally {
      await cancelled.close();
    }
  });
});
