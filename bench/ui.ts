/**
 * `BENCH_ONLY=ui npm run bench`: the renderer in Debian's Chromium against the headless server.
 *
 * 1. Time from navigation to the first project list on screen (the app's `projects-ready`
 *    performance mark), against a static page served by the same server in the same run
 *    (ratio of medians, so the machine's speed cancels out).
 * 2. Size of the built renderer: bytes and gzip bytes of what the page loads.
 * 3. Frame times while the 10,000-product list scrolls (requestAnimationFrame deltas; p50, p95,
 *    max), with the store grown by bench/generate-catalog.ts.
 * 4. Keystroke to updated results in the project editor: from a key's keydown in "Servings per
 *    day" to the frame that shows the results for the new value (p50, p95, max; goal p95 < 150 ms).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { openEngine, type Engine } from '../src-main/engine/engine.js';
import { startServer, type RunningServer } from '../src-main/http/server.js';
import { generateCatalog } from './generate-catalog.js';
import { projectCreateBody } from '../src-shared/api/project-write.js';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LOADS = Number(process.env.BENCH_UI_LOADS ?? 7);
const KEYSTROKES = Number(process.env.BENCH_UI_KEYSTROKES ?? 40);
const SCROLL_MS = Number(process.env.BENCH_UI_SCROLL_MS ?? 4000);
/** The page the app's load is compared with: markup and a stylesheet, no script, no data. */
const BASELINE_PAGE = 'bench-baseline.html';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

async function buildRenderer(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-bench-renderer-'));
  await build({ configFile: path.join(root, 'src-renderer/vite.config.ts'), logLevel: 'warn', mode: 'production', build: { outDir, emptyOutDir: true } });
  return outDir;
}

function bundleSize(dir: string) {
  const files = fs.readdirSync(path.join(dir, 'static')).map((f) => path.join(dir, 'static', f));
  files.push(path.join(dir, 'index.html'));
  let bytes = 0;
  let gzip = 0;
  const perFile: Record<string, { bytes: number; gzip: number }> = {};
  for (const file of files) {
    const data = fs.readFileSync(file);
    const gz = zlib.gzipSync(data, { level: 9 }).length;
    bytes += data.length;
    gzip += gz;
    perFile[path.relative(dir, file)] = { bytes: data.length, gzip: gz };
  }
  return { bytes, gzip, files: perFile };
}

interface Served {
  engine: Engine;
  server: RunningServer;
  dir: string;
  close(): Promise<void>;
}

async function serve(rendererDir: string, products?: number): Promise<Served> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-bench-ui-'));
  const engine = await openEngine({ dataDir: dir });
  if (products) await generateCatalog(engine.store.db, products);
  const server = await startServer(engine, 0, { rendererDir, rateLimitPerMinute: 0 });
  return {
    engine,
    server,
    dir,
    async close() {
      await server.close();
      await engine.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function launch(): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    viewport: { width: 1400, height: 900 },
  });
  // Nothing leaves the machine: product pictures fall back to the placeholder, as offline.
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()));
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** ms from navigation start to the app's first painted project list. */
async function appLoad(page: Page, url: string): Promise<number> {
  await page.goto('about:blank');
  await page.goto(url);
  await page.locator('[data-testid=project-list][data-ready=true]').waitFor();
  // The mark is set in the effect after the list rendered; the next frame has painted it.
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => {
          const mark = performance.getEntriesByName('projects-ready')[0];
          resolve(mark ? performance.now() : Number.NaN);
        }),
      ),
  );
}

/** ms from navigation start to the static page painted. */
async function baselineLoad(page: Page, url: string): Promise<number> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'load' });
  return page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))));
}

async function firstPaint(rendererDir: string) {
  const served = await serve(rendererDir);
  const browser = await launch();
  try {
    const app = served.server.uiUrl;
    const baseline = `${served.server.url}/static/${BASELINE_PAGE}`;
    // The first of each loads cold (no HTTP cache, no compiled code); the rest alternate warm.
    const coldApp = await appLoad(browser.page, app);
    const coldBaseline = await baselineLoad(browser.page, baseline);
    const appRuns: number[] = [];
    const baselineRuns: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      appRuns.push(await appLoad(browser.page, app));
      baselineRuns.push(await baselineLoad(browser.page, baseline));
    }
    const a = median(appRuns);
    const b = median(baselineRuns);
    return {
      app_first_list_ms: round(a),
      static_page_ms: round(b),
      ratio: round(a / b, 2),
      cold_app_ms: round(coldApp),
      cold_static_page_ms: round(coldBaseline),
      loads: LOADS,
    };
  } finally {
    await browser.close();
    await served.close();
  }
}

/**
 * Runs in the page: scrolls the product list a fixed step every frame (a fast fling, about three
 * screens a second, wrapping at the end) and records the time between frames. Kept as text: the
 * bench runs under tsx, whose helpers (__name) do not exist in the page.
 */
const SCROLL_SCRIPT = `(duration) => new Promise((resolve) => {
  const list = document.querySelector('[data-testid=product-list]');
  const step = Math.round(list.clientHeight / 20);
  const out = [];
  let last = performance.now();
  const start = last;
  function frame(now) {
    out.push(now - last);
    last = now;
    list.scrollTop = list.scrollTop + step >= list.scrollHeight - list.clientHeight ? 0 : list.scrollTop + step;
    if (now - start < duration) requestAnimationFrame(frame);
    else resolve(out.slice(2));
  }
  requestAnimationFrame(frame);
})`;

async function scrollFrames(rendererDir: string, products: number) {
  const served = await serve(rendererDir, products);
  const browser = await launch();
  try {
    const page = browser.page;
    await page.goto(served.server.uiUrl);
    await page.locator('[data-testid=project-list][data-ready=true]').waitFor();
    await page.goto(`${served.server.url}/#/catalog`);
    await page.locator('[data-testid=product-list][data-ready=true]').waitFor();
    const count = Number(await page.getByRole('list', { name: 'Products' }).getByRole('listitem').first().getAttribute('aria-setsize'));
    const deltas = (await page.evaluate(`(${SCROLL_SCRIPT})(${SCROLL_MS})`)) as number[];
    const sorted = [...deltas].sort((x, y) => x - y);
    return {
      products: count,
      frames: sorted.length,
      p50_ms: round(quantile(sorted, 0.5), 2),
      p95_ms: round(quantile(sorted, 0.95), 2),
      max_ms: round(sorted.at(-1)!, 2),
      over_33ms: sorted.filter((d) => d > 33.4).length,
      goal: 'p95 ≤ 20 ms (60 fps with slack)',
      met: quantile(sorted, 0.95) <= 20,
    };
  } finally {
    await browser.close();
    await served.close();
  }
}

/**
 * Runs in the page before each key: resolves with ms from the key's keydown to the frame after
 * the results show sizing for the new value (the results no longer busy, the grease per day
 * changed). Kept as text for the same reason as SCROLL_SCRIPT.
 */
const ARM_KEYSTROKE_SCRIPT = `() => {
  const label = [...document.querySelectorAll('#project-form label')].find((l) => l.textContent === 'Servings per day');
  const input = document.getElementById(label.htmlFor);
  const cell = () => document.querySelector('aside.results [aria-label="Grease production"] tbody tr td')?.textContent ?? '';
  const before = cell();
  window.__keystroke = new Promise((resolve) => {
    let down = null;
    input.addEventListener('keydown', (e) => { down = e.timeStamp; }, { once: true });
    const aside = document.querySelector('aside.results');
    const check = () => {
      if (down !== null && aside.getAttribute('aria-busy') === 'false' && cell() !== before) {
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - down));
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(aside, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}`;

async function keystrokes(rendererDir: string) {
  const served = await serve(rendererDir);
  const browser = await launch();
  try {
    const body = projectCreateBody.parse({
      name: 'Bench kitchen',
      engineer: { id: 1 },
      menu_type: 'pizza',
      servings_per_day: 300,
      fixtures: [{ type: 'three-compartment-sink' }, { type: 'hand-sink' }, { type: 'dishwasher', gpm: 12 }, { type: 'prep-sink' }],
    });
    const project = await served.engine.projects.create(body as Parameters<typeof served.engine.projects.create>[0], { personal: true });
    const page = browser.page;
    await page.goto(served.server.uiUrl);
    await page.locator('[data-testid=project-list][data-ready=true]').waitFor();
    await page.evaluate((id) => (window.location.hash = `#/projects/${id}`), project.id);
    await page.locator('aside.results[aria-busy=false]').waitFor();
    const servings = page.getByLabel('Servings per day');
    await servings.click();
    await servings.press('End');
    const times: number[] = [];
    for (let i = 0; i < KEYSTROKES; i++) {
      await page.evaluate(`(${ARM_KEYSTROKE_SCRIPT})()`);
      // Alternately a digit more and one less: 300 → 3001 → 300 …, each a new sizing.
      await page.keyboard.press(i % 2 === 0 ? '1' : 'Backspace');
      times.push((await page.evaluate('window.__keystroke')) as number);
    }
    const sorted = [...times].sort((x, y) => x - y);
    return {
      keystrokes: sorted.length,
      p50_ms: round(quantile(sorted, 0.5)),
      p95_ms: round(quantile(sorted, 0.95)),
      max_ms: round(sorted.at(-1)!),
      goal: 'p95 < 150 ms',
      met: quantile(sorted, 0.95) < 150,
    };
  } finally {
    await browser.close();
    await served.close();
  }
}

export async function uiBench() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  const rendererDir = await buildRenderer();
  try {
    const bundle = bundleSize(rendererDir);
    const css = Object.keys(bundle.files).find((f) => f.endsWith('.css'));
    fs.writeFileSync(
      path.join(rendererDir, 'static', BASELINE_PAGE),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>baseline</title>${css ? `<link rel="stylesheet" href="../${css}">` : ''}</head><body><main><h1>Projects</h1><p>A static page.</p></main></body></html>`,
    );
    const load = await firstPaint(rendererDir);
    const scrolling = await scrollFrames(rendererDir, 10_000);
    const typing = await keystrokes(rendererDir);
    return { load, bundle: { bytes: bundle.bytes, gzip_bytes: bundle.gzip, files: bundle.files }, scrolling, typing };
  } finally {
    fs.rmSync(rendererDir, { recursive: true, force: true });
  }
}
