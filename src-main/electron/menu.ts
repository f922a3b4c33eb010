/**
 * The application menu, as a template (only electron's types are imported, so it is built and
 * checked under plain Node). Reload and the developer tools exist only while developing.
 */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  newProject(): void;
  exportReportPdf(): void;
  about(): void;
  openApiDocs(): void;
  openApiDescription(): void;
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
      isMac ? { role: 'close' } : { role: 'quit', label: 'Quit' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      ...(isDev
        ? ([{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }] satisfies MenuItemConstructorOptions[])
        : []),
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
