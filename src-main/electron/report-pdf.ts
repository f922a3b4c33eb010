/**
 * "Export report PDF": the renderer's report view of one project is loaded in a hidden window
 * (same preload, same hardening, trusted like the main window while it lives), printed with
 * printToPDF, and written where the user chooses. The dispatcher gets it as `exportPdf`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { ApiError } from '../engine/errors.js';
import { appUrl, type AppLocation } from './app-url.js';
import { readReportState, reportFileName, reportRoute, REPORT_READY_SCRIPT } from './report-route.js';
import { secureWebPreferences } from './window.js';

export interface PdfExporterOptions {
  location: AppLocation;
  preload: string;
  /** The window the save dialog belongs to. */
  parent: () => BrowserWindow | null;
  /** Adds a window to the trusted set (its IPC calls are answered); returns the removal. */
  trust: (window: BrowserWindow) => () => void;
  log: (line: string) => void;
  /** How long the report view may take to show its data. */
  timeoutMs?: number;
}

/** Waits until the report view shows its data; answers its title. */
async function waitForReport(window: BrowserWindow, timeoutMs: number): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { state, title } = readReportState(await window.webContents.executeJavaScript(REPORT_READY_SCRIPT));
    if (state === 'ready') return title;
    if (state === 'error') throw new ApiError(500, 'report_failed', 'The report view could not show this project.');
    if (Date.now() > deadline) throw new ApiError(504, 'report_timeout', 'The report took too long to render.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function createPdfExporter(options: PdfExporterOptions): (projectId: number) => Promise<{ path: string }> {
  return async (projectId) => {
    const window = new BrowserWindow({ show: false, width: 1100, height: 1400, webPreferences: secureWebPreferences(options.preload) });
    const untrust = options.trust(window);
    try {
      await window.loadURL(appUrl(options.location, reportRoute(projectId)));
      const title = await waitForReport(window, options.timeoutMs ?? 20_000);
      const pdf = await window.webContents.printToPDF({ printBackground: true, pageSize: 'Letter', preferCSSPageSize: true });
      const parent = options.parent();
      const saveOptions = {
        title: 'Export report PDF',
        defaultPath: path.join(app.getPath('documents'), reportFileName(title, projectId)),
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      };
      const choice = parent ? await dialog.showSaveDialog(parent, saveOptions) : await dialog.showSaveDialog(saveOptions);
      if (choice.canceled || !choice.filePath) throw new ApiError(400, 'cancelled', 'The export was cancelled.');
      const file = choice.filePath.toLowerCase().endsWith('.pdf') ? choice.filePath : `${choice.filePath}.pdf`;
      await fs.writeFile(file, pdf);
      options.log(`report of project ${projectId} written to ${file}`);
      return { path: file };
    } finally {
      untrust();
      if (!window.isDestroyed()) window.destroy();
    }
  };
}
