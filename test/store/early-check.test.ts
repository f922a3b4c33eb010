/**
 * The store's check begun before the host's code has loaded (store/store-check.ts, what `serve`
 * and the desktop app do at every start): a damaged store is refused exactly as when the open
 * checks it itself, whether the worker found the damage or the file was damaged or replaced after
 * the worker found it sound; a sound store opens on the worker's word.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src-main/store/open-store.js';
import { spareCore, startStoreCheck } from '../../src-main/store/store-check.js';
import { runCli } from '../helpers/cli-process.js';
import { damageMiddlePage, openError, scratchStores } from './helpers.js';

const { cleanup, folder } = scratchStores();

describe('the store check begun early, in a worker thread', () => {
  it('finds a damaged page itself, and the open refuses the store, naming the file', async () => {
    const { dataDir, file } = folder();
    damageMiddlePage(file);
    const check = startStoreCheck(dataDir);
    const verdict = await check.verdict();
    // SQLite either lists the bad pages or stops the check with SQLITE_CORRUPT's own words.
    const found = 'problems' in verdict ? verdict.problems.join('; ') : verdict.failed;
    expect(found).toMatch(/malformed|corrupt|page/i);
    const error = await openError(openStore(dataDir, { earlyCheck: check }));
    expect(error.problem).toBe('damaged');
    expect(error.message).toContain(file);
  });

  it('found a sound store sound: it opens, and the store is sound', async () => {
    const { dataDir } = folder();
    const check = startStoreCheck(dataDir);
    expect(await check.verdict()).toMatchObject({ problems: [] });
    const store = await openStore(dataDir, { earlyCheck: check });
    cleanup.push(() => store.close());
    expect(store.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('a sound verdict counts for nothing once the file was damaged in place after it', async () => {
    const { dataDir, file } = folder();
    const check = startStoreCheck(dataDir);
    expect(await check.verdict()).toMatchObject({ problems: [] });
    damageMiddlePage(file);
    const error = await openError(openStore(dataDir, { earlyCheck: check }));
    expect(error.problem).toBe('damaged');
  });

  it('a sound verdict counts for nothing once another file took the store\'s place', async () => {
    const { dataDir, file } = folder();
    const check = startStoreCheck(dataDir);
    expect(await check.verdict()).toMatchObject({ problems: [] });
    // A damaged copy moved over it, as a restore or a file-sync tool would: same name, same size.
    const copy = `${file}.incoming`;
    fs.copyFileSync(file, copy);
    damageMiddlePage(copy);
    fs.renameSync(copy, file);
    const error = await openError(openStore(dataDir, { earlyCheck: check }));
    expect(error.problem).toBe('damaged');
  });

  it('serve (which begins the check before its code loads when a core is spare) still refuses a damaged store and says so', async () => {
    const { dataDir, file } = folder();
    damageMiddlePage(file);
    const result = await runCli(['serve', '--data-dir', dataDir, '--port', '0']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`The database ${file} is damaged`);
    expect(result.stderr).toContain('It was moved to');
    expect(result.stdout).not.toMatch(/listening on/);
  }, 120_000);

  it('is begun only with a core to spare: the worker costs CPU of its own', () => {
    expect(spareCore(2, 0.4)).toBe(true);
    expect(spareCore(4, 2.5)).toBe(true);
    expect(spareCore(2, 1.5)).toBe(false);
    expect(spareCore(2, 9)).toBe(false);
    expect(spareCore(1, 0)).toBe(false);
  });
});
