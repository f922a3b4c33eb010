/**
 * `build-template --out FILE`: the prepared start-up store (store/template-store.ts), made by
 * scripts/build-cli.mjs at install and whenever its inputs change; not a command for reps.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { openEngine } from '../engine/engine.js';
import { defaultResourcesDir } from '../store/resource-files.js';
import { TEMPLATE_META_KEY, templateInputs } from '../store/template-store.js';

export function registerBuildCommands(program: Command): void {
  program
    .command('build-template', { hidden: true })
    .description('load and size the embedded data set once, into the store a first start copies')
    .requiredOption('--out <file>', 'where to write it')
    .action(async (options: { out: string }) => {
      const started = performance.now();
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-template-'));
      try {
        const engine = await openEngine({ dataDir: work, templateFile: null });
        try {
          const value = JSON.stringify(templateInputs(defaultResourcesDir()));
          await engine.store.db.insertInto('meta').values({ key: TEMPLATE_META_KEY, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
          // One self-contained file: the WAL folded in, no journal beside it.
          engine.store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
          engine.store.sqlite.pragma('journal_mode = DELETE');
        } finally {
          await engine.close();
        }
        fs.mkdirSync(path.dirname(options.out), { recursive: true });
        fs.copyFileSync(path.join(work, 'fieldsizer.db'), `${options.out}.partial`);
        fs.renameSync(`${options.out}.partial`, options.out);
        console.error(`prepared ${options.out} in ${Math.round(performance.now() - started)} ms`);
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    });
}
