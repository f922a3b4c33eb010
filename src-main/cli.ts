/**
 * The headless command line's entry (src-main/cli/program.ts holds the commands). For `serve`, it
 * first begins the store's check (quick_check) in a worker thread, and only then loads the rest:
 * loading that code takes most of a later start, and with a core to spare the check runs
 * meanwhile (store/store-check.ts). This module therefore imports next to nothing itself.
 */
import { defaultDataDir } from './engine/data-dir.js';
import { spareCore, startStoreCheck, type EarlyStoreCheck } from './store/store-check.js';

/**
 * The data folder `serve` will open, read from its arguments as commander reads them (`--data-dir
 * DIR` or `--data-dir=DIR`, the last one given, else the default); null for other commands. A
 * wrong guess costs only the head start: the open checks a file no early check has seen itself.
 */
function serveDataDir(args: readonly string[]): string | null {
  if (args[0] !== 'serve') return null;
  let dir = defaultDataDir();
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    if (arg === '--data-dir' && i + 1 < args.length) dir = args[++i]!;
    else if (arg.startsWith('--data-dir=')) dir = arg.slice('--data-dir='.length);
  }
  return dir;
}

const dataDir = serveDataDir(process.argv.slice(2));
const storeCheck: EarlyStoreCheck | null = dataDir !== null && spareCore() ? startStoreCheck(dataDir) : null;
const { runCommandLine } = await import('./cli/program.js');
runCommandLine(process.argv, storeCheck);
