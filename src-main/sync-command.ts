/**
 * `npm run sync -- --data-dir DIR --upstream URL --key-file F`: one sync from the command line,
 * with a progress bar and a summary. The key is read from a file so it never shows in the
 * process list or the shell history.
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import { openEngine } from './engine/engine.js';
import { defaultDataDir } from './engine/data-dir.js';
import { describeBytes, type SyncStatus } from '../src-shared/sync.js';

export function registerSyncCommand(program: Command): void {
  program
    .command('sync')
    .description('sync a data directory with the central service once')
    .option('--data-dir <dir>', 'data directory', defaultDataDir())
    .option('--upstream <url>', 'base URL of the central service (saved in the settings)')
    .option('--key-file <file>', 'file holding the central service key (saved beside the store, mode 0600)')
    .option('--allow-mass-delete', 'apply a run that removes more than half (or over 100) of the products, territories, users or projects held from the service')
    .action(async (options: { dataDir: string; upstream?: string; keyFile?: string; allowMassDelete?: boolean }) => {
      const engine = await openEngine({ dataDir: options.dataDir });
      try {
        if (options.upstream || options.keyFile) {
          const settings = await engine.sync.settings();
          const key = options.keyFile ? fs.readFileSync(options.keyFile, 'utf8').trim() : undefined;
          await engine.sync.saveSettings({ upstream_url: options.upstream ?? settings.upstream_url, interval_minutes: settings.interval_minutes }, key);
        }
        // Loaded by this command, not by every start of the command line (serve).
        const { default: cliProgress } = await import('cli-progress');
        const bar = new cliProgress.SingleBar(
          { format: '{phase} {bar} {done}/{total} {resource} | {mb} MB', hideCursor: true, noTTYOutput: true, notTTYSchedule: 500 },
          cliProgress.Presets.shades_classic,
        );
        bar.start(1, 0, { phase: 'connecting', resource: '', done: 0, total: '?', mb: '0.0' });
        // Off a terminal (a log, a pipe) the bar prints a line every half second, and a phase
        // shorter than that (the write of a small sync) would not show: a new phase prints at once.
        const toLog = !process.stderr.isTTY;
        let shownPhase = 'connecting';
        // Resources are pulled together: the bar counts records over all of them.
        const onStatus = (s: SyncStatus) => {
          const done = s.progress.reduce((n, p) => n + p.done, 0);
          const total = s.progress.reduce((n, p) => n + (p.total ?? p.done), 0);
          const unfinished = s.progress.filter((p) => p.total === null || p.done < p.total).map((p) => p.resource);
          bar.setTotal(Math.max(1, total));
          const phase = s.phase ?? s.state;
          bar.update(done, { phase: phase.padEnd(10), resource: unfinished.join(', '), done, total: total || '?', mb: (s.bytes / 1e6).toFixed(1) });
          // (The last line, the run's end, is the stop's.)
          if (toLog && phase !== shownPhase && s.state === 'running') bar.render();
          shownPhase = phase;
        };
        engine.sync.on('status', onStatus);
        const started = performance.now();
        await engine.sync.syncNow({ allowMassDelete: options.allowMassDelete === true });
        bar.stop();
        engine.sync.off('status', onStatus);
        const s = engine.sync.status();
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        if (s.last_error) {
          console.error(`sync failed after ${seconds} s: ${s.last_error.message}`);
          const moved = s.last_error.details?.moved_to;
          if (moved) console.error(`to sync with the new address: npm run sync -- --upstream ${moved}`);
          process.exitCode = 1;
          return;
        }
        const counts = s.progress.map((p) => `${p.done} ${p.resource}`).join(', ');
        console.log(`synced in ${seconds} s, ${s.requests} requests, ${describeBytes(s.bytes, s.bytes_decoded)}: ${counts}`);
        if (s.moved_to) console.log(`the central service says it has moved to ${s.moved_to}: npm run sync -- --upstream ${s.moved_to}`);
        console.log(`unsynced local changes: ${s.unsynced_changes}; conflicts: ${s.conflicts}; records set aside: ${s.rejected}; warnings: ${s.warnings}`);
        if (s.media) {
          const m = s.media;
          const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
          // A media failure never fails the run: it is counted here and tried again by the next sync.
          console.log(
            `pictures and documents: ${m.done} of ${m.total} checked, ${m.fetched} downloaded (${mb(m.bytes)}), ${m.unchanged} unchanged, ${m.failed} failed${m.failed > 0 ? ' (tried again next sync)' : ''}; kept here: ${m.store_files} files, ${mb(m.store_bytes)} of ${mb(m.budget_bytes)}`,
          );
        }
        if (s.waiting && s.unsynced_changes > 0) console.log(`${s.waiting} (${s.unsynced_changes} local change${s.unsynced_changes === 1 ? '' : 's'} kept here)`);
        const issues = await engine.sync.issues();
        for (const i of issues.slice(0, 10)) console.log(`  ${i.kind === 'rejected' ? 'set aside' : 'warning'}: ${i.resource} ${i.key}: ${i.reason}`);
        if (issues.length > 10) console.log(`  … and ${issues.length - 10} more (GET /api/sync/issues)`);
      } finally {
        await engine.close();
      }
    });
}

