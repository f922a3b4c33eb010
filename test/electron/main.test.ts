/**
 * The main process, run against a fake `electron` (the binary cannot run here): it opens the
 * engine on the data folder, starts the local API, makes one hardened window, answers IPC only
 * from that window's top frame, exports a report PDF through a hidden window, and on quit closes
 * the server and then the engine.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNEL, type Envelope } from '../../src-shared/ipc/contract.js';
import { openEngine } from '../../src-main/engine/engine.js';
import { writeAppSettings } from '../../src-main/engine/app-settings.js';
import { copyTemplateDataDir, tempDir } from '../helpers/api-server.js';

type Listener = (...args: unknown[]) => unknown;

const fake = vi.hoisted(() => {
  let nextId = 1;
  const listeners = new Map<string, Listener[]>();
  const emit = (event: string, ...args: unknown[]) => (listeners.get(event) ?? []).forEach((l) => l(...args));
  const paths: Record<string, string> = {};
  const state = {
    windows: [] as FakeWindow[],
    handlers: new Map<string, Listener>(),
    quitCalls: 0,
    exited: null as number | null,
    saveTo: '' as string,
    reportState: { state: 'ready', title: 'Test Diner' } as unknown,
  };

  class FakeWebContents {
    id = nextId++;
    url = '';
    mainFrame = { processId: 100 + this.id, routingId: 1, get url() { return ''; }, parent: null };
    send = vi.fn();
    events = new Map<string, Listener>();
    windowOpenHandler: Listener | null = null;
    setWindowOpenHandler(handler: Listener) {
      this.windowOpenHandler = handler;
    }
    on(event: string, listener: Listener) {
      this.events.set(event, listener);
      return this;
    }
    once(event: string, listener: Listener) {
      return this.on(event, listener);
    }
    getURL() {
      return this.url;
    }
    getTitle() {
      return 'Sizing report';
    }
    executeJavaScript = vi.fn(async () => state.reportState);
    reload = vi.fn();
    printToPDF = vi.fn(async () => Buffer.from('%PDF-1.7 fake'));
  }

  class FakeWindow {
    options: Record<string, unknown>;
    webContents = new FakeWebContents();
    destroyed = false;
    private events = new Map<string, Listener[]>();
    constructor(options: Record<string, unknown>) {
      this.options = options;
      state.windows.push(this);
      emit('web-contents-created', {}, this.webContents);
    }
    async loadURL(url: string) {
      this.webContents.url = url;
      const frame = this.webContents.mainFrame;
      Object.defineProperty(frame, 'url', { value: url, configurable: true });
    }
    once(event: string, listener: Listener) {
      this.events.set(event, [...(this.events.get(event) ?? []), listener]);
      return this;
    }
    on(event: string, listener: Listener) {
      return this.once(event, listener);
    }
    isDestroyed() {
      return this.destroyed;
    }
    destroy() {
      this.destroyed = true;
      (this.events.get('closed') ?? []).forEach((l) => l());
    }
    isMinimized() {
      return false;
    }
    isMaximized() {
      return false;
    }
    maximize() {}
    getNormalBounds() {
      return { x: 10, y: 20, width: 1200, height: 800 };
    }
    show() {}
    focus() {}
    restore() {}
  }

  const app = {
    isPackaged: false,
    setName: vi.fn(),
    setPath: (name: string, value: string) => void (paths[name] = value),
    getPath: (name: string) => paths[name] ?? '/nonexistent',
    getAppPath: () => process.cwd(),
    getVersion: () => '0.0.0-test',
    requestSingleInstanceLock: () => true,
    isReady: () => true,
    whenReady: () => Promise.resolve(),
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return app;
    },
    quit() {
      state.quitCalls++;
      let prevented = false;
      emit('before-quit', { preventDefault: () => (prevented = true) });
      return prevented;
    },
    exit: (code: number) => void (state.exited = code),
  };

  const session = {
    defaultSession: {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
      webRequest: { onHeadersReceived: vi.fn() },
    },
  };

  const shell = { openExternal: vi.fn(async (_url: string) => undefined), openPath: vi.fn(async (_path: string) => '') };

  const dialog = {
    showMessageBox: vi.fn(async () => ({ response: 0 })),
    showErrorBox: vi.fn(),
    showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: state.saveTo === '', filePath: state.saveTo })),
  };

  return { app, paths, state, session, shell, dialog, FakeWindow, emit };
});

vi.mock('electron', () => ({
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
  app: fake.app,
  BrowserWindow: fake.FakeWindow,
  Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: vi.fn() },
  dialog: fake.dialog,
  ipcMain: {
    handle: (channel: string, handler: Listener) => void fake.state.handlers.set(channel, handler),
    removeHandler: (channel: string) => void fake.state.handlers.delete(channel),
  },
  session: fake.session,
  shell: fake.shell,
}));

let dataDir: string;
let outDir: string;
const previousDataDir = process.env.FIELDSIZER_DATA_DIR;

async function until<T>(probe: () => T | undefined | null | false, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

type InvokeHandler = (event: unknown, method: unknown, args: unknown) => Promise<Envelope<unknown>>;
const mainWindow = () => fake.state.windows[0]!;
const invoke = (method: string, args: unknown, event?: unknown) => {
  const w = mainWindow();
  const handler = fake.state.handlers.get(INVOKE_CHANNEL) as InvokeHandler;
  return handler(event ?? { sender: { id: w.webContents.id }, senderFrame: w.webContents.mainFrame }, method, args);
};

/** The SIGTERM listeners main installed (called directly: emitting the signal would reach the test runner's too). */
const sigtermListeners: NodeJS.SignalsListener[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  dataDir = copyTemplateDataDir();
  // Not the default 8737, which a real Fieldsizer on this machine may be using.
  const engine = await openEngine({ dataDir });
  await writeAppSettings(engine.store.db, { api: { enabled: true, port: await freePort() } });
  await engine.close();
  outDir = tempDir('fieldsizer-pdf-');
  process.env.FIELDSIZER_DATA_DIR = dataDir;
  fake.paths.appData = path.join(outDir, 'appData');
  fake.paths.documents = outDir;
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const before = new Set(process.rawListeners('SIGTERM'));
  await import('../../src-main/electron/main.js');
  sigtermListeners.push(...(process.rawListeners('SIGTERM') as NodeJS.SignalsListener[]).filter((l) => !before.has(l)));
  await until(() => fake.state.handlers.has(INVOKE_CHANNEL) && fake.state.windows.length === 1);
});

afterAll(() => {
  if (previousDataDir === undefined) delete process.env.FIELDSIZER_DATA_DIR;
  else process.env.FIELDSIZER_DATA_DIR = previousDataDir;
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(outDir, { recursive: true, force: true });
});

describe('main process (fake electron)', () => {
  it('keeps its data in <appData>/Fieldsizer, or FIELDSIZER_DATA_DIR', () => {
    expect(fake.paths.userData).toBe(path.join(outDir, 'appData', 'Fieldsizer'));
    expect(fs.existsSync(path.join(dataDir, 'fieldsizer.db'))).toBe(true);
  });

  it('makes one window with the security checklist and a CSP on every response', () => {
    const prefs = mainWindow().options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, nodeIntegration: false, sandbox: true, webSecurity: true });
    expect(String(prefs.preload)).toMatch(/out[\\/]preload[\\/]index\.cjs$|preload[\\/]index\.cjs$/);
    expect(fake.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
    const [onHeaders] = fake.session.defaultSession.webRequest.onHeadersReceived.mock.calls[0] as [Listener];
    const callback = vi.fn();
    onHeaders({ responseHeaders: { 'Content-Type': ['text/html'] } }, callback);
    expect(callback.mock.calls[0]![0].responseHeaders['Content-Security-Policy'][0]).toContain("script-src 'self'");
    const permission = vi.fn();
    (fake.session.defaultSession.setPermissionRequestHandler.mock.calls[0]![0] as Listener)({}, 'geolocation', permission);
    expect(permission).toHaveBeenCalledWith(false);
  });

  it('denies new windows (web links go to the system browser) and blocks navigation away from the app', async () => {
    const { shell } = fake;
    const contents = mainWindow().webContents;
    expect(contents.windowOpenHandler!({ url: 'https://example.com/datasheet.pdf' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(shell.openExternal.mock.calls).toEqual([['https://example.com/datasheet.pdf']]);
    const prevent = vi.fn();
    (contents.events.get('will-navigate') as Listener)({ url: 'file:///etc/passwd', preventDefault: prevent });
    expect(prevent).toHaveBeenCalled();
    const allow = vi.fn();
    (contents.events.get('will-navigate') as Listener)({ url: `${contents.url}#/catalog`, preventDefault: allow });
    expect(allow).not.toHaveBeenCalled();
  });

  it('answers a contract call from the main window, with the local API address', async () => {
    const result = await invoke('app.info', {});
    expect(result.ok).toBe(true);
    const info = (result as { value: { transport: string; apiUrl: string | null; dataDir: string } }).value;
    expect(info.transport).toBe('ipc');
    expect(info.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${info.apiUrl}/openapi.json`);
    expect(response.status).toBe(200);
  });

  it('refuses calls from another frame or another page', async () => {
    const w = mainWindow();
    await expect(invoke('app.info', {}, { sender: { id: w.webContents.id }, senderFrame: { ...w.webContents.mainFrame, url: w.webContents.url, routingId: 9, parent: {} } })).rejects.toThrow(/Refused/);
    await expect(invoke('app.info', {}, { sender: { id: w.webContents.id }, senderFrame: { processId: w.webContents.mainFrame.processId, routingId: 1, url: 'https://evil.example.com/', parent: null } })).rejects.toThrow(/Refused/);
    await expect(invoke('app.info', {}, { sender: { id: 999 }, senderFrame: null })).rejects.toThrow(/Refused/);
  });

  it("exports the engine's report PDF through the save dialog", async () => {
    const list = (await invoke('projects.list', {})) as Envelope<{ data: { id: number }[] }>;
    if (!list.ok || list.value.data.length === 0) throw new Error('the template data set has no project');
    const projectId = list.value.data[0]!.id;
    fake.state.saveTo = path.join(outDir, 'report');
    const result = await invoke('report.exportPdf', { projectId });
    expect(result).toEqual({ ok: true, value: { path: path.join(outDir, 'report.pdf') } });
    // The same bytes the local API serves for this project.
    const written = fs.readFileSync(path.join(outDir, 'report.pdf'));
    expect(written.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const info = (await invoke('app.info', {})) as Envelope<{ apiUrl: string }>;
    if (!info.ok) throw new Error('no app.info');
    const project = (await invoke('projects.get', { id: projectId })) as Envelope<{ project: { name: string } }>;
    if (!project.ok) throw new Error('no project');
    // Asked where to save, next to the user's documents, named after the project.
    const saveOptions = fake.dialog.showSaveDialog.mock.calls.at(-1)!.at(-1) as { defaultPath: string };
    expect(saveOptions.defaultPath).toBe(path.join(outDir, `${project.value.project.name} sizing report.pdf`));
    // No hidden window is needed any more.
    expect(fake.state.windows).toHaveLength(1);

    fake.state.saveTo = '';
    const cancelled = await invoke('report.exportPdf', { projectId });
    expect(cancelled).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });

  it('writes its log file, answers app.startup, and reloads a page that crashed or hung', async () => {
    const { readLog } = await import('../../src-main/logs/app-log.js');
    expect(readLog(dataDir)).toMatch(/INFO \[main\] Fieldsizer 0\.0\.0-test starting/);
    expect(await invoke('app.startup', {})).toEqual({ ok: true, value: { phase: 'ready', step: null, percent: 100 } });
    const contents = mainWindow().webContents;
    (contents.events.get('render-process-gone') as Listener)({}, { reason: 'crashed', exitCode: 139 });
    expect(contents.reload).toHaveBeenCalledTimes(1);
    await until(() => readLog(dataDir).includes("the window's page stopped (crashed, exit code 139); reloading"));
  });

  it('has Show Logs (the logs folder) and Check for Updates (said to come with the installed app) in its menu', async () => {
    const { Menu } = await import('electron');
    const template = (Menu.setApplicationMenu as unknown as { mock: { calls: unknown[][] } }).mock.calls.at(-1)![0] as { label?: string; submenu?: unknown }[];
    const all = (items: { label?: string; submenu?: unknown; click?: () => void }[]): { label?: string; click?: () => void }[] =>
      items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? all(i.submenu as never) : [])]);
    all(template as never).find((i) => i.label === 'Show Logs')!.click!();
    expect(fake.shell.openPath).toHaveBeenCalledWith(path.join(dataDir, 'logs'));
    all(template as never).find((i) => i.label === 'Check for Updates…')!.click!();
    await until(() => fake.dialog.showMessageBox.mock.calls.some((c) => JSON.stringify(c).includes('Updates come with the installed app')));
  });

  it('on SIGTERM, even relayed twice, closes the API server (and its address file), then the engine, then really quits', async () => {
    const info = (await invoke('app.info', {})) as { value: { apiUrl: string } };
    const addressFile = path.join(dataDir, 'local-api.json');
    expect(JSON.parse(fs.readFileSync(addressFile, 'utf8'))).toMatchObject({ url: info.value.apiUrl });
    expect(sigtermListeners).toHaveLength(1);
    const [listener] = sigtermListeners as [NodeJS.SignalsListener];
    listener('SIGTERM');
    // Still listening: a second signal (a wrapper relaying it) must not fall to the default exit.
    expect(process.rawListeners('SIGTERM')).toContain(listener);
    listener('SIGTERM');
    await until(() => fake.state.quitCalls >= 3);
    await expect(fetch(`${info.value.apiUrl}/openapi.json`)).rejects.toThrow();
    expect(fake.state.handlers.has(INVOKE_CHANNEL)).toBe(false);
    expect(fs.existsSync(addressFile)).toBe(false);
    // Shut down once: another quit is no longer held back.
    expect(fake.app.quit()).toBe(false);
  });
});
