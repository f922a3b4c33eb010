/**
 * Where the renderer comes from — the built files, served to the window from the app's own
 * privileged protocol (app://fieldsizer/index.html, see app-protocol.ts; never file://, so the
 * file-protocol fuse can stay off), or the electron-vite dev server — and whether a URL belongs
 * to the app. Pure (no electron import).
 */
import path from 'node:path';

export const APP_SCHEME = 'app';
export const APP_HOST = 'fieldsizer';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export type AppLocation = { kind: 'dev'; url: string } | { kind: 'app'; rootDir: string };

/** `indexFile` is the built index.html; the folder holding it is what app:// serves. */
export function appLocation(devServerUrl: string | undefined | null, indexFile: string): AppLocation {
  return devServerUrl ? { kind: 'dev', url: devServerUrl } : { kind: 'app', rootDir: path.dirname(path.resolve(indexFile)) };
}

/** The URL a window loads for a route of the renderer (a hash route: `#/report/12`). */
export function appUrl(location: AppLocation, hashRoute = ''): string {
  const base = location.kind === 'dev' ? new URL(location.url) : new URL(`${APP_ORIGIN}/index.html`);
  base.hash = hashRoute.replace(/^#/, '');
  return base.href;
}

/** The built file an app:// request asks for, or null (another host, or a path out of the folder). */
export function resolveAppFile(rootDir: string, url: string): string | null {
  const parsed = parse(url);
  if (!parsed || parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (pathname === '/' || pathname === '') pathname = '/index.html';
  if (pathname.includes('\0')) return null;
  const file = path.resolve(rootDir, `.${pathname}`);
  const relative = path.relative(rootDir, file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? null : file;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * True for the app's own pages: app://fieldsizer/index.html (any query or hash, no other file),
 * or any page of the dev server's origin while developing.
 */
export function isAppUrl(url: string, location: AppLocation): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  if (location.kind === 'dev') {
    const dev = parse(location.url);
    return dev !== null && (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === dev.origin;
  }
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && (parsed.pathname === '/index.html' || parsed.pathname === '/');
}
