/**
 * The import layers are held by dependency-cruiser (`.dependency-cruiser.cjs`, run by `npm run
 * lint`). Here the same config cruises a small tree made for the test: each wrong import must be
 * reported under its rule, and the same tree with the imports pointing the right way must pass,
 * so a rule that matched nothing (a path typo, a `.js` import not mapped to its `.ts` file) fails.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const config = path.join(root, '.dependency-cruiser.cjs');
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes the files (path -> source) into a fresh folder with a tsconfig like the project's. */
function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-layers-'));
  dirs.push(dir);
  const tsconfig = { compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true } };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

/** Runs the cruiser as `npm run lint` does (the `err` report, its exit code the number of errors). */
function cruise(dir: string): { status: number | null; report: string } {
  const run = spawnSync(process.execPath, [cli, 'src-main', 'src-shared', 'src-renderer', '--config', config, '--output-type', 'err'], {
    cwd: dir,
    encoding: 'utf8',
  });
  expect(run.error).toBeUndefined();
  // One line per violation: "error <rule>: <from> → <to>" (a circle continues on the next lines).
  return { status: run.status, report: `${run.stdout}${run.stderr}`.replace(/ →\s*\n\s*/g, ' → ') };
}

// Every file exists in both trees; only the direction of the imports differs.
const leaves = {
  'src-shared/schema.ts': 'export const schema = 1;\n',
  'src-main/http/route.ts': "import { rule } from '../engine/rule.js';\nexport const route = rule;\n",
};

describe('the import layers', () => {
  it('reports each wrong import under the rule it breaks, and exits non-zero', () => {
    const dir = tree({
      ...leaves,
      // .js specifiers, as the sources write them, must reach the .ts files.
      'src-renderer/view.ts': "import { rule } from '../src-main/engine/rule.js';\nexport const view = rule;\n",
      'src-shared/types.ts': "import type { Table } from '../src-main/store/table.js';\nexport type Row = Table;\n",
      'src-main/store/table.ts': "import { rule } from '../engine/rule.js';\nexport type Table = { a: number };\nexport const table = rule;\n",
      'src-main/sync/pull.ts': "import { rule } from '../engine/rule.js';\nexport const pull = rule;\n",
      'src-main/engine/rule.ts': "import { route } from '../http/route.js';\nexport const rule = 1;\nexport const seen = () => route;\n",
      // A circle closed by a type import only still counts.
      'src-main/engine/a.ts': "import type { B } from './b.js';\nexport type A = { b?: B };\n",
      'src-main/engine/b.ts': "import type { A } from './a.js';\nexport type B = { a?: A };\n",
    });
    const { status, report } = cruise(dir);
    expect(status).not.toBe(0);
    for (const line of [
      'error renderer-imports-no-main: src-renderer/view.ts → src-main/engine/rule.ts',
      'error shared-imports-no-main: src-shared/types.ts → src-main/store/table.ts',
      'error store-below-engine-and-sync: src-main/store/table.ts → src-main/engine/rule.ts',
      'error sync-imports-no-engine: src-main/sync/pull.ts → src-main/engine/rule.ts',
      'error engine-below-transports: src-main/engine/rule.ts → src-main/http/route.ts',
    ]) {
      expect(report).toContain(line);
    }
    expect(report).toMatch(/error no-circular: src-main\/engine\/(a|b)\.ts → src-main\/engine\/(a|b)\.ts → src-main\/engine\/(a|b)\.ts/);
  });

  it('passes the same tree with every import pointing down', () => {
    const dir = tree({
      ...leaves,
      'src-renderer/view.ts': "import { schema } from '../src-shared/schema.js';\nexport const view = schema;\n",
      'src-shared/types.ts': "export type Row = { a: number };\n",
      'src-main/store/table.ts': "import type { Row } from '../../src-shared/types.js';\nexport type Table = Row;\nexport const table = 1;\n",
      'src-main/sync/pull.ts': "import { table } from '../store/table.js';\nexport const pull = table;\n",
      'src-main/engine/rule.ts': "import { table } from '../store/table.js';\nexport const rule = table;\n",
      'src-main/engine/a.ts': "import type { B } from './b.js';\nexport type A = { b?: B };\n",
      'src-main/engine/b.ts': 'export type B = { n: number };\n',
    });
    const { status, report } = cruise(dir);
    expect(report).not.toMatch(/error /);
    expect(status).toBe(0);
  });
});
