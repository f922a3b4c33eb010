/**
 * `npm run dist` starts with `build-electron-sqlite.mjs --check`: packaging stops, saying what to
 * run, unless native/electron/ holds better-sqlite3 built for the installed Electron's ABI on
 * this platform and architecture. The folder is a temporary one here (FIELDSIZER_ELECTRON_NATIVE_DIR).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/api-server.js';

const root = path.resolve(import.meta.dirname, '../..');
const electronAbi = fs.readFileSync(path.join(root, 'node_modules/electron/abi_version'), 'utf8').trim();
const electronVersion = (JSON.parse(fs.readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
const dirs: string[] = [];

function check(buildInfo: Record<string, string> | null) {
  const dir = tempDir();
  dirs.push(dir);
  if (buildInfo) {
    fs.writeFileSync(path.join(dir, 'better_sqlite3.node'), '');
    fs.writeFileSync(path.join(dir, 'build-info.json'), JSON.stringify(buildInfo));
  }
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-electron-sqlite.mjs'), '--check'], {
    env: { ...process.env, FIELDSIZER_ELECTRON_NATIVE_DIR: dir },
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

const here = { electron: electronVersion, abi: electronAbi, 'better-sqlite3': '12.0.0', platform: process.platform, arch: process.arch };

describe('npm run dist: the Electron build of better-sqlite3 is checked first', () => {
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('stops when there is no Electron build, and says what to run', () => {
    const { status, output } = check(null);
    expect(status).toBe(1);
    expect(output).toContain(`not built for Electron ${electronVersion} (ABI ${electronAbi}`);
    expect(output).toContain('npm run build:electron-sqlite');
  });

  it('stops when the build is for another ABI or architecture', () => {
    const other = check({ ...here, abi: '127', arch: process.arch === 'x64' ? 'arm64' : 'x64' });
    expect(other.status).toBe(1);
    expect(other.output).toContain(`abi 127 instead of ${electronAbi}`);
    expect(other.output).toContain(`instead of ${process.arch}`);
  });

  it('lets packaging go on when the build matches this Electron', () => {
    const { status, output } = check(here);
    expect(status).toBe(0);
    expect(output).toContain(`built for Electron ${electronVersion} (ABI ${electronAbi}`);
  });
});
