/**
 * The pipe-only choice (issue 14, docs/sizing.md "What is never recommended"): a project with no
 * fixture, no servings and no meals gets no recommendation and is told what is missing, the
 * choice to size by the drain pipe alone among it; with `size_by_pipe_only` it is sized for the
 * pipe's interceptor size of UPC Table 1014.2.1; with fixtures the choice changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { project } from '../../src-shared/api/people.js';
import { sizingResponse } from '../../src-shared/api/sizing.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const send = (method: string, path: string, body: unknown) => t.request(method, path, { body: JSON.stringify(body) });
const sizingOf = async (id: number) => sizingResponse.parse((await t.get(`/api/projects/${id}/sizing`)).body);

/** UPC Table 1014.2.1: a 4 in pipe, two-minute drainage (the default rules' period, service-api §2.3), 75 GPM. */
const FOUR_INCH_TWO_MINUTE_GPM = 75;

describe('size_by_pipe_only', () => {
  let id: number;

  it('nothing from nothing: no fixture, no servings, no choice → no unit, and what is missing is said', async () => {
    const created = await send('POST', '/api/projects', { name: 'Pipe Only Kitchen', engineer: { unknown: true }, pipe_size: 4 });
    expect(created.status, created.text).toBe(201);
    const p = project.parse(created.body);
    id = p.id;
    expect(p.size_by_pipe_only).toBe(false);
    expect(p.recommended_product).toBeNull();
    const sizing = await sizingOf(id);
    expect(sizing.recommendation.no_recommendation?.code).toBe('missing_inputs');
    expect(sizing.recommendation.no_recommendation?.message).toMatch(/no fixtures, no servings per day and no choice to size by the drain pipe only/);
  });

  it('sizes for the pipe once the rep chooses it, and shows the choice back', async () => {
    const patched = await send('PATCH', `/api/projects/${id}`, { size_by_pipe_only: true });
    expect(patched.status, patched.text).toBe(200);
    const p = project.parse(patched.body);
    expect(p.size_by_pipe_only).toBe(true);
    expect(p.recommended_product).not.toBeNull();
    expect(p.flow_rate.sized_by.value).toBe(FOUR_INCH_TWO_MINUTE_GPM);
    const sizing = await sizingOf(id);
    expect(sizing.recommendation.no_recommendation).toBeNull();
    expect(sizing.recommendation.rating!.flow_gpm).toBeGreaterThanOrEqual(FOUR_INCH_TWO_MINUTE_GPM);
    // GET shows it, and a GET body sent back keeps it.
    const read = project.parse((await t.get(`/api/projects/${id}?fixtures=true`)).body);
    expect(read.size_by_pipe_only).toBe(true);
    expect((await send('PATCH', `/api/projects/${id}`, read)).status).toBe(200);
    expect(project.parse((await t.get(`/api/projects/${id}`)).body).size_by_pipe_only).toBe(true);
  });

  it('changes nothing once fixtures are entered: they size the flow', async () => {
    const fixtures = [{ type: 'three-compartment-sink' }];
    const withChoice = project.parse((await send('PATCH', `/api/projects/${id}`, { fixtures, servings_per_day: 120 })).body);
    const without = project.parse((await send('PATCH', `/api/projects/${id}`, { size_by_pipe_only: false })).body);
    expect(without.flow_rate.sized_by).toEqual(withChoice.flow_rate.sized_by);
    expect(without.recommended_product).toBe(withChoice.recommended_product);
    expect(without.flow_rate.sized_by.value).toBeLessThan(FOUR_INCH_TWO_MINUTE_GPM);
  });

  it('refuses anything but true or false, naming the field', async () => {
    const bad = await send('PATCH', `/api/projects/${id}`, { size_by_pipe_only: 'yes' });
    expect(bad.status).toBe(400);
    const error = apiError.parse(bad.body);
    expect(error.param).toBe('size_by_pipe_only');
    expect(error.message).toMatch(/true or false/);
  });

  it('POST /api/sizing takes it too', async () => {
    const res = await send('POST', '/api/sizing', { size_by_pipe_only: true, pipe_size: 3 });
    expect(res.status, res.text).toBe(200);
    const sizing = sizingResponse.parse(res.body);
    expect(sizing.recommendation.product).not.toBeNull();
  });
});
