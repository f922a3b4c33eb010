#!/usr/bin/env node
// `npm start`: the desktop app when the Electron binary is installed; otherwise (an offline
// install, a blocked download) one plain sentence and the same engine served headless on
// 127.0.0.1 for the browser.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

function electronBinary() {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return process.env.ELECTRON_OVERRIDE_DIST_PATH;
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

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (command, args) => {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
};

if (electronBinary()) {
  run(bin('electron-vite'), ['preview']);
} else {
  console.log('Electron is not installed on this machine (its binary could not be downloaded), so Fieldsizer starts in browser mode instead.');
  run(bin('tsx'), [path.join(root, 'src-main/cli.ts'), 'serve', ...process.argv.slice(2)]);
}
