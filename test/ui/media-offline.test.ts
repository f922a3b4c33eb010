/**
 * A product page at a job site without network (issue 31): after a sync with the fake central
 * service serving real PNG, JPEG and PDF bytes, the service is stopped; the product page shows
 * the picture kept on this computer and its spec sheet opens from the local copy. A picture the
 * service failed to send shows the dimension drawing and says it is not kept. The catalog's tree
 * shows the product types' and collections' thumbnails from the local copies. Before any sync
 * (the embedded data set), a product shows a drawing from its dimensions and the tree plain tiles,
 * never an empty box.
 */
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handWrittenData } from '../helpers/spec-upstream/data.js';
import { makePdf, mediaFor } from '../helpers/spec-upstream/media.js';
import { startSpecUpstream, type SpecUpstream } from '../helpers/spec-upstream/server.js';
import { readMediaSettings } from '../../src-main/sync/media-sync.js';
import { launchBrowser, openApp, screenshot, startUiServer, type UiBrowser, type UiServer } from '../helpers/ui-browser.js';

let app: UiServer;
let fresh: UiServer;
let up: SpecUpstream;
let browser: UiBrowser;
let page: Page;

const HM35 = handWrittenData().products.find((p) => p.part_number === 'HM-35-01')!;
const HM20 = handWrittenData().products.find((p) => p.part_number === 'HM-20-01')!;

/** Every picture on the page that the browser could not show (a broken image box), by its src. */
async function brokenImages(): Promise<string[]> {
  return page.evaluate(() => [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.getAttribute('src') ?? ''));
}

/** Waits until every picture on the page has loaded or failed. */
async function imagesSettled() {
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete)), { timeout: 20_000 }).toBe(true);
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

async function openCatalog() {
  await page.evaluate(() => (window.location.hash = '#/catalog'));
  await page.locator('[data-testid=product-list][data-ready=true]').waitFor();
}

async function openProduct(part: string) {
  await page.evaluate((h) => (window.location.hash = h), `#/catalog/product/${encodeURIComponent(part)}`);
  await page.locator('#product-title').filter({ hasText: part.split('-01')[0]! }).waitFor();
}

beforeAll(async () => {
  [app, fresh, up] = await Promise.all([startUiServer(), startUiServer(), startSpecUpstream(handWrittenData(), { media: true })]);
  // One picture the service fails to send.
  up.media.faults.set(`/media/p/${HM20.part_number}/primary-md.jpg`, 404);
  await app.engine.sync.saveSettings({ upstream_url: up.url, interval_minutes: 0 }, up.key);
  await app.engine.sync.syncNow();
  const status = app.engine.sync.status();
  expect(status.last_error).toBeNull();
  expect(status.media).toMatchObject({ failed: 1 });
  // The network is gone.
  await up.close();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await fresh?.close();
});

describe('a product page offline after a sync', () => {
  it('shows the picture kept on this computer, and the spec sheet opens from its copy', async () => {
    page = await openApp(browser, app);
    await openProduct(HM35.part_number);
    const picture = page.locator('.product-top img.product-image');
    await expect.poll(() => picture.getAttribute('data-source'), { timeout: 20_000 }).toBe('kept');
    // The service's PNG (320 × 200 as the fake service draws it), decoded by the browser.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : 'loading')), { timeout: 20_000 }).toBe('320x200');
    expect(await picture.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{64}$/);

    const kept = page.getByTestId('documents-kept');
    const spec = kept.getByRole('link', { name: 'Spec sheet (PDF)' });
    await expect.poll(() => kept.innerText()).toContain("Owner's manual (PDF) on this computer");
    // Tall enough for the picture and the documents at once.
    await page.setViewportSize({ width: 1400, height: 1500 });
    await page.locator('#product-title').scrollIntoViewIfNeeded();
    await screenshot(page, 'product-offline-media');
    await page.setViewportSize({ width: 1400, height: 900 });
    const href = (await spec.getAttribute('href'))!;
    expect(href).toMatch(/^\/media\/[0-9a-f]{64}$/);
    // It opens (a new tab at the local copy), and the bytes there are the service's PDF.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), spec.click()]);
    await expect.poll(() => tab.url()).toBe(`${app.server.url}${href}`);
    await tab.close();
    const served = await page.evaluate(async (h) => {
      const r = await fetch(h);
      return { type: r.headers.get('content-type'), text: new TextDecoder('latin1').decode(await r.arrayBuffer()) };
    }, href);
    expect(served.type).toBe('application/pdf');
    expect(served.text).toBe(makePdf(`Document /media/docs/${HM35.id}-spec.pdf`).toString('latin1'));
  }, 120_000);

  it('a picture the service failed to send: the drawing from its dimensions, said plainly, offered to fetch', async () => {
    await openProduct(HM20.part_number);
    const picture = page.locator('.product-top img.product-image');
    await expect.poll(() => picture.getAttribute('data-source'), { timeout: 20_000 }).toBe('drawing');
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    const caption = page.getByTestId('picture-not-kept');
    expect(await caption.innerText()).toContain('The product picture is not kept on this computer; shown: a drawing from its dimensions.');
    // The service is stopped: fetching says why, in words.
    await caption.getByRole('button', { name: 'Fetch the picture now' }).click();
    await expect.poll(() => caption.getByRole('alert').innerText(), { timeout: 30_000 }).toMatch(/Could not fetch it/);
  }, 120_000);
});

describe('the catalog offline after a sync', () => {
  it("shows each product type's and collection's thumbnail from the copy kept on this computer, and no broken image anywhere", async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openCatalog();
    const tree = page.getByRole('navigation', { name: 'Product types' });
    // A type and a collection of the service, their pictures as it serves them (a 320 × 200 PNG each).
    const type = tree.getByRole('button', { name: 'Hydromechanical Interceptors' }).locator('img.thumb');
    const collection = tree.getByRole('button', { name: /^High-flow models/ }).locator('img.thumb');
    for (const [thumb, servedAt] of [
      [type, '/media/types/hydromechanical.png'],
      [collection, '/media/collections/high-flow-sm.jpg'],
    ] as const) {
      await expect.poll(() => thumb.getAttribute('data-source'), { timeout: 20_000 }).toBe('kept');
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1)), { timeout: 20_000 }).toBe(320);
      // From this computer's /media, named by the hash of the bytes the service sent for that URL.
      expect(await thumb.getAttribute('src')).toBe(`/media/${sha256(mediaFor(servedAt).bytes)}`);
    }
    // Every type and collection in the tree has its kept thumbnail, and nothing says one is missing.
    const thumbs = tree.locator('img.thumb');
    expect(await thumbs.count()).toBeGreaterThanOrEqual(5);
    expect(new Set(await thumbs.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('data-source'))))).toEqual(new Set(['kept']));
    expect(await page.getByTestId('thumbnails-not-kept').count()).toBe(0);
    await imagesSettled();
    expect(await brokenImages()).toEqual([]);
    await screenshot(page, 'catalog-offline-thumbnails');
    // A collection chosen, a product open with its picture: still none broken.
    await tree.getByRole('button', { name: /^High-flow models/ }).click();
    await openProduct('HM-50-01');
    await imagesSettled();
    expect(await brokenImages()).toEqual([]);
    await screenshot(page, 'catalog-offline-collection-product');
  }, 120_000);
});

describe('the sync screen and the settings', () => {
  it('the sync screen shows the media step and the store size; Settings makes a document kind available offline or not', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync' }).click();
    const media = page.getByTestId('sync-media');
    await expect.poll(() => media.innerText(), { timeout: 20_000 }).toMatch(/^Pictures and documents: (\d+) of \1 checked, \d+ downloaded \([\d.]+ MB\)/);
    // Every one checked was downloaded but the one that failed.
    const [, checked, downloaded] = /(\d+) of \d+ checked, (\d+) downloaded/.exec(await media.innerText())!;
    expect(Number(downloaded)).toBe(Number(checked) - 1);
    // The picture the service would not send: counted, to be tried again.
    expect(await media.innerText()).toContain('1 failed (tried again next sync)');
    expect(await media.innerText()).toMatch(/kept on this computer of 1000\.0 MB allowed$/);
    await screenshot(page, 'sync-media');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Make available offline' });
    const manuals = form.getByRole('checkbox', { name: "Owner's manuals" });
    await expect.poll(() => manuals.isChecked()).toBe(true);
    await manuals.click();
    await expect.poll(async () => (await readMediaSettings(app.engine.store.db)).documents.owners_manual).toBe(false);
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-offline-media');
    expect(await form.getByTestId('media-store-size').innerText()).toMatch(/^Kept now: \d+ files, [\d.]+ (kB|MB) of 1000\.0 MB\.$/);
  }, 120_000);
});

describe('a product before any sync (the embedded data set)', () => {
  it('shows a drawing from its own dimensions, never an empty box', async () => {
    page = await openApp(browser, fresh);
    const part = fresh.engine.store.sqlite.prepare("select part_number from products where base_dimensions is not null and origin = 'embedded' order by id limit 1").pluck().get() as string;
    await page.evaluate((h) => (window.location.hash = h), `#/catalog/product/${encodeURIComponent(part)}`);
    await page.getByTestId('model-number').filter({ hasText: part }).waitFor();
    const picture = page.locator('.product-top img.product-image');
    await expect.poll(() => picture.getAttribute('data-source'), { timeout: 20_000 }).toBe('drawing');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 }).toBe(true);
    // No central service is set: nothing to fetch from, and it says how the picture can come.
    const caption = page.getByTestId('picture-not-kept');
    expect(await caption.innerText()).toContain('It can be fetched by a sync when you are online.');
    expect(await caption.getByRole('button').count()).toBe(0);
    await screenshot(page, 'product-embedded-drawing');
  }, 120_000);

  it('the catalog tree shows plain tiles for the pictures of types and collections, says they are not kept, and no image is broken', async () => {
    await openCatalog();
    const tree = page.getByRole('navigation', { name: 'Product types' });
    const thumbs = tree.locator('img.thumb');
    await expect.poll(() => thumbs.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const typeCount = (await fresh.engine.catalog.listProductTypes()).data.length;
    const collectionCount = fresh.engine.store.sqlite.prepare('select count(*) from collections').pluck().get() as number;
    expect(collectionCount).toBeGreaterThan(0);
    // The embedded data set names its pictures on the web; none is kept here: a tile, each saying so.
    await expect.poll(() => thumbs.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('data-source')).join())).toMatch(/^placeholder(,placeholder)*$/);
    expect(await thumbs.count()).toBeGreaterThanOrEqual(typeCount + collectionCount);
    expect(await thumbs.first().getAttribute('title')).toMatch(/^The picture of .+ is not kept on this computer\.$/);
    const note = page.getByTestId('thumbnails-not-kept');
    expect(await note.innerText()).toMatch(/^\d+ pictures of types and collections are not kept on this computer; shown: a plain tile\. A sync fetches them when you are online\.$/);
    await imagesSettled();
    expect(await brokenImages()).toEqual([]);
    expect(await thumbs.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
    await screenshot(page, 'catalog-embedded-tiles');
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, 'catalog-embedded-note');
  }, 120_000);
});
