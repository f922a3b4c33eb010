/** A project's sizing report: the project, its full sizing, the recommended product's detail and its kept picture. */
import { create } from 'zustand';
import type { Product } from '../../../src-shared/api/catalog';
import type { ProjectView, SizingView } from '../../../src-shared/ipc/contract';
import { keptDataSheetPicture } from '../../../src-shared/report-content';
import { call, messageOf } from '../transport/bridge';
import { downloadFile } from '../transport/session';
import { useApp } from './app-store';

interface ReportState {
  id: number | null;
  view: ProjectView | null;
  sizing: SizingView | null;
  product: Product | null;
  /** Where the recommended unit's kept dimension picture is served (the data sheet draws the unit without one). */
  picture: string | null;
  error: string | null;
  exportMessage: string | null;
  load(id: number): Promise<void>;
  /** The engine's PDF (with the list price when the rep chose it): the desktop app asks where to save it; the browser downloads it. */
  exportPdf(price?: boolean): Promise<void>;
}

export const useReport = create<ReportState>((set, get) => ({
  id: null,
  view: null,
  sizing: null,
  product: null,
  picture: null,
  error: null,
  exportMessage: null,
  async load(id) {
    set({ id, view: null, sizing: null, product: null, picture: null, error: null, exportMessage: null });
    try {
      const [view, sizing] = await Promise.all([call('projects.get', { id }), call('projects.sizing', { id })]);
      const part = sizing.sizing.recommendation.product?.part_number;
      const [product, media] = part
        ? await Promise.all([call('catalog.product', { modelNumber: part }).catch(() => null), call('media.product', { modelNumber: part }).catch(() => null)])
        : [null, null];
      const picture = product && media ? keptDataSheetPicture(media.items) : null;
      if (get().id === id) set({ view, sizing, product, picture });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  async exportPdf(price = false) {
    const id = get().id;
    if (id === null) return;
    const units = useApp.getState().units;
    if (useApp.getState().info?.transport === 'http') {
      const problem = await downloadFile(`/bridge/report/${id}?units=${units}&price=${price}`);
      set({ exportMessage: problem ?? 'The report PDF is downloading (see your Downloads folder).' });
      return;
    }
    try {
      const { path } = await call('report.exportPdf', { projectId: id, units, price });
      set({ exportMessage: `Saved the report as ${path}` });
    } catch (error) {
      if (!(error instanceof Error && /cancelled/.test(error.message))) set({ exportMessage: messageOf(error) });
    }
  },
}));
