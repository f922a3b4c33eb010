/**
 * `npm run sync` against the spec-only upstream: the summary says local changes are waiting
 * because the central service takes no writes, and lists what was kept with a warning; written
 * to a log, its progress shows each phase of the run.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../../src-main/engine/engine.js';
import { copyTemplateDataDir, tempDir } from '../helpers/api-server.js';
import { handWrittenData } from '../helpers/spec-upstream/data.js';
import { startSpecUpstream, type SpecUpstream } from '../helpers/spec-upstream/server.js';
import { CLI } from '../helpers/cli-process.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
/** The compiled command line, as `npm run …` runs it (test/helpers/cli-process.ts). */
const node = process.execPath;
const cli = CLI;

let up: SpecUpstream;
let dataDir: string;
let keyFile: string;

beforeAll(async () => {
  up = await startSpecUpstream(handWrittenData());
  dataDir = copyTemplateDataDir();
  keyFile = path.join(tempDir(), 'central.key');
  fs.writeFileSync(keyFile, up.key, { mode: 0o600 });
  // A project made here before the sync.
  const engine = await openEngine({ dataDir });
  try {
    await engine.projects.create({ name: 'Offline bakery', engineer: { id: 2 } } as Parameters<typeof engine.projects.create>[0], { personal: true });
  } finally {
    await engine.close();
  }
}, 60_000);
afterAll(async () => {
  await up?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (keyFile) fs.rmSync(path.dirname(keyFile), { recursive: true, force: true });
});

describe('npm run sync', () => {
  it('prints that local changes wait for a central service that takes no writes, and the warnings', async () => {
    const { stdout, stderr } = await run(node, [cli, 'sync', '--data-dir', dataDir, '--upstream', up.url, '--key-file', keyFile], { cwd: root });
    expect(stdout).toMatch(/synced in [\d.]+ s/);
    // Off a terminal, the progress (on stderr) shows every phase of the run, in order, however short.
    const phases = stderr.split('\n').map((line) => /^(\w+) /.exec(line)?.[1]).filter((p) => p !== undefined);
    expect(phases.filter((p, i) => p !== phases[i - 1]), stderr).toEqual(['connecting', 'pushing', 'pulling', 'applying', 'media', 'done']);
    expect(stdout).toContain('unsynced local changes: 1;');
    expect(stdout).toContain('waiting: the central service does not accept changes (1 local change kept here)');
    expect(stdout).toMatch(/warning: products GV-2000-01: listed in \/products, but its detail answers 404/);
    // This service names its pictures on a host of the web this test never reaches: each is counted as failed, and the sync still succeeds.
    const media = /pictures and documents: (\d+) of (\d+) checked, 0 downloaded \(0\.0 MB\), 0 unchanged, (\d+) failed \(tried again next sync\); kept here: 0 files, 0\.0 MB of 1000\.0 MB/.exec(stdout);
    expect(media, stdout).not.toBeNull();
    expect(new Set(media!.slice(1, 4)).size).toBe(1);
    expect(Number(media![1])).toBeGreaterThan(0);
  }, 120_000);

  it('says how many bytes travelled and how many of JSON they were, when the service compresses', async () => {
    up.quirks.compress = { coding: 'gzip', anyway: false };
    up.data.products.find((p) => p.part_number === 'HM-20-01')!.short_name = 'HM-20 (gz)';
    const { stdout } = await run(node, [cli, 'sync', '--data-dir', dataDir], { cwd: root });
    expect(stdout).toMatch(/synced in [\d.]+ s, \d+ requests, [\d.]+ MB on the wire \([\d.]+ MB of JSON, compressed [\d.]+×\)/);
  }, 120_000);

  it('a service answering empty lists: exit 1, nothing changed, what it saw printed; --allow-mass-delete applies it', async () => {
    up.quirks.emptyLists = true;
    const count = async () => {
      const engine = await openEngine({ dataDir });
      try {
        return engine.store.sqlite.prepare("select count(*) from products where origin = 'upstream'").pluck().get() as number;
      } finally {
        await engine.close();
      }
    };
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const failed = await run(node, [cli, 'sync', '--data-dir', dataDir], { cwd: root }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(`The central service now lists far fewer records than this computer holds from it (products ${before} → 0,`);
    expect(failed?.stderr).toContain('run the sync with --allow-mass-delete');
    expect(await count()).toBe(before);
    const { stdout } = await run(node, [cli, 'sync', '--data-dir', dataDir, '--allow-mass-delete'], { cwd: root });
    expect(stdout).toMatch(/synced in [\d.]+ s/);
    expect(await count()).toBe(0);
  }, 180_000);
});
