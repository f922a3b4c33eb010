/**
 * Updates against a local feed (a folder of releases on 127.0.0.1, as the company's server would
 * hold it): the updater configured as the app configures it finds a newer version and not an
 * equal one, downloads it in full with its SHA-512 checked, and refuses a download whose
 * checksum does not match. Installing needs a packaged app (README: Updates).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { AppImageUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkForUpdate, configureUpdater } from '../../src-main/updates/update-client.js';
import { tempDir } from '../helpers/api-server.js';

// builder-util is electron-builder's own package; its Node HTTP client stands in for Electron's net.
import { NodeHttpExecutor } from 'builder-util';
import { configureRequestOptions, configureRequestUrl, type DownloadOptions } from 'builder-util-runtime';

/**
 * Electron's executor (electronHttpExecutor.js) adds `download` to the shared HttpExecutor: the
 * same doDownload, whose digest check is what is under test. This is that method over Node's http.
 */
class NodeDownloadExecutor extends NodeHttpExecutor {
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return new Promise((resolve, reject) => {
      const requestOptions = { headers: options.headers || undefined, redirect: 'manual' };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      (this as unknown as { doDownload(o: unknown, d: unknown, n: number): void }).doDownload(
        requestOptions,
        { destination, options, onCancel: () => undefined, callback: (error: Error | null) => (error ? reject(error) : resolve(destination)), responseHandler: null },
        0,
      );
    });
  }
}

const dir = tempDir('fieldsizer-updates-');
const release = randomBytes(64 * 1024);
let served = release;
let feedVersion = '0.2.0';
let server: http.Server;
let feed = '';

const sha512 = (data: Buffer) => createHash('sha512').update(data).digest('base64');

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/latest-linux.yml')) {
      res.setHeader('content-type', 'text/yaml');
      const name = `Fieldsizer-${feedVersion}.AppImage`;
      res.end(
        `version: ${feedVersion}\nfiles:\n  - url: ${name}\n    sha512: ${sha512(release)}\n    size: ${release.length}\npath: ${name}\nsha512: ${sha512(release)}\nreleaseDate: '2026-11-20T10:00:00.000Z'\n`,
      );
    } else if (req.url?.endsWith('.AppImage')) {
      res.setHeader('content-length', String(served.length));
      res.end(served);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feed = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  // The running AppImage electron-updater replaces (its differential download needs a blockmap
  // this fake does not have, so it falls back to the full download, as on Linux).
  process.env.APPIMAGE = path.join(dir, 'Fieldsizer-0.1.0.AppImage');
  fs.writeFileSync(process.env.APPIMAGE, randomBytes(1024));
});

afterAll(async () => {
  delete process.env.APPIMAGE;
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

let caches = 0;
function packagedApp(version: string): AppAdapter {
  const config = path.join(dir, 'app-update.yml');
  fs.writeFileSync(config, 'provider: generic\nurl: https://updates.fieldsizer.example.com/desktop\n');
  return {
    version,
    name: 'Fieldsizer',
    isPackaged: true,
    appUpdateConfigPath: config,
    userDataPath: dir,
    // A cache of its own each: a file downloaded by an earlier test would be taken from there.
    baseCachePath: path.join(dir, `cache-${++caches}`),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
}

function updater(version: string) {
  const lines: string[] = [];
  const u = new AppImageUpdater(null, packagedApp(version));
  (u as unknown as { httpExecutor: unknown }).httpExecutor = new NodeDownloadExecutor();
  configureUpdater(u, { feedUrl: feed, log: (level, message) => lines.push(`${level} ${message}`) });
  u.autoDownload = false; // the test downloads explicitly, to see the result
  return { u, lines };
}

describe('updates from a generic feed', () => {
  it('finds a newer version in the feed set in the settings (over the built-in address)', async () => {
    feedVersion = '0.2.0';
    const { u } = updater('0.1.0');
    expect(await checkForUpdate(u)).toEqual({ kind: 'available', current: '0.1.0', version: '0.2.0', releaseDate: '2026-11-20T10:00:00.000Z' });
  });

  it('finds nothing when the feed holds the running version or an older one', async () => {
    feedVersion = '0.1.0';
    expect(await checkForUpdate(updater('0.1.0').u)).toEqual({ kind: 'none', current: '0.1.0' });
    expect(await checkForUpdate(updater('0.3.0').u)).toEqual({ kind: 'none', current: '0.3.0' });
  });

  it('downloads the new version with its SHA-512 verified', async () => {
    feedVersion = '0.2.0';
    served = release;
    const { u } = updater('0.1.0');
    await checkForUpdate(u);
    const files = await u.downloadUpdate();
    const file = files.find((f) => f.endsWith('.AppImage'))!;
    expect(sha512(fs.readFileSync(file))).toBe(sha512(release));
  });

  it('refuses a download whose checksum does not match the feed', async () => {
    feedVersion = '0.2.0';
    served = Buffer.from(release);
    served[100] = served[100]! ^ 0xff;
    const { u } = updater('0.1.0');
    await checkForUpdate(u);
    await expect(u.downloadUpdate()).rejects.toThrow(/sha512 checksum mismatch/);
    served = release;
  });
});
