/**
 * The hardening every window and the default session get: the web preferences of the security
 * checklist, no navigation away from the app, no new windows (web links go to the system
 * browser), no permissions, and the Content-Security-Policy on every response.
 */
import { shell, type Session, type WebContents, type WebPreferences } from 'electron';
import type { AppLocation } from './app-url.js';
import { navigationAction, windowOpenAction } from './links.js';
import { withCsp } from './csp.js';

export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    sandbox: true,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

function openExternal(url: string, log: (line: string) => void): void {
  shell.openExternal(url).catch((error: unknown) => log(`could not open ${url}: ${String(error)}`));
}

/** For every webContents the app creates (app 'web-contents-created'). */
export function hardenWebContents(contents: WebContents, location: AppLocation, log: (line: string) => void): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (windowOpenAction(url) === 'open-external') openExternal(url, log);
    else log(`refused to open a window for ${url}`);
    return { action: 'deny' };
  });
  const guard = (event: { preventDefault(): void }, url: string) => {
    const action = navigationAction(url, location);
    if (action === 'allow') return;
    event.preventDefault();
    if (action === 'open-external') openExternal(url, log);
    else log(`blocked navigation to ${url}`);
  };
  contents.on('will-navigate', (event) => guard(event, event.url));
  contents.on('will-redirect', (event) => guard(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function hardenSession(session: Session, policy: string): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withCsp(details.responseHeaders, policy) });
  });
}
