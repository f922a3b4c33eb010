/**
 * "Export report PDF": the engine's report of one project (the same bytes the local API serves
 * at /api/projects/:id/report.pdf and the browser mode downloads), written where the user
 * chooses. The dispatcher gets it as `exportPdf`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { ApiError } from '../engine/errors.js';
import { reportFileName } from './report-route.js';

export interface PdfExporterOptions {
  /** The report's bytes and the project's name (the file is named after it). */
  render: (projectId: number, units: 'standard' | 'metric', price: boolean) => Promise<{ pdf: Buffer; title: string }>;
  /** The window the save dialog belongs to. */
  parent: () => BrowserWindow | null;
  log: (line: string) => void;
}

export function createPdfExporter(options: PdfExporterOptions): (projectId: number, units: 'standard' | 'metric', price?: boolean) => Promise<{ path: string }> {
  return async (projectId, units, price = false) => {
    const { pdf, title } = await options.render(projectId, units, price);
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
  };
}
