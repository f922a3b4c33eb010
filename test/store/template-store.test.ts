/**
 * The prepared start-up store (src-main/store/template-store.ts, built by scripts/build-cli.mjs):
 * a first start copies it and holds what loading the embedded data set would have made, table by
 * table; one made from other inputs (a changed data set) is not used, and the first start loads
 * instead, saying why; so does a missing one. A later start never looks at it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { openEngine, type Engine } from '../../src-main/engine/engine.js';
import { defaultResourcesDir } from '../../src-main/store/resource-files.js';
import { defaultTemplateFile, templateInputs } from '../../src-main/store/template-store.js';
import { tempDir } from '../helpers/api-server.js';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function firstStart(options: { templateFile?: string | null; resourcesDir?: string } = {}): Promise<Engine> {
  const dataDir = tempDir();
  cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const engine = await openEngine({ dataDir, ...options });
  cleanup.push(() => engine.close());
  return engine;
}

/**
 * A copy of resources/ whose demo set keeps its first 50 projects (and every user and
 * jurisdiction): another data set, whose load takes seconds where sizing all 6,040 takes a
 * minute on a loaded machine. For the first starts that must load but need not compare.
 */
function smallerDataSet(): string {
  const resourcesDir = tempDir('fieldsizer-resources-');
  cleanup.push(() => fs.rmSync(resourcesDir, { recursive: true, force: true }));
  fs.cpSync(defaultResourcesDir(), resourcesDir, { recursive: true });
  const file = path.join(resourcesDir, 'people.json.gz');
  const people = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) as { projects: unknown[] };
  fs.writeFileSync(file, zlib.gzipSync(JSON.stringify({ ...people, projects: people.projects.slice(0, 50) })));
  return resourcesDir;
}

/** Every table's row count and a digest of its rows (the sync's and the template's own bookkeeping aside). */
function contents(engine: Engine): Record<string, string> {
  const sqlite = engine.store.sqlite;
  const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%_fts%' order by name").pluck().all() as string[];
  const result: Record<string, string> = {};
  for (const table of tables) {
    const rows = sqlite.prepare(`select * from "${table}" ${table === 'meta' ? "where key not like 'template.%'" : ''} order by 1`).all();
    const text = JSON.stringify(rows, (key, value: unknown) => (key === 'timestamp' || key === 'loaded_at' ? undefined : value));
    result[table] = `${rows.length} rows, sha256 ${createHash('sha256').update(text).digest('hex')}`;
  }
  return result;
}

describe('the prepared start-up store', () => {
  it('a first start copies it, and it holds what loading the data set makes', async () => {
    const fromTemplate = await firstStart();
    expect(fromTemplate.firstStart).toBe(true);
    expect(fromTemplate.firstStartFrom).toEqual({ kind: 'template' });
    const loaded = await firstStart({ templateFile: null });
    expect(loaded.firstStartFrom).toEqual({ kind: 'load', reason: null });
    expect(contents(fromTemplate)).toEqual(contents(loaded));
    expect(Number(fromTemplate.store.sqlite.prepare('select count(*) from projects').pluck().get())).toBeGreaterThan(6000);
  }, 240_000);

  it('made from another data set, it is not used: the first start loads, and says why', async () => {
    const resourcesDir = tempDir('fieldsizer-resources-');
    cleanup.push(() => fs.rmSync(resourcesDir, { recursive: true, force: true }));
    fs.cpSync(defaultResourcesDir(), resourcesDir, { recursive: true });
    const file = path.join(resourcesDir, 'territories.json');
    fs.writeFileSync(file, `${fs.readFileSync(file, 'utf8').trimEnd()}\n\n`);
    // That edit alone makes another data set...
    expect(templateInputs(resourcesDir).resources).not.toBe(templateInputs(defaultResourcesDir()).resources);
    // ...and so does a smaller demo set, which the first start then loads in seconds.
    const smaller = smallerDataSet();
    fs.copyFileSync(file, path.join(smaller, 'territories.json'));
    const engine = await firstStart({ resourcesDir: smaller });
    expect(engine.firstStartFrom).toEqual({ kind: 'load', reason: 'the embedded data set (resources/) changed since it was built' });
    expect(Number(engine.store.sqlite.prepare('select count(*) from projects').pluck().get())).toBe(50);
  }, 240_000);

  it('a change to a local authority\'s rules (a file in a sub-folder) counts as another data set', () => {
    const resourcesDir = tempDir('fieldsizer-resources-');
    cleanup.push(() => fs.rmSync(resourcesDir, { recursive: true, force: true }));
    fs.cpSync(defaultResourcesDir(), resourcesDir, { recursive: true });
    const before = templateInputs(resourcesDir).resources;
    expect(templateInputs(defaultResourcesDir()).resources).toBe(before);
    const rules = fs.readdirSync(path.join(resourcesDir, 'authorities')).find((name) => name.endsWith('.json'));
    expect(rules).toBeDefined();
    const file = path.join(resourcesDir, 'authorities', rules!);
    fs.writeFileSync(file, `${fs.readFileSync(file, 'utf8').trimEnd()}\n\n`);
    expect(templateInputs(resourcesDir).resources).not.toBe(before);
  });

  it('missing, it is not needed: the first start loads, and says it was not built', async () => {
    const nowhere = tempDir();
    cleanup.push(() => fs.rmSync(nowhere, { recursive: true, force: true }));
    const engine = await firstStart({ templateFile: path.join(nowhere, 'nothing-here.db'), resourcesDir: smallerDataSet() });
    expect(engine.firstStartFrom).toMatchObject({ kind: 'load', reason: expect.stringMatching(/^it has not been built/) });
  }, 240_000);

  it('a later start opens the store as it is', async () => {
    const engine = await firstStart();
    const dataDir = engine.dataDir;
    await engine.close();
    expect(fs.existsSync(defaultTemplateFile())).toBe(true);
    const again = await openEngine({ dataDir });
    cleanup.push(() => again.close());
    expect(again.firstStart).toBe(false);
    expect(again.firstStartFrom).toBeNull();
  });
});
