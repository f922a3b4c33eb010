/**
 * HTTP (`POST /api/sizing`, `GET /api/projects/:id/sizing`) and the UI's contract
 * (`projects.preview`, `projects.sizing`) answer the same sizing with the failed candidates in the
 * same order, nearest to the need first, over one engine: the order is the engine's, not a transport's;
 * and the editor's preview keeps HTTP's figures and sentences for every field it shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, type Dispatch } from '../../src-main/ipc/dispatcher.js';
import type { Envelope, MethodResult } from '../../src-shared/ipc/contract.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';

let t: TestServer;
let dispatch: Dispatch;

beforeAll(async () => {
  t = await startTestServer();
  dispatch = createDispatcher(t.engine, { transport: 'ipc', apiUrl: null });
});
afterAll(async () => {
  await t?.close();
});

interface Candidate {
  id: string;
  units: number;
  totals: { flow_gpm: number; liquid_capacity_gal: number | null };
  checks: { code: string; passed: boolean }[];
  failures: { code: string; message: string }[];
}
interface SizingBody {
  recommendation: { failed: Candidate[]; alternatives: Candidate[]; design: { method: string; required_rating_gpm: number } };
}

async function viaIpc<M extends 'projects.preview' | 'projects.sizing'>(method: M, args: unknown): Promise<MethodResult<M>> {
  const envelope = (await dispatch(method, args)) as Envelope<MethodResult<M>>;
  if (!envelope.ok) throw new Error(`${method} failed: ${JSON.stringify(envelope.error)}`);
  return envelope.value;
}

const key = (c: { id: string | number; units: number }) => `${c.id}×${c.units}`;

// A mid-size kitchen sized by flow: many units fail, some too small and some too large.
const body = { menu_type: 'pizza', servings_per_day: 300, fixtures: [{ type: 'three-compartment-sink' }, { type: 'hand-sink' }] };

describe('failed candidates: one order for both transports', () => {
  it('a preview: the UI gets the first of the same list HTTP answers, and the count of all', async () => {
    const res = await t.request('POST', '/api/sizing', { body: JSON.stringify(body) });
    expect(res.status, res.text).toBe(200);
    const http = (res.body as SizingBody).recommendation;
    const ipc = await viaIpc('projects.preview', body);
    expect(http.failed.length).toBeGreaterThan(2);
    expect(ipc.failed_total).toBe(http.failed.length);
    expect(ipc.sizing.recommendation.failed.map(key)).toEqual(http.failed.slice(0, ipc.sizing.recommendation.failed.length).map(key));
    // The screen lists what failed, not every check: the view keeps the failures HTTP names and leaves the checks out.
    const shown = ipc.sizing.recommendation.failed.length;
    expect(ipc.sizing.recommendation.failed.map((c) => c.failures)).toEqual(http.failed.slice(0, shown).map((c) => c.failures));
    expect(http.failed.slice(0, shown).every((c) => c.checks.length > 0)).toBe(true);
    expect(ipc.sizing.recommendation.failed.some((c) => 'checks' in c)).toBe(false);
    expect(ipc.sizing.recommendation.alternatives.map(key)).toEqual(http.alternatives.map(key));
    expect(ipc.sizing.recommendation.alternatives.some((c) => 'checks' in c)).toBe(false);
    // Nearest first, judged here from the answer itself: the distance from the required rating never falls.
    expect(http.design.method).not.toMatch(/gravity/);
    const distance = http.failed.map((c) => Math.abs(c.totals.flow_gpm - http.design.required_rating_gpm));
    for (let i = 1; i < distance.length; i++) expect(distance[i]).toBeGreaterThanOrEqual(distance[i - 1]!);
  });

  it("a stored project's sizing: the same order through both", async () => {
    const res = await t.get('/api/projects/1/sizing');
    expect(res.status, res.text).toBe(200);
    const http = (res.body as SizingBody).recommendation;
    const ipc = await viaIpc('projects.sizing', { id: 1 });
    expect(http.failed.length).toBeGreaterThan(1);
    expect(ipc.failed_total).toBe(http.failed.length);
    expect(ipc.sizing.recommendation.failed.map(key)).toEqual(http.failed.slice(0, ipc.sizing.recommendation.failed.length).map(key));
  });
});

/**
 * The editor's live preview is sized with its listed units worded by their failures only
 * (src-shared/sizing/recommend.ts 'view') and sent trimmed to what the panel shows: every figure
 * and sentence it keeps must be the one HTTP answers for the same inputs.
 */
describe("the editor's preview: the HTTP sizing's own figures and sentences, trimmed", () => {
  const kitchen = [
    { type: 'three-compartment-sink' },
    { type: 'prep-sink' },
    { type: 'prep-sink', uses_typical_dimensions: false, dimensions: { standard: { length: { value: 24, unit: 'in' }, width: { value: 20, unit: 'in' }, height: { value: 14, unit: 'in' } } } },
    { type: 'hand-sink' },
    { type: 'floor-drain' },
    { type: 'dishwasher', gpm: 9 },
  ];
  const cases: [string, Record<string, unknown>][] = [
    ['default rules, sized by flow', body],
    ["City of Chicago's rules (60601)", { menu_type: 'casual-dining', servings_per_day: 350, fryer: true, pump_out_target: 60, address: { postal_code: '60601' }, fixtures: kitchen }],
    ['outdoors, buried, in a traffic area', { menu_type: 'casual-dining', servings_per_day: 800, installation_location: 'outdoors', buried: true, burial_depth: 30, installed_in_traffic_area: true, fixtures: kitchen }],
    // Austin Water sizes by liquid capacity and the catalog's gravity units go below grade only: nothing fits, with a way out.
    ['nothing fits (78701, Austin)', { menu_type: 'casual-dining', servings_per_day: 450, meals: { seats: 150 }, address: { postal_code: '78701' }, fixtures: [{ type: 'three-compartment-sink' }, { type: 'dishwasher' }, { type: 'floor-drain' }] }],
  ];

  it.each(cases)('%s', async (name, inputs) => {
    const res = await t.request('POST', '/api/sizing', { body: JSON.stringify(inputs) });
    expect(res.status, res.text).toBe(200);
    const http = res.body as Record<string, unknown> & { recommendation: Record<string, unknown> & { chosen: Candidate & { pump_out_days: number | null } | null; alternatives: (Candidate & { pump_out_days: number | null })[]; failed: Candidate[] } };
    const view = await viaIpc('projects.preview', inputs);
    const s = view.sizing;
    for (const field of ['sizing_method', 'jurisdiction', 'flow_rate', 'flow_rate_metric', 'grease', 'grease_metric', 'pump_out_cycle', 'recommended_product', 'unique_local_requirements', 'recommended_accessories', 'required_volume', 'excluded_fixtures', 'warnings', 'derivation'] as const) {
      expect(s[field], field).toEqual(http[field]);
    }
    expect(s.rules_source).toEqual(expect.objectContaining({ summary: (http.rules_source as { summary: string }).summary, status: (http.rules_source as { status: string }).status }));
    const r = http.recommendation;
    if (name.startsWith('nothing fits')) expect((r.no_fit as { ways_out: unknown[] } | null)?.ways_out.length).toBeGreaterThan(0);
    else expect(r.failed.length).toBeGreaterThan(0);
    for (const field of ['status', 'product', 'units', 'arrangement', 'reasons', 'no_recommendation', 'no_fit'] as const) expect(s.recommendation[field], field).toEqual(r[field]);
    const unit = (c: { id: string | number; units: number; pump_out_days: number | null }) => ({ id: c.id, units: c.units, pump_out_days: c.pump_out_days });
    expect(s.recommendation.chosen && unit(s.recommendation.chosen)).toEqual(r.chosen && unit(r.chosen));
    expect(s.recommendation.alternatives.map(unit)).toEqual(r.alternatives.map(unit));
    expect(view.failed_total).toBe(r.failed.length);
    const shown = s.recommendation.failed;
    expect(shown.map((c) => ({ key: key(c), failures: c.failures }))).toEqual(r.failed.slice(0, shown.length).map((c) => ({ key: key(c), failures: c.failures })));
    // Every failure is said in words, as HTTP says it.
    expect(shown.every((c) => c.failures.length > 0 && c.failures.every((f) => f.message.length > 0))).toBe(true);
    // Left out: what the panel does not show.
    expect('fixtures' in s).toBe(false);
    expect([...s.recommendation.alternatives, ...shown].some((c) => 'checks' in c || 'rating' in c || 'totals' in c)).toBe(false);
  });
});
