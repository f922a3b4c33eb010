/** The application menu (built from a template; electron's types only). */
import { describe, expect, it, vi } from 'vitest';
import { menuTemplate, type MenuActions } from '../../src-main/electron/menu.js';

// electron's own types stay inside src-main/electron/ (lint): take them from the template.
type MenuItemConstructorOptions = ReturnType<typeof menuTemplate>[number];

const actions: MenuActions = {
  newProject: vi.fn(),
  exportReportPdf: vi.fn(),
  about: vi.fn(),
  openApiDocs: vi.fn(),
  openApiDescription: vi.fn(),
  importProjects: vi.fn(),
  exportUnsynced: vi.fn(),
  showLogs: vi.fn(),
  checkForUpdates: vi.fn(),
};

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}
const roles = (template: MenuItemConstructorOptions[]) => items(template).map((i) => i.role).filter(Boolean);
const labels = (template: MenuItemConstructorOptions[]) => items(template).map((i) => i.label).filter(Boolean);

describe('menuTemplate', () => {
  it('has File (new project, export PDF, quit), Edit, View (zoom) and Help (about, API docs)', () => {
    const template = menuTemplate({ isDev: false, isMac: false, apiRunning: true, actions });
    expect(template.map((i) => i.label)).toEqual(['&File', '&Edit', '&View', '&Help']);
    expect(labels(template)).toEqual(
      expect.arrayContaining(['New Project', 'Export Report PDF…', 'Import Projects…', 'Export Unsynced Projects…', 'About Fieldsizer', 'Check for Updates…', 'Show Logs', 'Local API Documentation']),
    );
    expect(roles(template)).toEqual(expect.arrayContaining(['quit', 'editMenu', 'zoomIn', 'zoomOut', 'resetZoom']));
    for (const item of items(template)) if (item.click) (item.click as () => void)();
    for (const action of Object.values(actions)) expect(action).toHaveBeenCalled();
  });

  it('offers Reload in the packaged app too, the developer tools only while developing', () => {
    const built = roles(menuTemplate({ isDev: false, isMac: false, apiRunning: true, actions }));
    const dev = roles(menuTemplate({ isDev: true, isMac: false, apiRunning: true, actions }));
    expect(built).toContain('reload');
    for (const role of ['forceReload', 'toggleDevTools']) {
      expect(built).not.toContain(role);
      expect(dev).toContain(role);
    }
  });

  it('disables the OpenAPI item when the local API is off; macOS gets its app menu', () => {
    const off = items(menuTemplate({ isDev: false, isMac: true, apiRunning: false, actions }));
    expect(off.find((i) => i.label === 'Local API OpenAPI Description')?.enabled).toBe(false);
    expect(off[0]?.role).toBe('appMenu');
  });
});
