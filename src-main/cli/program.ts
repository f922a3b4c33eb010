/**
 * The headless command line's commands: `serve` runs the engine and the local API under plain
 * Node; `keys` creates, lists and revokes API keys of a data directory. Started by src-main/cli.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command, InvalidArgumentError, Option } from 'commander';
import { API_SCOPES } from '../../src-shared/api/scopes.js';
import { openEngine } from '../engine/engine.js';
import { openOwnedEngine, StartCancelled } from '../engine/owned-engine.js';
import { openAppLog } from '../logs/app-log.js';
import { registerSyncCommand } from '../sync-command.js';
import { registerDataCommands } from './data-commands.js';
import { defaultDataDir, describeApiKeyState, ensureApiKey } from '../engine/data-dir.js';
import { ApiError } from '../engine/errors.js';
import { DEFAULT_RATE_LIMIT_PER_MINUTE, startServer } from '../http/server.js';
import { announceApiAddress, writeOpenAppPage } from '../http/announce.js';
import { appRoot } from '../app-root.js';
import { registerBuildCommands } from './build-commands.js';
import type { EarlyStoreCheck } from '../store/store-check.js';

function wholeNumber(max: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) > max) throw new InvalidArgumentError(`expected a whole number from 0 to ${max}`);
    return Number(value);
  };
}

/** How long a stop may take before the process quits anyway (a sync that will not end, a stuck close). */
const STOP_LIMIT_MS = 20_000;

/** The renderer build (`npm run build:renderer`), served at / when present. */
const RENDERER_DIR = path.join(appRoot(), 'out', 'renderer');

const dataDirOption = () => new Option('--data-dir <dir>', 'data directory').default(defaultDataDir());

/** `serve`'s store check, begun by the entry before this code loaded (runCommandLine). */
let earlyStoreCheck: EarlyStoreCheck | null = null;

const program = new Command('fieldsizer').description('Fieldsizer engine and local service API, headless').showHelpAfterError();

program
  .command('serve')
  .description('run the engine and serve the API on 127.0.0.1')
  .addOption(dataDirOption())
  .addOption(new Option('--port <port>', 'port to listen on (0 = any free port)').default(8737).argParser(wholeNumber(65535)))
  .addOption(
    new Option('--rate-limit <n>', 'requests per minute per key (0 = no limit)').default(DEFAULT_RATE_LIMIT_PER_MINUTE).argParser(wholeNumber(1e9)),
  )
  .option('--log', 'log every request')
  .action(async (options: { dataDir: string; port: number; rateLimit: number; log?: boolean }) => {
    const started = performance.now();
    const { engine, lock } = await openOwnedEngine(
      { dataDir: options.dataDir, owner: 'serve', storeCheck: earlyStoreCheck, onLockLost: (e) => console.error(`warning: ${e.message}`) },
      async (report) => {
        const dir = JSON.stringify(options.dataDir);
        const { describeDamage } = await import('../engine/recovery.js');
        console.error(
          describeDamage(
            report,
            [
              'To go on, either restore the last good backup:',
              `  npm run restore -- --data-dir ${dir} --latest`,
              'or start serve again to begin from the embedded data set.',
              report.salvageFile ? `Then import the salvaged projects:\n  npm run import -- --data-dir ${dir} ${JSON.stringify(report.salvageFile)}` : '',
            ]
              .filter(Boolean)
              .join('\n'),
          ),
        );
        return 'quit';
      },
    );
    const log = openAppLog(options.dataDir);
    log.info(`serve started on ${engine.store.file}${engine.firstStart ? ' (first start)' : ''}`);
    engine.backups.startDaily((error) => log.error('daily backup failed', error));
    if (engine.firstStartFrom) {
      const how = engine.firstStartFrom.kind === 'template' ? ' (a copy of the prepared start-up store)' : '';
      console.log(`created ${engine.store.file} with the embedded data set in ${Math.round(performance.now() - started)} ms${how}`);
      if (engine.firstStartFrom.kind === 'load' && engine.firstStartFrom.reason) {
        console.log(`the prepared start-up store was not used: ${engine.firstStartFrom.reason} (npm run build:cli prepares it again)`);
      }
    }
    const keyMessage = describeApiKeyState(await ensureApiKey(engine), options.dataDir);
    if (keyMessage) console.log(keyMessage);
    const server = await startServer(engine, options.port, { rateLimitPerMinute: options.rateLimit, logger: options.log ?? false, rendererDir: RENDERER_DIR, log: log.write }).catch(
      async (error: unknown) => {
        await engine.close();
        await log.close();
        await lock.release();
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        // Not moved silently: tools set up for this port would send their keys to whatever holds it.
        throw new Error(
          `port ${options.port} is taken by another program, so the local API did not start (tools set up for Fieldsizer on that port would send their keys to it). ` +
            'Stop that program, or choose another port: --port N, or --port 0 for any free one (tools then find it in local-api.json in the data folder).',
        );
      },
    );
    const unannounce = announceApiAddress(options.dataDir, server.url, server.port);
    // Written before the line that says the server is up: whoever waits for that line finds the page.
    const openPage = writeOpenAppPage(options.dataDir, server.uiUrl);
    console.log(`listening on ${server.url}`);
    // The sign-in address holds the UI's session token: it goes into a private file, not the terminal.
    if (fs.existsSync(path.join(RENDERER_DIR, 'index.html'))) console.log(`open the app: ${pathToFileURL(openPage).href} (it signs you in; only you can read it)`);
    else console.log(`the app's UI is not built (npm run build:renderer); once built, open ${pathToFileURL(openPage).href}`);
    let stopping: Promise<void> | null = null;
    const stop = (signal: string) => {
      // Ctrl-C reaches every process of the terminal's group, and a wrapper (npm, tsx) relays it
      // again: later signals wait for the first stop instead of cutting it short.
      stopping ??= (async () => {
        console.log(`${signal}: stopping`);
        setTimeout(() => {
          console.error(`${signal}: stopping took more than ${STOP_LIMIT_MS / 1000} s; quitting now`);
          process.exit(1);
        }, STOP_LIMIT_MS).unref();
        unannounce();
        fs.rmSync(openPage, { force: true });
        await server.close();
        await engine.close();
        log.info(`serve stopped (${signal})`);
        await log.close();
        await lock.release();
        process.exit(0);
      })();
      return stopping;
    };
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
  });

const keys = program.command('keys').description('manage API keys of a data directory');

keys
  .command('create')
  .description('create a key; it is printed once and cannot be shown again')
  .addOption(dataDirOption())
  .requiredOption('--name <name>', 'what the key is for')
  .addOption(new Option('--scopes <scopes>', `comma-separated: ${API_SCOPES.join(', ')} or all`).default('all'))
  .option('--expires <when>', 'when the key stops working: 30d, 12h, 90m, 2w, a date (2027-01-31, UTC) or 2027-01-31T18:00Z; default never')
  .action(async (options: { dataDir: string; name: string; scopes: string; expires?: string }) => {
    const engine = await openEngine({ dataDir: options.dataDir });
    try {
      const created = await engine.apiKeys.create(options.name, options.scopes.split(',').map((s) => s.trim()).filter(Boolean), options.expires);
      const expiry = created.expires_at ? `, expires ${created.expires_at}` : '';
      console.log(`key ${created.id} (${created.name}), scopes ${created.scopes.join(', ')}${expiry}:`);
      console.log(created.key);
    } finally {
      await engine.close();
    }
  });

keys
  .command('list')
  .description('list keys (never the secrets)')
  .addOption(dataDirOption())
  .action(async (options: { dataDir: string }) => {
    const engine = await openEngine({ dataDir: options.dataDir });
    try {
      const rows = await engine.apiKeys.list();
      if (rows.length === 0) console.log('no keys');
      for (const k of rows) {
        const expired = k.expires_at !== null && Date.parse(k.expires_at) <= Date.now();
        const state = k.revoked_at ? `revoked ${k.revoked_at}` : expired ? `expired ${k.expires_at}` : `last used ${k.last_used_at ?? 'never'}`;
        const expiry = k.revoked_at || expired ? '' : `\texpires ${k.expires_at ?? 'never'}`;
        console.log(`${k.id}\t${k.prefix}…\t${k.name}\t${k.scopes.join(',')}\tcreated ${k.created_at}\t${state}${expiry}`);
      }
    } finally {
      await engine.close();
    }
  });

keys
  .command('revoke')
  .description('revoke a key by id')
  .addOption(dataDirOption())
  .argument('<id>', 'key id (see keys list)', wholeNumber(Number.MAX_SAFE_INTEGER))
  .action(async (id: number, options: { dataDir: string }) => {
    const engine = await openEngine({ dataDir: options.dataDir });
    try {
      await engine.apiKeys.revoke(id);
      console.log(`key ${id} revoked`);
    } finally {
      await engine.close();
    }
  });

registerSyncCommand(program);
registerDataCommands(program);
registerBuildCommands(program);

/** Runs the command `argv` names; `storeCheck` is the store check the entry began for `serve`, if any. */
export function runCommandLine(argv: string[], storeCheck: EarlyStoreCheck | null): void {
  earlyStoreCheck = storeCheck;
  program.parseAsync(argv).catch((error: unknown) => {
    if (error instanceof StartCancelled) process.exit(1);
    console.error(error instanceof ApiError || error instanceof Error ? `error: ${error.message}` : error);
    process.exit(1);
  });
}
