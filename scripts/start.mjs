#!/usr/bin/env node
// `npm start`: the desktop app when the Electron binary is installed (and better-sqlite3 is built
// for it): `electron-vite preview` builds main, preload and renderer into out/ and runs the built
// app (`npm run dev` is the hot-reloading variant). Otherwise (an offline install, a blocked
// download, a native module built for Node) one plain sentence, and the same engine served
// headless on 127.0.0.1 with the UI for a browser: the renderer is built first when out/renderer
// is missing, and `serve` prints the address to open.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const PLATFORM_BINARY = { darwin: 'Electron.app/Contents/MacOS/Electron', win32: 'electron.exe' };

function electronBinary() {
  // Like electron's own index.js: the override is the folder the binary is in.
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const binary = path.join(override, PLATFORM_BINARY[process.platform] ?? 'electron');
    return fs.existsSync(binary) ? binary : null;
  }
  try {
    // Do not require('electron'): when its binary is missing, that starts a download.
    const dir = path.dirname(require.resolve('electron/package.json'));
    const pathFile = path.join(dir, 'path.txt');
    if (!fs.existsSync(pathFile)) return null;
    const binary = path.join(dir, 'dist', fs.readFileSync(pathFile, 'utf8').trim());
    return fs.existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** better-sqlite3 is compiled for one ABI: npm install builds it for Node, the app needs Electron's. */
function sqliteLoadsIn(binary) {
  const result = spawnSync(binary, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
    cwd: root,
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    stdio: 'ignore',
    timeout: 30_000,
  });
  return result.status === 0;
}

const bin = (name) => path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (command, args) => {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  child.on('exit', (code) => process.exit(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
};

function buildRendererIfMissing() {
  if (fs.existsSync(path.join(root, 'out', 'renderer', 'index.html'))) return;
  const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {};
  console.log('Building the UI first (out/renderer is missing)…');
  const result = scripts['build:renderer']
    ? spawnSync(npm, ['run', 'build:renderer'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' })
    : spawnSync(bin('vite'), ['build', '--config', path.join(root, 'src-renderer', 'vite.config.ts')], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) console.log('The UI could not be built; the API still starts (see the messages above).');
}

function browserMode(reason) {
  console.log(`${reason}, so Fieldsizer starts in browser mode instead.`);
  buildRendererIfMissing();
  run(bin('tsx'), [path.join(root, 'src-main/cli.ts'), 'serve', ...process.argv.slice(2)]);
}

const electron = electronBinary();
if (!electron) {
  browserMode('Electron is not installed on this machine (its binary could not be downloaded)');
} else if (!sqliteLoadsIn(electron)) {
  browserMode('The SQLite module is built for Node, not for Electron (run "npm run rebuild:electron" to use the desktop app)');
} else {
  run(bin('electron-vite'), ['preview']);
}
