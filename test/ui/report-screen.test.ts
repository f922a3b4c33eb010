/**
 * Issue 30: the report screen (and its Print) holds what the PDF holds. For an Austin, a Chicago
 * and a metric project, each fixture row, each calculation row with its citation, the sources,
 * the answer, the data sheet, the disclaimer and the sign-off read on screen are found, cell by
 * cell in order, in the text of the PDF the same screen exports (poppler's pdftotext, in content
 * order). The list price shows on screen and in the PDF only when the rep ticks it. Print (the
 * print stylesheet, printed by Chromium) carries the same rows. The data sheet shows the unit's
 * kept dimension picture, or draws the unit from its dimensions in the report's length unit.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCreateBody } from '../../src-shared/api/project-write.js';
import { writeRepProfile } from '../../src-main/engine/report/rep-profile.js';
import { writeUnitSystem } from '../../src-main/engine/app-settings.js';
import { MediaStore } from '../../src-main/store/media-store.js';
import { launchBrowser, openApp, startUiServer, type UiBrowser, type UiServer } from '../helpers/ui-browser.js';
import { makePng } from '../helpers/spec-upstream/media.js';
import { peopleIndex } from '../helpers/resources.js';

let app: UiServer;
let browser: UiBrowser;
let page: Page;
let dir: string;
const SHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');
const rep = { company: 'Lakeside Interceptor Sales', name: 'Dana Rep', email: 'dana@lakeside.example', phone: '312-555-0100' };
const engineer = peopleIndex().seed.users[0]!;
const fixtures = ['three-compartment-sink', 'dishwasher', 'prep-sink', 'hand-sink', 'floor-drain', 'floor-drain', 'mop-sink'].map((type) => ({ type }));

const CASES = {
  austin: { units: 'standard', body: { name: 'Congress Avenue Bistro', address: { street: '600 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701' }, menu_type: 'casual-dining', servings_per_day: 450, installation_location: 'outdoors', buried: true, burial_depth: 24, fixtures } },
  chicago: { units: 'standard', body: { name: 'Wicker Park Noodle Bar', address: { street: '1550 N Milwaukee Ave', city: 'Chicago', state: 'IL', postal_code: '60622' }, menu_type: 'chinese', servings_per_day: 300, fixtures } },
  metric: {
    units: 'metric',
    body: {
      name: 'Lakeshore Metric Cafe',
      address: { street: '400 E Randolph St', city: 'Chicago', state: 'IL', postal_code: '60601' },
      menu_type: 'casual-dining',
      servings_per_day: 300,
      pipe_size: 4,
      // 610 × 508 × 305 mm, as a metric rep types it (24 × 20 × 12 in).
      fixtures: [{ type: 'three-compartment-sink', uses_typical_dimensions: false, dimensions: { standard: { length: 24, width: 20, height: 12 } } }, ...fixtures.slice(1)],
    },
  },
} as const;
type Case = keyof typeof CASES;
const ids = {} as Record<Case, number>;

beforeAll(async () => {
  app = await startUiServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-report-screen-'));
  await writeRepProfile(app.engine.store.db, rep);
  for (const [key, c] of Object.entries(CASES) as [Case, (typeof CASES)[Case]][]) {
    const body = projectCreateBody.parse({ engineer: { id: engineer.id }, ...c.body });
    ids[key] = (await app.engine.projects.create(body as Parameters<typeof app.engine.projects.create>[0], { personal: true })).id;
  }
  browser = await launchBrowser();
  page = await openApp(browser, app);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Whitespace aside: table cells wrap within their columns on paper. */
const squeeze = (s: string) => s.replace(/\s+/g, '');

/** pdftotext in the content's order (-raw), whitespace aside. */
function pdfCells(file: string): string {
  return squeeze(execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }));
}

async function openReport(key: Case): Promise<Locator> {
  await writeUnitSystem(app.engine.store.db, CASES[key].units);
  await page.goto(`${app.server.uiUrl.split('#')[0]}#/report/${ids[key]}`);
  await page.reload();
  const report = page.locator('article.report[data-ready=true]');
  await report.waitFor({ timeout: 60_000 });
  return report;
}

async function exportPdf(name: string): Promise<string> {
  const downloading = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Export PDF' }).click();
  const file = path.join(dir, `${name}.pdf`);
  await (await downloading).saveAs(file);
  return file;
}

/** Each row of a table on screen, its cells joined in order (the note row under a step aside). */
async function rowsOf(table: Locator): Promise<string[]> {
  const rows = table.locator('tbody.report-row > tr:first-child');
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push(squeeze((await rows.nth(i).locator('td').allInnerTexts()).join('')));
  return out;
}

/** Each label and value pair of a two-column table on screen, joined. */
async function pairsOf(table: Locator): Promise<string[]> {
  const rows = table.locator('tr');
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push(squeeze(await rows.nth(i).innerText()));
  return out;
}

/** What the screen shows, part by part, as the PDF must hold it. */
async function screenParts(report: Locator) {
  const sheet = report.getByRole('region', { name: 'Calculation sheet' });
  const tables = sheet.getByRole('table');
  const calculation: string[] = [];
  const citations: string[] = [];
  for (let i = 0; i < (await tables.count()); i++) {
    calculation.push(...(await rowsOf(tables.nth(i))));
    citations.push(...(await tables.nth(i).locator('tbody.report-row > tr:first-child > td:last-child').allInnerTexts()).map(squeeze));
  }
  return {
    header: squeeze(await report.locator('.report-header').innerText()),
    answer: await pairsOf(report.locator('.report-answer table.kv')),
    headline: squeeze(await report.getByTestId('unit-headline').innerText()),
    fixtures: await rowsOf(report.getByTestId('fixture-schedule')),
    fixtureNotes: (await report.getByTestId('fixture-notes').locator('li').allInnerTexts()).map(squeeze),
    calculation,
    citations,
    sources: (await report.getByTestId('sources').locator('li').allInnerTexts()).map(squeeze),
    dataSheet: await pairsOf(report.getByTestId('data-sheet')),
    accessories: (await report.getByTestId('accessories').count()) > 0 ? await rowsOf(report.getByTestId('accessories')) : [],
    disclaimer: squeeze(await report.getByRole('region', { name: 'Disclaimer and sign-off' }).locator('p').first().innerText()),
    // Each signature block's title and name (the signature and date lines follow on paper).
    signOff: (await report.locator('.sign-off > div').allInnerTexts()).map((t) => squeeze(t).replace(/SignatureDate$/, '')),
  };
}

function expectAllIn(parts: Awaited<ReturnType<typeof screenParts>>, cells: string, what: string): void {
  for (const [name, list] of Object.entries(parts)) {
    for (const item of Array.isArray(list) ? list : [list]) expect(cells, `${what}: ${name} «${item}»`).toContain(item);
  }
}

describe('the report screen holds what the PDF holds', () => {
  for (const key of Object.keys(CASES) as Case[]) {
    it(`${key}: every fixture row, calculation row with its citation, source and data sheet row of the screen is in the PDF`, async () => {
      const report = await openReport(key);
      const parts = await screenParts(report);
      // The schedule's columns, as issue 30 lists them.
      const heads = await report.getByTestId('fixture-schedule').locator('thead th').allInnerTexts();
      for (const h of ['Fixture', 'Count', 'L × W × D', 'Volume', 'Drainage load', '1-min flow', '2-min flow', 'DFU', 'Counted']) expect(heads.join(' | ')).toContain(h);
      // Two floor drains are one row with a count of 2; six kinds of fixture.
      expect(parts.fixtures).toHaveLength(6);
      expect(parts.fixtures.some((r) => /^Floordrain2/.test(r))).toBe(true);
      expect(parts.calculation.length).toBeGreaterThan(8);
      expect(parts.citations.every((c) => c.trim() !== '')).toBe(true);
      expect(parts.sources.length).toBeGreaterThanOrEqual(3);
      expect(parts.header).toContain(squeeze(`figures in ${key === 'metric' ? 'metric units' : 'US units'}`));
      // One date format (MM/DD/YYYY) on the screen.
      expect(parts.header).toMatch(/reportmade\d{2}\/\d{2}\/\d{4}/);
      if (key === 'metric') {
        // Lengths in the mm they were typed in; flows in L/s with the US figure beside them on the sheet.
        expect(parts.fixtures.some((r) => r.includes('610×508×305mm'))).toBe(true);
        expect(parts.calculation.join(' ')).toMatch(/L\/s\([\d.,]+GPM\)/);
      }
      if (key === 'austin') expect(parts.sources.join(' ')).toMatch(/Austin/);
      // No price unless asked for.
      expect(parts.dataSheet.some((r) => r.startsWith('Listprice'))).toBe(false);

      const file = await exportPdf(key);
      const cells = pdfCells(file);
      expectAllIn(parts, cells, key);
      expect(cells).not.toContain('Listprice');
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `report-screen-${key}.png`), fullPage: true });
    }, 240_000);
  }

  it('the list price shows on screen and in the PDF only when the rep ticks it', async () => {
    const report = await openReport('chicago');
    const part = (await report.getByTestId('unit-headline').innerText()).match(/model (\S+)/)![1]!;
    const price = (await app.engine.catalog.getProduct(part, undefined)).price.list;
    await page.getByLabel('Show the list price').check();
    const row = report.getByTestId('data-sheet').getByRole('row', { name: /List price/ });
    expect(squeeze(await row.innerText())).toBe(`Listprice$${price}`);
    const cells = pdfCells(await exportPdf('chicago-price'));
    expect(cells).toContain(`Listprice$${price}`);
    await page.getByLabel('Show the list price').uncheck();
    expect(await report.getByTestId('data-sheet').getByRole('row', { name: /List price/ }).count()).toBe(0);
  }, 240_000);

  it('Print carries the same rows, without the buttons', async () => {
    const report = await openReport('austin');
    const parts = await screenParts(report);
    await page.emulateMedia({ media: 'print' });
    try {
      expect(await page.getByRole('button', { name: 'Export PDF' }).isVisible()).toBe(false);
      // Kept in test-results for a person to look at (pdftoppm).
      const file = path.resolve(import.meta.dirname, '../../test-results/report-printed-austin.pdf');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, await page.pdf({ format: 'Letter', printBackground: false }));
      const cells = pdfCells(file);
      for (const item of [...parts.fixtures, ...parts.calculation, ...parts.sources, ...parts.dataSheet]) expect(cells, `printed: «${item}»`).toContain(item);
      expect(cells).toContain(squeeze('Reviewed and approved by (engineer of record)'));
      expect(cells).not.toContain('ExportPDF');
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  }, 240_000);

  it('the data sheet draws the unit in the report’s length unit when no picture is kept, and shows the kept picture when there is one', async () => {
    let report = await openReport('metric');
    const drawing = report.locator('.data-sheet img[data-source=drawing]');
    await drawing.waitFor();
    const svg = decodeURIComponent((await drawing.getAttribute('src'))!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
    const length = (await report.getByTestId('data-sheet').getByRole('row', { name: /^Length/ }).locator('td').innerText()).trim();
    expect(length).toMatch(/ mm$/);
    expect(svg).toContain(`L ${length}`);
    expect(svg).toMatch(/>IN</);
    expect(svg).toMatch(/>OUT</);

    // A dimension picture kept by the sync (the media store's copy) is shown instead, and the PDF embeds the same picture.
    report = await openReport('chicago');
    const part = (await report.getByTestId('unit-headline').innerText()).match(/model (\S+)/)![1]!;
    const product = await app.engine.catalog.getProduct(part, undefined);
    const url = product.images.dimension.md ?? product.images.dimension.sm;
    expect(url).toBeTruthy();
    const media = new MediaStore(app.engine.store, app.dataDir);
    media.reconcile([{ url: url!, kind: 'picture', document_kind: null }]);
    const bytes = makePng('dimension', 320, 200);
    const temp = path.join(media.ensureFolder(), `incoming-${process.pid}`);
    fs.writeFileSync(temp, bytes);
    media.keep(url!, { tempFile: temp, sha256: crypto.createHash('sha256').update(bytes).digest('hex'), size: bytes.length, contentType: 'image/png', etag: null, lastModified: null });
    report = await openReport('chicago');
    const kept = report.locator('.data-sheet img[data-source=kept]');
    await kept.waitFor();
    await expect.poll(() => kept.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`)).toBe('320x200');
    const file = await exportPdf('chicago-picture');
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
    expect(images).toMatch(/\s320\s+200\s/);
  }, 240_000);
});
