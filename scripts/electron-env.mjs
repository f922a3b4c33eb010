// What the desktop app needs beyond `npm install`, shared by `npm start`, `npm run dev` and
// `npm run build:electron-sqlite`:
//
// 1. Electron's binary. Electron 45 downloads it lazily (its package has no install script that
//    npm 11 would run): the first `require('electron')` or `npx install-electron` fetches it from
//    GitHub (or ELECTRON_MIRROR) into node_modules/electron/dist.
// 2. better-sqlite3 compiled for Electron's ABI. `npm install` compiles it for Node, which the
//    tests, `serve` and the browser mode use; the app loads a second copy compiled for Electron
//    from native/electron/ (better-sqlite3's `nativeBinding` option, see
//    src-main/store/sqlite.ts), so neither build replaces the other.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Where the Electron build of better-sqlite3 lives; electron-builder.yml packs this folder. */
export const ELECTRON_NATIVE_DIR = process.env.FIELDSIZER_ELECTRON_NATIVE_DIR || path.join(root, 'native', 'electron');
export const ELECTRON_SQLITE = path.join(ELECTRON_NATIVE_DIR, 'better_sqlite3.node');
const BUILD_INFO = path.join(ELECTRON_NATIVE_DIR, 'build-info.json');

const PLATFORM_BINARY = { darwin: 'Electron.app/Contents/MacOS/Electron', win32: 'electron.exe' };

function electronPackageDir() {
  try {
    return path.dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/** The installed electron package's version and ABI (NODE_MODULE_VERSION), or null. */
export function electronPackage() {
  const dir = electronPackageDir();
  if (!dir) return null;
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const abi = fs.existsSync(path.join(dir, 'abi_version')) ? fs.readFileSync(path.join(dir, 'abi_version'), 'utf8').trim() : null;
  return { dir, version, abi };
}

/** The Electron binary when it is on disk; never starts a download (require('electron') would). */
export function electronBinary() {
  // Like electron's own index.js: the override is the folder the binary is in.
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const binary = path.join(override, PLATFORM_BINARY[process.platform] ?? 'electron');
    return fs.existsSync(binary) ? binary : null;
  }
  const pkg = electronPackage();
  if (!pkg) return null;
  const pathFile = path.join(pkg.dir, 'path.txt');
  if (!fs.existsSync(pathFile)) return null;
  const binary = path.join(pkg.dir, 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  return fs.existsSync(binary) ? binary : null;
}

/**
 * Downloads Electron's binary with Electron's own installer (about 100 MB, once). Returns the
 * binary, or { error } with the installer's last line when the download fails (no network).
 */
export function downloadElectron() {
  const pkg = electronPackage();
  if (!pkg) return { error: 'the electron package is not installed (run npm install)' };
  console.log(`Downloading Electron ${pkg.version} (once, about 100 MB; ELECTRON_MIRROR chooses another server)…`);
  const result = spawnSync(process.execPath, [path.join(pkg.dir, 'install.js')], { encoding: 'utf8', timeout: 15 * 60_000 });
  const binary = electronBinary();
  if (result.status === 0 && binary) return { binary };
  const lines = `${result.stderr ?? ''}\n${result.error?.message ?? ''}`.split('\n').map((l) => l.trim()).filter(Boolean);
  return { error: lines.find((l) => /error|fail/i.test(l)) ?? lines[0] ?? `the installer exited with ${result.status}` };
}

/** True when the Electron build of better-sqlite3 exists and loads in this Electron binary. */
export function electronSqliteLoads(binary) {
  if (!fs.existsSync(ELECTRON_SQLITE)) return false;
  const script = `new (require('better-sqlite3'))(':memory:', { nativeBinding: ${JSON.stringify(ELECTRON_SQLITE)} }).close()`;
  const result = spawnSync(binary, ['-e', script], {
    cwd: root,
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    stdio: 'ignore',
    timeout: 30_000,
  });
  return result.status === 0;
}

/** What native/electron/ was built for, or null. */
export function electronSqliteBuildInfo() {
  try {
    return JSON.parse(fs.readFileSync(BUILD_INFO, 'utf8'));
  } catch {
    return null;
  }
}

/** node-gyp: npm's own copy (npm sets npm_config_node_gyp for scripts), else the one beside npm. */
function nodeGyp() {
  if (process.env.npm_config_node_gyp && fs.existsSync(process.env.npm_config_node_gyp)) return process.env.npm_config_node_gyp;
  const npmCli = process.env.npm_execpath;
  const candidates = [
    npmCli && path.join(path.dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
  ].filter(Boolean);
  return candidates.find((c) => fs.existsSync(c)) ?? null;
}

/**
 * Compiles better-sqlite3 for Electron into native/electron/, from a copy of its sources (the
 * Node build in node_modules stays as it is). As Electron's docs describe for a manual build:
 * node-gyp with Electron's version as target and Electron's headers. npm's `nodedir` setting is
 * dropped from the environment: it would silently compile against Node's headers instead.
 */
export function buildElectronSqlite() {
  const pkg = electronPackage();
  if (!pkg) throw new Error('the electron package is not installed (run npm install)');
  const gyp = nodeGyp();
  if (!gyp) throw new Error('node-gyp was not found (it comes with npm); run this through npm: npm run build:electron-sqlite');
  const source = path.dirname(require.resolve('better-sqlite3/package.json'));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-electron-sqlite-'));
  try {
    const copy = path.join(work, 'better-sqlite3');
    fs.cpSync(source, copy, { recursive: true, filter: (file) => path.relative(source, file).split(path.sep)[0] !== 'build' });
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_(nodedir|target|runtime|disturl|dist_url)$/i.test(k)));
    console.log(`Compiling better-sqlite3 for Electron ${pkg.version} (ABI ${pkg.abi}); about a minute, once per Electron version…`);
    const result = spawnSync(
      process.execPath,
      [gyp, 'rebuild', '--release', `--target=${pkg.version}`, `--arch=${process.arch}`, '--dist-url=https://electronjs.org/headers', `--devdir=${path.join(os.homedir(), '.electron-gyp')}`],
      { cwd: copy, env, stdio: 'inherit' },
    );
    if (result.status !== 0) throw new Error(`node-gyp failed (exit ${result.status}); Electron's headers are downloaded from electronjs.org, so this needs a network the first time`);
    fs.mkdirSync(ELECTRON_NATIVE_DIR, { recursive: true });
    fs.copyFileSync(path.join(copy, 'build', 'Release', 'better_sqlite3.node'), ELECTRON_SQLITE);
    const { version: sqliteVersion } = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8'));
    fs.writeFileSync(BUILD_INFO, `${JSON.stringify({ electron: pkg.version, abi: pkg.abi, 'better-sqlite3': sqliteVersion, platform: process.platform, arch: process.arch }, null, 2)}\n`);
    return ELECTRON_SQLITE;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
