/**
 * Metric mode (issue 14): chosen in Settings, the editor's inputs are shown and typed in mm and
 * L/s (pipes by their DN), their messages speak in those units, the engine's reasons and the
 * calculation steps read in metric, the store keeps US units, and the report PDF downloaded from
 * the report page follows the setting, its calculation sheet included.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LAPTOP_VIEWPORT, messageOf, screenshot, type UiServer, useAppInBrowser } from '../helpers/ui-browser.js';

let app: UiServer;
let page: Page;
useAppInBrowser((ui) => ({ app, page } = ui), { viewport: LAPTOP_VIEWPORT });

const nav = () => page.getByRole('navigation', { name: 'Main' });
const results = () => page.getByRole('complementary', { name: 'Sizing results' });
const MM_PER_IN = 25.4;

describe('metric mode', () => {
  let id: number;

  it('converts the inputs: typed in mm, stored in inches; bounds said in mm', async () => {
    await nav().getByRole('link', { name: 'Settings' }).click();
    const units = page.getByRole('main').getByRole('radiogroup', { name: 'Units' });
    await units.getByLabel('Metric (mm, L/s, L, kg)').check();
    // The sidebar's switch is the same setting.
    expect(await nav().getByLabel('Metric').isChecked()).toBe(true);
    await screenshot(page, 'settings-units-metric-1366');
    await page.setViewportSize({ width: 1024, height: 700 });
    await screenshot(page, 'settings-units-metric-1024');
    await page.setViewportSize(LAPTOP_VIEWPORT);

    await nav().getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('link', { name: 'New project' }).click();
    await page.getByLabel('Project name').fill('Metric Test Kitchen');
    await page.getByRole('button', { name: 'Engineer not known yet' }).click();
    await page.getByLabel('Menu type').selectOption('pizza');
    await page.getByLabel('Servings per day').fill('250');
    // The pipe by its DN, its US size beside it.
    expect(await page.getByLabel('Pipe size').locator('option:checked').innerText()).toBe('DN 100 (4 in)');
    await page.getByLabel('Fixture to add').selectOption('custom');
    await page.getByRole('button', { name: 'Add fixture' }).click();
    await page.getByRole('listitem', { name: /^Fixture 1/ }).getByText('Fixture 1 needs its length, width and depth in mm').waitFor();
    await page.getByLabel('Fixture 1 length (mm)').fill('4000');
    await page.getByLabel('Fixture 1 width (mm)').fill('508');
    await page.getByLabel('Fixture 1 depth (mm)').fill('305');
    // 120 in is the longest fixture the write takes: said as 3,048 mm.
    expect(await messageOf(page, page.getByLabel('Fixture 1 length (mm)'))).toBe("Fixture 1 length can't be more than 3,048 mm.");
    await page.getByLabel('Fixture 1 length (mm)').fill('610');
    await page.locator('aside.results[aria-busy=false]').waitFor();

    // The engine's reasons in metric: flows in L/s, grease in kg, no US figure left.
    const reasons = await results().locator('ul.reasons').first().innerText();
    expect(reasons).toMatch(/Rated [\d.]+ L\/s ≥ [\d.]+ L\/s required/);
    expect(reasons).toMatch(/kg of grease/);
    expect(reasons).not.toMatch(/\d (GPM|lb|gal)\b/);
    // The calculation steps: metric, each with its US figure.
    await results().getByTestId('derivation').locator('summary').click();
    const volume = await results().locator('[data-step="fixture.1.volume"]').innerText();
    expect(volume).toContain(`length 610 mm (${Math.round((610 / MM_PER_IN) * 100) / 100} in)`);
    expect(volume).toMatch(/= [\d.,]+ L \([\d.,]+ gal\)/);
    await screenshot(page, 'editor-metric-1366');
    await page.setViewportSize({ width: 1024, height: 700 });
    await screenshot(page, 'editor-metric-1024');
    await page.setViewportSize(LAPTOP_VIEWPORT);

    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/#\/projects\/\d+$/);
    id = Number(/#\/projects\/(\d+)/.exec(page.url())![1]);
    // Stored in the canonical unit: inches.
    const stored = await app.engine.projects.get(id, { fixtures: true }, { personal: true });
    const dims = stored.fixtures!.data[0]!.dimensions!.standard;
    expect(dims.length.unit).toBe('in');
    expect(dims.length.value).toBeCloseTo(610 / MM_PER_IN, 2);
    expect(dims.width.value).toBeCloseTo(508 / MM_PER_IN, 2);
    expect(dims.height.value).toBeCloseTo(305 / MM_PER_IN, 2);
    // Opened again, the editor shows what was typed.
    expect(await page.getByLabel('Fixture 1 length (mm)').inputValue()).toBe('610');
  }, 90_000);

  it('the report PDF of the report page follows the setting, its calculation sheet in metric', async () => {
    await page.getByRole('link', { name: 'Report' }).click();
    await page.locator('article.report[data-ready=true]').waitFor();
    // The rep's details are empty in this store: Export asks first, and the rep chooses a blank.
    await page.getByRole('button', { name: 'Export PDF' }).click();
    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Export with a blank to fill by hand' }).click();
    const file = path.join(os.tmpdir(), `fieldsizer-ui-metric-${process.pid}.pdf`);
    await (await downloading).saveAs(file);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    // Table cells wrap in their columns: read them whole from the content's order, spaces aside.
    const cells = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    fs.rmSync(file, { force: true });
    expect(text).toContain('figures in metric units');
    // The fixture schedule in the mm it was typed in; flows in L/s with GPM beside them.
    expect(cells).toContain('610×508×305mm');
    expect(cells).toMatch(/[\d.,]+L\/s\([\d.,]+GPM\)/);
    expect(cells).toContain('DN100(4in)');
  }, 180_000);

  it('back to US units, the same values show in inches', async () => {
    await page.goto(`${app.server.uiUrl.replace(/#.*$/, '')}#/projects/${id}`);
    await page.getByLabel('Fixture 1 length (mm)').waitFor();
    await nav().getByLabel('US').check();
    expect(await page.getByLabel('Fixture 1 length (in)').inputValue()).toBe(String(Math.round((610 / MM_PER_IN) * 1000) / 1000));
    // Switching units changes no value: nothing to save.
    expect(await page.getByRole('button', { name: 'Saved' }).isVisible()).toBe(true);
  }, 60_000);
});
