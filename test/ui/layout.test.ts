/**
 * The screens at 1366 × 768 and at 1024 × 700 (issue 14), in a real browser: nothing wider than
 * the window, the sidebar a top bar when narrow, the results in view while editing (a sticky
 * column, or a compact bar when narrow), the catalog list keeping its rows. Screenshots of each
 * go to test-results/screenshots/ for a person to look at.
 */
import type { Page } from 'playwright-core';
import { projectCreateBody } from '../../src-shared/api/project-write.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, type UiServer, useAppInBrowser } from '../helpers/ui-browser.js';

let app: UiServer;
let page: Page;
let projectId: number;
useAppInBrowser((ui) => ({ app, page } = ui));

beforeAll(async () => {
  // Through the write schema, as the API and the app send it.
  const body = projectCreateBody.parse({
    name: 'Layout Test Diner – new kitchen',
    engineer: { id: 1 },
    servings_per_day: 350,
    fixtures: [{ type: 'three-compartment-sink' }, { type: 'hand-sink' }, { type: 'dishwasher', gpm: 12 }],
  });
  const created = await app.engine.projects.create(body as Parameters<typeof app.engine.projects.create>[0], { personal: true });
  projectId = created.id;
});

const SIZES = [
  { name: '1366', width: 1366, height: 768 },
  { name: '1024', width: 1024, height: 700 },
] as const;

const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
const go = async (hash: string) => {
  await page.evaluate((h) => (window.location.hash = h), hash);
};

describe.each(SIZES)('at $width × $height', ({ name, width, height }) => {
  it('lays out the project list, the editor with its results in view, the catalog, sync and settings', async () => {
    await page.setViewportSize({ width, height });
    await go('#/projects');
    await page.locator('[data-testid=project-list][data-ready=true]').waitFor();
    expect(await noSideways()).toBe(true);
    await screenshot(page, `layout-projects-${name}`);

    await go(`#/projects/${projectId}`);
    await page.locator('aside.results[aria-busy=false]').waitFor();
    expect(await noSideways()).toBe(true);
    // The screen scrolls inside the frame: the page itself does not (a wheel over the sidebar
    // scrolled the whole frame out of view, leaving a blank window).
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight + 1)).toBe(true);
    // Scrolled to the fixtures, the results are still in view.
    await page.getByRole('button', { name: 'Add fixture' }).scrollIntoViewIfNeeded();
    const inView = async (selector: string) =>
      page.evaluate((sel) => {
        const el = document.querySelector(sel);
        if (!el) return false;
        const r = el.getBoundingClientRect();
        return r.height > 0 && r.top < window.innerHeight && r.bottom > 0;
      }, selector);
    if (width > 1100) {
      expect(await inView('[data-testid=recommended-product]')).toBe(true);
      expect(await page.getByTestId('compact-results').isVisible()).toBe(false);
    } else {
      expect(await inView('[data-testid=compact-results]')).toBe(true);
      expect(await page.getByTestId('compact-results').innerText()).toMatch(/pump-out \d+ days?/);
      // The sidebar is a bar above the screen, not a column beside it.
      const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
      expect(nav!.height).toBeLessThan(80);
      expect(nav!.width).toBeGreaterThan(width - 40);
    }
    await screenshot(page, `layout-editor-${name}`);

    await go('#/catalog');
    await page.locator('[data-testid=product-list][data-ready=true]').waitFor();
    await page.getByTestId('product-list').getByRole('listitem').first().getByRole('link').click();
    await page.locator('.detail-pane h2, .detail-pane h1').first().waitFor();
    expect(await noSideways()).toBe(true);
    const visibleRows = await page.evaluate(() => {
      const list = document.querySelector('[data-testid=product-list]')!.getBoundingClientRect();
      return [...document.querySelectorAll('[data-testid=product-list] [role=listitem]')].filter((r) => {
        const b = r.getBoundingClientRect();
        return b.top >= list.top - 1 && b.bottom <= list.bottom + 1;
      }).length;
    });
    expect(visibleRows).toBeGreaterThanOrEqual(5);
    await screenshot(page, `layout-catalog-${name}`);

    await go('#/sync');
    await page.getByTestId('sync-state').waitFor();
    expect(await noSideways()).toBe(true);
    await screenshot(page, `layout-sync-${name}`);

    await go('#/settings');
    await page.getByRole('region', { name: 'API keys' }).waitFor();
    expect(await noSideways()).toBe(true);
    await screenshot(page, `layout-settings-${name}`);
  }, 90_000);
});
