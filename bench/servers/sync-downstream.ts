/**
 * Bench child: a serving downstream (engine + local API) that syncs from the given upstream and
 * reports the time, the bytes and the worst event-loop delay of this process while it synced;
 * then a second sync with nothing changed upstream.
 */
import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { openEngine } from '../../src-main/engine/engine.js';
import { startServer } from '../../src-main/http/server.js';
import { CLOCK_TICKS_PER_S, coreSteal, stolenSince } from '../host-steal.js';

// runs: 'both' (a first sync, then one with nothing changed) or 'first'.
const [dataDir, upstreamUrl, key, runs = 'both'] = process.argv.slice(2) as [string, string, string, string?];
const engine = await openEngine({ dataDir });
const server = await startServer(engine, 0, { rateLimitPerMinute: 0 });
await engine.sync.saveSettings({ upstream_url: upstreamUrl, interval_minutes: 0 }, key);

// When the write began (the 'applying' phase), to split a run into download and write.
let applyingAt: number | null = null;
engine.sync.on('status', (s) => {
  if (s.phase === 'applying' && applyingAt === null) applyingAt = performance.now();
});

/**
 * Resident memory of this process (the serving one) or of another (a child: the sync's pull
 * worker process), from /proc: VmRSS now and VmHWM, its peak (since the last reset, for this
 * one) (Linux only).
 */
function memoryKiB(pid: number | 'self' = 'self'): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    const sizes = { rss: field('VmRSS'), peak: field('VmHWM') };
    // An ended child not yet reaped (a zombie: the pull's process ends mid-run) has no memory lines.
    return Number.isNaN(sizes.rss) || Number.isNaN(sizes.peak) ? null : sizes;
  } catch {
    return null;
  }
}
function resetPeak(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Node's monitorEventLoopDelay records the whole interval between its timer's runs, the
 * resolution included (an idle loop reads 10.2 ms at a 10 ms resolution; nodejs/node#62935:
 * "samples had an implicit floor of resolution ms"): the delay is what lies beyond it.
 */
const RESOLUTION_MS = 10;
function loopDelays() {
  const h = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  h.enable();
  const beyond = (ns: number) => Number(Math.max(0, ns / 1e6 - RESOLUTION_MS).toFixed(1));
  return {
    stop() {
      h.disable();
      return { max_delay_ms: beyond(h.max), p99_delay_ms: beyond(h.percentile(99)) };
    },
  };
}

/** This process's children, of any of its threads (the sync's pull worker process while a run lasts). */
function childPids(): number[] {
  try {
    return fs
      .readdirSync('/proc/self/task')
      .flatMap((task) => fs.readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/**
 * Whether a child is the media step's process, read once per child: reading a process's
 * /proc/<pid>/cmdline takes its memory map's lock, so every 100 ms against a pull worker whose V8
 * heap was mapping and unmapping it blocked this (the measured) thread for as long (95 ms once).
 * A child read before its exec shows this process's own command line, and is asked again.
 */
const childKinds = new Map<number, boolean>();
const ownCommand = (() => {
  try {
    return fs.readFileSync('/proc/self/cmdline', 'utf8');
  } catch {
    return '';
  }
})();
function isMediaWorker(pid: number): boolean {
  const known = childKinds.get(pid);
  if (known !== undefined) return known;
  try {
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (command === ownCommand) return false;
    const media = command.includes('media-worker.js');
    childKinds.set(pid, media);
    return media;
  } catch {
    return false;
  }
}

/** The machine's load average over the last minute (the bench reports it beside each figure). */
const load1 = () => Number(os.loadavg()[0]!.toFixed(1));

/**
 * The worst stall of the serving thread in each phase of the run (the 10 ms ticker below), with
 * how much of it the thread spent on a core: the pull and the write run in the worker's process,
 * the push, the run's bookkeeping and the media step (issue 31) on the serving thread itself.
 */
let byPhase = new Map<string, { ms: number; on_core_ms: number }>();

async function timedSync() {
  byPhase = new Map();
  const canReset = resetPeak();
  // The whole app: this process and its children (the pull worker process), RSS summed at each sample.
  let sampled = 0;
  let servingSampled = 0;
  let workerPeak = 0;
  // The media step's process (issue 32) apart from the pull's, by its module's name.
  let mediaPeak = 0;
  // What the serving process's own heap and buffers held at the highest sample: the rest of it is
  // native memory (SQLite, sockets, malloc arenas).
  let mainAtPeak = { heap_mb: 0, external_mb: 0 };
  let atPeak = { phase: '', serving_mb: 0, worker_mb: 0, media_mb: 0 };
  const sampler = setInterval(() => {
    const serving = memoryKiB()?.rss ?? 0;
    servingSampled = Math.max(servingSampled, serving);
    let total = serving;
    let worker = 0;
    let media = 0;
    for (const pid of childPids()) {
      const child = memoryKiB(pid);
      if (!child) continue;
      total += child.rss;
      if (isMediaWorker(pid)) {
        mediaPeak = Math.max(mediaPeak, child.peak);
        media += child.rss;
      } else {
        workerPeak = Math.max(workerPeak, child.peak);
        worker += child.rss;
      }
    }
    if (total <= sampled) return;
    sampled = total;
    // Which processes made the highest sum, and when.
    atPeak = { phase: `${engine.sync.status().phase}`, serving_mb: Math.round(serving / 1024), worker_mb: Math.round(worker / 1024), media_mb: Math.round(media / 1024) };
    const m = process.memoryUsage();
    mainAtPeak = { heap_mb: Math.round(m.heapTotal / 2 ** 20), external_mb: Math.round((m.external + m.arrayBuffers) / 2 ** 20) };
  }, 100);
  const delay = loopDelays();
  const stealBefore = coreSteal();
  applyingAt = null;
  const loadBefore = load1();
  const started = performance.now();
  await engine.sync.syncNow();
  const ms = performance.now() - started;
  const writeMs = applyingAt === null ? 0 : Math.round(performance.now() - applyingAt);
  const delays = delay.stop();
  clearInterval(sampler);
  const memory = memoryKiB();
  const servingPeakKiB = Math.max(servingSampled, canReset ? (memory?.peak ?? 0) : 0);
  const s = engine.sync.status();
  if (s.last_error) throw new Error(`sync failed: ${s.last_error.message}`);
  return { ms: Math.round(ms), write_ms: writeMs, bytes: s.bytes, bytes_decoded: s.bytes_decoded, requests: s.requests, peak_rss_mb: Math.round(sampled / 1024), peak_from: 'VmRSS of the serving process and its pull worker process, summed, sampled every 100 ms', serving_peak_rss_mb: Math.round(servingPeakKiB / 1024), worker_peak_rss_mb: Math.round(workerPeak / 1024), media_worker_peak_rss_mb: Math.round(mediaPeak / 1024), sampled_peak_rss_mb: Math.round(sampled / 1024), main_at_sampled_peak: mainAtPeak, at_sampled_peak: atPeak, ...delays, worst_delay_by_phase: Object.fromEntries(byPhase), host_steal_s: stolenSince(stealBefore), load: [loadBefore, load1()] };
}

/**
 * This thread's time on a core and waiting for one, in ms, from Linux's schedstat; of the first
 * its user and kernel parts, in clock ticks, and the core it last ran on, from its stat; and, in
 * a virtual machine, the time the host took from each core (steal, in ms, from /proc/stat). Null
 * elsewhere. A stall that is neither on a core nor waiting was spent blocked (in the kernel, on a
 * lock), or on a core the host had taken (a guest kernel that accounts steal counts it as neither).
 */
function threadTimes(): { run: number; wait: number; user: number; kernel: number; core: number; steal: number[] } | null {
  try {
    const [run, wait] = fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    // The fields after the command's closing parenthesis (field 3 on): utime, stime and processor are fields 14, 15 and 39.
    const fields = fs.readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ');
    const steal = (coreSteal() ?? []).map((s) => s * 1000);
    return { run: run! / 1e6, wait: wait! / 1e6, user: Number(fields[11]), kernel: Number(fields[12]), core: Number(fields[36]), steal };
  } catch {
    return null;
  }
}

/**
 * This process's recent garbage collections (start, pause, kind): a stall is reported with those
 * that paused the thread within it. They are delivered after the collection, so a stall is
 * written out a little later.
 */
const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
const collections: { start: number; ms: number; kind: string }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    collections.push({ start: entry.startTime, ms: entry.duration, kind: GC_KINDS[(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0] ?? 'other' });
  }
  collections.splice(0, Math.max(0, collections.length - 500));
}).observe({ entryTypes: ['gc'] });
function pausesWithin(from: number, to: number): string {
  const within = collections.filter((c) => c.start + c.ms >= from && c.start <= to);
  return within.length === 0 ? 'no collection' : within.map((c) => `${c.kind} collection ${c.ms.toFixed(1)} ms`).join(', ');
}

// Stalls of this thread over 30 ms on stderr, with the phase they happened in, how the thread
// spent them, and the collections that paused it meanwhile.
let tick = performance.now();
let times = threadTimes();
setInterval(() => {
  const now = performance.now();
  const nowTimes = threadTimes();
  const stall = now - tick - 10;
  const phase = `${engine.sync.status().phase}`;
  const onCore = times && nowTimes ? Number((nowTimes.run - times.run).toFixed(1)) : -1;
  if (stall > (byPhase.get(phase)?.ms ?? 0)) byPhase.set(phase, { ms: Math.round(stall), on_core_ms: onCore });
  if (now - tick > 40) {
    const at = new Date().toISOString().slice(11, 23);
    const state = engine.sync.status().state;
    const how =
      times && nowTimes
        ? ` (on a core ${onCore} ms: ${nowTimes.user - times.user} user and ${nowTimes.kernel - times.kernel} kernel ticks of ${1000 / CLOCK_TICKS_PER_S} ms; waiting for one ${(nowTimes.wait - times.wait).toFixed(1)} ms; the host took ${(nowTimes.steal[nowTimes.core]! - times.steal[nowTimes.core]!).toFixed(0)} ms of core ${nowTimes.core} it last ran on, ${nowTimes.steal.map((v, i) => v - (times?.steal[i] ?? v)).reduce((a, b) => a + b, 0).toFixed(0)} ms of all cores)`
        : '';
    const from = tick;
    setTimeout(() => process.stderr.write(`${at} stall ${Math.round(stall)} ms during ${phase} ${state}${how}; ${pausesWithin(from, now)}\n`), 100).unref();
  }
  tick = now;
  times = nowTimes;
}, 10).unref();

// Progress on stderr, so a slow phase shows where the time goes.
let last = '';
engine.sync.on('status', (s) => {
  const p = s.progress.at(-1);
  const line = `${s.phase} ${p?.resource ?? ''} ${p?.done ?? ''}/${p?.total ?? '?'}`;
  if (line !== last && (p?.done ?? 0) % 5000 === 0) process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  last = line;
});
/**
 * Waits, serving and otherwise at rest, for what a scheduled sync waits for too (its first run
 * comes one interval, at least a minute, after the start): at least 60 s since this process
 * started, and no full collection for 15 s (at most 150 s in all). Some 25-45 s after start V8's
 * memory reducer compacts the startup's heap in two or three full collections, pausing this
 * thread 20-50 ms each whether a sync runs or not; the worst delay of this wait is reported
 * beside the sync's own.
 */
async function settle() {
  const delay = loopDelays();
  const started = performance.now();
  let lastMajor = started;
  const gcs = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) lastMajor = performance.now();
  });
  gcs.observe({ entryTypes: ['gc'] });
  const uptimeMs = () => process.uptime() * 1000;
  while ((uptimeMs() < 60_000 || performance.now() - lastMajor < 15_000) && uptimeMs() < 150_000) await sleep(500);
  gcs.disconnect();
  return { ms: Math.round(performance.now() - started), max_delay_ms: delay.stop().max_delay_ms };
}

/**
 * The serving thread's first write once the run is over and the sync worker has tidied up and
 * ended (the serving connection's automatic checkpoints, held off while a worker lives, are back),
 * beside the same write repeated (the median of nine). A flush of the sync's gigabyte left to the
 * serving thread's next checkpoint would show here as the first write taking most of a second.
 */
async function writesAfterSync() {
  const workerEnded = () => engine.store.sqlite.pragma('wal_autocheckpoint', { simple: true }) !== 0;
  for (let waited = 0; !workerEnded(); waited += 100) {
    if (waited > 120_000) throw new Error('the sync worker did not end within 2 minutes of the run');
    await sleep(100);
  }
  const write = async () => {
    const started = performance.now();
    await engine.sync.saveSettings({ upstream_url: upstreamUrl, interval_minutes: 0 });
    return performance.now() - started;
  };
  const first = await write();
  const again: number[] = [];
  for (let i = 0; i < 9; i++) again.push(await write());
  again.sort((a, b) => a - b);
  return { first_ms: Number(first.toFixed(1)), median_ms: Number(again[4]!.toFixed(1)) };
}

const settled = runs === 'both' ? await settle() : undefined;
const first = await timedSync();
process.stderr.write(`${new Date().toISOString().slice(11, 23)} first sync: ${JSON.stringify(first)}\n`);
const writes = runs === 'both' ? await writesAfterSync() : undefined;
const again = runs === 'both' ? await timedSync() : undefined;
process.stdout.write(`${JSON.stringify({ settled, first, writes, again, port: server.port })}\n`);
await server.close();
await engine.close();
