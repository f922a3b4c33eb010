/**
 * The media methods of the contract over an in-process engine (issue 31): the thumbnails of the
 * embedded data set's types and collections (named by the catalog, none kept before a sync), and
 * a kept document handed to the desktop's system viewer (its local copy, never the URL).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine, type Engine } from '../../src-main/engine/engine.js';
import { createDispatcher } from '../../src-main/ipc/dispatcher.js';
import type { Envelope } from '../../src-shared/ipc/contract.js';
import type { CatalogThumbnails } from '../../src-shared/media.js';
import { copyTemplateDataDir } from '../helpers/api-server.js';
import { makePdf } from '../helpers/spec-upstream/media.js';

let engine: Engine;
let dataDir: string;

beforeAll(async () => {
  dataDir = copyTemplateDataDir();
  engine = await openEngine({ dataDir });
});
afterAll(async () => {
  await engine.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('media.thumbnails', () => {
  it("names every type's and collection's thumbnail as the catalog serves it; before a sync none is kept", async () => {
    const dispatch = createDispatcher(engine, { transport: 'ipc', apiUrl: null });
    const answer = (await dispatch('media.thumbnails', {})) as Envelope<CatalogThumbnails>;
    if (!answer.ok) throw new Error(answer.error.message);
    const types = (await dispatch('catalog.types', {})) as Envelope<{ key: string; image: string }[]>;
    const collections = (await dispatch('catalog.collections', {})) as Envelope<{ key: string; image: { sm: string } }[]>;
    if (!types.ok || !collections.ok) throw new Error('catalog calls failed');
    // A type without a picture of its own shows the app's placeholder (served under /assets/): no thumbnail to keep.
    const pictured = types.value.filter((t) => !t.image.startsWith('/assets/'));
    expect(pictured.length).toBeLessThan(types.value.length);
    expect(new Map(answer.value.product_types.map((t) => [t.key, t.url]))).toEqual(new Map(pictured.map((t) => [t.key, t.image])));
    const picturedCollections = collections.value.filter((c) => !c.image.sm.startsWith('/assets/'));
    expect(new Map(answer.value.collections.map((c) => [c.key, c.url]))).toEqual(new Map(picturedCollections.map((c) => [c.key, c.image.sm])));
    expect(answer.value.product_types.length).toBeGreaterThan(0);
    expect(answer.value.collections.length).toBeGreaterThan(0);
    expect([...answer.value.product_types, ...answer.value.collections].every((t) => t.path === null && t.kind === 'picture')).toBe(true);
    expect((await dispatch('media.thumbnails', { extra: 1 })).ok).toBe(false);
  });
});

describe('media.open', () => {
  it('hands the kept copy of a document to the system viewer, and says when no copy is kept', async () => {
    const url = 'https://media.example.com/docs/spec.pdf';
    const bytes = makePdf('Spec sheet');
    const store = engine.media.media;
    store.reconcile([{ url, kind: 'document', document_kind: 'spec_sheet' }]);
    const tempFile = store.tempFile();
    fs.writeFileSync(tempFile, bytes, { mode: 0o600 });
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    store.keep(url, { tempFile, sha256, size: bytes.length, contentType: 'application/pdf', etag: null, lastModified: null });

    const opened: string[] = [];
    const desktop = createDispatcher(engine, { transport: 'ipc', apiUrl: null, openPath: async (file) => (opened.push(file), '') });
    expect(await desktop('media.open', { url })).toEqual({ ok: true, value: { opened: true, path: `/media/${sha256}` } });
    expect(opened).toHaveLength(1);
    expect(path.dirname(opened[0]!)).toBe(path.join(dataDir, 'media'));
    expect(fs.readFileSync(opened[0]!).equals(bytes)).toBe(true);

    // The browser mode has no system viewer: it opens the path itself.
    const browser = createDispatcher(engine, { transport: 'http', apiUrl: null });
    expect(await browser('media.open', { url })).toEqual({ ok: true, value: { opened: false, path: `/media/${sha256}` } });

    const missing = await desktop('media.open', { url: 'https://media.example.com/docs/other.pdf' });
    expect(missing).toMatchObject({ ok: false, error: { status: 404, param: 'url' } });
    expect(opened).toHaveLength(1);

    // No program opens it (Electron's shell.openPath answers with the system's words): the rep is told, not a server fault.
    const noViewer = createDispatcher(engine, { transport: 'ipc', apiUrl: null, openPath: async () => 'Failed to open path' });
    const refused = await noViewer('media.open', { url });
    expect(refused).toMatchObject({ ok: false, error: { status: 409, code: 'open_failed' } });
    expect(JSON.stringify(refused)).toContain('Failed to open path');
  });
});
