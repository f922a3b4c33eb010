/**
 * The report PDF from the engine (docs/api.md "The report PDF"): GET /api/projects/:id/report.pdf
 * read back with poppler's pdftotext / pdfinfo: the rep's letterhead, every calculation step of
 * the sizing's derivation with its source, page numbers on every page, the DRAFT watermark on
 * drafts only, metric on request, no half-empty pages, and the errors of a bad request.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { project, type Project } from '../../src-shared/api/people.js';
import { sizingResponse } from '../../src-shared/api/sizing.js';
import { writeRepProfile } from '../../src-main/engine/report/rep-profile.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { peopleIndex } from '../helpers/resources.js';

let t: TestServer;
let dir: string;
const people = peopleIndex();
const engineer = people.seed.users[0]!;
const home = people.seed.jurisdictions.find((j) => j.inside_trap_locations.includes('kitchen') && j.zip_codes.length > 0)!;

beforeAll(async () => {
  t = await startTestServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-report-'));
  await writeRepProfile(t.engine.store.db, { company: 'Lakeside Interceptor Sales', name: 'Dana Rep', email: 'dana@lakeside.example', phone: '312-555-0100' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function fetchPdf(id: number, query = ''): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(`${t.server.url}/api/projects/${id}/report.pdf${query}`, { headers: { authorization: `Bearer ${t.key}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The PDF's text per page (pdftotext), and its page count (pdfinfo). */
function read(bytes: Buffer, name: string): { pages: string[]; raw: string[]; all: string } {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  const pages = Array.from({ length: count }, (_, i) => execFileSync('pdftotext', ['-layout', '-f', String(i + 1), '-l', String(i + 1), file, '-'], { encoding: 'utf8' }));
  // The watermark is drawn at an angle: -raw keeps its letters together.
  const raw = Array.from({ length: count }, (_, i) => execFileSync('pdftotext', ['-raw', '-f', String(i + 1), '-l', String(i + 1), file, '-'], { encoding: 'utf8' }));
  return { pages, raw, all: pages.join('\n') };
}

const squash = (s: string) => s.replace(/\s+/g, ' ');

async function createProject(body: Record<string, unknown>): Promise<Project> {
  const res = await t.request('POST', '/api/projects', {
    body: JSON.stringify({
      name: 'Report Test Taqueria',
      engineer: { id: engineer.id },
      menu_type: 'full-service-mexican',
      servings_per_day: 400,
      address: { street: '12 Main Street', city: 'Springfield', state: home.state, postal_code: home.zip_codes[0] },
      fixtures: [{ type: 'three-compartment-sink' }, { type: 'hand-sink' }, { type: 'dishwasher', gpm: 9 }, { type: 'custom', uses_typical_dimensions: false, dimensions: { standard: { length: { value: 30, unit: 'in' }, width: { value: 20, unit: 'in' }, height: { value: 14, unit: 'in' } } } }],
      ...body,
    }),
  });
  expect(res.status, res.text).toBe(201);
  return project.parse(res.body);
}

// The first report starts a job worker and loads the fonts: on a loaded machine that alone can take most of the default 30 s.
describe('GET /api/projects/:id/report.pdf', { timeout: 120_000 }, () => {
  it('prints the letterhead, inputs, every calculation step with its source, page numbers and the DRAFT watermark', async () => {
    const p = await createProject({});
    const sizing = sizingResponse.parse((await t.get(`/api/projects/${p.id}/sizing`)).body);
    const pdf = await fetchPdf(p.id);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, raw, all } = read(pdf.bytes, 'draft');
    const text = squash(all);

    expect(text).toContain('Lakeside Interceptor Sales');
    expect(text).toContain('dana@lakeside.example');
    expect(text).toContain('Report Test Taqueria');
    // One date format on screen and paper: MM/DD/YYYY, as the API's dates read.
    expect(text).toContain(`report made ${new Date().toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' })}`);
    expect(text).toContain('12 Main Street');
    // The custom fixture's own sizes are printed in the fixture schedule.
    expect(text).toMatch(/30 × 20 × 14 in/);
    // Where the rules come from, in the same words as the API's rules_source (issue 29), with each document's address and date read.
    const flat = (s: string) => s.replace(/\s+/g, '');
    const rawFlat = flat(raw.join(''));
    expect(rawFlat).toContain(flat(sizing.rules_source.summary.split(':')[0]!));
    expect(sizing.rules_source.documents.length).toBeGreaterThan(0);
    for (const d of sizing.rules_source.documents) {
      expect(rawFlat).toContain(flat(d.section));
      expect(rawFlat).toContain(flat(d.url));
    }
    // The calculation sheet: every step past the fixtures' own (those are the fixture schedule),
    // each with its formula and source after it (a table: cells read whole in the content's order).
    const sheet = sizing.derivation.filter((s) => s.group !== 'fixtures' && s.group !== 'rules');
    expect(sheet.length).toBeGreaterThan(5);
    for (const step of sheet) {
      const at = rawFlat.indexOf(flat(step.label));
      expect(at, `step ${step.key}`).toBeGreaterThanOrEqual(0);
      expect(rawFlat.indexOf(flat(step.formula), at), `formula of ${step.key}`).toBeGreaterThan(at);
      expect(rawFlat.indexOf(flat(step.source), at), `source of ${step.key}`).toBeGreaterThan(at);
    }
    // Symbols outside Latin-1 print as written (an embedded font), not as ASCII stand-ins.
    expect(sizing.recommendation.reasons.join(' ')).toContain('≥');
    expect(text).toContain('≥');
    expect(text).not.toContain('>=');
    // The recommended unit, its model and the sign-off block.
    expect(text).toContain(`model ${sizing.recommendation.product!.part_number}`);
    expect(text).toContain('Certifications');
    expect(text).toContain('Prepared by');
    expect(text).toContain('Reviewed and approved by (engineer of record)');
    // Page numbers on every page, and the watermark on every page of a draft.
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => {
      expect(squash(page)).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(raw[i]).toContain('DRAFT');
    });
    // No half-empty pages: every page but the last is more than half as full as the fullest (a block
    // kept whole, the data sheet's drawing with its heading, may move to the next page).
    const lines = pages.map((page) => page.split('\n').filter((l) => l.trim() !== '').length);
    const fullest = Math.max(...lines);
    for (const n of lines.slice(0, -1)) expect(n).toBeGreaterThan(fullest / 2);
  });

  it('has no watermark once submitted, and prints metric figures on request', async () => {
    const p = await createProject({ name: 'Report Test Submitted' });
    const moved = await t.request('POST', `/api/projects/${p.id}/status`, { body: JSON.stringify({ status: 'Submitted' }) });
    expect(moved.status, moved.text).toBe(200);
    const { all, raw } = read((await fetchPdf(p.id, '?units=metric')).bytes, 'submitted');
    expect(raw.join('\n')).not.toContain('DRAFT');
    expect(all).toContain('Submitted');
    expect(all).toContain('L/s');
    expect(all).toContain('figures in metric units');
  });

  it('prints the calculation sheet in metric on request, each figure with its US figure beside it', async () => {
    const p = await createProject({ name: 'Report Test Metric', pipe_size: 4 });
    const sizing = sizingResponse.parse((await t.get(`/api/projects/${p.id}/sizing`)).body);
    const got = read((await fetchPdf(p.id, '?units=metric')).bytes, 'metric');
    const text = squash(got.all);
    // Table cells wrap in their columns: read them whole from the content's order, spaces aside.
    const flat = (s: string) => s.replace(/\s+/g, '');
    const cells = flat(got.raw.join(''));
    // The custom fixture entered as 30 × 20 × 14 in: 1 in = 25.4 mm, in whole mm as the editor takes them.
    expect(cells).toContain(flat('762 × 508 × 356 mm'));
    expect(text).toContain('Pipe size DN 100 (4 in)');
    // Its volume in the fixture schedule: 30 × 20 × 14 in ÷ 231 = 36.36 gal, in L with gallons beside it.
    const gal = Math.round(((30 * 20 * 14) / 231) * 100) / 100;
    const litres = Math.round(gal * 3.785411784 * 100) / 100;
    expect(cells).toContain(flat(`${litres.toLocaleString('en-US')} L (${gal.toLocaleString('en-US')} gal)`));
    // No length in cm: lengths are in the unit the editor takes (mm).
    expect(text).not.toMatch(/\d cm\b/);
    // The design flow in L/s (1 GPM = 3.785411784 L ÷ 60 s), the formula as the code writes it.
    const design = sizing.derivation.find((s) => s.key === 'flow.design')!;
    const gpm = design.result.value as number;
    const lps = Math.round(((gpm * 3.785411784) / 60) * 100) / 100;
    expect(cells).toContain(flat(`${lps.toLocaleString('en-US')} L/s (${gpm.toLocaleString('en-US')} GPM)`));
    expect(cells).toContain(flat(design.formula));
    expect(text).toContain('the formulas are the codes’ own and work in US units');
    // The recommendation's reasons too: "Rated 150 GPM ≥ …" reads in L/s.
    const rated = /Rated (\d+(?:\.\d+)?) GPM ≥/.exec(sizing.recommendation.reasons.join(' '));
    expect(rated).not.toBeNull();
    expect(text).toContain(`Rated ${(Math.round(((Number(rated![1]) * 3.785411784) / 60) * 100) / 100).toLocaleString('en-US')} L/s ≥`);
  });

  it('prints the list price only when asked for (the rep’s choice)', async () => {
    const p = await createProject({ name: 'Report Test Price' });
    const part = sizingResponse.parse((await t.get(`/api/projects/${p.id}/sizing`)).body).recommendation.product!.part_number;
    const list = (await t.get(`/products/${part}`)).body as { price: { list: string } };
    const without = squash(read((await fetchPdf(p.id)).bytes, 'no-price').all);
    expect(without).not.toContain('List price');
    const withPrice = squash(read((await fetchPdf(p.id, '?price=true')).bytes, 'price').all);
    expect(withPrice).toContain(`List price $${list.price.list}`);
  });

  it('answers 404 for an unknown project, 400 for bad units, 401 without a key', async () => {
    const missing = await t.get('/api/projects/999999/report.pdf');
    expect(missing.status).toBe(404);
    expect(apiError.parse(missing.body).object).toBe('error');
    const p = await createProject({ name: 'Report Test Errors' });
    const bad = await t.get(`/api/projects/${p.id}/report.pdf?units=furlongs`);
    expect(bad.status).toBe(400);
    expect(apiError.parse(bad.body).param).toBe('units');
    const badPrice = await t.get(`/api/projects/${p.id}/report.pdf?price=maybe`);
    expect(badPrice.status).toBe(400);
    expect(apiError.parse(badPrice.body).param).toBe('price');
    expect((await t.get(`/api/projects/${p.id}/report.pdf`, { key: null })).status).toBe(401);
  });
});
