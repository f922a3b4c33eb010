/** A project's sizing report: the project, its full sizing, the recommended product's detail. */
import { create } from 'zustand';
import type { Product } from '../../../src-shared/api/catalog';
import type { ProjectView, SizingView } from '../../../src-shared/ipc/contract';
import { call, CallError, messageOf } from '../transport/bridge';

interface ReportState {
  id: number | null;
  view: ProjectView | null;
  sizing: SizingView | null;
  product: Product | null;
  error: string | null;
  exportMessage: string | null;
  load(id: number): Promise<void>;
  /** The desktop app writes a PDF (printToPDF); the browser prints (Save as PDF). */
  exportPdf(): Promise<void>;
}

export const useReport = create<ReportState>((set, get) => ({
  id: null,
  view: null,
  sizing: null,
  product: null,
  error: null,
  exportMessage: null,
  async load(id) {
    set({ id, view: null, sizing: null, product: null, error: null, exportMessage: null });
    try {
      const [view, sizing] = await Promise.all([call('projects.get', { id }), call('projects.sizing', { id })]);
      const part = sizing.sizing.recommendation.product?.part_number;
      const product = part ? await call('catalog.product', { modelNumber: part }).catch(() => null) : null;
      if (get().id === id) set({ view, sizing, product });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  async exportPdf() {
    const id = get().id;
    if (id === null) return;
    try {
      const { path } = await call('report.exportPdf', { projectId: id });
      set({ exportMessage: `Saved the report as ${path}` });
    } catch (error) {
      if (error instanceof CallError && error.code === 'not_available') window.print();
      else set({ exportMessage: messageOf(error) });
    }
  },
}));
