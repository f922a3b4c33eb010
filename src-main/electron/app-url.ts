/**
 * Where the renderer comes from — the built index.html (file://) or the electron-vite dev
 * server — and whether a URL belongs to the app. Pure (no electron import).
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type AppLocation = { kind: 'dev'; url: string } | { kind: 'file'; indexFile: string };

export function appLocation(devServerUrl: string | undefined | null, indexFile: string): AppLocation {
  return devServerUrl ? { kind: 'dev', url: devServerUrl } : { kind: 'file', indexFile: path.resolve(indexFile) };
}

/** The URL a window loads for a route of the renderer (a hash route: `#/report/12`). */
export function appUrl(location: AppLocation, hashRoute = ''): string {
  const base = location.kind === 'dev' ? new URL(location.url) : pathToFileURL(location.indexFile);
  base.hash = hashRoute.replace(/^#/, '');
  return base.href;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

const samePath = (a: string, b: string): boolean =>
  process.platform === 'win32' ? path.normalize(a).toLowerCase() === path.normalize(b).toLowerCase() : path.normalize(a) === path.normalize(b);

/**
 * True for the app's own pages: the built index.html itself (any query or hash, no other file),
 * or any page of the dev server's origin while developing.
 */
export function isAppUrl(url: string, location: AppLocation): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  if (location.kind === 'dev') {
    const dev = parse(location.url);
    return dev !== null && (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === dev.origin;
  }
  if (parsed.protocol !== 'file:' || (parsed.host !== '' && parsed.host !== 'localhost')) return false;
  try {
    return samePath(fileURLToPath(parsed), location.indexFile);
  } catch {
    return false;
  }
}
