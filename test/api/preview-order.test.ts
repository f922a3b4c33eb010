/**
 * HTTP (`POST /api/sizing`, `GET /api/projects/:id/sizing`) and the UI's contract
 * (`projects.preview`, `projects.sizing`) answer the same sizing with the failed candidates in the
 * same order, nearest to the need first, over one engine: the order is the engine's, not a transport's.
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
