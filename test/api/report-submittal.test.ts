/**
 * Issue 30: the report PDF read as a plan reviewer reads it (poppler's pdftotext), for an Austin
 * project (the authority's own published criteria), a Chicago one, a metric one and one with no
 * jurisdiction (the default rules): no reference to this project's own documents and no internal
 * key anywhere; every citation of the calculation names a code section, a manufacturer's
 * published guide or the authority's published criteria (with its address and date read); page 1
 * holds the unit and the rule that governed it. Also: an emoji in a name prints in a text form,
 * and a report made without the rep's details shows the gap the rep left instead of a setting.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { project, type Project } from '../../src-shared/api/people.js';
import { sizingResponse, type SizingResponse } from '../../src-shared/api/sizing.js';
import { writeRepProfile } from '../../src-main/engine/report/rep-profile.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { peopleIndex } from '../helpers/resources.js';

let t: TestServer;
let dir: string;
const engineer = peopleIndex().seed.users[0]!;
const rep = { company: 'Lakeside Interceptor Sales', name: 'Dana Rep', email: 'dana@lakeside.example', phone: '312-555-0100' };

beforeAll(async () => {
  t = await startTestServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-submittal-'));
  await writeRepProfile(t.engine.store.db, rep);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const fixtures = ['three-compartment-sink', 'dishwasher', 'prep-sink', 'hand-sink', 'floor-drain', 'mop-sink'].map((type) => ({ type }));

const CASES = {
  austin: { units: 'standard', body: { name: 'Congress Avenue Bistro', address: { street: '600 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701' }, menu_type: 'casual-dining', servings_per_day: 450, installation_location: 'outdoors', buried: true, burial_depth: 24, fixtures } },
  chicago: { units: 'standard', body: { name: 'Wicker Park Noodle Bar', address: { street: '1550 N Milwaukee Ave', city: 'Chicago', state: 'IL', postal_code: '60622' }, menu_type: 'chinese', servings_per_day: 300, fixtures } },
  metric: { units: 'metric', body: { name: 'Lakeshore Metric Cafe', address: { street: '400 E Randolph St', city: 'Chicago', state: 'IL', postal_code: '60601' }, menu_type: 'casual-dining', servings_per_day: 300, pipe_size: 4, fixtures } },
  default: { units: 'standard', body: { name: 'Default Rules Diner', address: { street: '1 Main St', city: 'Springfield', state: 'KS', postal_code: '67001' }, jurisdiction: null, menu_type: 'steakhouse', servings_per_day: 200, fixtures } },
} as const;

/**
 * What a reviewer cannot look up: this project's own documents ("research §1", "(§7)", "peer
 * calculator", "service-api 2.3"), internal keys (method, menu and tier keys, field names, the
 * placeholder e-mail), "rules of <name>" in place of a citation, and the old "not set" letterhead.
 * (A real code's section sign followed by a space, "Austin City Code § 15-10-197", is a citation.)
 */
const FORBIDDEN: RegExp[] = [
  /research/i,
  /(^|[\s(])§\d/m,
  /peer calculator/i,
  /service-api|service specification/i,
  /\b(gravity-by-(formula|dfu|meals|peak-flow)|hydromechanical-by-flow)\b/,
  /\b(casual-dining|full-service-mexican|very-high|three-compartment-sink|floor-drain|mop-sink)\b/,
  /dfu_table|sized_by|rules_source|flow-control:|\bsolids-interceptor\b/,
  /none in the catalog/i,
  /fieldsizer\.invalid/,
  /not set/i,
  /\brules of\b/i,
  /= (true|false)\b/,
];

/** A citation a reviewer can look up: a code and section, a manufacturer's or institute's published guide, or the authority's published document. */
function citable(source: string, sizing: SizingResponse): boolean {
  if (/\b(UPC|IPC)\b[^;]*\b(Table )?\d{3,4}(\.\d+)*/.test(source)) return true;
  if (/\bPDI-G101\b|\bASME A112\.14\.3\b|Schier, “Grease Production Sizing”|Watts, grease interceptor sizing guide|Drain-Net Technologies/.test(source)) return true;
  if (/(^|: )UPC \(Uniform Plumbing Code\), the rules where no jurisdiction governs|\((International|Uniform) Plumbing Code\) as adopted by/.test(source)) return true;
  if (sizing.rules_source.documents.some((d) => source.includes(d.title))) return true;
  return source === 'entered by the rep' || source === 'the manufacturer’s published grease rating';
}

async function make(body: Record<string, unknown>): Promise<Project> {
  const res = await t.request('POST', '/api/projects', { body: JSON.stringify({ engineer: { id: engineer.id }, ...body }) });
  expect(res.status, res.text).toBe(201);
  return project.parse(res.body);
}

function pdfText(bytes: Buffer, name: string): { pages: string[]; flat: string } {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  const pages = Array.from({ length: count }, (_, i) => execFileSync('pdftotext', ['-layout', '-f', String(i + 1), '-l', String(i + 1), file, '-'], { encoding: 'utf8' }));
  const raw = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
  return { pages, flat: raw.replace(/\s+/g, '') };
}

async function report(id: number, units: string): Promise<Buffer> {
  const res = await fetch(`${t.server.url}/api/projects/${id}/report.pdf?units=${units}`, { headers: { authorization: `Bearer ${t.key}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

// The first report starts a job worker and loads the fonts: on a loaded machine that alone can take most of the default 30 s.
describe('the report as a submittal', { timeout: 120_000 }, () => {
  for (const [name, c] of Object.entries(CASES)) {
    it(`${name}: no internal reference or key, every citation can be looked up, page 1 answers first`, async () => {
      const p = await make(c.body);
      const sizing = sizingResponse.parse((await t.get(`/api/projects/${p.id}/sizing`)).body);
      const { pages, flat } = pdfText(await report(p.id, c.units), name);
      const all = pages.join('\n');
      for (const pattern of FORBIDDEN) expect(all, `${name}: ${pattern}`).not.toMatch(pattern);
      for (const pattern of FORBIDDEN) expect(flat, `${name} (raw): ${pattern}`).not.toMatch(new RegExp(pattern.source.replace(/\\s|\s/g, ''), pattern.flags));

      // Every calculation step the PDF prints cites something a reviewer can look up, and the PDF prints it.
      for (const s of sizing.derivation) {
        expect(citable(s.source, sizing), `${name}, step ${s.key}: "${s.source}"`).toBe(true);
        if (s.group !== 'fixtures' && s.group !== 'rules') expect(flat, `${name}, source of ${s.key}`).toContain(s.source.replace(/\s+/g, ''));
      }
      // The authority's documents with their addresses and the dates read (MM/DD/YYYY, the one date format).
      for (const d of sizing.rules_source.documents) {
        expect(flat).toContain(d.url.replace(/\s+/g, ''));
        const [y, m, day] = d.read.split('-');
        expect(flat).toContain(`(read${m}/${day}/${y})`);
      }
      if (name === 'austin') expect(sizing.rules_source.verified).toBe(true);
      if (name === 'default') expect(sizing.rules_source.status).toBe('default');

      // Page 1: the unit, its figures, the governing rule, the pump-out cycle, site, rep and engineer.
      const one = pages[0]!.replace(/\s+/g, ' ');
      const r = sizing.recommendation;
      if (r.product) {
        expect(one).toContain(`model ${r.product.part_number}`);
        expect(one).toMatch(/Inlet \/ outlet/);
        expect(one).toMatch(/Dimensions \(L × W × H\)/);
        expect(one).toContain(`every ${sizing.pump_out_cycle} days`);
      } else {
        expect(one).toContain((r.no_recommendation?.message ?? '').slice(0, 30));
      }
      expect(one).toMatch(/Governing rule/);
      expect(one).toContain(c.body.address.street);
      expect(one).toContain(engineer.name);
      expect(one).toContain(rep.email);
      // Then the fixture schedule: six fixtures as table rows, each counted once.
      expect(all).toMatch(/Fixture schedule \(6 fixtures\)/);
    });
  }

  it('an emoji in the project name prints in a text form, and no font but the embedded one is used', async () => {
    const p = await make({ ...CASES.chicago.body, name: 'Taco Stand 🌮 Ωmega' });
    const bytes = await report(p.id, 'standard');
    const { pages } = pdfText(bytes, 'emoji');
    expect(pages[0]).toContain('Taco Stand [emoji U+1F32E] Ωmega');
    const file = path.join(dir, 'emoji.pdf');
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const f of fonts) expect(f).toMatch(/DejaVuSansCondensed/);
  });

  it('made without the rep’s details: a gap the rep fills by hand, never "not set"', async () => {
    await writeRepProfile(t.engine.store.db, { company: '', name: '', email: '', phone: '' });
    try {
      const p = await make({ ...CASES.chicago.body, name: 'No Rep Details Grill' });
      const { pages } = pdfText(await report(p.id, 'standard'), 'no-rep');
      const one = pages[0]!.replace(/\s+/g, ' ');
      expect(one).toMatch(/Prepared by: _{10,} \(rep’s details left blank to fill in by hand\)/);
      expect(one).not.toMatch(/not set/i);
    } finally {
      await writeRepProfile(t.engine.store.db, rep);
    }
  });
});
