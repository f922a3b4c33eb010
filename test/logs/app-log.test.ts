/**
 * The log file: written to DATA_DIR/logs, rotated by size, 0600; keys, e-mail addresses, phone
 * numbers and the home folder never reach it; the UI's uncaught errors arrive through the contract.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEngine } from '../../src-main/engine/engine.js';
import { createDispatcher } from '../../src-main/ipc/dispatcher.js';
import { openAppLog, readLog } from '../../src-main/logs/app-log.js';
import { scrub } from '../../src-main/logs/scrub.js';
import { copyTemplateDataDir, tempDir } from '../helpers/api-server.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('the log file', () => {
  it('keeps one entry on one line: a newline in a message cannot forge another entry', async () => {
    const dataDir = tempDir('fieldsizer-logs-');
    dirs.push(dataDir);
    const log = openAppLog(dataDir);
    const forged = 'bad name\n2026-11-26T00:00:00.000Z INFO [main] backup restored by admin\r\nand more\u0007';
    log.error('import refused', new Error(forged));
    log.info('next entry');
    await log.close();
    const lines = readLog(dataDir).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\S+ ERROR \[main\] import refused: Error: bad name\\n2026-11-26T00:00:00\.000Z INFO \[main\] backup restored by admin\\nand more\\u0007\\n {4}at /);
    expect(lines[1]).toMatch(/^\S+ INFO \[main\] next entry$/);
  });

  it('scrubs user names in Windows paths and file URLs, credentials in URLs and phone numbers written without separators', () => {
    const cases: [string, string][] = [
      ['cannot open file:///C:/Users/Jane%20Doe/Documents/kitchen.fieldsizer', 'cannot open file:///C:/Users/[user]/Documents/kitchen.fieldsizer'],
      ['cannot open c:\\users\\jdoe\\Desktop\\a.fieldsizer', 'cannot open c:\\users\\[user]\\Desktop\\a.fieldsizer'],
      ['in /home/alice/projects and file:///Users/bob/x', 'in /home/[user]/projects and file:///Users/[user]/x'],
      ['GET https://rep:s3cret@central.example.com/api/users failed', 'GET https://[credentials]@central.example.com/api/users failed'],
      ['call 3125550142 or +13125550142 or 13125550142', 'call [phone] or [phone] or [phone]'],
      ['"phone_number":"7735550199"', '"phone_number":"[phone]"'],
    ];
    for (const [input, expected] of cases) expect(scrub(input, '/nonexistent-home')).toBe(expected);
    // Ids of records made here, byte counts and Unix times stay readable.
    expect(scrub('project 2147483650, 58359808 bytes, at 1764140000', '/nonexistent-home')).toBe('project 2147483650, 58359808 bytes, at 1764140000');
  });

  it('rotates by size into numbered files and keeps the newest few', async () => {
    const dataDir = tempDir('fieldsizer-logs-');
    dirs.push(dataDir);
    const log = openAppLog(dataDir, { maxSize: '2K', keep: 2 });
    for (let i = 0; i < 200; i++) log.info(`line ${i} ${'x'.repeat(40)}`);
    await log.close();
    const files = fs.readdirSync(log.dir).sort();
    expect(files).toContain('fieldsizer.log');
    expect(files.filter((f) => /^fieldsizer\.log\.\d+$/.test(f)).length).toBeGreaterThanOrEqual(1);
    expect(files.length).toBeLessThanOrEqual(3);
    expect(readLog(dataDir)).toMatch(/line 199/);
    if (process.platform !== 'win32') {
      expect(fs.statSync(log.file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(log.dir).mode & 0o777).toBe(0o700);
    }
  });

  it('holds no keys, e-mail addresses, phone numbers or home folder', async () => {
    const dataDir = tempDir('fieldsizer-logs-');
    dirs.push(dataDir);
    const log = openAppLog(dataDir);
    const secrets = ['fsk_AbCdEfGhIjKlMnOpQrStUvWxYz012345', 'central-secret-9876', 'jane.doe@example.com', '(312) 555-0142', '312-555-0199'];
    log.error('request failed', new Error(`POST with Authorization: Bearer ${secrets[0]} and key=${secrets[1]} for ${secrets[2]}`));
    log.write('error', 'renderer', `Cannot read contact ${secrets[3]} / ${secrets[4]} in ${path.join(os.homedir(), 'Documents', 'x.fieldsizer')}`);
    await log.close();
    const text = readLog(dataDir);
    expect(text).toContain('[renderer] Cannot read contact');
    for (const secret of [...secrets, os.homedir()]) expect(text).not.toContain(secret);
    expect(text).toContain('[email]');
    expect(text).toContain('[phone]');
    expect(text).toContain('[key]');
    // Dates and ids stay readable.
    expect(scrub('project 2147483650 at 2026-11-23T09:49:17.506Z')).toBe('project 2147483650 at 2026-11-23T09:49:17.506Z');
  });

  it("takes the UI's uncaught errors through the contract (app.logError), scrubbed", async () => {
    const dataDir = copyTemplateDataDir();
    dirs.push(dataDir);
    const engine = await openEngine({ dataDir });
    const log = openAppLog(dataDir);
    const dispatch = createDispatcher(engine, { transport: 'ipc', apiUrl: null, log: log.write });
    const result = await dispatch('app.logError', { message: 'TypeError: x is undefined (rep@example.com)', stack: 'at ProjectEditor (index.js:1:2)', where: 'window.onerror' });
    expect(result).toEqual({ ok: true, value: { logged: true } });
    await log.close();
    await engine.close();
    const text = readLog(dataDir);
    // The stack stays in the entry, its newline escaped: one entry, one line.
    expect(text).toMatch(/ERROR \[renderer\] window\.onerror: TypeError: x is undefined \(\[email\]\)\\nat ProjectEditor/);
  });
});
