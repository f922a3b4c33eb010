/**
 * The report's data sheet shows the recommended unit's dimension picture when the sync kept one
 * (src-main/engine/report/kept-picture.ts, issues 30 and 31), and draws the unit from its
 * dimensions when none is kept or what is kept is not a picture pdfkit can embed. The PDF's images
 * are listed by poppler's pdfimages.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportService } from '../../src-main/engine/report/report-service.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/api-server.js';
import { makePng } from '../helpers/spec-upstream/media.js';

let t: TestServer;
let dir: string;
let projectId: number;
let dimensionUrls: string[];

beforeAll(async () => {
  t = await startTestServer();
  dir = tempDir('fieldsizer-report-picture-');
  projectId = t.engine.store.sqlite.prepare('select id from projects where recommended_product is not null order by id limit 1').pluck().get() as number;
  const sizing = await t.engine.projects.sizingDetails(projectId);
  const part = sizing.recommendation.product!.part_number;
  const product = await t.engine.catalog.getProduct(part, undefined);
  dimensionUrls = [product.images.dimension.md, product.images.dimension.sm];
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The images the report PDF holds, as pdfimages lists them: width and height of each. */
async function reportImages(media: ConstructorParameters<typeof ReportService>[3]): Promise<string[]> {
  const reports = new ReportService(t.engine.store.db, t.engine.projects, t.engine.catalog, media);
  const file = path.join(dir, `report-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, await reports.pdf(projectId));
  return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => line.trim().split(/\s+/).slice(3, 5).join('x'));
}

// The first report starts a job worker and loads the fonts: on a loaded machine that alone can take most of the default 30 s.
describe('the data sheet picture', { timeout: 120_000 }, () => {
  it('embeds the kept dimension picture (the md size), at its own size', async () => {
    const png = path.join(dir, 'kept.png');
    fs.writeFileSync(png, makePng('dimension', 320, 200));
    const images = await reportImages({ cachedFile: (url) => (url === dimensionUrls[0] ? png : null) });
    expect(images).toContain('320x200');
  }, 120_000);

  it('draws the unit instead when nothing is kept, or what is kept is not a PNG or JPEG', async () => {
    expect(await reportImages(null)).toEqual([]);
    const page = path.join(dir, 'page.html');
    fs.writeFileSync(page, '<html><title>Sign in</title></html>');
    expect(await reportImages({ cachedFile: (url) => (dimensionUrls.includes(url) ? page : null) })).toEqual([]);
    expect(await reportImages({ cachedFile: (url) => (dimensionUrls.includes(url) ? path.join(dir, 'evicted.png') : null) })).toEqual([]);
  }, 120_000);
});
