/**
 * Issue 29 in the browser: a 150-seat restaurant at 78701 (Austin) gets the real reason and the
 * way out, which one click applies; the jurisdiction page shows its rules and their sources, and a
 * jurisdiction whose rules were not read says so. Screenshots at 1366 × 768.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectCreateBody } from '../../src-shared/api/project-write.js';
import { screenshot, type UiServer, LAPTOP_VIEWPORT, useAppInBrowser } from '../helpers/ui-browser.js';

let app: UiServer;
let page: Page;
useAppInBrowser((ui) => ({ app, page } = ui), { viewport: LAPTOP_VIEWPORT });

beforeAll(async () => {
  // Leaving the editor with the applied change unsaved asks first: yes.
  page.on('dialog', (d) => void d.accept());
});

const results = () => page.getByRole('complementary', { name: 'Sizing results' });

describe('local rules in the editor and on the jurisdiction page', () => {
  it('Austin, 150 seats, indoors: the deciding constraint, and "Buried: yes gives GG-750" applied with one click', async () => {
    // Through the write schema, as the API and the app send it.
    const body = projectCreateBody.parse({
      name: 'Congress Avenue Bistro',
      engineer: { unknown: true },
      address: { street: '600 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701' },
      menu_type: 'casual-dining',
      servings_per_day: 450,
      meals: { seats: 150 },
      installation_location: 'indoors',
      buried: false,
      fixtures: ['three-compartment-sink', 'dishwasher', 'prep-sink', 'hand-sink', 'floor-drain', 'floor-drain', 'mop-sink'].map((type) => ({ type })),
    });
    const created = await app.engine.projects.create(body as Parameters<typeof app.engine.projects.create>[0], { personal: true });
    await page.goto(`${app.server.uiUrl.split('#')[0]}#/projects/${created.id}`);
    const recommended = results().getByTestId('recommended-product');
    await expect.poll(() => recommended.innerText(), { timeout: 30_000 }).toMatch(/^No unit fits\. Austin Water \(City of Austin\) requires a gravity interceptor .* every gravity unit in the catalog installs below grade \(buried\) only/);
    const ways = results().getByRole('list', { name: 'The way out' });
    expect(await ways.innerText()).toMatch(/Buried: yes gives GG-750/);
    expect(await results().getByRole('list', { name: 'Gaps in the catalog data' }).innerText()).toMatch(/GB-1000 .* no liquid capacity/);
    expect(await results().getByTestId('rules-source').innerText()).toMatch(/^Local rules read from the authority\. Rules read from Austin Water/);
    await screenshot(page, 'austin-before-way-out-1366');

    await results().getByRole('button', { name: 'Apply: Buried: yes' }).click();
    await expect.poll(() => recommended.innerText(), { timeout: 30_000 }).toMatch(/GG-750/);
    expect(await page.getByRole('checkbox', { name: 'Buried' }).isChecked()).toBe(true);
    await screenshot(page, 'austin-after-way-out-1366');
  });

  it('the jurisdiction page lists the rules and their sources, not "Local requirements: None"', async () => {
    const austin = (await app.engine.jurisdictions.list({ zip_code: '78701' }, { limit: 1, offset: 0 }, { personal: true })).data[0]!;
    await page.goto(`${app.server.uiUrl.split('#')[0]}#/jurisdictions/${austin.id}`);
    const facts = page.getByTestId('rule-facts');
    await facts.waitFor({ timeout: 10_000 });
    const text = await page.locator('section.screen').innerText({ timeout: 5000 });
    expect(text).not.toMatch(/Local requirements\s+None/);
    expect(await facts.innerText()).toMatch(/Gravity unit size\s+at least 100 gal/);
    expect(await facts.innerText()).toMatch(/Pump-out\s+every 30–90 days, sooner when grease and solids reach 50 % of the liquid depth/);
    const sources = page.getByRole('region', { name: 'Sources' });
    expect(await sources.getByRole('link', { name: 'Austin Water, Grease Trap Sizing Criteria' }).first().getAttribute('href', { timeout: 5000 })).toBe('https://austintexas.gov/department/grease-trap-sizing-criteria');
    expect(await sources.innerText()).toMatch(/Read 2026-11-26/);
    await screenshot(page, 'jurisdiction-austin-1366');

    const philadelphia = (await app.engine.jurisdictions.list({ zip_code: '19103' }, { limit: 1, offset: 0 }, { personal: true })).data[0]!;
    await page.goto(`${app.server.uiUrl.split('#')[0]}#/jurisdictions/${philadelphia.id}`);
    await page.getByTestId('rule-facts').waitFor();
    expect(await page.getByTestId('rules-source').innerText()).toMatch(/^Local rules not read\. City of Philadelphia's own rules have not been read/);
    expect(await page.getByRole('region', { name: 'Sources' }).count()).toBe(0);
  });
});
