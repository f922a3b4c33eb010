/**
 * The engine's jobs off the serving thread (job-host.ts): report PDFs and `.fieldsizer` imports,
 * each kind on a worker of its own with its limits and the errors it answers with (docs/api.md
 * "Reports and imports off the serving thread").
 */
import { ApiError } from '../errors.js';
import type { ReportUnits } from '../report/report-pdf.js';
import { JobWorker, type JobLimits } from './job-host.js';
import type { JobWorkerData } from './job-protocol.js';

export type JobLimitOptions = { report?: Partial<JobLimits>; import?: Partial<JobLimits> };

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

/**
 * A report of 10,900 fixtures (a project of the central service; one made here holds at most 200)
 * took 16.5 s and 719 MB (the whole process) on the serving thread of the quiet 2-core development
 * machine, and 49-71 s with that machine loaded five times over; one of 200 fixtures, 0.8 s. The
 * bounds leave such a machine room for the largest, and stop what would otherwise never end.
 */
export const DEFAULT_JOB_LIMITS: { report: JobLimits; import: JobLimits } = {
  report: { timeoutMs: 300_000, heapMb: 1024, maxWaiting: 4 },
  import: { timeoutMs: 300_000, heapMb: 1024, maxWaiting: 1 },
};

export interface EngineJobs {
  reports: JobWorker<'report'>;
  imports: JobWorker<'import'>;
  close(): Promise<void>;
}

export function startJobs(data: JobWorkerData, limits: JobLimitOptions = {}): EngineJobs {
  const reports = new JobWorker(
    data,
    'report',
    { ...DEFAULT_JOB_LIMITS.report, ...limits.report },
    {
      timeout: ({ id }, l) => new ApiError(503, 'report_timeout', `The report of project ${id} took longer than ${seconds(l.timeoutMs)} to make and was stopped; try again when the computer is less busy.`, 'id'),
      memory: ({ id }, l) => new ApiError(503, 'report_too_large', `The report of project ${id} needs more memory than a report may take (${l.heapMb} MB) and was not made.`, 'id'),
      busy: () => new ApiError(503, 'busy', 'Other reports are being made; try again in a moment.'),
    },
  );
  const imports = new JobWorker(
    data,
    'import',
    { ...DEFAULT_JOB_LIMITS.import, ...limits.import },
    {
      timeout: (_input, l) => new ApiError(503, 'import_timeout', `Reading and sizing the file's projects took longer than ${seconds(l.timeoutMs)}; nothing was imported.`, 'content'),
      memory: (_input, l) =>
        new ApiError(413, 'file_too_large', `The file needs more memory to import than an import may take (${l.heapMb} MB); nothing was imported. Import it in smaller files.`, 'content'),
      busy: () => new ApiError(503, 'busy', 'Another import is running; import this file when it has finished.'),
    },
  );
  return {
    reports,
    imports,
    async close() {
      await Promise.all([reports.close(), imports.close()]);
    },
  };
}

/** The report PDFs as the engine serves them: made by the report worker. */
export class OffThreadReports {
  constructor(private readonly jobs: JobWorker<'report'>) {}

  /** `price`: print the unit's list price (the rep's choice). */
  async pdf(id: number, units: ReportUnits = 'standard', made = new Date(), price = false): Promise<Buffer> {
    const bytes = await this.jobs.run({ id, units, made: made.toISOString(), price });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}
