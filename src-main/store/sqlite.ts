/**
 * The one place the app opens an SQLite connection. better-sqlite3 is native and compiled for
 * one ABI: `npm install` builds it for Node (tests, `serve`, the browser mode), while the desktop
 * app loads a second build compiled for Electron (scripts/electron-env.mjs), named by
 * FIELDSIZER_SQLITE_BINDING. The Electron shell sets that variable before the engine opens, and
 * worker threads inherit it.
 */
import fs from 'node:fs';
import SQLite from 'better-sqlite3';

export const SQLITE_BINDING_ENV = 'FIELDSIZER_SQLITE_BINDING';

/**
 * The page size of the files the app creates (the store, the sync's staging). A project row is
 * about 7 KB (the central service's sizing, kept as received): on 4 KB pages each one spills into
 * overflow pages, and copying 100,000 of them took three times as long (docs/api.md). SQLite only
 * applies it to a file that holds no table yet; an existing file keeps its own.
 */
export const PAGE_SIZE = 16384;

export function openSqlite(file: string, options: SQLite.Options = {}): SQLite.Database {
  // SQLite makes a new file readable by everyone (and its journal, WAL and shared-memory files
  // copy the file's mode): a new database is made here first, readable by its owner only.
  if (!options.readonly && !options.fileMustExist && file !== '' && file !== ':memory:') {
    try {
      fs.closeSync(fs.openSync(file, 'wx', 0o600));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const nativeBinding = process.env[SQLITE_BINDING_ENV];
  return new SQLite(file, nativeBinding ? { ...options, nativeBinding } : options);
}
