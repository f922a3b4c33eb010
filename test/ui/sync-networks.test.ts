/**
 * The sync screen when the central service misbehaves (issue 28): a run the mass-deletion guard
 * held back shows what the service no longer lists, and applies it only when the rep confirms;
 * a service that moved for good is offered as the new address.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handWrittenData } from '../helpers/spec-upstream/data.js';
import { startSpecUpstream, type SpecUpstream } from '../helpers/spec-upstream/server.js';
import { screenshot, type UiServer, useAppInBrowser } from '../helpers/ui-browser.js';

let app: UiServer;
let up: SpecUpstream;
let page: Page;

beforeAll(async () => {
  up = await startSpecUpstream(handWrittenData());
});
afterAll(async () => {
  await up?.close();
});
useAppInBrowser((ui) => ({ app, page } = ui), {
  prepare: async (started) => {
    await started.engine.sync.saveSettings({ upstream_url: up.url, interval_minutes: 0 }, up.key);
    await started.engine.sync.syncNow();
    expect(started.engine.sync.status().last_error).toBeNull();
  },
  timeout: 120_000,
});

const products = () => app.engine.store.sqlite.prepare("select count(*) from products where origin = 'upstream'").pluck().get() as number;
const state = () => page.getByTestId('sync-state');
const finished = async () => {
  const s = await state().getAttribute('data-state');
  return s === 'failed' || (s === 'idle' && (await state().getAttribute('data-phase')) === 'done') ? s : 'running';
};

describe('the sync screen against a misbehaving central service', () => {
  it('shows what a held-back run would remove, keeps the data, and applies it only once the rep confirms', async () => {
    const before = products();
    up.quirks.emptyLists = true;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(finished, { timeout: 60_000, interval: 250 }).toBe('failed');
    await expect.poll(() => page.getByTestId('sync-error').innerText()).toContain('The central service now lists far fewer records than this computer holds from it');
    const held = page.getByRole('table', { name: 'What the sync would remove' });
    expect(await held.locator('tr').allInnerTexts()).toEqual([`Products\t${before} here, ${before} to be removed`, 'Territories\t4 here, 4 to be removed', 'Users\t9 here, 9 to be removed', 'Projects\t12 here, 12 to be removed']);
    expect(products()).toBe(before);
    await screenshot(page, 'sync-mass-delete');

    // Declined: nothing happens.
    page.once('dialog', (d) => void d.dismiss());
    await page.getByRole('button', { name: 'Apply anyway: remove them' }).click();
    await new Promise((r) => setTimeout(r, 500));
    expect(products()).toBe(before);
    // Confirmed: the run applies it.
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Apply anyway: remove them' }).click();
    await expect.poll(() => products(), { timeout: 60_000, interval: 250 }).toBe(0);
    await expect.poll(() => app.engine.sync.status().state, { timeout: 60_000, interval: 250 }).toBe('idle');
    await expect.poll(finished, { timeout: 60_000, interval: 250 }).toBe('idle');
    expect(await page.getByTestId('sync-mass-delete').count()).toBe(0);
  }, 120_000);

  it('offers the address the service says it moved to for good, and takes it when asked', async () => {
    up.quirks.emptyLists = false;
    up.quirks.redirect = { status: 308, prefix: '/v2' };
    await page.getByRole('main').getByRole('button', { name: 'Sync now' }).click();
    // The screen still shows the last run's end at first: this run's end is the catalog back.
    await expect.poll(() => products(), { timeout: 60_000, interval: 250 }).toBeGreaterThan(0);
    await expect.poll(finished, { timeout: 60_000, interval: 250 }).toBe('idle');
    const moved = page.getByTestId('sync-moved');
    await expect.poll(() => moved.innerText()).toContain(`The central service says it has moved to ${up.url}/v2.`);
    await moved.getByRole('button', { name: 'Use the new address' }).click();
    await expect.poll(async () => (await app.engine.sync.settings()).upstream_url).toBe(`${up.url}/v2`);
    await expect.poll(() => moved.count()).toBe(0);
  }, 120_000);
});
