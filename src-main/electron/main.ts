/**
 * The Electron main process: a thin shell around the engine. It opens the engine on the userData
 * folder (the same folder `serve` uses), starts the local API as the settings say, answers the
 * UI's contract calls over IPC from the app's own windows only, forwards engine events, and shuts
 * everything down cleanly. Everything the engine needs lives outside src-main/electron/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, Menu, screen, session, shell } from 'electron';
import { EVENT_CHANNEL } from '../../src-shared/ipc/contract.js';
import { MAX_IMPORT_FILE_BYTES, type StartupView } from '../../src-shared/ipc/data-safety.js';
import { FIELDSIZER_FILE_EXTENSION } from '../../src-shared/transfer/file-names.js';
import type { Engine } from '../engine/engine.js';
import { openOwnedEngine, StartCancelled } from '../engine/owned-engine.js';
import { describeDamage } from '../engine/recovery.js';
import { openAppLog, type AppLog } from '../logs/app-log.js';
import type { HeldLock } from '../store/process-locks.js';
import { readUpdateUrl } from '../updates/update-client.js';
import { registerAppScheme, serveAppProtocol, type MediaLookup } from './app-protocol.js';
import { noUpdates, startUpdates, type Updates } from './updates.js';
import { readWindowState, writeWindowState } from './window-state.js';
import { APP_DIR_NAME, describeApiKeyState, ensureApiKey } from '../engine/data-dir.js';
import { readAppSettings } from '../engine/app-settings.js';
import type { RunningServer } from '../http/server.js';
import { SQLITE_BINDING_ENV } from '../store/sqlite.js';
import { spareCore, startStoreCheck } from '../store/store-check.js';
import { useUtilityProcessForSync } from './pull-process.js';
import { createDispatcher, type Dispatch } from '../ipc/dispatcher.js';
import { subscribeEvents } from '../ipc/events.js';
import { appLocation, appUrl } from './app-url.js';
import { contentSecurityPolicy } from './csp.js';
import { registerInvokeHandler } from './ipc.js';
import { startLocalApi, type LocalApi } from './local-api.js';
import { announceApiAddress } from '../http/announce.js';
import { menuTemplate } from './menu.js';
import { createPdfExporter } from './report-pdf.js';
import { NEW_PROJECT_ROUTE, projectIdFromUrl } from './report-route.js';
import type { TrustedWindow } from './sender-check.js';
import { createShutdown } from './shutdown.js';
import { hardenSession, hardenWebContents, secureWebPreferences } from './window.js';

/** Inline-script hashes the dev server needs (React Refresh's preamble); set by electron.vite.config.ts. */
declare const __FIELDSIZER_DEV_SCRIPT_HASHES__: string[];

let appLog: AppLog | null = null;
const log = (line: string) => {
  console.log(`fieldsizer: ${line}`);
  appLog?.write('info', 'main', line);
};
const logAt = (level: 'info' | 'warn' | 'error', source: string, message: string) => {
  if (appLog) appLog.write(level, source, message);
  else console.log(`fieldsizer: [${source}] ${message}`);
};

// The UI is served from app:// (app-protocol.ts); the scheme is declared before the app is ready.
registerAppScheme();

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
// The sync's pull runs in a utility process (it inherits the variable above; started only once the app is ready).
useUtilityProcessForSync();
// The store's check at every start (quick_check) begins now in a worker thread (it inherits the
// variable above), while Electron gets ready and the window opens, when a core is spare; the
// engine's open takes its verdict (store/store-check.ts).
const storeCheck = spareCore() ? startStoreCheck(dataDir) : null;

const isDev = !app.isPackaged;
const devServerUrl = isDev ? (process.env.ELECTRON_RENDERER_URL ?? null) : null;
const location = appLocation(devServerUrl, fileURLToPath(new URL('../renderer/index.html', import.meta.url)));
const preload = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const policy = contentSecurityPolicy({ devServerUrl, devScriptHashes: devServerUrl ? __FIELDSIZER_DEV_SCRIPT_HASHES__ : [] });

let engine: Engine | null = null;
let folderLock: HeldLock | null = null;
let updates: Updates | null = null;
let server: RunningServer | null = null;
/** Why the local API is not on its configured port this session (null when it is, or is off). */
let apiMoved: LocalApi['moved'] = null;
/** Calls that arrive while the engine opens wait for it (the window shows at once). */
let resolveDispatch: (dispatch: Dispatch) => void = () => undefined;
const dispatchReady = new Promise<Dispatch>((resolve) => (resolveDispatch = resolve));
/** The start as the window shows it; `app.startup` is answered from here before the engine is open. */
let startup: StartupView = { phase: 'opening', step: 'Opening the data', percent: null };
function setStartup(next: StartupView): void {
  startup = next;
  emit('app.startup', next);
}
/** .fieldsizer files the app was asked to open before it was ready. */
const pendingFiles: string[] = [];
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
  const state = readWindowState(
    dataDir,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const window = new BrowserWindow({
    title: 'Fieldsizer',
    ...(state.x === undefined ? {} : { x: state.x, y: state.y }),
    width: state.width,
    height: state.height,
    minWidth: 900,
    minHeight: 600,
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(preload),
  });
  trust(window);
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    try {
      writeWindowState(dataDir, { ...window.getNormalBounds(), maximized: window.isMaximized() });
    } catch (error) {
      logAt('warn', 'main', `could not save the window's size and position: ${String(error)}`);
    }
  });
  // A crashed or hung page is said, logged, and reloaded: the data is in main, nothing is lost.
  window.webContents.on('render-process-gone', (_event, details) => {
    logAt('error', 'main', `the window's page stopped (${details.reason}, exit code ${details.exitCode}); reloading`);
    if (details.reason === 'clean-exit') return;
    void messageBox({ type: 'warning', message: 'The Fieldsizer window stopped unexpectedly and is reloaded.', detail: 'Your saved work is safe. What happened is in Help → Show Logs.', buttons: ['OK'] });
    if (!window.isDestroyed()) window.webContents.reload();
  });
  window.on('unresponsive', () => {
    logAt('warn', 'main', 'the window stopped responding');
    void messageBox({ type: 'warning', message: 'The Fieldsizer window is not responding.', detail: 'Wait for it, or reload it (your saved work is safe).', buttons: ['Wait', 'Reload'], defaultId: 0 }).then(
      ({ response }) => {
        if (response === 1 && !window.isDestroyed()) window.webContents.reload();
      },
    );
  });
  window.on('responsive', () => logAt('info', 'main', 'the window responds again'));
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
    if (app.isReady()) mainWindow = createMainWindow();
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

const fieldsizerFiles = (argv: string[]) => argv.filter((arg) => arg.toLowerCase().endsWith(`.${FIELDSIZER_FILE_EXTENSION}`) && fs.existsSync(arg));

/** Imports a .fieldsizer file (double-click, File → Import) and says what happened. */
async function importFile(file: string): Promise<void> {
  if (!engine) {
    pendingFiles.push(file);
    return;
  }
  focusMainWindow();
  const d = await dispatchReady;
  // The contract's limit, before a file of any size is read into memory.
  if (fs.statSync(file).size > MAX_IMPORT_FILE_BYTES) {
    await messageBox({ type: 'error', message: `${path.basename(file)} could not be imported.`, detail: `The file is larger than ${MAX_IMPORT_FILE_BYTES / 1e6} MB.`, buttons: ['OK'] });
    return;
  }
  const result = await d('projects.import', { content: fs.readFileSync(file, 'utf8') });
  if (!result.ok) {
    await messageBox({ type: 'error', message: `${path.basename(file)} could not be imported.`, detail: result.error.message, buttons: ['OK'] });
    return;
  }
  const report = result.value as { imported: number; already_here: number; refused: number; projects: { message: string; name: string; id: number | null }[] };
  logAt('info', 'main', `imported a projects file: ${report.imported} imported, ${report.already_here} already here, ${report.refused} refused`);
  await messageBox({
    type: report.refused > 0 ? 'warning' : 'info',
    message: `${report.imported} project${report.imported === 1 ? '' : 's'} imported from ${path.basename(file)}.`,
    detail: report.projects.map((p) => `${p.name}: ${p.message}`).join('\n'),
    buttons: ['OK'],
  });
  const first = report.projects.find((p) => p.id !== null);
  if (first && mainWindow && !mainWindow.isDestroyed()) void mainWindow.webContents.executeJavaScript(`window.location.hash = ${JSON.stringify(`#/projects/${first.id}`)}`);
}

async function importFromMenu(): Promise<void> {
  const picked = await (mainWindow ? dialog.showOpenDialog(mainWindow, openOptions()) : dialog.showOpenDialog(openOptions()));
  for (const file of picked.canceled ? [] : picked.filePaths) await importFile(file);
}

const openOptions = (): Electron.OpenDialogOptions => ({
  title: 'Import projects',
  properties: ['openFile', 'multiSelections'],
  filters: [{ name: 'Fieldsizer projects', extensions: [FIELDSIZER_FILE_EXTENSION] }],
});

/** The save dialog for exported projects (the contract's projects.export in the desktop app). */
async function saveExport(fileName: string, content: string): Promise<string | null> {
  const options: Electron.SaveDialogOptions = {
    title: 'Export projects',
    defaultPath: path.join(app.getPath('documents'), fileName),
    filters: [{ name: 'Fieldsizer projects', extensions: [FIELDSIZER_FILE_EXTENSION] }],
  };
  const chosen = await (mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options));
  if (chosen.canceled || !chosen.filePath) return null;
  const file = chosen.filePath.endsWith(`.${FIELDSIZER_FILE_EXTENSION}`) ? chosen.filePath : `${chosen.filePath}.${FIELDSIZER_FILE_EXTENSION}`;
  fs.writeFileSync(file, content, { mode: 0o600 });
  return file;
}

async function exportUnsyncedFromMenu(): Promise<void> {
  const d = await dispatchReady;
  const result = await d('projects.export', { unsynced: true });
  if (!result.ok) {
    await messageBox({ type: 'info', message: 'Nothing was exported.', detail: result.error.message, buttons: ['OK'] });
    return;
  }
  // Projects whose stored data is damaged were left out of the file: say which.
  const { skipped } = result.value as { skipped: { reason: string }[] };
  if (skipped.length > 0) {
    await messageBox({ type: 'warning', message: `${skipped.length} project${skipped.length === 1 ? ' was' : 's were'} not exported.`, detail: skipped.map((s) => s.reason).join('\n'), buttons: ['OK'] });
  }
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
        importProjects: () => void importFromMenu(),
        exportUnsynced: () => void exportUnsyncedFromMenu(),
        showLogs: () => {
          if (appLog) void shell.openPath(appLog.dir).then((error) => error && log(`could not open ${appLog?.dir}: ${error}`));
        },
        checkForUpdates: () => void updates?.check(true),
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
    {
      name: 'data folder lock and log',
      run: async () => {
        await folderLock?.release();
        folderLock = null;
        await appLog?.close();
      },
    },
  ],
  log,
);

/** The media store's copies for the app:// protocol, once the engine is open (none before). */
let mediaLookup: MediaLookup = () => null;

async function start(): Promise<void> {
  appLog = openAppLog(dataDir);
  logAt('info', 'main', `Fieldsizer ${app.getVersion()} starting (Electron ${process.versions.electron}, ${process.platform})`);
  hardenSession(session.defaultSession, policy);
  if (location.kind === 'app') serveAppProtocol(location.rootDir, policy, (sha) => mediaLookup(sha));
  // The window first: it shows while the engine opens (calls wait for it, see dispatchReady).
  cleanups.push(
    registerInvokeHandler({
      dispatch: async (method, args) => (method === 'app.startup' && startup.phase !== 'ready' ? { ok: true, value: startup } : (await dispatchReady)(method, args)),
      trustedWindows,
      location,
      log,
    }),
  );
  mainWindow = createMainWindow();
  const started = performance.now();
  const owned = await openOwnedEngine(
    {
      dataDir,
      // Packaged, resources/ is an extraResource beside app.asar; from the source tree the engine finds it itself.
      resourcesDir: app.isPackaged ? path.join(process.resourcesPath, 'resources') : undefined,
      templateFile: app.isPackaged ? path.join(process.resourcesPath, 'template', 'fieldsizer.db') : undefined,
      owner: 'app',
      storeCheck,
      onLoadProgress: (p) => setStartup({ phase: 'loading', step: p.step, percent: p.percent }),
      onLockLost: (error) => logAt('warn', 'main', `the data folder's lock was taken over: ${error.message}`),
    },
    async (report) => {
      logAt('error', 'main', `the database was damaged (${report.detail}); moved to ${report.movedTo}, ${report.salvaged} unsynced projects salvaged`);
      const buttons = [...(report.backup ? [`Restore the backup of ${report.backup.created.slice(0, 16).replace('T', ' ')}`] : []), 'Start from the embedded data', 'Quit'];
      const { response } = await messageBox({
        type: 'error',
        title: 'Fieldsizer: the database is damaged',
        message: 'The database is damaged.',
        detail: describeDamage(report, 'The salvaged projects are imported whichever way you go on.'),
        buttons,
        defaultId: 0,
        cancelId: buttons.length - 1,
      });
      const choice = buttons[response];
      return choice === 'Quit' ? 'quit' : choice === 'Start from the embedded data' ? 'fresh' : 'backup';
    },
  );
  engine = owned.engine;
  folderLock = owned.lock;
  if (engine.firstStart) log(`created ${engine.store.file} with the embedded data set in ${Math.round(performance.now() - started)} ms`);
  else logAt('info', 'main', `opened ${engine.store.file} in ${Math.round(performance.now() - started)} ms`);
  if (owned.recovered?.imported) logAt('info', 'main', `salvaged projects imported: ${owned.recovered.imported.imported}`);
  const keyMessage = describeApiKeyState(await ensureApiKey(engine), dataDir);
  if (keyMessage) log(keyMessage);
  engine.backups.startDaily((error) => logAt('error', 'main', `daily backup failed: ${error instanceof Error ? error.message : String(error)}`));

  const settings = await readAppSettings(engine.store.db);
  const localApi = await startLocalApi(engine, settings.api, {
    log,
    serverLog: logAt,
    confirmMove: async (port, reason) => {
      const { response } = await messageBox({
        type: 'warning',
        title: 'Fieldsizer: local API',
        message: `Port ${port} is ${reason === 'taken' ? 'taken by another program' : 'not allowed on this computer'}.`,
        detail:
          'Tools set up for Fieldsizer on that port (estimating sheets, CAD plug-ins, scripts) would send their API keys to that program. ' +
          'Fieldsizer can serve on a free port for this session instead; tools find its address in local-api.json in the data folder. ' +
          'To keep a fixed port, close the other program or choose another port in Settings → Local API.',
        buttons: ['Use a free port for this session', 'Run without the local API'],
        defaultId: 1,
        cancelId: 1,
      });
      return response === 0;
    },
  });
  server = localApi?.server ?? null;
  apiMoved = localApi?.moved ?? null;
  if (server) cleanups.push(announceApiAddress(dataDir, server.url, server.port));

  const media = engine.media.media;
  mediaLookup = (sha) => {
    const kept = media.describe(sha);
    const file = kept ? media.fileOf(sha) : null;
    return kept && file ? { file, contentType: kept.contentType } : null;
  };
  dispatch = createDispatcher(engine, {
    transport: 'ipc',
    apiUrl: server?.url ?? null,
    apiMoved: apiMoved?.reason ?? null,
    exportPdf: createPdfExporter({
      render: async (id, units, price) => ({ pdf: await owned.engine.reports.pdf(id, units, new Date(), price), title: (await owned.engine.projects.get(id, {}, { personal: false })).name }),
      parent: () => mainWindow,
      log,
    }),
    saveExport,
    // A kept document in the system's viewer (the media store's own file, never a path from the page).
    openPath: (file) => shell.openPath(file),
    log: logAt,
  });
  resolveDispatch(dispatch);
  setStartup({ phase: 'ready', step: null, percent: 100 });
  cleanups.push(subscribeEvents(engine, emit));
  const tell = (message: string, detail?: string) => void messageBox({ type: 'info', message, detail, buttons: ['OK'] });
  updates = app.isPackaged ? startUpdates({ feedUrl: await readUpdateUrl(engine.store.db), log: (level, message) => logAt(level, 'main', message), tell }) : noUpdates(tell);
  installMenu();
  void updates.check(false);
  for (const file of [...pendingFiles.splice(0), ...fieldsizerFiles(process.argv.slice(1))]) await importFile(file);
}

if (!app.requestSingleInstanceLock()) {
  // Another Fieldsizer runs on this data folder: it gets focus (second-instance), this one ends.
  app.quit();
} else {
  // A second launch (also a double-clicked .fieldsizer file on Windows and Linux) brings this window forward.
  app.on('second-instance', (_event, argv) => {
    focusMainWindow();
    for (const file of fieldsizerFiles(argv)) void importFile(file);
  });
  // macOS hands a double-clicked file to the running app.
  app.on('open-file', (event, file) => {
    event.preventDefault();
    void importFile(file);
  });
  if (process.versions.electron) {
    // Into the log file too (not under the tests' fake electron, whose runner owns these events).
    process.on('uncaughtException', (error) => logAt('error', 'main', `uncaught: ${error.stack ?? error.message}`));
    process.on('unhandledRejection', (reason) => logAt('error', 'main', `unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`));
  }
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
  // Every time, not once: Ctrl-C reaches each process of the terminal's group and a wrapper
  // relays it again, and a second signal must not fall to the default (an immediate exit that
  // cuts the shutdown short). Quitting again while the shutdown runs changes nothing.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

  app
    .whenReady()
    .then(start)
    .catch(async (error: unknown) => {
      log(`could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (error instanceof StartCancelled) {
        await shutdown();
        app.exit(1);
        return;
      }
      dialog.showErrorBox('Fieldsizer could not start', `${error instanceof Error ? error.message : String(error)}\n\nData folder: ${dataDir}`);
      await shutdown();
      app.exit(1);
    });
}
