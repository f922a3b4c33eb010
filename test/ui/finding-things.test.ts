/**
 * Finding things (issue 14), in a real browser: the catalog filtered and sorted by rated flow
 * with the flow in each row and exact model numbers first; the Ctrl+K search ranking (a
 * jurisdiction named like the query above projects that mention it, names containing the query,
 * products and actions); territory states typed as codes; the project list sorted and its
 * filters remembered.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, type UiServer, LAPTOP_VIEWPORT, useAppInBrowser } from '../helpers/ui-browser.js';

let app: UiServer;
let page: Page;
useAppInBrowser((ui) => ({ app, page } = ui), { viewport: LAPTOP_VIEWPORT });

const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
const rows = () => page.getByTestId('product-list').getByRole('listitem');
const flowOf = (text: string) => Number(/([\d,.]+) GPM/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);

describe('catalog', () => {
  it('filters by rated flow, shows it in the rows, and sorts by it', async () => {
    await nav('Catalog');
    await page.locator('[data-testid=product-list][data-ready=true]').waitFor();
    const all = await page.locator('.count').innerText();
    await page.getByLabel('Rated flow from (GPM)').fill('50');
    await page.getByLabel('to (GPM)').fill('100');
    await expect.poll(() => page.locator('.count').innerText()).not.toBe(all);
    await page.getByLabel('Sort by').selectOption('flow');
    // The rows are the old order until the sorted list has loaded (aria-busy).
    await page.locator('[data-testid=product-list][aria-busy=false]').waitFor();
    await expect.poll(async () => (await rows().first().innerText()).length).toBeGreaterThan(0);
    const flows = (await page.getByTestId('product-list').getByTestId('row-flow').allInnerTexts()).map(flowOf);
    expect(flows.length).toBeGreaterThan(1);
    for (const f of flows) expect(f >= 50 && f <= 100, String(f)).toBe(true);
    expect([...flows].sort((a, b) => a - b)).toEqual(flows);
    await screenshot(page, 'catalog-filtered-1366');
    // Largest first: the list starts from the top of the range and goes down (the list shows a
    // window of its rows, so the two orders' windows need not hold the same products).
    await page.getByLabel('Order').selectOption('desc');
    await expect.poll(async () => flowOf(await rows().first().getByTestId('row-flow').innerText())).toBeGreaterThan(flows[0]!);
    const down = (await page.getByTestId('product-list').getByTestId('row-flow').allInnerTexts()).map(flowOf);
    expect(down.length).toBeGreaterThan(1);
    for (const f of down) expect(f >= 50 && f <= 100, String(f)).toBe(true);
    expect([...down].sort((a, b) => b - a)).toEqual(down);
    await page.getByLabel('Order').selectOption('asc');
    // A bad number is named, in words.
    await page.getByLabel('Rated flow from (GPM)').fill('-3');
    await page.getByText("Rated flow from can't be negative.").waitFor();
    // A range typed the wrong way round says so, instead of an empty list.
    await page.getByLabel('Rated flow from (GPM)').fill('100');
    await page.getByLabel('to (GPM)').fill('50');
    await page.getByText('The range is reversed: "to" (50 GPM) is below "from" (100 GPM).').waitFor();
    await page.getByLabel('Rated flow from (GPM)').fill('');
    await page.getByLabel('to (GPM)').fill('');
    await page.getByLabel('Sort by').selectOption('relevance');
    // Best match has no order to choose.
    expect(await page.getByLabel('Order').isDisabled()).toBe(true);
  }, 60_000);

  it('finds the exact model first ("HM-50" finds HM-50 before HM-500), and arrow keys move through the list', async () => {
    await page.getByLabel('Search products').fill('HM-50');
    await expect.poll(async () => (await rows().first().innerText()).split('\n')).toContain('HM-50');
    const names = await page.getByTestId('product-list').locator('.name').allInnerTexts();
    expect(names.indexOf('HM-50')).toBe(0);
    expect(names).toContain('HM-500');
    await rows().first().getByRole('link').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement).dataset.index)).toBe('1');
    await page.getByLabel('Search products').fill('');
  }, 60_000);
});

describe('search (Ctrl+K)', () => {
  const palette = () => page.getByRole('dialog', { name: 'Search' });
  async function search(text: string): Promise<string[]> {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await palette().getByRole('combobox').fill(text);
    // The results of this query (not the last one's) are on screen.
    await page.locator(`.palette [role=listbox][aria-busy=false][data-for="${text}"]`).waitFor();
    return palette().getByRole('option').allInnerTexts();
  }

  it('ranks a jurisdiction named like the query above projects that mention it', async () => {
    const jurisdiction = (await app.engine.jurisdictions.listByIds([1], { personal: true }))[0]!;
    // A project that merely mentions the jurisdiction's name.
    await app.engine.projects.create({ name: `Kitchen near ${jurisdiction.name} hall`, engineer: { id: 1 } }, { personal: true });
    const hits = await search(jurisdiction.name);
    expect(hits[0]).toMatch(/^Jurisdictions/);
    expect(hits[0]).toContain(jurisdiction.name);
    expect(hits.some((h) => /^Projects/.test(h) && h.includes('Kitchen near'))).toBe(true);
  }, 60_000);

  it('finds names containing the query, products, and actions', async () => {
    await app.engine.projects.create({ name: "Lou's Southside Grill", engineer: { id: 1 } }, { personal: true });
    expect((await search('Southside Grill')).some((h) => h.includes("Lou's Southside Grill"))).toBe(true);
    const products = await search('HM-50');
    expect(products[0]).toMatch(/^Products\s*HM-50\b/);
    const actions = await search('sync');
    expect(actions[0]).toMatch(/^Actions\s*Sync now/);
    const create = await search('new project');
    expect(create[0]).toMatch(/^Actions\s*New project/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/projects\/new$/);
    await screenshot(page, 'search-actions-1366');
  }, 60_000);

  it('opens a territory hit on that territory, its details shown', async () => {
    const territory = (await app.engine.territories.list(null)).data.find((t) => t.name)!;
    const hits = await search(territory.name!);
    const at = hits.findIndex((h) => /^Territories/.test(h) && h.includes(territory.code));
    expect(at).toBeGreaterThanOrEqual(0);
    await palette().getByRole('option').nth(at).click();
    await page.waitForURL(new RegExp(`#/territories/${territory.id}$`));
    const result = page.getByRole('region', { name: 'Territory' });
    await expect.poll(() => result.getByRole('heading', { level: 2 }).innerText()).toBe(`${territory.code} · ${territory.name}`);
    expect(await result.innerText()).toContain(territory.rep_firm);
    await screenshot(page, 'search-territory-1366');
    await page.setViewportSize({ width: 1024, height: 700 });
    await screenshot(page, 'search-territory-1024');
    await page.setViewportSize(LAPTOP_VIEWPORT);
  }, 60_000);
});

describe('territory and project list', () => {
  it('reads a typed state code ("md" is Maryland) and says what it matched', async () => {
    await nav('Territories');
    const byCounty = page.getByRole('form', { name: 'Look up by state and county' });
    await byCounty.getByLabel('State').fill('md');
    await byCounty.getByText('Maryland (MD)').waitFor();
    await byCounty.getByRole('combobox', { name: 'County' }).fill('Montgomery');
    await byCounty.getByRole('combobox', { name: 'County' }).press('Enter');
    const result = page.getByRole('region', { name: 'Territory' });
    await expect.poll(() => result.getByTestId('territory-matched').innerText()).toBe('Matched: Montgomery County, MD');
  }, 60_000);

  it('lists projects newest first, sorts by a column, and remembers the filters', async () => {
    await nav('Projects');
    await page.locator('[data-testid=project-list][data-ready=true]').waitFor();
    const created = () => page.getByTestId('project-list').locator('tbody tr td:nth-child(7)').allInnerTexts();
    await expect.poll(async () => (await created()).length).toBeGreaterThan(5);
    // Shown as MM/DD/YYYY: compared as YYYY-MM-DD.
    const dates = (await created()).map((d) => d.replace(/^(\d{2})\/(\d{2})\/(\d{4})$/, '$3-$1-$2'));
    expect(dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    expect([...dates].sort().reverse()).toEqual(dates);
    await page.getByRole('button', { name: 'Project', exact: true }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: /Project/ }).getAttribute('aria-sort')).toBe('ascending');
    // The header says the new order at once; the rows follow when the list has loaded (aria-busy).
    await page.locator('[data-testid=project-list][aria-busy=false]').waitFor();
    const names = await page.getByTestId('project-list').locator('tbody tr td:nth-child(1)').allInnerTexts();
    expect([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toEqual(names);
    await page.getByLabel('Status', { exact: true }).selectOption('Draft');
    // The vocabulary (the statuses' labels) held back: the remembered filter shows in its select
    // as soon as the list does, not only once the vocabulary has come.
    await page.route('**/bridge/app.vocabulary', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.reload();
    await page.locator('[data-testid=project-list][data-ready=true]').waitFor();
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('Draft');
    await page.unroute('**/bridge/app.vocabulary');
    expect(await page.getByRole('columnheader', { name: /Project/ }).getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('button', { name: 'Clear filters' }).click();
  }, 60_000);
});
