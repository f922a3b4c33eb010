/**
 * `npm run dev` where Electron's binary cannot be had: one explanation and what to do, exit 1,
 * instead of Electron's "failed to install correctly … uninstall" error. The download is pointed
 * at a closed port, so this holds on a machine with a network too.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/api-server.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('npm run dev without Electron', () => {
  it('explains that the binary is downloaded on first use, that it failed, and the alternatives', () => {
    const empty = tempDir();
    try {
      const result = spawnSync(process.execPath, [path.join(root, 'scripts/dev.mjs')], {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty, ELECTRON_MIRROR: 'http://127.0.0.1:1/', electron_config_cache: empty },
      });
      const output = result.stdout + result.stderr;
      expect(result.status).toBe(1);
      expect(output).toContain("npm run dev needs Electron's binary, which is downloaded on first use, and the download failed");
      expect(output).toContain('npx install-electron');
      expect(output).toContain('npm start runs the same app in a browser');
      expect(output).not.toMatch(/uninstall|\n\s+at /);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
