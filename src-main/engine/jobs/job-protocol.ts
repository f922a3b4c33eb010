/**
 * The messages between the serving thread and a job worker (job-worker.ts): the work that would
 * hold the serving thread for seconds (a report PDF, an import of a `.fieldsizer` file) runs there,
 * on a connection of its own, bounded in time and memory (job-host.ts).
 */
import type { ApiErrorBody } from '../../../src-shared/api/common.js';
import type { ReportUnits } from '../report/report-pdf.js';
import type { ImportReportView } from '../../../src-shared/ipc/data-safety.js';

export interface JobKinds {
  /** A project's report PDF; `made` is the date printed on it (ISO). */
  report: { input: { id: number; units: ReportUnits; made: string; price?: boolean }; result: Uint8Array };
  /** A `.fieldsizer` file's text, checked, sized and written in one transaction. */
  import: { input: { text: string; refuseEach?: boolean }; result: ImportReportView };
}

export type JobKind = keyof JobKinds;

export type ToJobWorker = { type: 'run'; id: number; kind: JobKind; input: JobKinds[JobKind]['input'] };

export type FromJobWorker =
  /** From here on the job is not cut off: it writes, and a cut could not tell whether it committed. */
  | { type: 'unbounded'; id: number }
  | { type: 'done'; id: number; value: unknown }
  /** `detail`: the stack of an unexpected failure, for the log (never for the caller). */
  | { type: 'failed'; id: number; error: ApiErrorBody; detail?: string };

export interface JobWorkerData {
  dataDir: string;
  /** The embedded data set's folder: its authority library gives the rules a project is sized by. */
  resourcesDir: string;
}
