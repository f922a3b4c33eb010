/**
 * Data safety in a real browser: a backup made and restored from Settings (the data after it is
 * gone, the data before it back), a .fieldsizer file imported from the project list, and the
 * unsynced projects exported as a download.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { exportProjects } from '../../src-main/engine/projects/project-transfer.js';
import { readFieldsizerFile } from '../../src-shared/transfer/fieldsizer-file.js';
import { tempDir } from '../helpers/api-server.js';
import { screenshot, type UiServer, useAppInBrowser } from '../helpers/ui-browser.js';
import { makeUnsyncedProjects } from '../store/helpers.js';

let app: UiServer;
let page: Page;
const files = tempDir('fieldsizer-ui-files-');
useAppInBrowser((ui) => ({ app, page } = ui));

afterAll(async () => {
  fs.rmSync(files, { recursive: true, force: true });
});

const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();

describe('data safety in the browser', () => {
  it('backs up from Settings and restores that backup: what came after is gone, what was before is there', async () => {
    const [before] = await makeUnsyncedProjects(app.engine, 1, 'Before the UI backup');
    await nav('Settings');
    const section = page.getByRole('region', { name: 'Backups' });
    await section.getByRole('button', { name: 'Back up now' }).click();
    await section.getByText(/^Backed up/).waitFor();
    const rows = section.getByRole('table', { name: 'Backup list' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('Made by hand');

    const [after] = await makeUnsyncedProjects(app.engine, 1, 'After the UI backup');
    await rows.first().getByRole('button', { name: /^Restore the backup of/ }).click();
    await section.getByRole('group', { name: 'Confirm restore' }).getByRole('button', { name: 'Yes, restore' }).click();
    await section.getByText(/^Restored the backup of/).waitFor();
    await screenshot(page, 'backups');
    await expect(app.engine.projects.get(after!, {}, { personal: true })).rejects.toMatchObject({ status: 404 });
    expect((await app.engine.projects.get(before!, {}, { personal: true })).name).toBe('Before the UI backup 1');
    // The data the restore replaced is kept as a backup of its own.
    await expect.poll(() => rows.count()).toBe(2);
    expect(await section.innerText()).toContain('Before a restore');
  }, 90_000);

  it('imports a .fieldsizer file from the project list and says what it did', async () => {
    const ids = await makeUnsyncedProjects(app.engine, 2, 'From a colleague');
    const file = `${files}/colleague.fieldsizer`;
    fs.writeFileSync(file, JSON.stringify(exportProjects(app.engine, { ids }).file));
    // Imported into the same store, they are already here: nothing is written twice.
    await nav('Projects');
    await page.getByLabel('Import a .fieldsizer file').setInputFiles(file);
    const report = page.getByTestId('import-report');
    await expect.poll(() => report.innerText()).toContain('Imported 0, already here 2, refused 0.');
    // Edited on the colleague's laptop: imported beside the originals, never over them.
    const edited = exportProjects(app.engine, { ids }).file;
    for (const p of edited.projects) p.inputs.servings_per_day += 100;
    fs.writeFileSync(file, JSON.stringify(edited));
    await page.getByLabel('Import a .fieldsizer file').setInputFiles(file);
    await expect.poll(() => report.innerText()).toContain('Imported 2, already here 0, refused 0.');
    expect(await report.getByRole('link').count()).toBe(2);
    await report.scrollIntoViewIfNeeded();
    await screenshot(page, 'import');

    fs.writeFileSync(`${files}/broken.fieldsizer`, '{"format":"fieldsizer-projects","version":9}');
    await page.getByLabel('Import a .fieldsizer file').setInputFiles(`${files}/broken.fieldsizer`);
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('broken.fieldsizer: The file was made by a newer Fieldsizer');
  }, 90_000);

  it('keeps an update address from Settings, over https only', async () => {
    await nav('Settings');
    const form = page.getByRole('form', { name: 'Updates' });
    const address = form.getByLabel('Update address (empty: the one built into the app)');
    await address.fill('http://updates.example.com/fieldsizer');
    await form.getByRole('button', { name: 'Save update address' }).click();
    await expect.poll(() => form.locator('.field-error').innerText()).toBe('Updates come over https only (the feed says which file to trust).');
    await address.fill('https://updates.example.com/fieldsizer');
    await form.getByRole('button', { name: 'Save update address' }).click();
    await form.getByText('Update address saved').waitFor();
    const { readUpdateUrl } = await import('../../src-main/updates/update-client.js');
    expect(await readUpdateUrl(app.engine.store.db)).toBe('https://updates.example.com/fieldsizer');
    await address.fill('');
    await form.getByRole('button', { name: 'Save update address' }).click();
    await form.getByText('The address built into the app is used').waitFor();
    expect(await readUpdateUrl(app.engine.store.db)).toBeNull();
  }, 60_000);

  it('keeps an update address typed before the saved one has arrived', async () => {
    await nav('Projects');
    // The saved address's answer held back, as on a busy machine (the full suite's run once lost the
    // typed address to it, then saved an empty one).
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered = () => undefined as void;
    const through = new Promise<void>((resolve) => (answered = resolve));
    await page.route('**/bridge/updates.settings', async (route) => {
      await held;
      await route.continue();
      answered();
    });
    const form = page.getByRole('form', { name: 'Updates' });
    const address = form.getByLabel('Update address (empty: the one built into the app)');
    try {
      await nav('Settings');
      await address.fill('https://typed.example.com/fieldsizer');
    } finally {
      release();
    }
    await through;
    await page.unroute('**/bridge/updates.settings');
    // The answer (the built-in address: none saved) has come and gone: the typed address stays.
    await expect.poll(() => address.inputValue()).toBe('https://typed.example.com/fieldsizer');
    await form.getByRole('button', { name: 'Save update address' }).click();
    await form.getByText('Update address saved').waitFor();
    const { readUpdateUrl } = await import('../../src-main/updates/update-client.js');
    expect(await readUpdateUrl(app.engine.store.db)).toBe('https://typed.example.com/fieldsizer');
    await address.fill('');
    await form.getByRole('button', { name: 'Save update address' }).click();
    await form.getByText('The address built into the app is used').waitFor();
  }, 60_000);

  it('exports the unsynced projects as a download', async () => {
    await nav('Projects');
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Export unsynced' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.fieldsizer$/);
    const read = readFieldsizerFile(fs.readFileSync(await file.path(), 'utf8'));
    expect(read.ok && read.file.projects.length).toBeGreaterThanOrEqual(4);
  }, 180_000);
});
