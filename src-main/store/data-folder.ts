/**
 * The data folder holds a rep's unsynced work and the keys of the local API: on POSIX systems it
 * is readable by its owner only (0700), and so are the files in it (0600). Windows keeps the
 * user's profile folders private by its own ACLs; modes mean nothing there.
 */
import fs from 'node:fs';

const POSIX = process.platform !== 'win32';

/** The store's file in a data folder. */
export const DATABASE_FILE = 'fieldsizer.db';

/** Creates the folder (and parents) if needed and makes it 0700. */
export function ensurePrivateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (POSIX) fs.chmodSync(dir, 0o700);
}

/** Makes an existing file 0600 (a missing one is no error: SQLite's -wal and -shm come and go). */
export function restrictFile(file: string): void {
  if (!POSIX) return;
  try {
    fs.chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Makes an existing folder 0700 (one made by a library with the default mode). */
export function restrictFolder(dir: string): void {
  if (!POSIX) return;
  try {
    fs.chmodSync(dir, 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
