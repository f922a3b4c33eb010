/**
 * Settings and sync in a real browser: the local API's keys (shown once, revoked), bad settings
 * refused next to the field, and a sync against the independent spec-only service (a small data set,
 * so the run ends quickly even on a loaded machine), followed on the status bar and the sync screen
 * to its end state.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handWrittenData } from '../helpers/spec-upstream/data.js';
import { startSpecUpstream, type SpecUpstream } from '../helpers/spec-upstream/server.js';
import { screenshot, type UiServer, useAppInBrowser } from '../helpers/ui-browser.js';

let app: UiServer;
let upstream: SpecUpstream;
let page: Page;

beforeAll(async () => {
  upstream = await startSpecUpstream(handWrittenData());
});
afterAll(async () => {
  await upstream?.close();
});
useAppInBrowser((ui) => ({ app, page } = ui));

const statusBar = () => page.getByRole('contentinfo', { name: 'Sync status' });

describe('settings and sync in the browser', () => {
  it('creates an API key with chosen scopes, shows it once, and revokes it', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByLabel('Key name').fill('estimating sheet');
    await keys.getByRole('checkbox', { name: 'projects' }).check();
    await keys.getByLabel('Expires on').fill('2099-12-31');
    await keys.getByRole('button', { name: 'Create key' }).click();
    const secret = await keys.getByTestId('created-key').innerText();
    expect(secret).toMatch(/^fsk_/);
    // Each scope says in one line what it opens; Copy says what it did.
    const scopeHint = await keys.getByRole('checkbox', { name: 'territories' }).getAttribute('aria-describedby');
    expect(await keys.locator(`[id="${scopeHint}"]`).innerText()).toMatch(/territor/i);
    await keys.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => keys.locator('.copied').innerText()).toMatch(/Copied to the clipboard|copy it by hand/);
    // The new key works against the local API, with the scopes chosen.
    const ok = await fetch(`${app.server.url}/api/projects?limit=1`, { headers: { authorization: `Bearer ${secret}` } });
    expect(ok.status).toBe(200);
    const forbidden = await fetch(`${app.server.url}/api/users?limit=1`, { headers: { authorization: `Bearer ${secret}` } });
    expect(forbidden.status).toBe(403);
    await expect.poll(() => keys.getByRole('table').innerText()).toContain('catalog, territories, projects');
    // The expiry is stored and listed (the key stops working from that day, UTC).
    await expect.poll(() => keys.getByRole('row', { name: /estimating sheet/ }).innerText()).toContain('2099-12-31');
    expect((await app.engine.apiKeys.list()).find((k) => k.name === 'estimating sheet')?.expires_at).toBe('2099-12-31T00:00:00.000Z');
    await screenshot(page, 'settings');

    // A key without a name is refused next to the name.
    await keys.getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => keys.locator('.field-error').first().innerText()).toBe('A key needs a name.');

    // Revoking asks first: "Cancel" keeps the key, OK revokes it.
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await keys.getByRole('button', { name: 'Revoke key estimating sheet' }).click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toMatch(/Revoke the key “estimating sheet”\? Programs using it stop working/);
    expect(await keys.getByRole('button', { name: 'Revoke key estimating sheet' }).count()).toBe(1);
    page.once('dialog', (d) => void d.accept());
    await keys.getByRole('button', { name: 'Revoke key estimating sheet' }).click();
    await expect.poll(() => keys.getByRole('button', { name: 'Revoke key estimating sheet' }).count()).toBe(0);
    expect((await fetch(`${app.server.url}/api/projects?limit=1`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);

    // Leaving the screen forgets the secret.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await keys.getByRole('table').waitFor();
    expect(await keys.getByTestId('created-key').count()).toBe(0);
  }, 60_000);

  it('refuses a bad port next to the field and keeps the local API settings', async () => {
    const form = page.getByRole('form', { name: 'Local API' });
    // The browser's server was started on a free port (port 0), nothing holds 8737: the note says
    // where the port came from, not that 8737 was taken.
    const note = await form.getByTestId('port-explained').innerText();
    expect(note).toContain(`started from the command line on port ${new URL(app.server.url).port}`);
    expect(note).not.toMatch(/taken/);
    await form.getByLabel('Port').fill('80');
    await form.getByLabel('Port').press('Enter');
    await expect.poll(() => form.locator('.field-error').innerText()).toBe('Use a port from 1024 to 65535.');
    await form.getByLabel('Port').fill('9123');
    await form.getByRole('button', { name: 'Save local API settings' }).click();
    await page.getByText('Local API settings saved').waitFor();
    expect(await app.engine.store.db.selectFrom('meta').select('value').where('key', '=', 'api.port').executeTakeFirst()).toEqual({ value: '9123' });
  }, 60_000);

  it('syncs with a central service set in the settings; the progress reaches its end state', async () => {
    await expect.poll(() => statusBar().innerText()).toContain('Sync is not set up');
    // With no service set, the sync page promises no automatic sync.
    const here = page.url();
    await page.goto(`${here.split('#')[0]}#/sync`);
    const next = page.locator('dl.facts dt', { hasText: 'Next automatic sync' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => next.innerText()).toBe('none: set the central service and its key first');
    await page.goto(here);
    const form = page.getByRole('form', { name: 'Central service' });
    await form.getByLabel('Central service address').fill('not a url');
    await form.getByRole('button', { name: 'Save sync settings' }).click();
    await expect.poll(() => form.locator('.field-error').innerText()).toContain('Enter the full address');

    await form.getByLabel('Central service address').fill(upstream.url);
    await form.getByLabel('Sync every (minutes)').fill('0');
    await form.getByLabel('API key of the central service').fill(upstream.key);
    await form.getByRole('button', { name: 'Save sync settings' }).click();
    await page.getByText('Sync settings saved.').waitFor();
    await expect.poll(() => statusBar().innerText()).toContain('Ready to sync');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Sync now' }).click();
    // Right after the click the screen may still show the idle state from before the run: wait for
    // the run's own end (idle with phase done); a failure is told in plain words (the next test).
    const state = page.getByTestId('sync-state');
    const outcome = async () => {
      const s = await state.getAttribute('data-state');
      if (s === 'failed') return `failed: ${await page.getByTestId('sync-error').innerText()}`;
      return s === 'idle' && (await state.getAttribute('data-phase')) === 'done' ? 'done' : 'running';
    };
    await expect.poll(outcome, { timeout: 90_000, interval: 250 }).toBe('done');
    expect(await page.getByRole('progressbar', { name: 'Sync progress' }).getAttribute('value')).toBe('100');
    // The summary, and record kinds named as a person would.
    expect(await page.getByTestId('sync-summary').innerText()).toMatch(/^Received [\d,]+ records? · sent \d+ changes? · \d+ waiting to be sent · \d+ conflicts?$/);
    const kinds = await page.getByRole('table', { name: 'Progress by kind of record' }).locator('th').allInnerTexts();
    for (const k of kinds) expect(k).not.toMatch(/[-:_]|^[a-z]/);
    await expect.poll(() => statusBar().innerText()).toContain('Last sync:');
    expect(await statusBar().innerText()).not.toContain('Last sync: never');
    await screenshot(page, 'sync');
  }, 120_000);

  it('shows whether the central service answers, not whether a network is up', async () => {
    const reach = statusBar().getByTestId('reachability');
    await expect.poll(() => reach.getAttribute('data-state')).toBe('reachable');
    expect(await reach.innerText()).toBe('Central service reachable');
    // An address where nothing answers (the discard port on this machine): unreachable, with why.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Central service' });
    await form.getByLabel('Central service address').fill('http://127.0.0.1:9/');
    await form.getByRole('button', { name: 'Save sync settings' }).click();
    await page.getByText('Sync settings saved.').waitFor();
    await expect.poll(() => reach.getAttribute('data-state')).toBe('unreachable');
    expect(await reach.innerText()).toBe('Central service unreachable');
    expect(await reach.getAttribute('title')).toMatch(/cannot be reached|did not answer/);

    // A sync against it fails in plain words, said once, with no socket code, and nothing green beside it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => page.getByTestId('sync-state').getAttribute('data-state'), { timeout: 60_000 }).toBe('failed');
    const error = await page.getByTestId('sync-error').locator('span').innerText();
    expect(error).not.toMatch(/ECONN|ENOTFOUND|ETIMEDOUT|EAI_|undefined/);
    expect(await page.getByRole('main').getByText(error).count()).toBe(1);
    expect(await reach.getAttribute('data-state')).toBe('unreachable');
    expect(await statusBar().innerText()).not.toMatch(/Central service reachable/);
    await screenshot(page, 'sync-failed-1366');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await form.getByLabel('Central service address').fill(upstream.url);
    await form.getByRole('button', { name: 'Save sync settings' }).click();
    await expect.poll(() => reach.getAttribute('data-state')).toBe('reachable');
  }, 60_000);
});
