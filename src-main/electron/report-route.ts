/**
 * The agreement with the renderer about its printable report view (src-renderer's ReportScreen).
 * Pure (no electron import).
 * - route: the hash route `#/report/<projectId>` shows the report of one project, print-ready
 *   (print CSS hides the app's buttons);
 * - readiness: `<article class="report" data-ready="true">` once its data is shown and every
 *   image has loaded or failed; an error notice (`role="alert"`) when the project cannot be shown;
 * - name: the report's heading (`#report-title`, the project name) names the suggested file.
 */

export function reportRoute(projectId: number): string {
  return `/report/${projectId}`;
}

/** Evaluated in the report window; answers { state: 'ready' | 'error' | null, title }. */
export const REPORT_READY_SCRIPT = `(() => {
  const report = document.querySelector('article.report[data-ready="true"]');
  if (report && Array.from(document.images).every((image) => image.complete)) {
    const heading = document.getElementById('report-title');
    return { state: 'ready', title: heading ? heading.textContent : document.title };
  }
  if (document.querySelector('[role="alert"]')) return { state: 'error', title: null };
  return { state: null, title: null };
})()`;

export interface ReportState {
  state: 'ready' | 'error' | null;
  title: string | null;
}

/** What REPORT_READY_SCRIPT answered, checked (it comes from the page). */
export function readReportState(value: unknown): ReportState {
  if (typeof value !== 'object' || value === null) return { state: null, title: null };
  const { state, title } = value as Record<string, unknown>;
  return { state: state === 'ready' || state === 'error' ? state : null, title: typeof title === 'string' ? title : null };
}

/** A safe file name (no path separators or reserved characters) for the suggested save path. */
export function reportFileName(title: string | null, projectId: number): string {
  const cleaned = Array.from(title ?? '', (c) => (c.charCodeAt(0) < 32 ? ' ' : c))
    .join('')
    .replace(/[<>:"/\\|?*]/g, ' ')
    .replace(/\s+/g, ' ')
    // No leading dots (hidden files, "..") and no trailing dots or spaces (Windows drops them).
    .replace(/^[.\s]+/, '')
    .slice(0, 120)
    .replace(/[.\s]+$/, '');
  const base = cleaned === '' || /^fieldsizer$/i.test(cleaned) ? `Fieldsizer project ${projectId}` : cleaned;
  return `${base} sizing report.pdf`;
}

/** The project the main window shows (`#/projects/12`, `#/report/12`), or null (a list, a new project …). */
export function projectIdFromUrl(url: string): number | null {
  let hash: string;
  try {
    hash = new URL(url).hash;
  } catch {
    return null;
  }
  const match = /^#\/(?:projects|report)\/(\d+)(?:[/?]|$)/.exec(hash);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Where the menu's "New Project" takes the main window. */
export const NEW_PROJECT_ROUTE = '#/projects/new';
