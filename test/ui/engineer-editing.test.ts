/**
 * The engineer in the editor (issue 30), in a real browser against the headless server: an
 * engineer known only by name (off the drawings' title block) saves, the sync screen says the
 * project waits for the engineer's e-mail, the e-mail is filled in later; a saved Draft's engineer
 * changes; a submitted project's engineer field is locked and says why.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, screenshot, startUiServer, type UiBrowser, type UiServer, messageOf, LAPTOP_VIEWPORT } from '../helpers/ui-browser.js';
import { peopleIndex } from '../helpers/resources.js';

let app: UiServer;
let browser: UiBrowser;
let page: Page;
const people = peopleIndex();
const home = people.seed.jurisdictions.find((j) => j.inside_trap_locations.includes('kitchen') && j.zip_codes.length > 0)!;
const [firstUser, secondUser] = people.seed.users.filter((u) => u.name.split(' ').length >= 2);

beforeAll(async () => {
  app = await startUiServer();
  browser = await launchBrowser();
  page = await openApp(browser, app, LAPTOP_VIEWPORT);
  page.on('dialog', (dialog) => void dialog.accept());
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const mainLink = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
const projectId = () => Number(/#\/projects\/(\d+)/.exec(page.url())![1]);
const engineerOf = async (id: number) => (await app.engine.projects.get(id, {}, { personal: true })).engineer;

async function openProject(id: number) {
  await page.evaluate((hash) => (window.location.hash = hash), `#/projects/${id}`);
  await page.waitForURL(new RegExp(`#/projects/${id}$`));
  await page.getByLabel('Project name').waitFor();
}

describe('the engineer in the editor', () => {
  it('saves an engineer known only by name; the sync screen says it waits for the e-mail; the e-mail is filled in later', async () => {
    await mainLink('Projects').click();
    await page.locator('[data-testid=project-list][data-ready=true]').waitFor();
    await page.getByRole('link', { name: 'New project' }).click();
    await page.getByLabel('Project name').fill('Title block kitchen');
    await page.getByRole('combobox', { name: 'Engineer' }).fill('Dana Titleblock');
    await page.getByRole('button', { name: 'add “Dana Titleblock” as a new contact' }).click();
    await page.getByLabel('Contact company').fill('Titleblock PE');
    // No e-mail: saved all the same.
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/#\/projects\/\d+$/);
    await page.getByRole('status').filter({ hasText: 'Project created.' }).waitFor();
    const id = projectId();
    const saved = await engineerOf(id);
    expect(saved).toMatchObject({ name: 'Dana Titleblock', email: '' });

    // The saved project offers the e-mail to fill in.
    const fill = page.getByTestId('engineer-fill');
    await fill.waitFor();
    expect(await fill.innerText()).toMatch(/Dana Titleblock: e-mail not known yet/);
    await fill.scrollIntoViewIfNeeded();
    await screenshot(page, 'engineer-fill-later');

    // The sync screen names the project that waits, and why.
    await mainLink('Sync').click();
    const held = page.getByTestId('sync-held');
    await held.waitFor();
    await screenshot(page, 'sync-held-engineer-email');
    expect(await held.innerText()).toContain('Project "Title block kitchen" needs the engineer\'s e-mail');

    await openProject(id);
    await page.getByLabel("Engineer's e-mail").fill('not an address');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await messageOf(page, page.getByLabel("Engineer's e-mail"))).toMatch(/e-mail/);
    expect((await engineerOf(id)).email).toBe('');
    await page.getByLabel("Engineer's e-mail").fill('dana@titleblock.example');
    await page.getByLabel("Engineer's company").fill('Titleblock Engineering PE');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();
    expect(await engineerOf(id)).toMatchObject({ id: saved.id, name: 'Dana Titleblock', email: 'dana@titleblock.example' });
    expect(app.engine.store.sqlite.prepare('select company from users where id = ?').pluck().get(saved.id)).toBe('Titleblock Engineering PE');
    await fill.waitFor({ state: 'detached' });

    await mainLink('Sync').click();
    await page.getByTestId('sync-state').waitFor();
    await held.waitFor({ state: 'detached' });
  }, 120_000);

  it("changes a saved Draft's engineer", async () => {
    const draft = await app.engine.projects.create({ name: 'Engineer swap kitchen', engineer: { id: firstUser!.id } }, { personal: true });
    await openProject(draft.id);
    const engineer = page.getByRole('combobox', { name: 'Engineer' });
    expect(await engineer.isEnabled()).toBe(true);
    expect(await engineer.inputValue()).toBe(firstUser!.name);
    await engineer.fill(secondUser!.name);
    const option = page.getByRole('listbox', { name: 'Matching users' }).getByRole('option').filter({ hasText: secondUser!.name }).first();
    await option.click();
    expect(await engineer.inputValue()).toBe(secondUser!.name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();
    expect((await engineerOf(draft.id)).id).toBe(secondUser!.id);
  }, 120_000);

  it('going from one project to another, never shows the first one\'s form as the second while it loads', async () => {
    const first = await app.engine.projects.create({ name: 'Left kitchen', engineer: { id: firstUser!.id } }, { personal: true });
    const second = await app.engine.projects.create({ name: 'Arriving kitchen', engineer: { id: secondUser!.id } }, { personal: true });
    await openProject(first.id);
    expect(await page.getByLabel('Project name').inputValue()).toBe('Left kitchen');
    // The second project's answer held back, as on a busy machine.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/bridge/projects.get', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.evaluate((hash) => (window.location.hash = hash), `#/projects/${second.id}`);
      await page.waitForURL(new RegExp(`#/projects/${second.id}$`));
      // Until it comes the editor says it is loading; no form (the first project's) stands in.
      await page.getByText('Loading project…').waitFor();
      expect(await page.getByLabel('Project name').count()).toBe(0);
    } finally {
      release();
    }
    await page.getByLabel('Project name').waitFor();
    // Once the held answer has gone through (an unroute before it would handle the route twice).
    await page.unroute('**/bridge/projects.get');
    expect(await page.getByLabel('Project name').inputValue()).toBe('Arriving kitchen');
    expect(await page.getByRole('combobox', { name: 'Engineer' }).inputValue()).toBe(secondUser!.name);
  }, 120_000);

  it('locks the engineer of a submitted project and says why', async () => {
    const p = await app.engine.projects.create(
      { name: 'Submitted kitchen', engineer: { id: firstUser!.id }, address: { street: '1 Review Way', city: 'Testville', state: home.state, postal_code: home.zip_codes[0]! } },
      { personal: true },
    );
    await app.engine.projects.changeStatus(p.id, 'Submitted', ['user'], undefined, { personal: true });
    await openProject(p.id);
    const engineer = page.getByRole('combobox', { name: 'Engineer' });
    expect(await engineer.isDisabled()).toBe(true);
    const why = page.getByTestId('engineer-locked');
    await why.scrollIntoViewIfNeeded();
    await screenshot(page, 'engineer-locked-submitted');
    expect(await why.innerText()).toMatch(/^Fixed once the project was submitted for review/);
    expect(await why.innerText()).toContain('Withdraw it to Draft');
    expect((await engineerOf(p.id)).id).toBe(firstUser!.id);
  }, 120_000);
});
