/**
 * The one place the app opens an SQLite connection. better-sqlite3 is native and compiled for
 * one ABI: `npm install` builds it for Node (tests, `serve`, the browser mode), while the desktop
 * app loads a second build compiled for Electron (scripts/electron-env.mjs), named by
 * FIELDSIZER_SQLITE_BINDING. The Electron shell sets that variable before the engine opens, and
 * worker threads inherit it.
 */
import SQLite from 'better-sqlite3';

export const SQLITE_BINDING_ENV = 'FIELDSIZER_SQLITE_BINDING';

export function openSqlite(file: string, options: SQLite.Options = {}): SQLite.Database {
  const nativeBinding = process.env[SQLITE_BINDING_ENV];
  return new SQLite(file, nativeBinding ? { ...options, nativeBinding } : options);
}
