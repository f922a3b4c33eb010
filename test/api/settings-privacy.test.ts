/**
 * What the API and the app show of settings that may hold secrets or be tampered with:
 * - the central service's address with credentials in it (https://user:password@host) is shown
 *   with them masked, to any key (a catalog-only key reads GET /api/sync), also once a run failed;
 * - an update address read back from the store (a restored backup, an edited file) is checked
 *   again, as when it was set: a plain-http feed is ignored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPDATES_URL_KEY, readUpdateUrl, writeUpdateUrl } from '../../src-main/updates/update-client.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 0 });
});
afterAll(() => t.close());

describe('the central service address', () => {
  it('is shown with its credentials masked, to a catalog-only key and after a failed run', async () => {
    // Port 9 (discard): nothing answers, so the run fails.
    await t.engine.sync.saveSettings({ upstream_url: 'http://rep:s3cret-pass@127.0.0.1:9/', interval_minutes: 0 }, 'central-key');
    const catalogKey = (await t.engine.apiKeys.create('estimating sheet', ['catalog'])).key;
    await t.engine.sync.syncNow();
    const res = await t.get('/api/sync', { key: catalogKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'sync-status', upstream_url: 'http://***@127.0.0.1:9/', state: 'failed' });
    expect(res.text).not.toContain('s3cret-pass');
    expect(res.text).not.toContain('rep:');
    // The rep's own settings form still has the address as entered.
    expect((await t.engine.sync.settings()).upstream_url).toBe('http://rep:s3cret-pass@127.0.0.1:9/');
  });
});

describe('the update address', () => {
  it('read back from the store is checked again: a plain-http feed is ignored', async () => {
    await writeUpdateUrl(t.engine.store.db, 'https://updates.example.com/fieldsizer');
    expect(await readUpdateUrl(t.engine.store.db)).toBe('https://updates.example.com/fieldsizer');
    // As a restored or edited store would hold it (the settings form refuses it).
    await t.engine.store.db.updateTable('meta').set({ value: 'http://updates.example.net/evil' }).where('key', '=', UPDATES_URL_KEY).execute();
    expect(await readUpdateUrl(t.engine.store.db)).toBeNull();
    await t.engine.store.db.updateTable('meta').set({ value: 'not a url' }).where('key', '=', UPDATES_URL_KEY).execute();
    expect(await readUpdateUrl(t.engine.store.db)).toBeNull();
  });
});
