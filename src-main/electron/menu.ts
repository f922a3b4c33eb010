/**
 * The application menu, as a template (only electron's types are imported, so it is built and
 * checked under plain Node). Reload is always there (a stuck page can be reloaded); the developer
 * tools only while developing.
 */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  newProject(): void;
  exportReportPdf(): void;
  about(): void;
  openApiDocs(): void;
  openApiDescription(): void;
  importProjects(): void;
  exportUnsynced(): void;
  showLogs(): void;
  checkForUpdates(): void;
}

export interface MenuOptions {
  isDev: boolean;
  isMac: boolean;
  /** Whether the local API runs (its OpenAPI description can be opened). */
  apiRunning: boolean;
  actions: MenuActions;
}

export function menuTemplate({ isDev, isMac, apiRunning, actions }: MenuOptions): MenuItemConstructorOptions[] {
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      { label: 'New Project', accelerator: 'CmdOrCtrl+N', click: () => actions.newProject() },
      { label: 'Export Report PDF…', accelerator: 'CmdOrCtrl+Shift+E', click: () => actions.exportReportPdf() },
      { type: 'separator' },
      { label: 'Import Projects…', accelerator: 'CmdOrCtrl+O', click: () => actions.importProjects() },
      { label: 'Export Unsynced Projects…', click: () => actions.exportUnsynced() },
      { type: 'separator' },
      isMac ? { role: 'close' } : { role: 'quit', label: 'Quit' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      { role: 'reload' },
      ...(isDev ? ([{ role: 'forceReload' }, { role: 'toggleDevTools' }] satisfies MenuItemConstructorOptions[]) : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    label: '&Help',
    submenu: [
      { label: 'About Fieldsizer', click: () => actions.about() },
      { label: 'Check for Updates…', click: () => actions.checkForUpdates() },
      { label: 'Show Logs', click: () => actions.showLogs() },
      { type: 'separator' },
      { label: 'Local API Documentation', click: () => actions.openApiDocs() },
      { label: 'Local API OpenAPI Description', enabled: apiRunning, click: () => actions.openApiDescription() },
    ],
  };
  return [
    ...(isMac ? ([{ role: 'appMenu' }] satisfies MenuItemConstructorOptions[]) : []),
    file,
    { role: 'editMenu', label: '&Edit' },
    view,
    ...(isMac ? ([{ role: 'windowMenu' }] satisfies MenuItemConstructorOptions[]) : []),
    help,
  ];
}
