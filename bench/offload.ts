/**
 * `BENCH_ONLY=offload`: a large report PDF and a large import, made on the serving thread (the way
 * they were made before issue 27: the same services, called directly) and through the engine's job
 * worker (engine/jobs), in one process and one run. For each: how long it took, the serving
 * thread's worst event-loop delay meanwhile (how late a 10 ms timer ran, and how the thread spent
 * it: on a core or waiting for one; the same thread at rest shows what the machine itself adds),
 * the longest the serving thread worked between two ticks of that timer (goal off the thread: under
 * 50 ms, as for the sync's delay; unlike the delay, a loaded machine does not blur it) and the
 * process's peak memory (main thread and worker; what a row before left in the main thread's heap
 * counts too).
 */
import fs from 'node:fs';
import { openEngine, type Engine } from '../src-main/engine/engine.js';
import { exportProjects, importFileText, importProjectsText } from '../src-main/engine/projects/project-transfer.js';
import { ReportService } from '../src-main/engine/report/report-service.js';
import { projectCreateBody } from '../src-shared/api/project-write.js';

/** Fixtures of the large report: the size of the report that took 21 s and 1 GB in issue 27. */
const REPORT_FIXTURES = Number(process.env.BENCH_REPORT_FIXTURES ?? 10_900);
/** Projects of the large import (issue 27: 500 blocked the serving thread for 29 s). */
const IMPORT_PROJECTS = Number(process.env.BENCH_IMPORT_PROJECTS ?? 500);

interface Measured {
  ms: number;
  worst_delay_ms: number;
  /** How the serving thread spent its worst delay: on a core, and waiting for one (Linux). */
  worst_on_core_ms: number | null;
  worst_waiting_ms: number | null;
  /** The most time the serving thread spent on a core between two ticks of its timer: work that held its loop. */
  longest_busy_ms: number | null;
  peak_rss_mb: number;
}

/** This thread's time on a core and waiting for one, in ms (Linux's schedstat; null elsewhere). */
function threadTimes(): [number, number] | null {
  try {
    const [run, wait] = fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    return [run! / 1e6, wait! / 1e6];
  } catch {
    return null;
  }
}

/** Runs `work`, watching the serving thread's 10 ms timer and the process's memory meanwhile. */
async function measure(work: () => Promise<unknown>): Promise<Measured & { error?: string }> {
  // Settle first: what came before should not be counted.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  let worst = 0;
  let busy: number | null = null;
  let spent: [number, number] | null = null;
  let last = performance.now();
  let lastTimes = threadTimes();
  const timer = setInterval(() => {
    const now = performance.now();
    const times = threadTimes();
    if (times && lastTimes) busy = Math.max(busy ?? 0, times[0] - lastTimes[0]);
    if (now - last - 10 > worst) {
      worst = now - last - 10;
      spent = times && lastTimes ? [times[0] - lastTimes[0], times[1] - lastTimes[1]] : null;
    }
    last = now;
    lastTimes = times;
  }, 10);
  let peak = process.memoryUsage().rss;
  const memory = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const started = performance.now();
  let ms = 0;
  let error: string | undefined;
  try {
    await work();
  } catch (e) {
    // A row that failed (a report past its time on a busy machine) says so, and the rest still run.
    error = e instanceof Error ? e.message : String(e);
  }
  ms = performance.now() - started;
  // One more turn of the timer: work that held the thread shows in the first tick after it.
  await new Promise((resolve) => setTimeout(resolve, 30));
  clearInterval(timer);
  clearInterval(memory);
  // Set by the timer's callback, which TypeScript does not follow.
  const [onCore, waiting] = (spent as [number, number] | null) ?? [null, null];
  const round = (v: number | null) => (v === null ? null : Math.round(v));
  return {
    ms: Math.round(ms),
    worst_delay_ms: Math.round(worst),
    worst_on_core_ms: round(onCore),
    worst_waiting_ms: round(waiting),
    longest_busy_ms: round(busy as number | null),
    peak_rss_mb: Math.round(peak / 1e6),
    ...(error ? { error } : {}),
  };
}

/** A draft with `count` fixtures, sized with all of them (more than a write takes, as a sync may bring). */
async function bigDraft(engine: Engine, count: number): Promise<number> {
  const user = engine.store.sqlite.prepare('select id from users order by id limit 1').pluck().get() as number;
  const body = projectCreateBody.parse({ name: `Food hall of ${count} fixtures`, engineer: { id: user }, servings_per_day: 2000, fixtures: [{ type: 'three-compartment-sink' }] });
  const made = await engine.projects.create(body as never, { personal: true });
  const insert = engine.store.sqlite.prepare('insert into project_fixtures (project_id, position, input) values (?, ?, ?)');
  const kinds = ['three-compartment-sink', 'hand-sink', 'floor-drain', 'mop-sink'];
  engine.store.sqlite.transaction(() => {
    for (let i = 1; i < count; i++) insert.run(made.id, i, JSON.stringify({ kind: kinds[i % kinds.length], uses_typical_dimensions: true }));
  })();
  await engine.projects.update(made.id, { servings_per_day: 2500 }, { personal: true });
  return made.id;
}

export async function offloadBench(dataDir: string) {
  const engine = await openEngine({ dataDir });
  try {
    const id = await bigDraft(engine, REPORT_FIXTURES);
    // What the machine itself does to the 10 ms timer (a loaded machine delays it too).
    const rest = await measure(() => new Promise((resolve) => setTimeout(resolve, 10_000)));
    // Off the thread first: the serving thread's own heap then holds nothing of the runs on it,
    // whose collection would otherwise be counted against the worker.
    const reportOffCold = await measure(() => engine.reports.pdf(id));
    const reportOff = await measure(() => engine.reports.pdf(id));
    const inThread = new ReportService(engine.store.db, engine.projects, engine.catalog);
    const reportOn = await measure(() => inThread.pdf(id));

    const ids = engine.store.sqlite.prepare('select id from projects order by id limit ?').pluck().all(IMPORT_PROJECTS) as number[];
    const { file } = exportProjects(engine, { ids });
    const renamed = (label: string) => JSON.stringify({ ...file, projects: file.projects.map((p) => ({ ...p, name: `${p.name} (${label})` })) });
    // A fresh worker: the import worker has not run yet in this process.
    const importOffCold = await measure(async () => {
      const report = await importProjectsText(engine, renamed('off it'));
      if (report.imported !== IMPORT_PROJECTS) throw new Error(`imported ${report.imported} of ${IMPORT_PROJECTS}`);
    });
    const importOff = await measure(() => importProjectsText(engine, renamed('off it, again')));
    const importOn = await measure(() => importFileText(engine.store, dataDir, engine.sizing, engine.rules, renamed('on the serving thread'), () => undefined));

    const row = (measureName: string, m: Measured & { error?: string }, goal: boolean) => ({
      measure: measureName,
      ms: m.ms,
      worst_delay_ms: m.worst_delay_ms,
      on_core_ms: m.worst_on_core_ms,
      waiting_ms: m.worst_waiting_ms,
      longest_busy_ms: m.longest_busy_ms,
      peak_rss_mb: m.peak_rss_mb,
      // The serving thread's own work, which a loaded machine's waits for a core do not blur.
      ...(goal ? { goal: '< 50 ms busy', met: (m.longest_busy_ms ?? m.worst_delay_ms) < 50 && !m.error } : {}),
      ...(m.error ? { error: m.error } : {}),
    });
    const table = [
      row('the serving thread at rest, 10 s (the machine\'s own delays)', rest, false),
      row(`report PDF of ${REPORT_FIXTURES.toLocaleString('en-US')} fixtures on the serving thread (before)`, reportOn, false),
      row('  the same off it, the worker starting', reportOffCold, true),
      row('  the same off it, the worker warm', reportOff, true),
      row(`import of ${IMPORT_PROJECTS} projects on the serving thread (before: the same checks and sizing)`, importOn, false),
      row('  the same off it, the worker starting', importOffCold, true),
      row('  the same off it, the worker warm', importOff, true),
      { measure: 'ratio report off / on the serving thread (warm)', value: Number((reportOff.ms / reportOn.ms).toFixed(2)) },
      { measure: 'ratio import off / on the serving thread (warm)', value: Number((importOff.ms / importOn.ms).toFixed(2)) },
    ];
    return { table };
  } finally {
    await engine.close();
  }
}
