/**
 * The results a rep can act on (issue 14), in a real browser: nothing is recommended from nothing,
 * inputs that change nothing say why, unusual inputs ask "is this right?", every recommendation
 * and alternative is an orderable model with its price, and the wording has no internal keys.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, LAPTOP_VIEWPORT, useAppInBrowser } from '../helpers/ui-browser.js';

let page: Page;
useAppInBrowser((ui) => ({ page } = ui), { viewport: LAPTOP_VIEWPORT });

beforeAll(async () => {
  page.on('dialog', (d) => void d.accept());
});

const results = () => page.getByRole('complementary', { name: 'Sizing results' });
const settled = () => page.locator('aside.results[aria-busy=false]').waitFor();
/** The note a control carries (its aria-describedby), or '' when none. */
async function hintOf(control: import('playwright-core').Locator): Promise<string> {
  const ids = await control.getAttribute('aria-describedby');
  if (!ids) return '';
  return (await Promise.all(ids.split(' ').map((id) => page.locator(`[id="${id}"]`).innerText()))).join(' ');
}

describe('results in words a rep uses', () => {
  it('recommends nothing from empty inputs and says what is missing', async () => {
    await page.getByRole('link', { name: 'New project' }).click();
    await page.getByLabel('Project name').fill('Empty kitchen');
    await settled();
    const recommended = results().getByTestId('recommended-product');
    await expect.poll(() => recommended.innerText()).toMatch(/Nothing to size yet: no fixtures, no servings per day and no choice to size by the drain pipe only\. Add the fixtures .* servings per day, or choose to size by the drain pipe only/);
    expect(await results().innerText()).not.toMatch(/lasts 90 days|Pump-out cycle: 90/);
    // With no servings, the grease inputs change nothing: said once, with the rule.
    expect(await page.getByTestId('kitchen-no-effect').innerText()).toMatch(/Menu type, fryer, flatware and the pump-out target change nothing while servings per day is 0: .*Schier/);
    await screenshot(page, 'results-empty-1366');

    // The pipe-only choice: sized for the pipe's interceptor size, and back to nothing without it.
    const pipeOnly = page.getByRole('checkbox', { name: 'Size by the drain pipe only' });
    expect(await hintOf(pipeOnly)).toMatch(/No fixtures known yet\? .*UPC Table 1014\.2\.1/);
    await pipeOnly.check();
    await settled();
    await expect.poll(() => recommended.innerText()).not.toMatch(/Nothing to size yet/);
    await pipeOnly.uncheck();
    await settled();
    await expect.poll(() => recommended.innerText()).toMatch(/Nothing to size yet/);
    // Inputs the sizing never reads say so.
    expect(await hintOf(page.getByLabel('Construction type'))).toMatch(/sizing does not depend on/);
    expect(await hintOf(page.getByLabel('Inside location'))).toMatch(/Does not change the sizing/);

    // Servings alone (no fixture) still say nothing about the flow: the pipe is not a choice the rep made.
    await page.getByLabel('Servings per day').fill('200');
    await page.getByLabel('Fixture to add').selectOption('three-compartment-sink');
    await page.getByRole('button', { name: 'Add fixture' }).click();
    await settled();
    await expect.poll(() => recommended.innerText()).not.toMatch(/Nothing to size yet/);
    await expect.poll(() => page.getByTestId('kitchen-no-effect').count()).toBe(0);
    // With a fixture, the pipe-only choice changes nothing, and says why.
    await pipeOnly.check();
    await expect.poll(() => hintOf(pipeOnly)).toMatch(/Changes nothing while fixtures are entered: .*UPC Table 1014\.2\.1/);
    await pipeOnly.uncheck();

    // A custom fixture: its DFU counts only for gravity sizing; its sizes change nothing once a flow is entered.
    await page.getByLabel('Fixture to add').selectOption('custom');
    await page.getByRole('button', { name: 'Add fixture' }).click();
    await page.getByLabel('Fixture 2 length (in)').fill('30');
    await page.getByLabel('Fixture 2 width (in)').fill('20');
    await page.getByLabel('Fixture 2 depth (in)').fill('12');
    await settled();
    expect(await hintOf(page.getByLabel('Fixture 2 DFU'))).toMatch(/Changes nothing when sizing by flow: DFU count only for a gravity interceptor sized by UPC Table 1014\.3\.6/);
    await page.getByLabel('Fixture 2 flow (GPM)').fill('5');
    const fixture2 = page.getByRole('listitem', { name: /^Fixture 2/ });
    await fixture2.getByText(/Change nothing while a flow is entered: .*PDI-G101/).waitFor();
    await screenshot(page, 'results-no-effect-1366');
    await page.setViewportSize({ width: 1024, height: 700 });
    await screenshot(page, 'results-no-effect-1024');
    await page.setViewportSize(LAPTOP_VIEWPORT);
    await fixture2.getByRole('button', { name: /^Remove fixture 2/ }).click();
    await settled();
  }, 60_000);

  it('says why the fryer changes nothing for a high-grease menu, and asks about unusual numbers', async () => {
    const menu = page.getByLabel('Menu type');
    const highMenu = await menu.locator('optgroup[label="High grease"] option').first().getAttribute('value');
    await menu.selectOption(highMenu!);
    await page.getByRole('checkbox', { name: 'Fryer' }).check();
    const fryerHint = await page.getByRole('checkbox', { name: 'Fryer' }).getAttribute('aria-describedby');
    expect(await page.locator(`[id="${fryerHint}"]`).innerText()).toMatch(/Changes nothing for a high grease menu/);
    // A low-grease menu: the fryer does change the grease, so no such note.
    const lowMenu = await menu.locator('optgroup[label="Low grease"] option').first().getAttribute('value');
    await menu.selectOption(lowMenu!);
    expect(await page.getByRole('checkbox', { name: 'Fryer' }).getAttribute('aria-describedby')).toBeNull();

    await page.getByLabel('Servings per day').fill('10000');
    await page.getByText(/10,000 is more than 5,000: .* Is this right\?/).waitFor();
    await page.getByLabel('Pump-out target (days)').fill('365');
    await page.getByText(/365 is more than 90: the sizing caps the pump-out cycle at 90 days.* Is this right\?/).waitFor();
    await page.getByLabel('Servings per day').fill('300');
    await page.getByLabel('Pump-out target (days)').fill('30');
    await settled();
  }, 60_000);

  it('shows orderable models, alternatives with price and difference, and no internal keys', async () => {
    await page.getByLabel('Fixture to add').selectOption('dishwasher');
    await page.getByRole('button', { name: 'Add fixture' }).click();
    await settled();
    const unit = await results().getByTestId('recommended-product').innerText();
    expect(unit).not.toMatch(/(^|-)[0-9A-Z]*[XYZ]{2,}/);
    await results().getByText(/^Also fits/).click();
    const prices = await results().getByTestId('alternative-price').allInnerTexts();
    expect(prices.length).toBeGreaterThan(0);
    // Model numbers are orderable: no family pattern with placeholders among them.
    for (const model of await results().locator('details li .muted').allInnerTexts()) expect(model).not.toMatch(/(^|-)[0-9A-Z]*[XYZ]{2,}/);
    for (const p of prices) expect(p).toMatch(/^(\$[\d,]+ list( \((same price|[+−]\$[\d,]+ vs\. the recommended unit)\))?|no list price)$/);
    await results().getByText(/^Units that do not fit/).click();
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/\bpump_out\b|product-types|\blbs\b|\b1 days\b/);
    expect(text).not.toMatch(/gal ≤ [\d.]+ × [\d.]+ GPM/);
    await screenshot(page, 'results-alternatives-1366');
  }, 60_000);
});
