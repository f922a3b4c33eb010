/**
 * Why a store could not be opened, in words a rep can act on: the file is named and what to do
 * is said. Hosts (serve, the desktop app) show the message as it is; `problem` lets them offer
 * the matching way out (a damaged file: set it aside and restore the last good backup).
 */
export type StoreProblem = 'damaged' | 'locked' | 'newer' | 'unreadable';

export class StoreOpenError extends Error {
  constructor(
    readonly problem: StoreProblem,
    readonly file: string,
    message: string,
    /** What SQLite or the file system said. */
    readonly detail: string,
  ) {
    super(message);
    this.name = 'StoreOpenError';
  }
}

export function damaged(file: string, detail: string): StoreOpenError {
  return new StoreOpenError('damaged', file, `The database ${file} is damaged (${detail}).`, detail);
}

export function newerVersion(file: string, unknownStep: string): StoreOpenError {
  return new StoreOpenError(
    'newer',
    file,
    `The database ${file} was written by a newer version of Fieldsizer (it has schema step "${unknownStep}", which this version does not know). ` +
      'Install that version or a newer one, or restore a backup made by this version (npm run restore -- --list). Nothing was changed.',
    unknownStep,
  );
}

/** Turns an error met while opening into a StoreOpenError (or returns it unchanged if it is one). */
export function classifyOpenError(file: string, error: unknown): StoreOpenError {
  if (error instanceof StoreOpenError) return error;
  const code = String((error as { code?: unknown }).code ?? '');
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT_') || code === 'SQLITE_NOTADB') return damaged(file, detail);
  if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED' || code.startsWith('SQLITE_LOCKED_')) {
    return new StoreOpenError(
      'locked',
      file,
      `The database ${file} is locked by another program (a database browser, a backup or file-sync tool, or a Fieldsizer command still running). ` +
        'Close that program and start Fieldsizer again. Nothing was changed.',
      detail,
    );
  }
  return new StoreOpenError(
    'unreadable',
    file,
    `The database ${file} cannot be opened (${detail}). Check that the file and its folder belong to you and can be read and written ` +
      '(chmod 700 on the folder, 600 on the file), and that the disk is neither full nor read-only. Nothing was changed.',
    detail,
  );
}
