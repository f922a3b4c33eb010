#!/usr/bin/env node
// `npm run dev`: electron-vite's dev mode (renderer from Vite's dev server with hot reload).
// It needs Electron's binary and better-sqlite3 compiled for Electron, like `npm start`; where
// either cannot be had it says why and what to do, instead of Electron's own "uninstall" error.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildElectronSqlite, downloadElectron, electronBinary, electronSqliteLoads, root } from './electron-env.mjs';

function stop(message) {
  console.error(message);
  console.error('npm start runs the same app in a browser instead (browser mode); npm run build:renderer builds its UI.');
  process.exit(1);
}

let electron = electronBinary();
if (!electron) {
  const downloaded = downloadElectron();
  if (!downloaded.binary) {
    stop(
      `npm run dev needs Electron's binary, which is downloaded on first use, and the download failed (${downloaded.error}).\n` +
        'With a network, run it again (or npx install-electron); behind a proxy or mirror, set ELECTRON_MIRROR.',
    );
  }
  electron = downloaded.binary;
}
if (!electronSqliteLoads(electron)) {
  try {
    buildElectronSqlite();
  } catch (error) {
    stop(`npm run dev needs better-sqlite3 compiled for Electron, and that failed: ${error.message}`);
  }
}
const bin = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'electron-vite.cmd' : 'electron-vite');
const child = spawn(bin, ['dev', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
child.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
