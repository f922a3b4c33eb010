/**
 * The packaging configuration, loaded and validated by electron-builder's own config loader
 * (the one `electron-builder` runs), without packaging anything.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Configuration } from 'electron-builder';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '../..');

async function loadConfig(): Promise<Configuration> {
  // app-builder-lib is electron-builder's own package (installed with it, same version).
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
    getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<Configuration>;
    validateConfiguration(config: Configuration, debugLogger: unknown): Promise<void>;
  };
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
  const config = await getConfig(root, null, null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

const targets = (platform: { target?: unknown } | null | undefined): string[] =>
  ([] as unknown[]).concat(platform?.target ?? []).map((t) => (typeof t === 'string' ? t : (t as { target: string }).target));

describe('electron-builder configuration', () => {
  it('is valid for electron-builder, names the app and packages the built output', async () => {
    const config = await loadConfig();
    expect(config.productName).toBe('Fieldsizer');
    expect(config.appId).toMatch(/^[a-z0-9.-]+$/);
    const files = JSON.stringify(config.files);
    expect(files).toContain('out/**/*');
    expect(config.asarUnpack).toContain('**/*.node');
  });

  it('builds AppImage and deb on Linux, nsis on Windows, dmg on macOS', async () => {
    const config = await loadConfig();
    expect(targets(config.linux)).toEqual(expect.arrayContaining(['AppImage', 'deb']));
    expect(targets(config.win)).toEqual(['nsis']);
    expect(targets(config.mac)).toEqual(['dmg']);
  });

  it('does not rebuild native modules itself (the Electron rebuild is an explicit step)', async () => {
    const config = await loadConfig();
    expect(config.npmRebuild).toBe(false);
  });

  it('ships resources/ beside app.asar, where main.ts tells the engine to look', async () => {
    const config = await loadConfig();
    expect(config.extraResources).toEqual(expect.arrayContaining([expect.objectContaining({ from: 'resources', to: 'resources' })]));
  });
});

describe('the SQLite module a package ships', () => {
  it('is the Electron build from native/electron, not the Node build npm install made', async () => {
    const config = await loadConfig();
    expect(config.extraResources).toEqual(expect.arrayContaining([expect.objectContaining({ from: 'native/electron', to: 'native' })]));
    expect(JSON.stringify(config.files)).toContain('!**/node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  });
});
