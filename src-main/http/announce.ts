/**
 * How a running local API tells others where it is, without printing a secret:
 * - DATA_DIR/local-api.json: its address, for tools on this machine (a tool set up for port 8737
 *   reads the port here when the API had to move, instead of sending its key to whatever now holds
 *   8737). Removed when the server stops.
 * - DATA_DIR/open-app.html (browser mode): a page that opens the app signed in. The UI's session
 *   token is in it, so it is written readable by the user only and never printed to the terminal.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateFolder, restrictFile } from '../store/data-folder.js';

export const API_ADDRESS_FILE = 'local-api.json';
export const OPEN_APP_FILE = 'open-app.html';

export interface ApiAddress {
  url: string;
  port: number;
  pid: number;
  started: string;
}

function writePrivate(file: string, text: string): void {
  ensurePrivateFolder(path.dirname(file));
  fs.rmSync(file, { force: true }); // a link planted there is replaced, not followed
  fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  restrictFile(file);
}

/** Writes the address file; returns a function that removes it (only if it is still this process's). */
export function announceApiAddress(dataDir: string, url: string, port: number): () => void {
  const file = path.join(dataDir, API_ADDRESS_FILE);
  const address: ApiAddress = { url, port, pid: process.pid, started: new Date().toISOString() };
  writePrivate(file, `${JSON.stringify(address, null, 1)}\n`);
  return () => {
    if (readApiAddress(dataDir)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
}

export function readApiAddress(dataDir: string): ApiAddress | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, API_ADDRESS_FILE), 'utf8')) as ApiAddress;
  } catch {
    return null;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Writes the sign-in page that opens `uiUrl` (URL/#session=TOKEN); returns its path. */
export function writeOpenAppPage(dataDir: string, uiUrl: string): string {
  const file = path.join(dataDir, OPEN_APP_FILE);
  const href = escapeHtml(uiUrl);
  writePrivate(
    file,
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Open Fieldsizer</title>\n' +
      `<meta http-equiv="refresh" content="0; url=${href}"></head>\n` +
      `<body><p><a href="${href}">Open Fieldsizer</a></p></body></html>\n`,
  );
  return file;
}

