/**
 * The packaging configuration, loaded and validated by electron-builder's own config loader
 * (the one `electron-builder` runs), without packaging anything.
 */
import fs from 'node:fs';
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

  it('ships the prepared start-up store where main.ts tells the engine to look, built before packaging', async () => {
    const config = await loadConfig();
    expect(config.extraResources).toEqual(expect.arrayContaining([expect.objectContaining({ from: 'out/template/fieldsizer.db', to: 'template/fieldsizer.db' })]));
    const main = fs.readFileSync(path.join(root, 'src-main/electron/main.ts'), 'utf8');
    expect(main).toContain("path.join(process.resourcesPath, 'template', 'fieldsizer.db')");
    const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.dist!.indexOf('scripts/build-cli.mjs')).toBeGreaterThanOrEqual(0);
    expect(scripts.dist!.indexOf('scripts/build-cli.mjs')).toBeLessThan(scripts.dist!.indexOf('electron-builder'));
  });
});

describe('the SQLite module a package ships', () => {
  it('is the Electron build from native/electron, not the Node build npm install made', async () => {
    const config = await loadConfig();
    expect(config.extraResources).toEqual(expect.arrayContaining([expect.objectContaining({ from: 'native/electron', to: 'native' })]));
    expect(JSON.stringify(config.files)).toContain('!**/node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  });
});

describe('hardening, file type, updates and desktop integration', () => {
  it('sets the Electron fuses: no RunAsNode, NODE_OPTIONS or inspect; encrypted cookies; only app.asar, integrity-checked; no file:// privileges', async () => {
    const config = await loadConfig();
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('the packaged window loads from the app:// protocol, not file:// (so the file-protocol fuse can be off)', async () => {
    const { appLocation, appUrl } = await import('../../src-main/electron/app-url.js');
    expect(appUrl(appLocation(null, '/opt/Fieldsizer/resources/app.asar/out/renderer/index.html'))).toBe('app://fieldsizer/index.html');
  });

  it('registers .fieldsizer files, opened by the app', async () => {
    const config = await loadConfig();
    const associations = ([] as { ext: string | string[]; mimeType?: string | null }[]).concat(config.fileAssociations ?? []);
    expect(associations).toEqual([expect.objectContaining({ ext: 'fieldsizer', mimeType: 'application/vnd.fieldsizer+json' })]);
  });

  it('publishes to a generic feed (the company server) and has the icon set, homepage, author and desktop name', async () => {
    const config = await loadConfig();
    const publish = ([] as { provider: string; url?: string }[]).concat((config.publish as never) ?? []);
    expect(publish[0]).toMatchObject({ provider: 'generic' });
    expect(publish[0]!.url).toMatch(/^https:\/\//);
    for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) expect(fs.existsSync(path.join(root, 'build', 'icons', `${size}x${size}.png`))).toBe(true);
    expect(config.linux?.icon).toBe('build/icons');
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { homepage?: string; author?: { email?: string }; desktopName?: string };
    expect(pkg.homepage).toMatch(/^https:\/\//);
    expect(pkg.author?.email).toContain('@');
    expect(pkg.desktopName).toBe('fieldsizer.desktop');
  });
});
