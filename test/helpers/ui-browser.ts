/**
 * Browser tests of the app: the real headless server (engine + HTTP bridge + the built renderer)
 * over a copy of the template store, driven by Debian's Chromium through playwright-core.
 * Requests to any other host are refused, as on a job site without network: product pictures
 * fall back to the placeholder and nothing leaves the machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { openEngine, type Engine } from '../../src-main/engine/engine.js';
import { startServer, type RunningServer } from '../../src-main/http/server.js';
import { copyTemplateDataDir } from './api-server.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export interface UiServer {
  engine: Engine;
  server: RunningServer;
  dataDir: string;
  close(): Promise<void>;
}

/** The engine and server over a fresh copy of the template store, serving the renderer built for this run. */
export async function startUiServer(dataDir = copyTemplateDataDir()): Promise<UiServer> {
  const engine = await openEngine({ dataDir });
  const server = await startServer(engine, 0, { rendererDir: inject('rendererDir') });
  return {
    engine,
    server,
    dataDir,
    async close() {
      await server.close();
      await engine.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface UiBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** A common laptop screen: the size the browser tests' screenshots are taken at. */
export const LAPTOP_VIEWPORT = { width: 1366, height: 768 };

/** Opens the app served by `app` and waits for its first screen (the project list) to be ready. */
export async function openApp(browser: UiBrowser, app: UiServer, viewport?: { width: number; height: number }): Promise<Page> {
  const page = browser.page;
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(app.server.uiUrl);
  await page.locator('[data-testid=project-list][data-ready=true]').waitFor();
  return page;
}

/** Chromium with a fresh profile; only 127.0.0.1 (and local files) are reachable. */
export async function launchBrowser(): Promise<UiBrowser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1400, height: 900 },
  });
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    // Files on this machine too: the browser mode's sign-in page (src-main/http/announce.ts).
    return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.protocol === 'file:' ? route.continue() : route.abort('internetdisconnected');
  });
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

/** What a browser test file works with: the server, Chromium, and the app open in its page. */
export interface AppInBrowser {
  app: UiServer;
  browser: UiBrowser;
  page: Page;
}

export interface AppInBrowserOptions {
  /** The page's size (else the browser's 1400 × 900). */
  viewport?: { width: number; height: number };
  /** Runs on the started server before the app opens: a sync, data the first screen shows. */
  prepare?: (app: UiServer) => Promise<void>;
  /** Longer than the hook timeout in vitest.config.ts, for a `prepare` that syncs. */
  timeout?: number;
}

/**
 * The set-up of a browser test file: a server over a fresh copy of the template store, Chromium,
 * and the app open at its project list; both closed after the file's tests. `ready` receives them
 * before any beforeAll the file registers after this call, e.g.
 * `useAppInBrowser((ui) => ({ app, page } = ui), { viewport: LAPTOP_VIEWPORT });`.
 */
export function useAppInBrowser(ready: (ui: AppInBrowser) => void, options: AppInBrowserOptions = {}): void {
  let app: UiServer | undefined;
  let browser: UiBrowser | undefined;
  beforeAll(async () => {
    app = await startUiServer();
    await options.prepare?.(app);
    browser = await launchBrowser();
    ready({ app, browser, page: await openApp(browser, app, options.viewport) });
  }, options.timeout);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
}

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/** Saves a screenshot of the page to test-results/screenshots/NAME.png (for a person to look at). */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** The message shown for an invalid control: the elements its aria-describedby names. */
export async function messageOf(page: Page, control: Locator): Promise<string> {
  await expect.poll(() => control.getAttribute('aria-invalid'), { timeout: 5_000 }).toBe('true');
  const ids = (await control.getAttribute('aria-describedby'))!.split(' ');
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' ');
}
