/**
 * `npm run bench`: speed and memory of the local API, each measured as a ratio against a baseline
 * in the same run (never as absolute timings, which depend on the machine and its load).
 *
 * 1. Requests per second for /products/:model and /territory?zip_code= against plain node:http +
 *    better-sqlite3 doing the same single look-up (goal: ratio ≥ 0.85).
 * 2. Time and peak memory of the whole lists /products and /territories, with the embedded data
 *    set and with a generated catalog of 10,000 products.
 *
 * Servers run in child processes (one core each side with the load generator).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { openEngine } from '../src-main/engine/engine.js';
import { writeFirstApiKey } from '../src-main/engine/data-dir.js';
import { generateCatalog } from './generate-catalog.js';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

interface Child {
  proc: ChildProcess;
  port: number;
  /** The server's own process (tsx runs it in a child of the spawned process). */
  pid: number;
}

async function startChild(script: string, dataDir: string, ...args: string[]): Promise<Child> {
  const proc = spawn(tsx, [path.join(import.meta.dirname, 'servers', script), dataDir, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: proc.stdout! });
  const { port, pid } = await new Promise<{ port: number; pid: number }>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as { port: number; pid: number }));
    proc.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { proc, port, pid };
}

function stop(child: Child): Promise<void> {
  return new Promise((resolve) => {
    child.proc.once('exit', () => resolve());
    child.proc.kill('SIGTERM');
  });
}

async function prepareDataDir(products?: number): Promise<{ dir: string; key: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-bench-'));
  const engine = await openEngine({ dataDir: dir });
  await writeFirstApiKey(engine);
  if (products) await generateCatalog(engine.store.db, products);
  engine.store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await engine.close();
  return { dir, key: fs.readFileSync(path.join(dir, 'api-key'), 'utf8').trim() };
}

async function rps(port: number, pathAndQuery: string, key: string): Promise<number> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${pathAndQuery}`,
    connections: 8,
    duration: seconds,
    headers: { authorization: `Bearer ${key}` },
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${pathAndQuery}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Peak resident memory of a process since the last reset (Linux). */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
function memoryKiB(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

async function fetchTimed(port: number, pathAndQuery: string, key: string): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${pathAndQuery}`, { headers: { authorization: `Bearer ${key}` } });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${pathAndQuery}: ${res.status}`);
  return { ms: performance.now() - start, bytes: body.byteLength };
}

async function lookupRatios(dir: string, key: string) {
  const cases = [
    { name: 'GET /products/:model', path: '/products/4055-007-02' },
    { name: 'GET /territory?zip_code=', path: '/territory?zip_code=60601' },
  ];
  // The shipped configuration, and the same stack with its render cache off: the second shows
  // what routing, validation, auth and the query builder cost over the bare baseline.
  const engines = [
    { label: 'engine', child: await startChild('fieldsizer.ts', dir) },
    { label: 'engine, render cache off', child: await startChild('fieldsizer.ts', dir, '0') },
  ];
  const baseline = await startChild('baseline.ts', dir);
  const out = [];
  try {
    for (const c of cases) {
      for (const { label, child } of engines) {
        // Both must give the same answer, or the comparison means nothing.
        const [a, b] = await Promise.all([
          fetch(`http://127.0.0.1:${child.port}${c.path}`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.text()),
          fetch(`http://127.0.0.1:${baseline.port}${c.path}`).then((r) => r.text()),
        ]);
        if (a !== b) throw new Error(`${c.path}: the engine and the baseline answer differently`);
        await rps(child.port, c.path, key); // warm-up: JIT and page cache
        await rps(baseline.port, c.path, key);
        const engineRuns: number[] = [];
        const baselineRuns: number[] = [];
        // Alternate, so drift in the machine's load affects both sides alike.
        for (let i = 0; i < rounds; i++) {
          engineRuns.push(await rps(child.port, c.path, key));
          baselineRuns.push(await rps(baseline.port, c.path, key));
        }
        const e = median(engineRuns);
        const b2 = median(baselineRuns);
        out.push({ name: c.name, server: label, rps: Math.round(e), baseline_rps: Math.round(b2), ratio: Number((e / b2).toFixed(3)), goal: '≥ 0.85', met: e / b2 >= 0.85 });
      }
    }
  } finally {
    for (const { child } of engines) await stop(child);
    await stop(baseline);
  }
  return out;
}

async function wholeLists(label: string, dir: string, key: string) {
  const out = [];
  for (const p of ['/products', '/territories']) {
    const server = await startChild('fieldsizer.ts', dir);
    try {
      const idle = memoryKiB(server.pid);
      const canReset = resetPeak(server.pid);
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 5; i++) {
        const r = await fetchTimed(server.port, p, key);
        times.push(r.ms);
        bytes = r.bytes;
      }
      const after = memoryKiB(server.pid);
      // The cheapest request of the same server is the yardstick for the list's cost.
      const small = await fetchTimed(server.port, '/territories?limit=1', key);
      out.push({
        data_set: label,
        path: p,
        median_ms: Number(median(times).toFixed(1)),
        first_ms: Number(times[0]!.toFixed(1)),
        vs_smallest_request: Number((median(times) / small.ms).toFixed(1)),
        bytes,
        idle_rss_mib: Number((idle.rss / 1024).toFixed(1)),
        peak_rss_mib: canReset ? Number((after.peak / 1024).toFixed(1)) : null,
        peak_over_idle_mib: canReset ? Number(((after.peak - idle.rss) / 1024).toFixed(1)) : null,
      });
    } finally {
      await stop(server);
    }
  }
  return out;
}

const embedded = await prepareDataDir();
const large = await prepareDataDir(10_000);
try {
  console.log(`lookups: ${rounds} rounds of ${seconds} s each side, 8 connections`);
  const ratios = await lookupRatios(embedded.dir, embedded.key);
  console.table(ratios);
  const lists = [...(await wholeLists('embedded (127 products)', embedded.dir, embedded.key)), ...(await wholeLists('generated (10,000 products)', large.dir, large.key))];
  console.table(lists);
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/latest.json'), JSON.stringify({ when: new Date().toISOString(), ratios, lists }, null, 2));
} finally {
  fs.rmSync(embedded.dir, { recursive: true, force: true });
  fs.rmSync(large.dir, { recursive: true, force: true });
}
