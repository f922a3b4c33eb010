/**
 * The media step of a sync (issue 31) against the independent fake central service serving real
 * PNG, JPEG and PDF bytes at its own /media/…: what the catalog names is kept, content-addressed,
 * 0600 in a 0700 folder; a sync with nothing changed downloads no media bytes; a 404 or 500 on one
 * picture is counted and retried, never the run's failure; a redirect to another host does not
 * carry the key; an http host other than the service's, or a web page instead of a picture, is
 * refused; the budget holds, documents let go first and the least used first.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { handWrittenData } from '../helpers/spec-upstream/data.js';
import { makePng } from '../helpers/spec-upstream/media.js';
import { startSpecUpstream, type SpecUpstream } from '../helpers/spec-upstream/server.js';
import { writeMediaSettings } from '../../src-main/sync/media-sync.js';

let up: SpecUpstream;
let down: TestServer;
/** A second host (http://localhost:port), for redirects away from the service. */
let other: { origin: string; seen: { path: string; authorization: string | undefined }[]; close(): Promise<void> };

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const mediaDir = () => path.join(down.dataDir, 'media');

async function sync() {
  await down.engine.sync.syncNow();
  const status = down.engine.sync.status();
  expect(status.last_error).toBeNull();
  return status;
}

/** What the service's own answers name: md and sm of both pictures, type thumbnails, collection sm, and the three PDFs. */
async function namedByUpstream(): Promise<{ pictures: Set<string>; documents: Set<string> }> {
  const get = async (p: string) => (await (await fetch(up.url + p, { headers: { authorization: `Bearer ${up.key}` } })).json()) as { data: Record<string, unknown>[] };
  const pictures = new Set<string>();
  const documents = new Set<string>();
  for (const p of (await get('/products?limit=1000')).data) {
    const images = p.images as Record<string, Record<string, string>>;
    for (const set of ['primary', 'dimension']) for (const size of ['md', 'sm']) pictures.add(images[set]![size]!);
    for (const d of [(p.spec_sheet as { pdf: string | null }).pdf, (p.installation_guide as { pdf: string | null }).pdf, p.owners_manual as string | null]) if (d) documents.add(d);
  }
  // A type may be listed only inside its parent's `types`: its thumbnail is named there.
  for (const t of (await get('/product-types')).data) for (const x of [t, ...(t.types as Record<string, unknown>[])]) pictures.add(x.image as string);
  for (const c of (await get('/collections')).data) pictures.add((c.image as Record<string, string>).sm!);
  return { pictures, documents };
}

beforeAll(async () => {
  const seen: { path: string; authorization: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    if (req.url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><title>Sign in</title></html>');
    }
    const png = makePng(`other${req.url ?? ''}`);
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
    res.end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  other = { origin: `http://localhost:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise((r) => server.close(() => r())) };
  up = await startSpecUpstream(handWrittenData(), { media: true });
  down = await startTestServer({ rateLimitPerMinute: 0 }, { syncTuning: { timeoutMs: 20_000, attempts: 3, backoffMs: 20 }, mediaTuning: { insecureOrigins: [other.origin] } });
  await down.engine.sync.saveSettings({ upstream_url: up.url, interval_minutes: 0 }, up.key);
}, 60_000);
afterAll(async () => {
  await down?.close();
  await up?.close();
  await other?.close();
});

describe('the media step of a sync', () => {
  it('keeps every picture and document the catalog names, named by the hash of its bytes, private to the rep', async () => {
    const status = await sync();
    // The service's own origin gets its key (the sync's requests: the test's own come after).
    const asked = up.seen.filter((r) => r.path.startsWith('/media/'));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => r.withKey)).toBe(true);
    const named = await namedByUpstream();
    const total = named.pictures.size + named.documents.size;
    expect(status.media).toMatchObject({ total, done: total, fetched: total, failed: 0, unchanged: 0 });
    expect(status.media!.bytes).toBe(up.media.bytesServed);
    expect(status.media!.bytes).toBeGreaterThan(0);
    // Each URL's copy has the bytes the service sends for it, under their SHA-256.
    for (const url of [...named.pictures, ...named.documents]) {
      const file = down.engine.media.media.cachedFile(url);
      expect(file, url).not.toBeNull();
      const bytes = (await (await fetch(url)).arrayBuffer()) as ArrayBuffer;
      expect(path.basename(file!)).toBe(sha(Buffer.from(bytes)));
      expect(fs.readFileSync(file!).equals(Buffer.from(bytes))).toBe(true);
    }
    if (process.platform !== 'win32') {
      expect(fs.statSync(mediaDir()).mode & 0o777).toBe(0o700);
      for (const name of fs.readdirSync(mediaDir())) {
        expect(name).toMatch(/^[0-9a-f]{64}$/);
        expect(fs.statSync(path.join(mediaDir(), name)).mode & 0o777).toBe(0o600);
      }
    }
  }, 120_000);

  it('downloads no media bytes on a sync with nothing changed (conditional requests)', async () => {
    const served = up.media.bytesServed;
    const status = await sync();
    expect(status.media).toMatchObject({ bytes: 0, fetched: 0, failed: 0 });
    expect(status.media!.unchanged).toBe(status.media!.total);
    expect(up.media.bytesServed).toBe(served);
  }, 120_000);

  it('counts a 404 and a 500 on two pictures without failing the sync, shows them in GET /api/sync, and fetches them next time', async () => {
    const product = up.data.products[0]!;
    const p404 = `/media/p/${product.part_number}/primary-md.jpg`;
    const p500 = `/media/p/${product.part_number}/dimension-sm.jpg`;
    up.media.faults.set(p404, 404);
    up.media.faults.set(p500, 500);
    // Changed bytes: the file the service now sends is fetched again.
    const status = await sync();
    expect(status.state).toBe('idle');
    expect(status.media!.failed).toBe(2);
    const api = (await down.get('/api/sync')).body as { media: { failed: number }; last_error: unknown };
    expect(api.last_error).toBeNull();
    expect(api.media.failed).toBe(2);
    up.media.faults.clear();
    const next = await sync();
    expect(next.media).toMatchObject({ failed: 0 });
    // The copies from before the faults stood meanwhile: only 304s, nothing downloaded.
    expect(next.media!.bytes).toBe(0);
  }, 120_000);

  it('never sends the key to another host, follows no redirect to an http host other than the service, and refuses a web page for a picture', async () => {
    const product = up.data.products[1]!;
    const elsewhere = `/media/p/${product.part_number}/primary-sm.jpg`;
    const plainHttp = `/media/p/${product.part_number}/primary-md.jpg`;
    const page = `/media/p/${product.part_number}/dimension-md.jpg`;
    up.media.faults.set(elsewhere, `${other.origin}/cdn/picture.png`);
    up.media.faults.set(plainHttp, `http://[::1]:1/picture.png`);
    up.media.faults.set(page, `${other.origin}/page`);
    // The copies held go, so each is asked for in full.
    const base = `${up.url}`;
    down.engine.media.media.drop([`${base}${elsewhere}`, `${base}${plainHttp}`, `${base}${page}`], false);
    const status = await sync();
    expect(status.state).toBe('idle');
    expect(other.seen.map((r) => r.path).sort()).toEqual(['/cdn/picture.png', '/page']);
    expect(other.seen.every((r) => r.authorization === undefined)).toBe(true);
    // Followed to the other host (its bytes kept), refused over plain http, refused as a web page.
    const kept = down.engine.media.media.cachedFile(`${base}${elsewhere}`);
    expect(fs.readFileSync(kept!).equals(makePng('other/cdn/picture.png'))).toBe(true);
    expect(down.engine.media.media.row(`${base}${plainHttp}`)).toMatchObject({ sha256: null, last_error: expect.stringMatching(/not an https address/) });
    expect(down.engine.media.media.row(`${base}${page}`)).toMatchObject({ sha256: null, last_error: expect.stringMatching(/text\/html/) });
    expect(status.media!.failed).toBe(2);
    up.media.faults.clear();
    expect((await sync()).media!.failed).toBe(0);
  }, 120_000);

  it('serves the copies at /media/<sha256>, lists a product\'s media beside its unchanged resource, and refuses what it does not keep', async () => {
    const product = up.data.products.find((p) => p.part_number === 'HM-35-01')!;
    const listed = (await down.get(`/api/media/products/${product.part_number}`)).body as { object: string; items: { field: string; url: string; path: string | null; size: number; content_type: string }[] };
    expect(listed.object).toBe('product-media');
    // A rated unit: the service names a CAD drawing and a French guide besides the three PDFs (listed, not kept: off by default).
    expect(listed.items.map((i) => i.field)).toEqual(['images.primary.md', 'images.primary.sm', 'images.dimension.md', 'images.dimension.sm', 'spec_sheet.pdf', 'installation_guide.pdf', 'owners_manual', 'spec_sheet.dwg', 'installation_guide.pdf_french']);
    expect(listed.items.filter((i) => i.field.endsWith('dwg') || i.field.endsWith('_french')).map((i) => i.path)).toEqual([null, null]);
    // The product resource keeps the service's URLs exactly as received; the media list names the same ones.
    const resource = (await down.get(`/products/${product.part_number}`)).body as { images: { primary: { md: string } }; spec_sheet: { pdf: string } };
    expect(resource.images.primary.md).toBe(`${up.url}/media/p/${product.part_number}/primary-md.jpg`);
    expect(listed.items[0]!.url).toBe(resource.images.primary.md);
    const spec = listed.items.find((i) => i.field === 'spec_sheet.pdf')!;
    expect(spec.url).toBe(resource.spec_sheet.pdf);
    expect(spec.path).toMatch(/^\/media\/[0-9a-f]{64}$/);
    // The bytes, with the stored type, no key needed (an <img> cannot send one).
    const res = await down.get(spec.path!, { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.text.startsWith('%PDF-')).toBe(true);
    expect(Number(res.headers.get('content-length'))).toBe(spec.size);
    const dimension = listed.items.find((i) => i.field === 'images.dimension.md')!;
    expect(dimension.content_type).toBe('image/jpeg');
    // Unknown and malformed names; a URL the catalog does not name is not fetched (no proxy); bad settings.
    expect((await down.get(`/media/${'0'.repeat(64)}`, { key: null })).status).toBe(404);
    expect((await down.get('/media/../fieldsizer.db', { key: null })).status).toBeGreaterThanOrEqual(400);
    expect((await down.get('/media/not-a-hash', { key: null })).status).toBe(400);
    const refused = await down.request('POST', '/api/media/fetch', { body: JSON.stringify({ url: 'http://127.0.0.1:1/anything' }) });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'not_in_catalog' });
    const bad = await down.request('PUT', '/api/media/settings', { body: JSON.stringify({ budget_bytes: -1, documents: { spec_sheet: true, installation_guide: true, owners_manual: true } }) });
    expect(bad.status).toBe(400);
    expect((await down.get('/api/media/settings')).body).toMatchObject({ budget_bytes: 1_000_000_000 });
  }, 60_000);

  it("lists every type's and collection's thumbnail with the local path of its copy, the URL as the service's answers give it", async () => {
    const get = async (p: string) => (await (await fetch(up.url + p, { headers: { authorization: `Bearer ${up.key}` } })).json()) as { data: Record<string, unknown>[] };
    const types = new Map<string, string>();
    for (const t of (await get('/product-types')).data) for (const x of [t, ...(t.types as Record<string, unknown>[])]) types.set(x.key as string, x.image as string);
    const collections = new Map((await get('/collections')).data.map((c) => [c.key as string, (c.image as Record<string, string>).sm!]));
    const res = await down.get('/api/media/thumbnails');
    expect(res.status).toBe(200);
    const body = res.body as { object: string; product_types: { key: string; url: string; path: string | null; content_type: string }[]; collections: { key: string; url: string; path: string | null }[] };
    expect(body.object).toBe('catalog-thumbnails');
    expect(new Map(body.product_types.map((t) => [t.key, t.url]))).toEqual(types);
    expect(new Map(body.collections.map((c) => [c.key, c.url]))).toEqual(collections);
    // Each copy holds the bytes the service sends for that URL.
    for (const t of [...body.product_types, ...body.collections]) {
      expect(t.path, t.url).toMatch(/^\/media\/[0-9a-f]{64}$/);
      const bytes = Buffer.from(await (await fetch(t.url)).arrayBuffer());
      expect(t.path).toBe(`/media/${sha(bytes)}`);
    }
    // Scope: a key without "catalog" is refused, as for a product's media.
    expect((await down.get('/api/media/thumbnails', { key: null })).status).toBe(401);
  }, 60_000);

  it('keeps CAD drawings and translated guides only when the rep turns them on: a DWG checked as one, then let go when turned off', async () => {
    const products = (await (await fetch(`${up.url}/products?limit=1000`, { headers: { authorization: `Bearer ${up.key}` } })).json()) as { data: { spec_sheet: { dwg: string | null }; installation_guide: { pdf_french: string | null } }[] };
    const dwgs = products.data.map((p) => p.spec_sheet.dwg).filter((u): u is string => u !== null);
    const french = products.data.map((p) => p.installation_guide.pdf_french).filter((u): u is string => u !== null);
    expect(dwgs.length).toBeGreaterThan(0);
    // Off by default: named, not fetched.
    expect(dwgs.every((u) => down.engine.media.media.cachedFile(u) === null)).toBe(true);
    await writeMediaSettings(down.engine.store.db, { budget_bytes: 1_000_000_000, documents: { spec_sheet: true, installation_guide: true, owners_manual: true, drawings: true, translated_guides: true } });
    const status = await sync();
    expect(status.media!.failed).toBe(0);
    for (const url of [...dwgs, ...french]) expect(down.engine.media.media.cachedFile(url)).not.toBeNull();
    // The product's media list gives the kept drawing's local path (the product page opens it from there).
    const rated = up.data.products.find((p) => p.ratings.length > 0)!;
    const items = ((await down.get(`/api/media/products/${rated.part_number}`)).body as { items: { field: string; path: string | null }[] }).items;
    expect(items.find((i) => i.field === 'spec_sheet.dwg')?.path).toMatch(/^\/media\/[0-9a-f]{64}$/);
    expect(items.find((i) => i.field === 'installation_guide.pdf_french')?.path).toMatch(/^\/media\/[0-9a-f]{64}$/);
    const dwg = fs.readFileSync(down.engine.media.media.cachedFile(dwgs[0]!)!);
    expect(dwg.subarray(0, 6).toString('latin1')).toBe('AC1032');
    expect(down.engine.store.sqlite.prepare('select content_type from media_files where url = ?').pluck().get(dwgs[0])).toBe('image/vnd.dwg');
    // Turned off again: their copies go at the next sync.
    await writeMediaSettings(down.engine.store.db, { budget_bytes: 1_000_000_000, documents: { spec_sheet: true, installation_guide: true, owners_manual: true, drawings: false, translated_guides: false } });
    await sync();
    for (const url of [...dwgs, ...french]) expect(down.engine.media.media.cachedFile(url)).toBeNull();
  }, 120_000);

  it('holds the budget: documents go first, the least used first, pictures stay; a later sync does not fetch them back', async () => {
    const rows = down.engine.store.sqlite.prepare('select url, kind, sha256, size from media_files where sha256 is not null').all() as { url: string; kind: string; sha256: string; size: number }[];
    const distinct = (kind: string) => [...new Map(rows.filter((r) => r.kind === kind).map((r) => [r.sha256, r.size])).values()].reduce((a, b) => a + b, 0);
    const pictures = distinct('picture');
    const documents = rows.filter((r) => r.kind === 'document');
    // Room for the pictures and half the documents' bytes.
    const budget = pictures + Math.floor(distinct('document') / 2);
    // One document read just now: it is the last to go.
    const used = documents[0]!;
    await new Promise((r) => setTimeout(r, 5));
    expect((await down.get(`/media/${used.sha256}`, { key: null })).status).toBe(200);
    await writeMediaSettings(down.engine.store.db, { budget_bytes: budget, documents: { spec_sheet: true, installation_guide: true, owners_manual: true, drawings: false, translated_guides: false } });
    const served = up.media.bytesServed;
    const status = await sync();
    expect(status.media!.store_bytes).toBeLessThanOrEqual(budget);
    const after = down.engine.store.sqlite.prepare('select url, kind, sha256 from media_files').all() as { url: string; kind: string; sha256: string | null }[];
    expect(after.filter((r) => r.kind === 'picture').every((r) => r.sha256 !== null)).toBe(true);
    expect(after.filter((r) => r.kind === 'document' && r.sha256 === null).length).toBeGreaterThan(0);
    expect(down.engine.media.media.cachedFile(used.url)).not.toBeNull();
    expect(up.media.bytesServed).toBe(served);
    // Nothing changed: the documents let go are not fetched back.
    const again = await sync();
    expect(again.media!.bytes).toBe(0);
    expect(again.media!.store_bytes).toBeLessThanOrEqual(budget);
  }, 120_000);

  it('a media step that fails as a whole (a fault of ours, not one file) leaves the sync a success with a warning that says why; the next good run clears it', async () => {
    const step = down.engine.sync.mediaStep;
    down.engine.sync.mediaStep = async () => {
      throw new Error('Agent is not a constructor');
    };
    try {
      const status = await sync();
      const issues = ((await down.get('/api/sync/issues')).body as { data: { kind: string; resource: string; reason: string }[] }).data;
      const media = issues.filter((i) => i.resource === 'media');
      expect(media).toHaveLength(1);
      expect(media[0]).toMatchObject({ kind: 'warning' });
      expect(media[0]!.reason).toContain('Agent is not a constructor');
      expect(status.warnings).toBe(issues.filter((i) => i.kind === 'warning').length);
    } finally {
      down.engine.sync.mediaStep = step;
    }
    await sync();
    const after = ((await down.get('/api/sync/issues')).body as { data: { resource: string }[] }).data;
    expect(after.filter((i) => i.resource === 'media')).toEqual([]);
  }, 120_000);
});
