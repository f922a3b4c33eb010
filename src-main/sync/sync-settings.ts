/**
 * Where the sync settings live: the upstream URL and interval in the store's meta table; the
 * upstream's API key in its own file beside the store (mode 0600), outside the synced data, so it
 * is never part of a sync, a data export or a log line.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { syncSettingsSchema, type SyncSettings } from '../../src-shared/sync.js';
import type { Database } from '../store/schema.js';

export const UPSTREAM_KEY_FILE = 'upstream-key';
const SETTINGS_KEY = 'sync.settings';
export const DEFAULT_SYNC_SETTINGS: SyncSettings = { upstream_url: null, interval_minutes: 30 };

export async function readSyncSettings(db: Kysely<Database>): Promise<SyncSettings> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', SETTINGS_KEY).executeTakeFirst();
  if (!row) return DEFAULT_SYNC_SETTINGS;
  const parsed = syncSettingsSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : DEFAULT_SYNC_SETTINGS;
}

export async function writeSyncSettings(db: Kysely<Database>, settings: SyncSettings): Promise<void> {
  const value = JSON.stringify(syncSettingsSchema.parse(settings));
  await db.insertInto('meta').values({ key: SETTINGS_KEY, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
}

export function readUpstreamKey(dataDir: string): string | null {
  try {
    const key = fs.readFileSync(path.join(dataDir, UPSTREAM_KEY_FILE), 'utf8').trim();
    return key === '' ? null : key;
  } catch {
    return null;
  }
}

export function writeUpstreamKey(dataDir: string, key: string | null): void {
  const file = path.join(dataDir, UPSTREAM_KEY_FILE);
  if (key === null) {
    fs.rmSync(file, { force: true });
    return;
  }
  fs.writeFileSync(file, `${key.trim()}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}
