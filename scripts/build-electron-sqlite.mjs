#!/usr/bin/env node
// `npm run build:electron-sqlite`: compiles better-sqlite3 for the installed Electron into
// native/electron/ (the Node build in node_modules stays for the tests and `serve`).
// `--check` (run by `npm run dist` before packaging): stops with what to do unless
// native/electron/ holds a build for this Electron's ABI, this platform and this architecture,
// so a package never ships a module its Electron cannot load.
import { buildElectronSqlite, electronPackage, electronSqliteBuildInfo, ELECTRON_SQLITE } from './electron-env.mjs';

const pkg = electronPackage();
if (!pkg) {
  console.error('The electron package is not installed: run npm install first.');
  process.exit(1);
}

if (process.argv.includes('--check')) {
  const info = electronSqliteBuildInfo();
  const wanted = { abi: pkg.abi, platform: process.platform, arch: process.arch };
  const problem = !info
    ? `${ELECTRON_SQLITE} does not exist`
    : Object.entries(wanted).filter(([key, value]) => info[key] !== value).map(([key, value]) => `${key} ${info[key]} instead of ${value}`).join(', ');
  if (problem) {
    console.error(`better-sqlite3 is not built for Electron ${pkg.version} (ABI ${pkg.abi}, ${process.platform}-${process.arch}): ${problem}.`);
    console.error('Packaging would ship a module the app cannot load. Run: npm run build:electron-sqlite');
    process.exit(1);
  }
  console.log(`better-sqlite3 ${info['better-sqlite3']} is built for Electron ${info.electron} (ABI ${info.abi}, ${info.platform}-${info.arch}).`);
} else {
  try {
    console.log(`built ${buildElectronSqlite()}`);
  } catch (error) {
    console.error(`Could not build better-sqlite3 for Electron: ${error.message}`);
    process.exit(1);
  }
}
