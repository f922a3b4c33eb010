/**
 * The media step of a sync (issue 31): a first sync from the spec-only central service serving
 * real PNG, JPEG and PDF bytes for every picture and document it names, and a second sync with
 * nothing changed. Reported: media bytes and files, the media step's time as a ratio of the data
 * pull's time in the same run (no absolute goal: the machine's load varies), and the no-change
 * sync's media bytes (goal 0: conditional requests).
 *
 * The service runs in a child process (bench/servers/spec-upstream.ts), as in the sync benches,
 * so its work (building answers, drawing the pictures it sends) is not counted on the engine's
 * event loop. (At full scale the first runs stopped on the sync's 60 s stall bound: the fake
 * service answered a type's product list in quadratic time, fixed in its index.)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { openEngine } from '../src-main/engine/engine.js';

const tsx = path.resolve(import.meta.dirname, '../node_modules/.bin/tsx');

/** The spec-only service with media, in its own process; its address and key once it listens. */
async function startUpstream(size: { products: number; users: number; projects: number }) {
  const proc = spawn(tsx, [path.join(import.meta.dirname, 'servers', 'spec-upstream.ts'), String(size.products), String(size.users), String(size.projects), 'media'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const { port, key } = await new Promise<{ port: number; key: string }>((resolve, reject) => {
    readline.createInterface({ input: proc.stdout! }).once('line', (line) => resolve(JSON.parse(line) as { port: number; key: string }));
    proc.once('exit', (code) => reject(new Error(`spec-upstream exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    close: () =>
      new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

interface Run {
  data_ms: number;
  media_ms: number;
  media_bytes: number;
  fetched: number;
  unchanged: number;
  failed: number;
}

export async function mediaBench(size: { products: number; users: number; projects: number }) {
  const up = await startUpstream(size);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-bench-media-'));
  // The fake service builds each answer on one thread: a type's full product list (40 MB at this
  // scale) took it 8-20 s at load 20-25, and with the app's bounds (30 s a request, 60 s without
  // any answer) the pull asked again and again and then stopped. The bench measures the media
  // step, so the pull gets more patience here; the app's own bounds are unchanged.
  const engine = await openEngine({ dataDir: dir, syncTuning: { timeoutMs: 180_000, stallMs: 300_000 } });
  try {
    await engine.sync.saveSettings({ upstream_url: up.url, interval_minutes: 0 }, up.key);
    const run = async (): Promise<Run> => {
      const start = performance.now();
      let mediaAt = 0;
      const onStatus = (s: { phase: string | null }) => {
        if (s.phase === 'media' && mediaAt === 0) mediaAt = performance.now();
      };
      engine.sync.on('status', onStatus);
      await engine.sync.syncNow();
      engine.sync.off('status', onStatus);
      const end = performance.now();
      const status = engine.sync.status();
      if (status.last_error) throw new Error(status.last_error.message);
      const m = status.media!;
      return { data_ms: Math.round(mediaAt - start), media_ms: Math.round(end - mediaAt), media_bytes: m.bytes, fetched: m.fetched, unchanged: m.unchanged, failed: m.failed };
    };
    const first = await run();
    const store = engine.sync.status().media!;
    const again = await run();
    return {
      table: [
        { measure: 'first sync', data_ms: first.data_ms, media_ms: first.media_ms, media_mb: Number((first.media_bytes / 1e6).toFixed(2)), files: store.store_files, fetched: first.fetched, failed: first.failed },
        { measure: 'sync with no upstream change', data_ms: again.data_ms, media_ms: again.media_ms, media_mb: Number((again.media_bytes / 1e6).toFixed(2)), files: store.store_files, fetched: again.fetched, failed: again.failed },
      ],
      goals: [
        { measure: 'no-change media bytes', value: again.media_bytes, goal: '0', met: again.media_bytes === 0 },
        { measure: 'first sync: media step time / data pull time', value: Number((first.media_ms / first.data_ms).toFixed(2)) },
        { measure: 'no-change: media step time / data pull time', value: Number((again.media_ms / again.data_ms).toFixed(2)) },
      ],
    };
  } finally {
    await engine.close();
    await up.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
