/**
 * The contract's handlers through the dispatcher both transports use: the real engine over a copy
 * of the template store. Valid calls answer `{ok: true, value}`; bad arguments, unknown methods
 * and engine errors answer `{ok: false, error}` with the status, code and field at fault.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine, type Engine } from '../../src-main/engine/engine.js';
import { createDispatcher, type Dispatch } from '../../src-main/ipc/dispatcher.js';
import { subscribeEvents } from '../../src-main/ipc/events.js';
import { METHOD_NAMES, type Envelope, type MethodName, type MethodResult } from '../../src-shared/ipc/contract.js';
import type { SyncStatus } from '../../src-shared/sync.js';
import { copyTemplateDataDir } from '../helpers/api-server.js';

let engine: Engine;
let dataDir: string;
let dispatch: Dispatch;

beforeAll(async () => {
  dataDir = copyTemplateDataDir();
  engine = await openEngine({ dataDir });
  dispatch = createDispatcher(engine, { transport: 'ipc', apiUrl: null });
});

afterAll(async () => {
  await engine.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A call expected to succeed, typed by the contract. */
async function ok<M extends MethodName>(method: M, args: unknown): Promise<MethodResult<M>> {
  const envelope = (await dispatch(method, args)) as Envelope<MethodResult<M>>;
  if (!envelope.ok) throw new Error(`${method} failed: ${JSON.stringify(envelope.error)}`);
  return envelope.value;
}

async function failure(method: string, args: unknown) {
  const envelope = await dispatch(method, args);
  expect(envelope.ok).toBe(false);
  return (envelope as Extract<Envelope<unknown>, { ok: false }>).error;
}

const sizingInputs = {
  menu_type: 'pizza',
  servings_per_day: 300,
  fixtures: [{ type: 'three-compartment-sink' }, { type: 'hand-sink' }],
};

describe('valid calls', () => {
  it('app.info names the transport and the data directory', async () => {
    const info = await ok('app.info', {});
    expect(info).toMatchObject({ transport: 'ipc', dataDir, apiUrl: null });
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('app.vocabulary carries the menu types by tier and the fixture library', async () => {
    const v = await ok('app.vocabulary', {});
    expect(v.menu_tiers.map((t) => t.tier)).toEqual(['low', 'medium', 'high', 'very-high']);
    expect(v.menu_tiers.flatMap((t) => t.menu_types.map((m) => m.key))).toContain('pizza');
    expect(v.fixture_kinds.find((k) => k.key === 'three-compartment-sink')?.basin).toMatchObject({ compartments: 3 });
    expect(v.pipe_sizes).toContain(4);
  });

  it('projects.get returns the project with fixtures, notes, accessories and the open transitions', async () => {
    const view = await ok('projects.get', { id: 1 });
    expect(view.project.id).toBe(1);
    expect(view.project.fixtures?.object).toBe('list');
    expect(view.project.notes?.object).toBe('list');
    expect(view.project.accessories?.object).toBe('list');
    // The UI has every scope: the engineer's personal data is visible.
    expect(view.project.engineer.name).not.toBeNull();
    expect(view.editable).toBe(view.project.status === 'Draft');
    for (const t of view.transitions) expect(t.from).toBe(view.project.status);
  });

  it('offers each target status once, though the app acts as user and administrator (a Pending project closes either way)', async () => {
    const pending = (await ok('projects.list', { limit: 5, status: ['Pending'] })).data[0]!;
    const view = await ok('projects.get', { id: pending.id });
    const targets = view.transitions.map((t) => t.to);
    expect(targets).toContain('Closed');
    expect(targets).toContain('Closed/Approved');
    expect(new Set(targets).size).toBe(targets.length);
  });

  it('projects.list filters by status, construction type and words, newest first', async () => {
    const all = await ok('projects.list', { limit: 20 });
    expect(all.total).toBeGreaterThan(1000);
    // Newest first by creation date (MM/DD/YYYY on the resource), not by id: synced ids do not follow creation.
    const created = all.data.map((p) => p.created.replace(/^(\d{2})\/(\d{2})\/(\d{4}).*$/, '$3-$1-$2'));
    expect(created).toEqual([...created].sort().reverse());
    // Any column, either way: by name ascending.
    const byName = await ok('projects.list', { sort: 'name', direction: 'asc', limit: 20 });
    const names = byName.data.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const drafts = await ok('projects.list', { status: ['Draft'], types: ['tenantFinish'], limit: 20 });
    expect(drafts.data.length).toBeGreaterThan(0);
    for (const p of drafts.data) {
      expect(p.status).toBe('Draft');
      expect(p.construction_type).toBe('Remodel / Tenant Finish');
    }
    const pizza = await ok('projects.list', { query: 'pizza', limit: 10 });
    expect(pizza.total).toBeGreaterThan(0);
    expect(pizza.total).toBeLessThan(all.total);
  });

  it('creates, updates, duplicates, changes the status of and deletes a project', async () => {
    const engineer = (await ok('users.list', { limit: 1 })).data[0]!;
    expect(engineer.id).toBeGreaterThan(0);
    const created = await ok('projects.create', { name: 'IPC test kitchen', engineer: { id: engineer.id }, ...sizingInputs });
    const id = created.project.id;
    expect(created.project.status).toBe('Draft');
    expect(created.project.recommended_product).not.toBeNull();
    expect(created.deletable).toBe(true);

    const updated = await ok('projects.update', { id, version: created.project.version, servings_per_day: 900, address: { postal_code: '60601' } });
    expect(updated.project.servings_per_day).toBe(900);
    // The jurisdiction follows the zip.
    expect(updated.project.jurisdiction?.name).toBe('City of Chicago');

    const copy = await ok('projects.duplicate', { id });
    expect(copy.project.id).not.toBe(id);
    expect(copy.project.name).toBe('IPC test kitchen (copy)');
    expect(copy.project.fixtures?.data).toHaveLength(2);
    expect(copy.project.recommended_product).toBe(updated.project.recommended_product);

    const closed = await ok('projects.changeStatus', { id: copy.project.id, status: 'Closed' });
    expect(closed.project.status).toBe('Closed');
    expect(closed.editable).toBe(false);
    expect(closed.transitions).toEqual([]);

    expect(await ok('projects.delete', { id })).toEqual({ id });
    expect((await failure('projects.get', { id })).code).toBe('not_found');
  });

  it('projects.preview sizes unsaved inputs, and the results follow them', async () => {
    const small = await ok('projects.preview', sizingInputs);
    const large = await ok('projects.preview', { ...sizingInputs, servings_per_day: 3000, fixtures: [...sizingInputs.fixtures, { type: 'dishwasher', gpm: 20 }] });
    expect(small.sizing.recommended_product).not.toBeNull();
    expect(small.sizing.pump_out_cycle).not.toBeNull();
    expect(small.recommended_rating?.flow.standard.unit).toBe('GPM');
    expect(small.recommended_rating?.flow.metric.unit).toBe('L/s');
    expect(large.sizing.flow_rate.sized_by.value).toBeGreaterThanOrEqual(small.sizing.flow_rate.sized_by.value);
    expect(large.sizing.recommended_product).not.toBe(small.sizing.recommended_product);
    expect(large.failed_total).toBeGreaterThanOrEqual(large.sizing.recommendation.failed.length);
    expect('raw' in large.sizing).toBe(false);
    // The derivation reaches the editor: the design-flow step carries the figure shown as sized_by.
    const design = large.sizing.derivation.find((d) => d.key === 'flow.design');
    expect(design?.result).toEqual({ value: large.sizing.flow_rate.sized_by.value, unit: 'GPM' });
    expect(large.sizing.derivation.find((d) => d.key === 'grease.per-day')?.result.value).toBe(large.sizing.grease.per_day.weight.value);
  });

  it('users, jurisdictions and global search', async () => {
    const user = await ok('users.get', { id: 1 });
    expect(user.id).toBe(1);
    expect(user.projects?.object).toBe('list');
    const found = await ok('users.search', { query: user.name.split(' ')[0]! });
    expect(found.data.some((u) => u.id === 1)).toBe(true);
    const chicago = await ok('jurisdictions.byZip', { zip: '60601' });
    expect(chicago?.name).toBe('City of Chicago');
    expect(await ok('jurisdictions.byZip', { zip: '00000' })).toBeNull();
    const search = await ok('search.global', { query: 'chicago' });
    expect(search.jurisdictions.map((j) => j.name)).toContain('City of Chicago');
  });

  it('catalog: types, collections, product summaries, a product and its variants', async () => {
    expect((await ok('catalog.types', {})).map((t) => t.key)).toContain('hydromechanical-grease-interceptors');
    expect((await ok('catalog.collections', {})).length).toBeGreaterThan(0);
    const all = await ok('catalog.products', {});
    expect(all.total).toBe(all.data.length);
    const hydro = await ok('catalog.products', { type: 'grease-interceptors' });
    expect(hydro.total).toBeGreaterThan(0);
    expect(hydro.total).toBeLessThan(all.total);
    const gb = await ok('catalog.products', { query: 'gb-250 4055' });
    expect(gb.data.map((p) => p.part_number)).toContain('4055-007-02');
    const product = await ok('catalog.product', { modelNumber: '4106-031-01' });
    expect(product.name).toBe('HM-25');
    const family = await ok('catalog.variants', { modelNumber: '4106-031-01' });
    expect(family.option_types).toEqual(['connection', 'cover']);
    expect(family.variants.map((v) => v.part_number)).toContain('4106-042-01');
  });

  it('catalog.products filters by rated flow, grease, liquid and installation, sorts, and ranks exact models first', async () => {
    const all = await ok('catalog.products', {});
    const ranged = await ok('catalog.products', { min_flow: 50, max_flow: 100, sort: 'flow' });
    const flows = ranged.data.map((p) => p.rated_flow_gpm!);
    expect(flows.length).toBeGreaterThan(1);
    expect(flows.every((f) => f >= 50 && f <= 100)).toBe(true);
    expect(flows).toEqual([...flows].sort((a, b) => a - b));
    // Every product in range is there: the filter drops none that fit.
    expect(ranged.total).toBe(all.data.filter((p) => p.rated_flow_gpm !== null && p.rated_flow_gpm >= 50 && p.rated_flow_gpm <= 100).length);
    const greasy = await ok('catalog.products', { min_grease: 1000 });
    expect(greasy.data.every((p) => p.grease_capacity_lbs! >= 1000)).toBe(true);
    // Largest first: the same products, the flows in the other order, and products without a rated flow still last.
    const down = await ok('catalog.products', { min_flow: 50, max_flow: 100, sort: 'flow', direction: 'desc' });
    expect(down.data.map((p) => p.rated_flow_gpm!)).toEqual([...flows].sort((a, b) => b - a));
    const byFlowDesc = await ok('catalog.products', { sort: 'flow', direction: 'desc' });
    const known = byFlowDesc.data.findIndex((p) => p.rated_flow_gpm === null);
    if (known >= 0) expect(byFlowDesc.data.slice(known).every((p) => p.rated_flow_gpm === null)).toBe(true);
    const zToA = await ok('catalog.products', { sort: 'part-number', direction: 'desc' });
    const aToZ = await ok('catalog.products', { sort: 'part-number' });
    expect(zToA.data.map((p) => p.part_number)).toEqual([...aToZ.data.map((p) => p.part_number)].reverse());
    const big = await ok('catalog.products', { min_liquid: 500, sort: 'liquid' });
    expect(big.data.every((p) => p.liquid_capacity_gal! >= 500)).toBe(true);
    const traffic = await ok('catalog.products', { installation: 'traffic' });
    expect(traffic.total).toBeGreaterThan(0);
    expect(traffic.total).toBeLessThan(all.total);
    const hm50 = await ok('catalog.products', { query: 'HM-50' });
    expect(hm50.data[0]!.name).toBe('HM-50');
    expect(hm50.data.map((p) => p.name)).toContain('HM-500');
    const bad = await failure('catalog.products', { min_flow: -1 });
    expect(bad).toMatchObject({ status: 400, param: 'min_flow' });
    expect(bad.message).toBe("Rated flow can't be negative.");
  });

  it('territories: by zip, by county, suggestions as you type', async () => {
    const byZip = await ok('territories.byZip', { zip: '60601' });
    const byCounty = await ok('territories.byCounty', { state: 'IL', county: 'Cook' });
    expect(byZip.id).toBe(byCounty.id);
    const suggestions = await ok('territories.countySuggestions', { state: 'Illinois', prefix: 'coo' });
    expect(suggestions[0]).toEqual({ name: 'Cook County', state_code: 'IL', territory: byZip.code });
    expect((await ok('territories.states', {})).find((s) => s.code === 'IL')?.name).toBe('Illinois');
  });

  it('app settings and API keys', async () => {
    expect(await ok('app.settings', {})).toEqual({ api: { enabled: true, port: 8737 } });
    expect(await ok('app.setSettings', { api: { enabled: false, port: 9000 } })).toEqual({ api: { enabled: false, port: 9000 } });
    expect(await ok('app.settings', {})).toEqual({ api: { enabled: false, port: 9000 } });
    const created = await ok('apiKeys.create', { name: 'sheet', scopes: ['catalog'] });
    expect(created.key).toMatch(/^fsk_/);
    const listed = await ok('apiKeys.list', {});
    expect(JSON.stringify(listed)).not.toContain(created.key);
    const revoked = await ok('apiKeys.revoke', { id: created.id });
    expect(revoked.find((k) => k.id === created.id)?.revoked_at).not.toBeNull();
  });

  it('sync settings round-trip, and events reach a subscriber', async () => {
    const seen: SyncStatus[] = [];
    const unsubscribe = subscribeEvents(engine, (_event, status) => seen.push(status as SyncStatus));
    const saved = await ok('sync.setSettings', { upstream_url: 'http://127.0.0.1:9', interval_minutes: 0, key: 'fsk_test' });
    expect(saved).toMatchObject({ upstream_url: 'http://127.0.0.1:9', interval_minutes: 0, has_key: true });
    expect(seen.at(-1)?.upstream_url).toBe('http://127.0.0.1:9');
    unsubscribe();
    const count = seen.length;
    await ok('sync.setSettings', { upstream_url: null, interval_minutes: 0, key: null });
    expect(seen.length).toBe(count);
    expect((await ok('sync.status', {})).state).toBe('not-configured');
  });
});

describe('errors', () => {
  it('invalid arguments name the field', async () => {
    expect(await failure('projects.get', { id: 'seven' })).toMatchObject({ status: 400, code: 'invalid_argument', param: 'id' });
    expect(await failure('projects.get', {})).toMatchObject({ status: 400, code: 'invalid_argument', param: 'id', message: 'id is required.' });
    expect(await failure('projects.update', { id: 1, address: { postal_code: '123' } })).toMatchObject({
      status: 400,
      code: 'invalid_argument',
      param: 'address.postal_code',
      message: 'address.postal_code is a five-digit zip code.',
    });
    expect(await failure('projects.preview', { fixtures: [{ type: 'hand-sink' }, { type: 'bathtub' }] })).toMatchObject({ param: 'fixtures.data.1.type' });
    expect(await failure('projects.list', { colour: 'red' })).toMatchObject({ code: 'invalid_argument', param: 'colour' });
    expect(await failure('app.setSettings', { api: { enabled: true, port: 80 } })).toMatchObject({ param: 'api.port', message: 'Use a port from 1024 to 65535.' });
  });

  it('an unknown method is an error envelope', async () => {
    expect(await failure('projects.explode', {})).toMatchObject({ status: 404, code: 'unknown_method', param: 'method' });
    // Names of Object.prototype are not methods.
    expect(await failure('toString', {})).toMatchObject({ code: 'unknown_method' });
  });

  it('engine errors keep their status, code and field', async () => {
    expect(await failure('projects.get', { id: 99_999_999 })).toMatchObject({ status: 404, code: 'not_found', param: 'id' });
    expect(await failure('territories.byZip', { zip: '6060' })).toMatchObject({ status: 400, code: 'invalid_parameter', param: 'zip_code' });
    expect(await failure('territories.byCounty', { state: 'Atlantis', county: 'Cook' })).toMatchObject({ status: 400, code: 'invalid_parameter', param: 'state' });
    expect(await failure('catalog.product', { modelNumber: '4080-XXX-01' })).toMatchObject({ status: 409, code: 'ambiguous_model_number' });
    expect(await failure('sync.now', {})).toMatchObject({ status: 409, code: 'sync_not_configured' });
    expect(await failure('search.global', { query: '!!!' })).toMatchObject({ status: 400, param: 'query' });
    const closed = (await ok('projects.list', { status: ['Closed'], limit: 1 })).data[0]!;
    expect(await failure('projects.update', { id: closed.id, servings_per_day: 10 })).toMatchObject({ status: 409, code: 'not_editable' });
    expect(await failure('projects.changeStatus', { id: closed.id, status: 'Draft' })).toMatchObject({ status: 409, code: 'forbidden_transition' });
  });

  it('report.exportPdf needs the desktop shell; with it, the shell writes the file', async () => {
    expect(await failure('report.exportPdf', { projectId: 1 })).toMatchObject({ status: 501, code: 'not_available' });
    const shell = createDispatcher(engine, { transport: 'ipc', apiUrl: null, exportPdf: async (projectId) => ({ path: `/tmp/report-${projectId}.pdf` }) });
    expect(await shell('report.exportPdf', { projectId: 1 })).toEqual({ ok: true, value: { path: '/tmp/report-1.pdf' } });
    expect(await shell('report.exportPdf', { projectId: 99_999_999 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('report.exportPdf prints in the unit system chosen in the app, unless the call names one', async () => {
    const asked: string[] = [];
    const shell = createDispatcher(engine, { transport: 'ipc', apiUrl: null, exportPdf: async (projectId, units) => (asked.push(units), { path: `/tmp/report-${projectId}.pdf` }) });
    expect((await ok('app.info', {})).units).toBeNull();
    await shell('report.exportPdf', { projectId: 1 });
    expect(await ok('app.setUnits', { units: 'metric' })).toEqual({ units: 'metric' });
    expect((await ok('app.info', {})).units).toBe('metric');
    // The File menu's export names no units: it follows the app's setting.
    await shell('report.exportPdf', { projectId: 1 });
    await shell('report.exportPdf', { projectId: 1, units: 'standard' });
    expect(asked).toEqual(['standard', 'metric', 'standard']);
    expect(await failure('app.setUnits', { units: 'furlongs' })).toMatchObject({ status: 400, param: 'units' });
    await ok('app.setUnits', { units: 'standard' });
  });

  it('an unexpected failure is a 500 with a plain message', async () => {
    const broken = createDispatcher(engine, {
      transport: 'ipc',
      apiUrl: null,
      exportPdf: async () => {
        throw new TypeError('printToPDF exploded at 0x1234');
      },
    });
    const original = console.error;
    console.error = () => undefined;
    try {
      const envelope = await broken('report.exportPdf', { projectId: 1 });
      expect(envelope).toMatchObject({ ok: false, error: { status: 500, code: 'internal_error' } });
      expect(JSON.stringify(envelope)).not.toContain('0x1234');
    } finally {
      console.error = original;
    }
  });

  it('every contract method has a handler', async () => {
    // The type check guarantees it; this guards against a method left out of the map at run time.
    const { handlers } = await import('../../src-main/ipc/handlers.js');
    expect(Object.keys(handlers).sort()).toEqual([...METHOD_NAMES].sort());
  });
});
