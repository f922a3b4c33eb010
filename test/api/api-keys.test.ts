/**
 * API keys across processes and time: a key revoked by `npm run keys` (another process) is
 * refused by the running server at the next request; keys may expire, and the CLI makes, lists
 * and explains them.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { parseExpiry } from '../../src-main/engine/api-keys.js';
import { DATABASE_FILE } from '../../src-main/store/open-store.js';
import { openSqlite } from '../../src-main/store/sqlite.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { CLI } from '../helpers/cli-process.js';

const root = path.resolve(import.meta.dirname, '../..');
/** The compiled command line, as `npm run …` runs it (test/helpers/cli-process.ts). */
const node = process.execPath;
const cli = CLI;
const run = promisify(execFile);
const keysCli = (...args: string[]) => run(node, [cli, 'keys', ...args, '--data-dir', t.dataDir], { cwd: root });

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 0 });
});
afterAll(async () => t?.close());

const territories = (key: string) => t.get('/territories?limit=1', { key });

function expect401(res: { status: number; body: unknown }, code: string) {
  expect(res.status).toBe(401);
  expect(apiError.parse(res.body).code).toBe(code);
}

describe('revocation reaches the running server', () => {
  it('a key revoked with `npm run keys -- revoke` in another process is refused at the next request', async () => {
    const k = await t.engine.apiKeys.create('revoked elsewhere', ['territories']);
    // Used, so the server holds it in its cache.
    expect((await territories(k.key)).status).toBe(200);
    expect((await territories(k.key)).status).toBe(200);
    const out = await keysCli('revoke', String(k.id));
    expect(out.stdout).toContain(`key ${k.id} revoked`);
    expect401(await territories(k.key), 'invalid_api_key');
    // Other keys are unaffected.
    expect((await territories(t.key)).status).toBe(200);
  });

  it('a key revoked by a direct write of another connection is refused at the next request too', async () => {
    const k = await t.engine.apiKeys.create('revoked by sql', ['territories']);
    expect((await territories(k.key)).status).toBe(200);
    const other = openSqlite(path.join(t.dataDir, DATABASE_FILE));
    try {
      other.prepare('update api_keys set revoked_at = ? where id = ?').run(new Date().toISOString(), k.id);
    } finally {
      other.close();
    }
    expect401(await territories(k.key), 'invalid_api_key');
  });
});

describe('expiry', () => {
  it('`keys create --expires` makes a key that works until then, and `keys list` shows when', async () => {
    const created = await keysCli('create', '--name', 'month key', '--scopes', 'territories', '--expires', '30d');
    const key = created.stdout.trim().split('\n').pop()!;
    const expiresAt = /expires (\S+):/.exec(created.stdout)?.[1];
    expect(expiresAt).toBeDefined();
    const days = (Date.parse(expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await territories(key)).status).toBe(200);
    const listed = await keysCli('list');
    expect(listed.stdout).toMatch(new RegExp(`month key\\t.*\\texpires ${expiresAt!.replace(/\./g, '\\.')}`));
  });

  it('once its time has passed, the key is refused 401 expired_api_key, and `keys list` says expired', async () => {
    const k = await t.engine.apiKeys.create('short key', ['territories'], '2099-01-01');
    expect(k.expires_at).toBe('2099-01-01T00:00:00.000Z');
    expect((await territories(k.key)).status).toBe(200);
    // Time passing, as another process's write of the expiry: the cached key must not outlive it.
    const past = new Date(Date.now() - 1000).toISOString();
    const other = openSqlite(path.join(t.dataDir, DATABASE_FILE));
    try {
      other.prepare('update api_keys set expires_at = ? where id = ?').run(past, k.id);
    } finally {
      other.close();
    }
    const res = await territories(k.key);
    expect401(res, 'expired_api_key');
    expect(apiError.parse(res.body).message).toContain(past);
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
    expect((await keysCli('list')).stdout).toMatch(new RegExp(`short key\\t.*\\texpired ${past.replace(/\./g, '\\.')}`));
  });

  it('refuses an expiry that is not one, or has passed, with what to write instead', async () => {
    // Every form is covered by parseExpiry's own cases below; this one goes through the CLI.
    await expect(keysCli('create', '--name', 'bad', '--expires', '2020-01-01')).rejects.toMatchObject({ stderr: expect.stringContaining('has already passed') });
    await expect(t.engine.apiKeys.create('bad', ['catalog'], 'tomorrow')).rejects.toMatchObject({ code: 'invalid_parameter', param: 'expires' });
    expect((await t.engine.apiKeys.list()).some((k) => k.name === 'bad')).toBe(false);
  });
});

describe('parseExpiry', () => {
  const now = Date.parse('2026-06-15T12:00:00Z');
  it.each([
    ['30d', '2026-07-15T12:00:00.000Z'],
    ['12h', '2026-06-16T00:00:00.000Z'],
    ['90m', '2026-06-15T13:30:00.000Z'],
    ['2w', '2026-06-29T12:00:00.000Z'],
    ['2027-01-31', '2027-01-31T00:00:00.000Z'],
    ['2027-01-31T18:00Z', '2027-01-31T18:00:00.000Z'],
    ['2027-01-31T18:00:00+01:00', '2027-01-31T17:00:00.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(parseExpiry(text, now)).toBe(iso);
  });

  it.each(['', 'never', '30 days', '-1d', '0d', '2026-06-15', '2027-13-45', '2027-01-31T18:00', '1e9d', '999999d'])('refuses %j', (text) => {
    expect(() => parseExpiry(text, now)).toThrow(/expir/);
  });
});
