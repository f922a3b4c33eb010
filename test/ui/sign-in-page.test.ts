/**
 * The browser mode's way in, as a rep meets it: `serve` names a private sign-in page instead of
 * printing the session's secret; opened in Chromium, it lands in the app, signed in, and the secret
 * leaves the address bar at once.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOpenAppPage } from '../../src-main/http/announce.js';
import { launchBrowser, startUiServer, type UiBrowser, type UiServer } from '../helpers/ui-browser.js';

let app: UiServer;
let browser: UiBrowser;
beforeAll(async () => {
  app = await startUiServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('the sign-in page', () => {
  it('opens the app signed in, readable by its owner only, and the secret leaves the address bar', async () => {
    const file = writeOpenAppPage(app.dataDir, app.server.uiUrl);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const page = browser.page;
    await page.goto(pathToFileURL(file).href);
    await page.locator('[data-testid=project-list][data-ready=true]').waitFor();
    expect(page.url()).toBe(`${app.server.url}/#/projects`);
    expect(page.url()).not.toContain(app.server.sessionToken);
    expect(await page.getByRole('heading', { name: 'Projects' }).count()).toBe(1);
  }, 60_000);
});
