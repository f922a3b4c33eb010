/** Handlers of the media methods: what is kept offline of a product and of the types' and collections' thumbnails, fetching one item now, opening a kept document, the settings. */
import path from 'node:path';
import { catalogThumbnails, mediaPath, productMedia } from '../engine/catalog/product-media.js';
import { ApiError, notFound } from '../engine/errors.js';
import { fetchMediaNow, saveMediaSettings } from '../engine/media-actions.js';
import { readMediaSettings } from '../sync/media-sync.js';
import type { DomainHandlers } from './handler.js';

export const mediaHandlers: DomainHandlers<'media'> = {
  'media.product': async ({ modelNumber, storeId }, { engine }) => productMedia(await engine.catalog.getProduct(modelNumber, storeId), engine.media.media),
  'media.thumbnails': async (_args, { engine }) => catalogThumbnails((await engine.catalog.listProductTypes()).data, engine.store.db, engine.media.media),
  'media.fetch': async ({ url }, { engine }) => fetchMediaNow(engine, url),
  'media.open': async ({ url }, { engine, openPath }) => {
    const file = engine.media.media.cachedFile(url);
    if (!file) throw notFound('No copy of this document is kept on this computer: fetch it while online first.', 'url');
    const sha = path.basename(file);
    engine.media.media.touch(sha);
    if (!openPath) return { opened: false, path: mediaPath(sha) };
    const problem = await openPath(file);
    // Not a fault of this server: no program here opens the file; the message says what the system said.
    if (problem) throw new ApiError(409, 'open_failed', `This computer could not open the document: ${problem}`);
    return { opened: true, path: mediaPath(sha) };
  },
  'media.settings': async (_args, { engine }) => readMediaSettings(engine.store.db),
  'media.setSettings': async (settings, { engine }) => saveMediaSettings(engine, settings),
};
