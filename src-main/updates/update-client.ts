/**
 * How the desktop app updates itself (electron-updater): from a generic provider, a folder of
 * releases on the company's own server (latest.yml / latest-linux.yml and the installers that
 * `npm run dist` writes to release/). The address is built in (electron-builder.yml `publish`)
 * or set in the app's settings (meta `updates.url`), which wins. The app checks at start and from
 * Help → Check for Updates, downloads in the background, and installs on quit.
 *
 * electron-updater verifies every download against the SHA-512 in the feed (and on Windows the
 * installer's Authenticode signature against the publisher of the running app); a mismatch is an
 * error and nothing is installed. This module configures an updater and is tested under Node
 * against a local feed; the Electron shell (src-main/electron/updates.ts) hands it the real one.
 */
import type { AppUpdater, UpdateCheckResult } from 'electron-updater';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { updateFeedUrl } from '../../src-shared/ipc/data-safety.js';

export const UPDATES_URL_KEY = 'updates.url';

export type UpdateLog = (level: 'info' | 'warn' | 'error', message: string) => void;

/**
 * The update address set in the app's settings, or null (then the built-in one is used). A stored
 * address that is not a safe feed (a restored or edited store) is ignored, as if none were set.
 */
export async function readUpdateUrl(db: Kysely<Database>): Promise<string | null> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', UPDATES_URL_KEY).executeTakeFirst();
  const checked = updateFeedUrl.safeParse(row?.value);
  return checked.success ? checked.data : null;
}

/** Sets (or with null, clears) the update address of the app's settings; it applies at the next start. */
export async function writeUpdateUrl(db: Kysely<Database>, url: string | null): Promise<string | null> {
  if (url === null) await db.deleteFrom('meta').where('key', '=', UPDATES_URL_KEY).execute();
  else await db.insertInto('meta').values({ key: UPDATES_URL_KEY, value: url }).onConflict((oc) => oc.column('key').doUpdateSet({ value: url })).execute();
  return readUpdateUrl(db);
}

export function configureUpdater(updater: AppUpdater, options: { feedUrl: string | null; log: UpdateLog }): AppUpdater {
  updater.logger = {
    info: (m?: unknown) => options.log('info', `updates: ${String(m)}`),
    warn: (m?: unknown) => options.log('warn', `updates: ${String(m)}`),
    error: (m?: unknown) => options.log('error', `updates: ${String(m)}`),
    debug: () => undefined,
  };
  // Downloaded in the background as soon as one is found; installed when the rep quits.
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  // Never to an older version, and no pre-releases unless the running version is one.
  updater.allowDowngrade = false;
  if (options.feedUrl) updater.setFeedURL({ provider: 'generic', url: options.feedUrl });
  return updater;
}

export type UpdateDecision = { kind: 'none'; current: string } | { kind: 'available'; current: string; version: string; releaseDate: string | null };

/** Asks the feed whether there is a newer version (electron-updater compares the semver). */
export async function checkForUpdate(updater: AppUpdater): Promise<UpdateDecision> {
  const current = updater.currentVersion.version;
  const result: UpdateCheckResult | null = await updater.checkForUpdates();
  if (!result || !result.isUpdateAvailable) return { kind: 'none', current };
  return { kind: 'available', current, version: result.updateInfo.version, releaseDate: result.updateInfo.releaseDate ?? null };
}
