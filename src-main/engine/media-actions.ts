/**
 * What the rep (or a tool) can do to the media store outside a sync: fetch one item now, change
 * the settings. One place for the HTTP routes and the IPC handlers.
 */
import type { MediaItem, MediaSettings } from '../../src-shared/media.js';
import { readUpstreamKey } from '../sync/sync-settings.js';
import { MediaFetchError, readMediaSettings, writeMediaSettings } from '../sync/media-sync.js';
import { mediaPath } from './catalog/product-media.js';
import type { Engine } from './engine.js';
import { ApiError } from './errors.js';

export async function fetchMediaNow(engine: Engine, url: string): Promise<MediaItem> {
  const settings = await engine.sync.settings();
  const key = readUpstreamKey(engine.dataDir);
  if (!settings.upstream_url || !key) throw new ApiError(409, 'sync_not_configured', 'Set the central service address and its key in the settings first.');
  const controller = new AbortController();
  try {
    const row = await engine.media.fetchNow(url, { upstreamUrl: settings.upstream_url, key, signal: controller.signal });
    engine.sync.showMedia(await engine.media.summary());
    return { field: '', kind: row.kind, url: row.url, path: row.sha256 ? mediaPath(row.sha256) : null, size: row.size, content_type: row.content_type, error: row.last_error };
  } catch (error) {
    if (error instanceof MediaFetchError) throw new ApiError(error.code === 'not_in_catalog' ? 404 : 502, error.code, error.message, 'url');
    throw error;
  }
}

export async function saveMediaSettings(engine: Engine, settings: MediaSettings): Promise<MediaSettings> {
  const before = await readMediaSettings(engine.store.db);
  const saved = await writeMediaSettings(engine.store.db, settings);
  // More room, or another choice of kinds: what was let go may come back with the next sync.
  if (saved.budget_bytes > before.budget_bytes || JSON.stringify(saved.documents) !== JSON.stringify(before.documents)) engine.media.media.clearEvicted();
  if (saved.budget_bytes < before.budget_bytes) engine.media.media.evictToBudget(saved.budget_bytes);
  engine.sync.showMedia(await engine.media.summary());
  return saved;
}
