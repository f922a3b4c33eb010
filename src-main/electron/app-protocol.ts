/**
 * The app:// protocol the window loads the UI from: registered as standard and secure before the
 * app is ready (so the page has an origin, fetch and storage like an https page), and answering
 * only with the built renderer's files, with the Content-Security-Policy on every answer. With
 * the UI off file://, the packaged app turns the file-protocol fuse off (electron-builder.yml).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME, resolveAppFile } from './app-url.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** Before app.whenReady(): the scheme's privileges can only be declared then. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
}

/** A kept picture or document by the SHA-256 of its bytes (the media store's), or null. */
export type MediaLookup = (sha256: string) => { file: string; contentType: string } | null;

/**
 * The answer to one app:// request (exported for tests: it needs no Electron). `/media/<sha256>`
 * answers a kept picture or document (issue 31), as the local API's /media path does.
 */
export async function appResponse(rootDir: string, url: string, policy: string, media?: MediaLookup): Promise<Response> {
  const headers = { 'Content-Security-Policy': policy, 'X-Content-Type-Options': 'nosniff' };
  const kept = media ? new RegExp(`^${APP_SCHEME}://${APP_HOST}/media/([0-9a-f]{64})$`).exec(url) : null;
  if (kept && media) {
    const found = media(kept[1]!);
    if (!found) return new Response('Not found', { status: 404, headers });
    return new Response(await fs.readFile(found.file), { status: 200, headers: { ...headers, 'Content-Type': found.contentType } });
  }
  const file = resolveAppFile(rootDir, url);
  if (!file) return new Response('Not found', { status: 404, headers });
  try {
    const body = await fs.readFile(file);
    return new Response(body, { status: 200, headers: { ...headers, 'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream' } });
  } catch {
    return new Response('Not found', { status: 404, headers });
  }
}

export function serveAppProtocol(rootDir: string, policy: string, media?: MediaLookup): void {
  protocol.handle(APP_SCHEME, (request) => appResponse(rootDir, request.url, policy, media));
}
