/**
 * The Electron main process: a thin shell around the engine. It opens the engine on the userData
 * folder (the same folder `serve` uses), starts the local API as the settings say, answers the
 * UI's contract calls over IPC from the app's own windows only, forwards engine events, and shuts
 * everything down cleanly. Everything the engine needs lives outside src-main/electron/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, Menu, session, shell } from 'electron';
import { EVENT_CHANNEL } from '../../src-shared/ipc/contract.js';
import { openEngine, type Engine } from '../engine/engine.js';
import { APP_DIR_NAME, describeApiKeyState, ensureApiKey } from '../engine/data-dir.js';
import { readAppSettings } from '../engine/app-settings.js';
import type { RunningServer } from '../http/server.js';
import { SQLITE_BINDING_ENV } from '../store/sqlite.js';
import { createDispatcher, type Dispatch } from '../ipc/dispatcher.js';
import { subscribeEvents } from '../ipc/events.js';
import { appLocation, appUrl } from './app-url.js';
import { contentSecurityPolicy } from './csp.js';
import { registerInvokeHandler } from './ipc.js';
import { startLocalApi } from './local-api.js';
import { menuTemplate } from './menu.js';
import { createPdfExporter } from './report-pdf.js';
import { NEW_PROJECT_ROUTE, projectIdFromUrl } from './report-route.js';
import type { TrustedWindow } from './sender-check.js';
import { createShutdown } from './shutdown.js';
import { hardenSession, hardenWebContents, secureWebPreferences } from './window.js';

/** Inline-script hashes the dev server needs (React Refresh's preamble); set by electron.vite.config.ts. */
declare const __FIELDSIZER_DEV_SCRIPT_HASHES__: string[];

const log = (line: string) => console.log(`fieldsizer: ${line}`);

// The data folder: Electron's userData, named like defaultDataDir() names it (not after the npm
// package name), so the app and `npm run serve` share one store. FIELDSIZER_DATA_DIR overrides.
app.setName('Fieldsizer');
app.setPath('userData', path.join(app.getPath('appData'), APP_DIR_NAME));
const dataDir = process.env.FIELDSIZER_DATA_DIR || app.getPath('userData');

// better-sqlite3 compiled for Electron (node_modules holds the Node build): packed beside
// app.asar, or built into native/electron/ by `npm start` / `npm run build:electron-sqlite`.
// Without it (a source tree where it was not built) the node_modules build is tried, and its ABI
// error names the module.
const electronSqlite = app.isPackaged
  ? path.join(process.resourcesPath, 'native', 'better_sqlite3.node')
  : path.join(app.getAppPath(), 'native', 'electron', 'better_sqlite3.node');
if (!process.env[SQLITE_BINDING_ENV] && fs.existsSync(electronSqlite)) process.env[SQLITE_BINDING_ENV] = electronSqlite;

const isDev = !app.isPackaged;
const devServerUrl = isDev ? (process.env.ELECTRON_RENDERER_URL ?? null) : null;
const location = appLocation(devServerUrl, fileURLToPath(new URL('../renderer/index.html', import.meta.url)));
const preload = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const policy = contentSecurityPolicy({ devServerUrl, devScriptHashes: devServerUrl ? __FIELDSIZER_DEV_SCRIPT_HASHES__ : [] });

let engine: Engine | null = null;
let server: RunningServer | null = null;
let mainWindow: BrowserWindow | null = null;
let dispatch: Dispatch | null = null;
const trusted = new Set<BrowserWindow>();
const cleanups: Array<() => void> = [];

function trust(window: BrowserWindow): () => void {
  trusted.add(window);
  const forget = () => trusted.delete(window);
  window.once('closed', forget);
  return forget;
}

function trustedWindows(): TrustedWindow[] {
  const result: TrustedWindow[] = [];
  for (const window of trusted) {
    if (window.isDestroyed()) continue;
    const frame = window.webContents.mainFrame;
    result.push({ webContentsId: window.webContents.id, mainFrame: { processId: frame.processId, routingId: frame.routingId } });
  }
  return result;
}

/** Events for the UI go to the main window only. */
function emit(event: string, payload: unknown): void {
  if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(EVENT_CHANNEL, event, payload);
}

function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    title: 'Fieldsizer',
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(preload),
  });
  trust(window);
  window.once('ready-to-show', () => window.show());
  // A page that fails to load still shows (Chromium's error page) rather than nothing at all.
  window.webContents.once('did-fail-load', () => window.show());
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  void window.loadURL(appUrl(location)).catch((error: unknown) => log(`could not load the UI: ${String(error)}`));
  return window;
}

function focusMainWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) {
    if (app.isReady() && engine) mainWindow = createMainWindow();
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

function messageBox(options: Electron.MessageBoxOptions): Promise<Electron.MessageBoxReturnValue> {
  return mainWindow && !mainWindow.isDestroyed() ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options);
}

/** File → Export Report PDF: the project the main window shows, through the contract method. */
async function exportFromMenu(): Promise<void> {
  const projectId = mainWindow && !mainWindow.isDestroyed() ? projectIdFromUrl(mainWindow.webContents.getURL()) : null;
  if (projectId === null || !dispatch) {
    await messageBox({ type: 'info', message: 'Open a project to export its report.', buttons: ['OK'] });
    return;
  }
  const result = await dispatch('report.exportPdf', { projectId });
  if (result.ok) return;
  if (result.error.code === 'cancelled') return;
  await messageBox({ type: 'error', message: 'The report could not be exported.', detail: result.error.message, buttons: ['OK'] });
}

function installMenu(): void {
  const menu = Menu.buildFromTemplate(
    menuTemplate({
      isDev,
      isMac: process.platform === 'darwin',
      apiRunning: server !== null,
      actions: {
        newProject: () => {
          focusMainWindow();
          // The UI routes by the URL fragment; a hash change is all "new project" needs.
          void mainWindow?.webContents.executeJavaScript(`window.location.hash = ${JSON.stringify(NEW_PROJECT_ROUTE)}`);
        },
        exportReportPdf: () => void exportFromMenu(),
        about: () => {
          void messageBox({
            type: 'info',
            title: 'About Fieldsizer',
            message: `Fieldsizer ${app.getVersion()}`,
            detail: [
              'Offline grease-interceptor sizing, catalog and territories.',
              `Data folder: ${dataDir}`,
              server ? `Local API: ${server.url}` : 'Local API: off',
              `Electron ${process.versions.electron}, Chromium ${process.versions.chrome}, Node ${process.versions.node}`,
            ].join('\n'),
            buttons: ['OK'],
          });
        },
        openApiDocs: () => {
          const docs = app.isPackaged ? path.join(process.resourcesPath, 'docs', 'api.md') : path.join(app.getAppPath(), 'docs', 'api.md');
          void shell.openPath(docs).then((error) => error && log(`could not open ${docs}: ${error}`));
        },
        openApiDescription: () => {
          if (server) void shell.openExternal(`${server.url}/openapi.json`);
        },
      },
    }),
  );
  Menu.setApplicationMenu(menu);
}

const shutdown = createShutdown(
  () => [
    { name: 'IPC and events', run: () => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()) },
    {
      name: 'local API',
      run: async () => {
        await server?.close();
        server = null;
      },
    },
    {
      name: 'engine',
      run: async () => {
        await engine?.close();
        engine = null;
      },
    },
  ],
  log,
);

async function start(): Promise<void> {
  hardenSession(session.defaultSession, policy);
  const started = performance.now();
  engine = await openEngine({
    dataDir,
    // Packaged, resources/ is an extraResource beside app.asar; from the source tree the engine finds it itself.
    resourcesDir: app.isPackaged ? path.join(process.resourcesPath, 'resources') : undefined,
  });
  if (engine.firstStart) log(`created ${engine.store.file} with the embedded data set in ${Math.round(performance.now() - started)} ms`);
  const keyMessage = describeApiKeyState(await ensureApiKey(engine), dataDir);
  if (keyMessage) log(keyMessage);

  const settings = await readAppSettings(engine.store.db);
  server = await startLocalApi(engine, settings.api, { log });

  dispatch = createDispatcher(engine, {
    transport: 'ipc',
    apiUrl: server?.url ?? null,
    exportPdf: createPdfExporter({ location, preload, parent: () => mainWindow, trust, log }),
  });
  cleanups.push(registerInvokeHandler({ dispatch, trustedWindows, location, log }));
  cleanups.push(subscribeEvents(engine, emit));
  installMenu();
  mainWindow = createMainWindow();
}

if (!app.requestSingleInstanceLock()) {
  // Another Fieldsizer runs on this data folder: it gets focus (second-instance), this one ends.
  app.quit();
} else {
  app.on('second-instance', focusMainWindow);
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, location, log));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', focusMainWindow);

  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    void shutdown().finally(() => {
      stopped = true;
      app.quit();
    });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => app.quit());

  app
    .whenReady()
    .then(start)
    .catch(async (error: unknown) => {
      log(`could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      dialog.showErrorBox('Fieldsizer could not start', `${error instanceof Error ? error.message : String(error)}\n\nData folder: ${dataDir}`);
      await shutdown();
      app.exit(1);
    });
}
