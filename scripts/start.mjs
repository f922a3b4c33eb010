#!/usr/bin/env node
// `npm start`: the desktop app where Electron can run. Its binary is downloaded on first use
// (Electron's installer, about 100 MB) and better-sqlite3 is compiled once for Electron into
// native/electron/ (scripts/electron-env.mjs); then `electron-vite preview` builds main, preload
// and renderer into out/ and runs the built app (`npm run dev` is the hot-reloading variant).
// Where that cannot happen (no network for the download, no compiler, a headless machine) one
// plain sentence says why, and the same engine is served headless on 127.0.0.1 with the UI for a
// browser: the renderer is built first when out/renderer is missing, and `serve` names the
// sign-in page to open.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildElectronSqlite, downloadElectron, electronBinary, electronPackage, electronSqliteLoads, root } from './electron-env.mjs';

const bin = (name) => path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (command, args, env = process.env) => {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env, shell: process.platform === 'win32' });
  child.on('exit', (code) => process.exit(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
};

function buildRendererIfMissing() {
  if (fs.existsSync(path.join(root, 'out', 'renderer', 'index.html'))) return;
  console.log('Building the UI first (out/renderer is missing)…');
  const result = spawnSync(npm, ['run', 'build:renderer'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) console.log('The UI could not be built; the API still starts (see the messages above).');
}

function browserMode(reason) {
  console.log(`${reason}, so Fieldsizer starts in browser mode instead.`);
  buildRendererIfMissing();
  // The compiled command line (scripts/cli.mjs builds it first when missing or out of date).
  run(process.execPath, [path.join(root, 'scripts/cli.mjs'), 'serve', ...process.argv.slice(2)]);
}

/** The Electron binary, downloading it on first use; or the reason there is none. */
function desktopElectron() {
  const present = electronBinary();
  if (present) return { binary: present };
  if (!electronPackage()) return { reason: 'Electron is not installed (npm install installs it)' };
  const downloaded = downloadElectron();
  return downloaded.binary ? downloaded : { reason: `Electron's binary could not be downloaded (${downloaded.error})` };
}

/** better-sqlite3 for Electron's ABI, compiled on first use; or the reason it could not be. */
function desktopSqlite(electron) {
  if (electronSqliteLoads(electron)) return {};
  try {
    buildElectronSqlite();
  } catch (error) {
    return { reason: `The SQLite module could not be compiled for Electron (${error.message})` };
  }
  return electronSqliteLoads(electron) ? {} : { reason: 'The SQLite module compiled for Electron does not load in it' };
}

const electron = desktopElectron();
const sqlite = electron.binary ? desktopSqlite(electron.binary) : {};
if (!electron.binary) browserMode(electron.reason);
else if (sqlite.reason) browserMode(sqlite.reason);
else run(bin('electron-vite'), ['preview']);
