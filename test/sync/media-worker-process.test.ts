/**
 * The media step of a sync in a process of its own (issue 32): a child of the serving process on
 * the built JavaScript, below it in priority, whose progress reaches the sync's status while it
 * runs; gone once the run is over; stopped by a cancel; and gone with a serving process killed in
 * the middle of it. The rep's single fetch ("Fetch them now") finds its one address in the catalog.
 * One picture of the fake central service is held unanswered where a test needs the step caught
 * in the middle.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyTemplateDataDir, startTestServer, tempDir, type TestServer } from '../helpers/api-server.js';
import { spawnCli } from '../helpers/cli-process.js';
import { commandLine, mediaProcessesOf, processGone } from '../helpers/pull-processes.js';
import { handWrittenData } from '../helpers/spec-upstream/data.js';
import { startSpecUpstream, type SpecUpstream } from '../helpers/spec-upstream/server.js';

let up: SpecUpstream;
let down: TestServer;

/** A picture the service names (product 0's primary, medium size): the one held in the middle of a step. */
const heldPicture = () => `/media/p/${up.data.products[0]!.part_number}/primary-md.jpg`;

beforeAll(async () => {
  up = await startSpecUpstream(handWrittenData(), { media: true });
  // A held picture must not time out before the test has seen what it waits for, on a loaded machine.
  down = await startTestServer({ rateLimitPerMinute: 0 }, { syncTuning: { timeoutMs: 20_000, attempts: 3, backoffMs: 20 }, mediaTuning: { timeoutMs: 300_000 } });
  await down.engine.sync.saveSettings({ upstream_url: up.url, interval_minutes: 0 }, up.key);
}, 60_000);
afterAll(async () => {
  await down?.close();
  await up?.close();
});

describe('the media step in a process of its own', () => {
  it('runs beside the serving process, below it, on the built code; its progress reaches the status; a cancel stops it and its process', async () => {
    up.media.held.add(heldPicture());
    try {
      const run = down.engine.sync.syncNow();
      let worker: number | undefined;
      await vi.waitFor(() => expect((worker = mediaProcessesOf(process.pid)[0])).toBeDefined(), { timeout: 120_000, interval: 10 });
      expect(worker).not.toBe(process.pid);
      expect(commandLine(worker!)).toMatch(/^\S*node\S* .*\/out\/cli\/media-worker\.js$/);
      expect(commandLine(worker!)).not.toMatch(/tsx/);
      expect(os.getPriority(worker!)).toBeGreaterThan(os.getPriority());
      expect(down.engine.sync.status().phase).toBe('media');
      // Everything but the held picture done, as the worker's messages tell the serving process.
      await vi.waitFor(
        () => {
          const media = down.engine.sync.status().media;
          expect(up.media.heldAsked).toBeGreaterThan(0);
          expect(media?.total).toBeGreaterThan(1);
          expect(media?.done).toBe(media!.total - 1);
        },
        { timeout: 120_000, interval: 20 },
      );
      // The worker still waits on the held picture: only a cancel ends this run now.
      expect(processGone(worker!)).toBe(false);
      down.engine.sync.cancel();
      await run;
      const status = down.engine.sync.status();
      expect(status.state).not.toBe('running');
      // Stopped where it was: the held picture not done, the rest kept.
      expect(status.media!.done).toBe(status.media!.total - 1);
      expect(status.media!.fetched).toBe(status.media!.total - 1);
      await vi.waitFor(() => expect(processGone(worker!), `media worker ${worker} still running`).toBe(true), { timeout: 30_000, interval: 50 });
    } finally {
      up.media.held.clear();
    }
  }, 300_000);

  it('ends its process with the run, having fetched what the cancelled run left', async () => {
    const seen = new Set<number>();
    const watching = setInterval(() => mediaProcessesOf(process.pid).forEach((pid) => seen.add(pid)), 5);
    try {
      await down.engine.sync.syncNow();
    } finally {
      clearInterval(watching);
    }
    const status = down.engine.sync.status();
    expect(status.last_error).toBeNull();
    expect(status.media).toMatchObject({ failed: 0, done: status.media!.total, fetched: 1 });
    expect(seen.size).toBe(1);
    const [worker] = [...seen];
    expect(worker).not.toBe(process.pid);
    await vi.waitFor(() => expect(processGone(worker!), `media worker ${worker} still running`).toBe(true), { timeout: 30_000, interval: 50 });
    expect(mediaProcessesOf(process.pid)).toEqual([]);
  }, 300_000);

  it("fetches one address on the rep's demand (a drawing not kept offline), and only an address the catalog names", async () => {
    const rated = up.data.products.find((p) => p.ratings.length > 0)!;
    const resource = (await (await fetch(`${up.url}/products/${encodeURIComponent(rated.part_number)}`, { headers: { authorization: `Bearer ${up.key}` } })).json()) as { spec_sheet: { dwg: string } };
    const dwg = resource.spec_sheet.dwg;
    expect(down.engine.media.media.cachedFile(dwg)).toBeNull();
    const fetched = await down.request('POST', '/api/media/fetch', { body: JSON.stringify({ url: dwg }) });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({ object: 'media-item', kind: 'document', url: dwg, path: expect.stringMatching(/^\/media\/[0-9a-f]{64}$/) });
    const file = down.engine.media.media.cachedFile(dwg);
    expect(fs.readFileSync(file!).subarray(0, 6).toString('latin1')).toBe('AC1032');
    // Part of a named address is not one (the look-up matches whole addresses).
    const part = await down.request('POST', '/api/media/fetch', { body: JSON.stringify({ url: dwg.slice(0, -1) }) });
    expect(part.status).toBe(404);
    expect(part.body).toMatchObject({ code: 'not_in_catalog' });
  }, 60_000);
});

describe('the serving process killed during the media step', () => {
  it('takes the media worker with it', async () => {
    const dataDir = copyTemplateDataDir();
    const keyFile = path.join(tempDir(), 'key');
    fs.writeFileSync(keyFile, up.key, { mode: 0o600 });
    up.media.held.add(heldPicture());
    let child: ChildProcess | undefined;
    try {
      child = spawnCli(['sync', '--data-dir', dataDir, '--upstream', up.url, '--key-file', keyFile]);
      let output = '';
      child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      const heldBefore = up.media.heldAsked;
      let worker: number | undefined;
      // The media step has begun and is waiting on the held picture.
      await vi.waitFor(
        () => {
          expect(child!.exitCode, output).toBeNull();
          expect((worker = mediaProcessesOf(child!.pid!)[0])).toBeDefined();
          expect(up.media.heldAsked).toBeGreaterThan(heldBefore);
        },
        { timeout: 180_000, interval: 20 },
      );
      child.kill('SIGKILL');
      await vi.waitFor(() => expect(processGone(worker!), `media worker ${worker} still running`).toBe(true), { timeout: 30_000, interval: 50 });
    } finally {
      up.media.held.clear();
      if (child && child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(path.dirname(keyFile), { recursive: true, force: true });
    }
  }, 300_000);
});
