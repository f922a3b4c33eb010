/**
 * The sync screen against a central service that takes no writes (the spec-only upstream): local
 * changes are shown waiting, in those words, on the screen and the status bar; and keeping theirs
 * where the service no longer has the project asks first, saying it deletes the only copy.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handWrittenData } from '../helpers/spec-upstream/data.js';
import { startSpecUpstream, type SpecUpstream } from '../helpers/spec-upstream/server.js';
import { screenshot, type UiServer, useAppInBrowser } from '../helpers/ui-browser.js';
import { recordConflict } from '../../src-main/sync/sync-state.js';

let app: UiServer;
let up: SpecUpstream;
let page: Page;

beforeAll(async () => {
  up = await startSpecUpstream(handWrittenData());
});
afterAll(async () => {
  await up?.close();
});
useAppInBrowser((ui) => ({ app, page } = ui), {
  prepare: (started) => started.engine.sync.saveSettings({ upstream_url: up.url, interval_minutes: 0 }, up.key),
});

const statusBar = () => page.getByRole('contentinfo', { name: 'Sync status' });

describe('sync against a central service without writes', () => {
  it('shows local changes waiting, in plain words, on the sync screen and the status bar', async () => {
    // A project made here, before the sync.
    const made = await app.engine.projects.create({ name: 'Offline noodle bar', engineer: { id: 2 } } as Parameters<typeof app.engine.projects.create>[0], { personal: true });
    expect(made.id).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Sync now' }).click();
    const state = page.getByTestId('sync-state');
    await expect.poll(async () => `${await state.getAttribute('data-state')}/${await state.getAttribute('data-phase')}`, { timeout: 60_000, interval: 250 }).toBe('idle/done');
    const waiting = page.getByTestId('sync-waiting');
    await expect.poll(() => waiting.innerText()).toContain('waiting: the central service does not accept changes');
    expect(await waiting.innerText()).toContain('1 local change');
    await expect.poll(() => statusBar().innerText()).toContain('(waiting: the central service does not accept changes)');
    await screenshot(page, 'sync-waiting');
  }, 90_000);

  it('keeping theirs where the service no longer has the project asks first, saying it deletes the only copy', async () => {
    const id = 1001;
    const mine = await app.engine.projects.get(id, { fixtures: true }, { personal: true });
    await recordConflict(app.engine.store.db, { project_id: id, name: mine.name, mine: mine as unknown as Record<string, unknown>, theirs: { deleted: true }, detected_at: new Date().toISOString() }, null);
    await page.reload();
    await page.locator('[data-testid=project-list][data-ready=true]').or(page.getByTestId('sync-state')).first().waitFor();
    const conflicts = page.getByRole('region', { name: /Conflicts/ });
    await expect.poll(() => conflicts.innerText()).toContain(mine.name);

    const dialogs: string[] = [];
    // Declined: nothing is deleted.
    page.once('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await conflicts.getByRole('button', { name: 'Keep theirs' }).click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toContain('only copy');
    expect(dialogs[0]).toContain(mine.name);
    expect((await app.engine.sync.conflicts()).map((c) => c.project_id)).toEqual([id]);
    await expect(app.engine.projects.get(id, {}, { personal: true })).resolves.toMatchObject({ id });

    // Accepted: the copy here goes, and the conflict with it.
    page.once('dialog', (d) => void d.accept());
    await conflicts.getByRole('button', { name: 'Keep theirs' }).click();
    await expect.poll(async () => (await app.engine.sync.conflicts()).length).toBe(0);
    await expect(app.engine.projects.get(id, {}, { personal: true })).rejects.toMatchObject({ status: 404 });
    await expect.poll(() => conflicts.innerText()).toContain('No conflicts');
  }, 90_000);
});
