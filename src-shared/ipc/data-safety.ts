/**
 * The contract methods of the app's data safety and shell (issue 13): backups and restore,
 * project export and import (.fieldsizer files), the renderer's error log, the central service's
 * reachability and the start-up progress. Spread into `methods` / `MethodResults` in contract.ts.
 */
import { z } from 'zod';

/** The largest `.fieldsizer` file an import reads: the contract, the browser bridge and the command line. */
export const MAX_IMPORT_FILE_BYTES = 50_000_000;

const id = z.number().int().positive();
const noArgs = z.object({}).strict();

/**
 * Where updates may come from: https (the feed names the files and their hashes), or a feed on
 * this machine for testing. Checked when the address is set and again wherever it is read (a
 * restored backup brings its own settings).
 */
export const updateFeedUrl = z
  .string()
  .trim()
  .url({ error: 'Enter the full address, e.g. https://updates.example.com/fieldsizer' })
  .refine((u) => /^https:\/\//i.test(u) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/i.test(u), {
    error: 'Updates come over https only (the feed says which file to trust).',
  });

export const dataSafetyMethods = {
  'backups.list': noArgs,
  /** A backup now (SQLite's online backup API; the app keeps working meanwhile). */
  'backups.create': noArgs,
  /** Replaces the data with a backup (the current data is backed up first). */
  'backups.restore': z.object({ name: z.string().min(1).max(200) }).strict(),
  'backups.setKeep': z.object({ keep: z.number({ error: 'Keep is a whole number.' }).int({ error: 'Keep is a whole number.' }).min(1, { error: 'Keep at least 1.' }).max(100, { error: 'At most 100.' }) }).strict(),
  /** Projects to a .fieldsizer file: the given ids, or every unsynced project. */
  'projects.export': z
    .object({ ids: z.array(id).min(1).max(10_000).optional(), unsynced: z.boolean().optional() })
    .strict()
    .refine((a) => a.unsynced === true || (a.ids?.length ?? 0) > 0, { error: 'Choose projects to export, or all unsynced ones.', path: ['ids'] }),
  /** The text of a .fieldsizer file (read by the UI from a file the rep picked). */
  'projects.import': z
    .object({ content: z.string().min(1, { error: 'The file is empty.' }).max(MAX_IMPORT_FILE_BYTES, { error: `The file is larger than ${MAX_IMPORT_FILE_BYTES / 1e6} MB.` }) })
    .strict(),
  /** An uncaught error of the UI, for the log file (no personal data: the log scrubs it). */
  'app.logError': z.object({ message: z.string().max(2000), stack: z.string().max(10_000).optional(), where: z.string().max(200).optional() }).strict(),
  /** Whether the central service answers (a cheap request to it), not whether a network is up. */
  'sync.reachability': noArgs,
  /** How far the app's start is (a first start loads the embedded data set); answered at once. */
  'app.startup': noArgs,
  /** Where the desktop app looks for updates (null: the address built into the package). */
  'updates.settings': noArgs,
  'updates.setSettings': z.object({ url: updateFeedUrl.nullable() }).strict(),
} satisfies Record<string, z.ZodType>;

export interface BackupView {
  name: string;
  reason: 'daily' | 'manual' | 'before-migration' | 'before-sync' | 'before-restore' | 'before-import';
  created: string;
  bytes: number;
}

export interface ImportOutcomeView {
  source_id: number;
  name: string;
  outcome: 'imported' | 'already-here' | 'refused';
  /** The project's id here (new, or the one that already holds it). */
  id: number | null;
  message: string;
}

/** What an import did, project by project (the engine's import job answers with it too). */
export interface ImportReportView {
  imported: number;
  already_here: number;
  refused: number;
  projects: ImportOutcomeView[];
}

/** The app's start as the window shows it (also pushed as the `app.startup` event). */
export interface StartupView {
  phase: 'opening' | 'loading' | 'ready' | 'failed';
  step: string | null;
  percent: number | null;
}

export interface DataSafetyResults {
  'app.startup': StartupView;
  'updates.settings': { url: string | null };
  'updates.setSettings': { url: string | null };
  'backups.list': { keep: number; folder: string; backups: BackupView[] };
  'backups.create': BackupView;
  'backups.restore': BackupView;
  'backups.setKeep': { keep: number; folder: string; backups: BackupView[] };
  /** Saved by the desktop app (path), or handed to the browser to download (content). */
  /** `skipped`: projects whose stored data could not be read, left out of the file (the others are in it). */
  'projects.export': { count: number; fileName: string; path: string | null; content: string | null; skipped: { id: number; name: string; reason: string }[] };
  'projects.import': ImportReportView;
  'app.logError': { logged: boolean };
  'sync.reachability': { state: 'reachable' | 'unreachable' | 'not-configured'; checked_at: string; message: string | null };
}
