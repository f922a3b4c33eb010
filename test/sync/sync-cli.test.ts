/**
 * `npm run sync` against the spec-only upstream: the summary says local changes are waiting
 * because the central service takes no writes, and lists what was kept with a warning.
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
});

describe('npm run sync', () => {
  it('prints that local changes wait for a central service that takes no writes, and the warnings', async () => {
    const { stdout } = await run(node, [cli, 'sync', '--data-dir', dataDir, '--upstream', up.url, '--key-file', keyFile], { cwd: root });
    expect(stdout).toMatch(/synced in [\d.]+ s/);
    expect(stdout).toContain('unsynced local changes: 1;');
    expect(stdout).toContain('waiting: the central service does not accept changes (1 local change kept here)');
    expect(stdout).toMatch(/warning: products GV-2000-01: listed in \/products, but its detail answers 404/);
  }, 120_000);
});
