/**
 * The editor a rep uses every day (issue 14), in a real browser against the headless server:
 * unsaved work is never dropped silently, a removed fixture comes back with Undo, every bad field
 * is named at once in plain words (and the results say they are not current), and a project saves
 * with the engineer not known yet or with a new contact typed in.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, type UiServer, messageOf, LAPTOP_VIEWPORT, useAppInBrowser } from '../helpers/ui-browser.js';

let app: UiServer;
let page: Page;
useAppInBrowser((ui) => ({ app, page } = ui), { viewport: LAPTOP_VIEWPORT });

beforeAll(async () => {
  // confirm() answers: the next queued one, else accept; every message is kept.
  page.on('dialog', (dialog) => {
    dialogMessages.push(dialog.message());
    void ((dialogAnswers.shift() ?? true) ? dialog.accept() : dialog.dismiss());
  });
});

const dialogAnswers: boolean[] = [];
const dialogMessages: string[] = [];

const messageFor = (control: Locator) => messageOf(page, control);


const results = () => page.getByRole('complementary', { name: 'Sizing results' });
const settled = () => page.locator('aside.results[aria-busy=false]').waitFor();

/** A new project from the project list (leaving whatever is open, without keeping it). */
async function newProject(name: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await page.locator('[data-testid=project-list][data-ready=true]').waitFor();
  await page.getByRole('link', { name: 'New project' }).click();
  await page.getByLabel('Project name').waitFor();
  await page.getByLabel('Project name').fill(name);
}

describe('the editor never loses work', () => {
  it('asks before leaving with unsaved changes: Stay keeps them, Leave goes', async () => {
    await newProject('Leave test kitchen');
    await page.getByLabel('Servings per day').fill('321');
    dialogAnswers.push(false);
    const before = dialogMessages.length;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalog' }).click();
    await expect.poll(() => dialogMessages.length).toBe(before + 1);
    expect(dialogMessages.at(-1)).toMatch(/Leave test kitchen.*not saved/);
    // Stayed: the address and the typed values are as they were. The address bar shows the link's
    // address while the question is open (the hash changes first, then asks), so it is waited for.
    await expect.poll(() => page.url()).toMatch(/#\/projects\/new$/);
    expect(await page.getByLabel('Servings per day').inputValue()).toBe('321');
    expect(await page.getByLabel('Project name').inputValue()).toBe('Leave test kitchen');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalog' }).click();
    // Asked again (the question comes after the address changes, so it is waited for), then left.
    await expect.poll(() => dialogMessages.length).toBe(before + 2);
    await page.waitForURL(/#\/catalog$/);
    await page.getByRole('heading', { name: 'Catalog', level: 1 }).waitFor();
  }, 60_000);

  it('brings a removed fixture back with Undo', async () => {
    await newProject('Undo test kitchen');
    await page.getByLabel('Fixture to add').selectOption('three-compartment-sink');
    await page.getByRole('button', { name: 'Add fixture' }).click();
    await page.getByLabel('Fixture to add').selectOption('dishwasher');
    await page.getByRole('button', { name: 'Add fixture' }).click();
    // The keyboard goes into the row just added, to Undo once a row is removed, and back into the row Undo restores.
    const focusedRow = () => page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? null);
    await expect.poll(focusedRow).toBe('Fixture 2: Dishwasher');
    await page.getByLabel('Fixture 2 flow (GPM)').fill('17');
    await page.getByRole('button', { name: /^Remove fixture 2/ }).click();
    await expect.poll(() => page.getByRole('listitem', { name: /^Fixture \d/ }).count()).toBe(1);
    await expect.poll(focusedRow).toBe('Undo');
    await page.getByRole('status').filter({ hasText: 'Removed fixture 2 (Dishwasher)' }).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByRole('listitem', { name: /^Fixture \d/ }).count()).toBe(2);
    await expect.poll(focusedRow).toBe('Fixture 2: Dishwasher');
    expect(await page.getByLabel('Fixture 2 flow (GPM)').inputValue()).toBe('17');
    // Saved, then a fixture removed and brought back with nothing else changed: the form is as saved.
    await page.getByRole('button', { name: 'Engineer not known yet' }).click();
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/#\/projects\/\d+$/);
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    await page.getByRole('button', { name: /^Remove fixture 1/ }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Removed fixture 1' }).getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    expect(await page.getByRole('listitem', { name: /^Fixture \d/ }).count()).toBe(2);
  }, 60_000);
});

describe('messages in plain words, all at once', () => {
  it('names three bad fields at the same time, and marks the results as not current', async () => {
    await newProject('Three errors kitchen');
    await page.getByLabel('Fixture to add').selectOption('custom');
    await page.getByRole('button', { name: 'Add fixture' }).click();
    // A custom fixture needs its sizes: said in words, under the fixture.
    await page.getByRole('listitem', { name: /^Fixture 1/ }).getByText('Fixture 1 needs its length, width and depth in inches').waitFor();
    await page.getByLabel('Fixture 1 width (in)').fill('20');
    await page.getByLabel('Fixture 1 depth (in)').fill('10');
    await page.getByLabel('Servings per day').fill('-5');
    await page.getByLabel('Pump-out target (days)').fill('soon');
    await page.getByLabel('Fixture 1 length (in)').fill('long');
    expect(await messageFor(page.getByLabel('Servings per day'))).toBe("Servings per day can't be negative.");
    expect(await messageFor(page.getByLabel('Pump-out target (days)'))).toBe('Pump-out target must be a number of days.');
    expect(await messageFor(page.getByLabel('Fixture 1 length (in)'))).toBe('Fixture 1 length must be a number in inches.');
    expect(await page.locator('.field-error').allInnerTexts()).toHaveLength(3);
    // No field paths anywhere on screen.
    expect(await page.locator('main').innerText()).not.toMatch(/fixtures\.data|servings_per_day|pump_out/);
    expect(await results().getByTestId('results-not-current').innerText()).toMatch(/Not current.*3 marked fields/);
    await screenshot(page, 'editor-three-errors-1366');

    // Saving says how many fields need attention and sends nothing; the results panel counts the
    // same fields (the engineer, not chosen yet, is one more), each a message on the form.
    await page.getByRole('button', { name: 'Create project' }).click();
    const notSaved = page.getByRole('alert').filter({ hasText: /Not saved: \d+ fields need attention/ });
    await notSaved.waitFor();
    expect(page.url()).toMatch(/#\/projects\/new$/);
    const shown = async (where: Locator) => Number(/(\d+) (marked )?fields?/.exec(await where.innerText())?.[1]);
    const marked = await page.locator('.field-error').count();
    expect(marked).toBeGreaterThanOrEqual(3);
    expect(await shown(notSaved)).toBe(marked);
    expect(await shown(results().getByTestId('results-not-current'))).toBe(marked);
    // One fixed: both say one fewer.
    await page.getByLabel('Pump-out target (days)').fill('60');
    await expect.poll(() => shown(notSaved)).toBe(marked - 1);
    expect(await shown(results().getByTestId('results-not-current'))).toBe(marked - 1);
    expect(await page.locator('.field-error').count()).toBe(marked - 1);

    await page.getByLabel('Servings per day').fill('150');
    await page.getByLabel('Pump-out target (days)').fill('60');
    await page.getByLabel('Fixture 1 length (in)').fill('24');
    await settled();
    expect(await results().getByTestId('results-not-current').count()).toBe(0);
  }, 60_000);
});

describe('the engineer field', () => {
  it('keeps typed text on blur, says when nothing matches, and shows why a user matches', async () => {
    const engineer = page.getByRole('combobox', { name: 'Engineer' });
    await engineer.fill('zzqxnobody');
    await page.getByText('No user matches “zzqxnobody”.').waitFor();
    await page.getByLabel('Project name').click();
    expect(await engineer.inputValue()).toBe('zzqxnobody');

    // Enter does not pick a match by itself.
    await engineer.fill('Theo');
    const options = page.getByRole('listbox', { name: 'Matching users' }).getByRole('option');
    await options.first().waitFor();
    expect(await options.first().innerText()).toMatch(/matches (name|company|e-mail)/);
    await engineer.press('Enter');
    expect(await engineer.inputValue()).toBe('Theo');
    await page.getByText(/Not chosen yet/).waitFor();
    await engineer.press('Escape');
    expect(await engineer.inputValue()).toBe('Theo');

    // With the matches open, "add … as a new contact" is not covered by them: a click reaches it.
    await engineer.fill('');
    await engineer.fill('Theo');
    await options.first().waitFor();
    await page.getByRole('button', { name: 'add “Theo” as a new contact' }).click({ timeout: 5_000 });
    expect(await page.getByLabel('Contact name').inputValue()).toBe('Theo');
    await page.getByRole('button', { name: 'Choose an existing user instead' }).click();
  }, 60_000);

  it('saves a project with the engineer not known yet', async () => {
    await page.getByLabel('Project name').fill('Unknown engineer kitchen');
    await page.getByRole('button', { name: 'Engineer not known yet' }).click();
    expect(await page.getByRole('combobox', { name: 'Engineer' }).inputValue()).toBe('Not known yet');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/#\/projects\/\d+$/);
    await page.getByRole('status').filter({ hasText: 'Project created.' }).waitFor();
    // Saved: leaving does not ask.
    const asked = dialogMessages.length;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    await page.waitForURL(/#\/projects$/);
    expect(dialogMessages).toHaveLength(asked);
  }, 60_000);

  it('deletes a draft at once, and Undo brings it back', async () => {
    const unknown = page.getByTestId('project-list').getByRole('link', { name: 'Unknown engineer kitchen' });
    await page.getByLabel('Search projects').fill('Unknown engineer kitchen');
    await unknown.click();
    await page.waitForURL(/#\/projects\/\d+$/);
    const id = Number(/#\/projects\/(\d+)/.exec(page.url())![1]);
    // A note on it, as a sync would bring one: Undo must bring it back too.
    app.engine.store.sqlite.prepare("insert into project_notes (project_id, author, text, created) values (?, 'Reviewer', 'Check the vent.', '2026-01-05T09:00:00.000Z')").run(id);
    const before = await app.engine.projects.get(id, { notes: true, fixtures: true }, { personal: true });
    await page.getByRole('button', { name: 'Delete draft' }).click();
    await page.waitForURL(/#\/projects$/);
    await page.getByRole('status').filter({ hasText: 'Deleted the draft “Unknown engineer kitchen”.' }).getByRole('button', { name: 'Undo' }).click();
    // The same project: its id, version, dates and notes, not a copy.
    await page.waitForURL(new RegExp(`#/projects/${id}$`));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Unknown engineer kitchen');
    expect(await page.getByRole('combobox', { name: 'Engineer' }).inputValue()).toBe('Not known yet');
    expect(await app.engine.projects.get(id, { notes: true, fixtures: true }, { personal: true })).toEqual(before);
  }, 60_000);

  it('creates a new contact typed in with the project', async () => {
    await newProject('New contact kitchen');
    const engineer = page.getByRole('combobox', { name: 'Engineer' });
    await engineer.fill('Rosa Gonzaga-Test');
    await page.getByRole('button', { name: 'add “Rosa Gonzaga-Test” as a new contact' }).click();
    expect(await page.getByLabel('Contact name').inputValue()).toBe('Rosa Gonzaga-Test');
    // The e-mail may follow later, but one typed in must be an address.
    await page.getByLabel('Contact e-mail').fill('rosa at example');
    await page.getByRole('button', { name: 'Create project' }).click();
    expect(await messageFor(page.getByLabel('Contact e-mail'))).toMatch(/e-mail/);
    await page.getByLabel('Contact e-mail').fill('rosa.test@example.com');
    await page.getByLabel('Contact company').fill('Gonzaga Test Engineering');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/#\/projects\/\d+$/);
    const id = Number(/#\/projects\/(\d+)/.exec(page.url())![1]);
    const project = await app.engine.projects.get(id, {}, { personal: true });
    expect(project.engineer).toMatchObject({ name: 'Rosa Gonzaga-Test', email: 'rosa.test@example.com' });
  }, 60_000);
});

describe('the report carries the rep’s details', () => {
  it('saves the details in Settings; the downloaded report PDF prints them', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Your details on reports' });
    await form.getByLabel('Company').fill('Prairie Interceptor Supply');
    await form.getByLabel('Your name').fill('Sam Field');
    await form.getByLabel('E-mail').fill('not an address');
    // Two bad fields: both are named at once, and nothing is saved.
    await form.getByLabel('Phone').fill('5'.repeat(60));
    await form.getByRole('button', { name: 'Save details' }).click();
    expect(await messageFor(form.getByLabel('E-mail'))).toMatch(/Enter an e-mail address/);
    expect(await messageFor(form.getByLabel('Phone'))).toMatch(/at most 50 characters/);
    expect(await form.getByText('Saved: new reports carry these details.').count()).toBe(0);
    await form.getByLabel('Phone').fill('312-555-0199');
    await form.getByLabel('E-mail').fill('sam@prairie.example');
    await form.getByRole('button', { name: 'Save details' }).click();
    await form.getByText('Saved: new reports carry these details.').waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByLabel('Search projects').fill('New contact kitchen');
    await page.getByTestId('project-list').getByRole('link', { name: 'New contact kitchen' }).click();
    await page.getByRole('link', { name: 'Report' }).click();
    await page.locator('article.report[data-ready=true]').waitFor();
    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Export PDF' }).click();
    const file = path.join(os.tmpdir(), `fieldsizer-ui-report-${process.pid}.pdf`);
    await (await downloading).saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    fs.rmSync(file, { force: true });
    expect(text).toContain('Prairie Interceptor Supply');
    expect(text).toContain('sam@prairie.example');
    expect(text).toContain('Rosa Gonzaga-Test');
  }, 180_000);
});
