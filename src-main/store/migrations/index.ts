/**
 * Migrations supplied in code rather than read from a folder, so they survive bundling into the
 * Electron main process. Add new steps at the end; never edit a released one.
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-catalog-and-territories.js';
import * as m0002 from './0002-users-projects-jurisdictions.js';
import * as m0003 from './0003-paging-indexes.js';
import * as m0004 from './0004-sync-base-version.js';
import * as m0005 from './0005-sync-response-cache.js';
import * as m0006 from './0006-dirty-projects-index.js';
import * as m0007 from './0007-sync-answers.js';
import * as m0008 from './0008-local-id-space.js';
import * as m0009 from './0009-sync-bookkeeping.js';
import * as m0010 from './0010-served-as-received.js';
import * as m0013 from './0013-api-key-expiry.js';
import * as m0018 from './0018-deleted-projects.js';
import * as m0019 from './0019-conflict-fingerprint.js';
import * as m0028 from './0028-type-tree-as-received.js';
import * as m0031 from './0031-media-store.js';
import * as m0032 from './0032-engineer-email-later.js';

const migrations: Record<string, Migration> = {
  '0001-catalog-and-territories': m0001,
  '0002-users-projects-jurisdictions': m0002,
  '0003-paging-indexes': m0003,
  '0004-sync-base-version': m0004,
  '0005-sync-response-cache': m0005,
  '0006-dirty-projects-index': m0006,
  '0007-sync-answers': m0007,
  '0008-local-id-space': m0008,
  '0009-sync-bookkeeping': m0009,
  '0010-served-as-received': m0010,
  '0013-api-key-expiry': m0013,
  '0018-deleted-projects': m0018,
  '0019-conflict-fingerprint': m0019,
  '0028-type-tree-as-received': m0028,
  '0031-media-store': m0031,
  '0032-engineer-email-later': m0032,
};

/** The schema steps this version knows, oldest first; the first one makes a Fieldsizer store. */
export const knownSchemaSteps: readonly string[] = Object.keys(migrations);

export const inCodeMigrations: MigrationProvider = {
  getMigrations: async () => migrations,
};
