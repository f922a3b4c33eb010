/**
 * Every numeric input of a project write has a physical range (src-shared/api/input-ranges.ts):
 * out of range is 400 `invalid_field` naming the field, through the real server, and nothing is
 * stored. 1e300, Infinity, NaN and negative sizes included.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { project, type Project } from '../../src-shared/api/people.js';
import { INPUT_RANGES, type InputRangeName } from '../../src-shared/api/input-ranges.js';
import { openEngine, type Engine } from '../../src-main/engine/engine.js';
import { createDispatcher } from '../../src-main/ipc/dispatcher.js';
import { copyTemplateDataDir, startTestServer, type TestServer } from '../helpers/api-server.js';
import { peopleIndex } from '../helpers/resources.js';

let t: TestServer;
const { seed } = peopleIndex();
const engineerId = seed.users[0]!.id;

beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 0 });
});
afterAll(async () => t?.close());

const post = (path: string, body: unknown) => t.request('POST', path, { body: typeof body === 'string' ? body : JSON.stringify(body) });

function expectInvalidField(res: { status: number; body: unknown; text: string }, param: string) {
  expect(res.status, res.text).toBe(400);
  const error = apiError.parse(res.body);
  expect(error.code).toBe('invalid_field');
  expect(error.param).toBe(param);
  return error;
}

const sink = (dims: { length?: number; width?: number; height?: number } = {}) => ({
  type: 'three-compartment-sink',
  uses_typical_dimensions: false,
  dimensions: {
    standard: {
      length: { value: dims.length ?? 18, unit: 'in' },
      width: { value: dims.width ?? 18, unit: 'in' },
      height: { value: dims.height ?? 12, unit: 'in' },
    },
  },
});

/** Where each range applies in a write body, and the field an error names. */
const FIELDS: Record<InputRangeName, { body: (v: number) => Record<string, unknown>; param: string }> = {
  servings_per_day: { body: (v) => ({ servings_per_day: v }), param: 'servings_per_day' },
  pump_out_target: { body: (v) => ({ pump_out_target: v }), param: 'pump_out_target' },
  burial_depth: { body: (v) => ({ buried: true, burial_depth: v }), param: 'burial_depth' },
  pipe_size: { body: (v) => ({ pipe_size: v }), param: 'pipe_size' },
  fixture_compartments: { body: (v) => ({ fixtures: [{ type: 'three-compartment-sink', compartments: v }] }), param: 'fixtures.data.0.compartments' },
  fixture_gpm: { body: (v) => ({ fixtures: [{ type: 'custom', gpm: v }] }), param: 'fixtures.data.0.gpm' },
  fixture_dfu: { body: (v) => ({ fixtures: [{ type: 'custom', gpm: 5, dfu: v }] }), param: 'fixtures.data.0.dfu' },
  fixture_length: { body: (v) => ({ fixtures: [sink({ length: v })] }), param: 'fixtures.data.0.dimensions.standard.length.value' },
  fixture_width: { body: (v) => ({ fixtures: [sink({ width: v })] }), param: 'fixtures.data.0.dimensions.standard.width.value' },
  fixture_height: { body: (v) => ({ fixtures: [sink({ height: v })] }), param: 'fixtures.data.0.dimensions.standard.height.value' },
  meals_seats: { body: (v) => ({ meals: { seats: v } }), param: 'meals.seats' },
  meals_per_peak_hour: { body: (v) => ({ meals: { seats: 10, meals_per_peak_hour: v } }), param: 'meals.meals_per_peak_hour' },
  meals_hours_of_operation: { body: (v) => ({ meals: { seats: 10, hours_of_operation: v } }), param: 'meals.hours_of_operation' },
  meals_retention_hours: { body: (v) => ({ meals: { seats: 10, retention_hours: v } }), param: 'meals.retention_hours' },
  meals_storage_factor: { body: (v) => ({ meals: { seats: 10, storage_factor: v } }), param: 'meals.storage_factor' },
};

describe('each numeric input is held to its range (POST /api/sizing, which stores nothing)', () => {
  const names = Object.keys(INPUT_RANGES) as InputRangeName[];

  it('the table covers every range', () => {
    expect(Object.keys(FIELDS).sort()).toEqual([...names].sort());
  });

  it.each(names)('%s: above the maximum, 1e300 and below the minimum are refused naming the field', async (name) => {
    const range = INPUT_RANGES[name];
    const { body, param } = FIELDS[name];
    const above = range.max + (('integer' in range && range.integer) || range.max >= 10 ? 1 : 0.5);
    for (const value of [above, 1e300, range.min - 1, -1e300]) {
      const error = expectInvalidField(await post('/api/sizing', body(value)), param);
      // The meals inputs are the sizing library's schema first, whose own bounds may speak first.
      if (!name.startsWith('meals_')) expect(error.message, String(value)).toMatch(/at most|at least|more than/);
    }
  });

  it.each(names.filter((n) => n !== 'pipe_size'))('%s: the maximum itself is accepted', async (name) => {
    const res = await post('/api/sizing', FIELDS[name].body(INPUT_RANGES[name].max));
    expect(res.status, res.text).toBe(200);
    // Nothing overflowed: every flow served is a finite number.
    const flows = (res.body as { flow_rate: Record<string, { value: number } | number> }).flow_rate;
    for (const f of Object.values(flows)) expect(Number.isFinite(typeof f === 'number' ? f : f.value)).toBe(true);
  });

  it('a whole-number input refuses a fraction', async () => {
    expectInvalidField(await post('/api/sizing', { servings_per_day: 10.5 }), 'servings_per_day');
    expectInvalidField(await post('/api/sizing', { fixtures: [{ type: 'custom', gpm: 5, dfu: 1.5 }] }), 'fixtures.data.0.dfu');
  });

  it('a length of zero is refused (a basin has a size)', async () => {
    expectInvalidField(await post('/api/sizing', { fixtures: [sink({ width: 0 })] }), 'fixtures.data.0.dimensions.standard.width.value');
  });
});

describe('nothing out of range is stored', () => {
  let draft: Project;
  beforeAll(async () => {
    const res = await post('/api/projects', { name: 'Range test', engineer: { id: engineerId }, fixtures: [sink()] });
    expect(res.status, res.text).toBe(201);
    draft = project.parse(res.body);
  });

  const read = async (id: number) => project.parse((await t.get(`/api/projects/${id}?fixtures=true`)).body);

  it('a fixture 1e300 inches long is refused 400, and the stored draft keeps its fixtures and version', async () => {
    expectInvalidField(await t.request('PATCH', `/api/projects/${draft.id}`, { body: JSON.stringify({ fixtures: [sink({ length: 1e300 })] }) }), 'fixtures.data.0.dimensions.standard.length.value');
    const after = await read(draft.id);
    expect(after.version).toBe(draft.version);
    expect(after.fixtures?.data[0]?.dimensions?.standard.length.value).toBe(18);
    // Every figure read back is a number, none null.
    for (const f of Object.values(after.flow_rate)) expect(typeof f === 'number' ? f : f.value).toEqual(expect.any(Number));
  });

  it('negative sizes are refused and not stored', async () => {
    for (const [body, param] of [
      [{ fixtures: [sink({ length: -18 })] }, 'fixtures.data.0.dimensions.standard.length.value'],
      [{ fixtures: [sink({ height: -1 })] }, 'fixtures.data.0.dimensions.standard.height.value'],
      [{ servings_per_day: -5 }, 'servings_per_day'],
      [{ buried: true, burial_depth: -2 }, 'burial_depth'],
    ] as const) {
      expectInvalidField(await t.request('PATCH', `/api/projects/${draft.id}`, { body: JSON.stringify(body) }), param);
    }
    expect((await read(draft.id)).version).toBe(draft.version);
  });

  it('a create with an overflowing number is refused and creates nothing', async () => {
    const before = Number((await t.get('/api/projects?limit=1')).headers.get('x-total-count'));
    expectInvalidField(await post('/api/projects', { name: 'Overflow', engineer: { id: engineerId }, servings_per_day: 1e300 }), 'servings_per_day');
    expectInvalidField(await post('/api/projects', { name: 'Overflow', engineer: { id: engineerId }, fixtures: [sink({ length: 1e300 })] }), 'fixtures.data.0.dimensions.standard.length.value');
    expect(Number((await t.get('/api/projects?limit=1')).headers.get('x-total-count'))).toBe(before);
  });

  it('Infinity (1e999 in JSON) is refused naming the field; NaN, which JSON cannot carry, is a 400 invalid_body', async () => {
    const inf = await t.request('PATCH', `/api/projects/${draft.id}`, { body: '{"servings_per_day": 1e999}' });
    expectInvalidField(inf, 'servings_per_day');
    const nan = await t.request('PATCH', `/api/projects/${draft.id}`, { body: '{"servings_per_day": NaN}' });
    expect(nan.status).toBe(400);
    expect(apiError.parse(nan.body).code).toBe('invalid_body');
    expect((await read(draft.id)).version).toBe(draft.version);
  });
});

describe('the app’s contract (IPC carries NaN and Infinity as numbers)', () => {
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

  it.each([
    ['NaN length', { fixtures: [sink({ length: Number.NaN })] }, 'fixtures.data.0.dimensions.standard.length.value'],
    ['Infinity servings', { servings_per_day: Number.POSITIVE_INFINITY }, 'servings_per_day'],
    ['NaN pump-out target', { pump_out_target: Number.NaN }, 'pump_out_target'],
  ])('%s: projects.preview answers invalid_argument (the contract’s code) naming it', async (_name, args, param) => {
    const dispatch = createDispatcher(engine, { transport: 'ipc', apiUrl: null });
    const envelope = await dispatch('projects.preview', args);
    expect(envelope.ok).toBe(false);
    if (!envelope.ok) {
      expect(envelope.error.code).toBe('invalid_argument');
      expect(envelope.error.param).toBe(param);
    }
  });
});
