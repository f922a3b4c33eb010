/**
 * A seeded, bounded fuzz of the whole local API through the real server: a few thousand requests
 * over every route the server itself lists (routesOf, so new routes are covered) and every method,
 * with real and garbage path parameters, query strings, bodies, content types, keys and hosts,
 * four at a time. No answer may be a 5xx, none may hang, and every error has the documented shape
 * (docs/api.md "Errors"). Then a few hundred malformed raw requests, and the server still answers.
 *
 * The seed is fixed, so a failure repeats; FUZZ_SEED and FUZZ_RUNS explore others, and
 * FUZZ_REPORT=1 prints how many answers had each status.
 */
import fc from 'fast-check';
import pLimit from 'p-limit';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { routesOf } from '../../src-main/http/server.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { openRaw } from '../helpers/raw-http.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const RAW_RUNS = 300;
/** Far above any answer's time here: reaching it means the server hung. */
const HANG_MS = 20_000;

let t: TestServer;
let catalogKey: string;
/** Real values for path parameters, read from the server (so requests also reach real records). */
const real: Record<string, string[]> = {};

beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 0 });
  catalogKey = (await t.engine.apiKeys.create('catalog only', ['catalog'])).key;
  const data = async <T>(path: string) => ((await t.get(path)).body as { data: T[] }).data;
  real.modelNumber = (await data<{ part_number: string }>('/products?limit=20')).map((p) => p.part_number);
  real.type = (await data<{ key: string }>('/product-types')).map((p) => p.key);
  real.slug = (await data<{ key: string }>('/collections')).map((c) => c.key);
  real.id = [
    ...(await data<{ id: number }>('/api/projects?limit=20')).map((p) => String(p.id)),
    ...(await data<{ id: number }>('/territories?limit=5')).map((p) => String(p.id)),
    ...(await data<{ id: number }>('/api/jurisdictions?limit=5')).map((p) => String(p.id)),
    '1',
    '2147483648',
  ];
  real.email = (await data<{ email: string }>('/api/users?limit=5')).map((u) => u.email);
  real.method = ['app.info', 'projects.list', 'nope'];
}, 60_000);
afterAll(async () => t?.close());

// --- what requests are made of ----------------------------------------------------------------

/** One of the keys, as often as its weight says. */
const weighted = <K extends string>(weights: Record<K, number>): fc.Arbitrary<K> =>
  fc.oneof(...(Object.entries(weights) as [K, number][]).map(([value, weight]) => ({ weight, arbitrary: fc.constant(value) })));

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const garbageText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', '0', '-1', '1.5', '1e300', 'NaN', 'Infinity', '9007199254740993', '99999999999999999999', 'null', 'true', '[]', '{}'),
  fc.constantFrom('..', '../..', '%00', '%2F', '%E0%A4%A', '%', '\u0000', 'ä', '💥', "'; drop table projects; --", '<script>'),
  fc.integer({ min: 1, max: 5000 }).map((n) => 'x'.repeat(n)),
);

/** A path parameter: a real value, or garbage, mostly encoded as a client would. */
const paramValue = (name: string) =>
  fc
    .tuple(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...(real[name] ?? ['1'])) }, { weight: 2, arbitrary: garbageText }), fc.boolean())
    .map(([value, encode]) => (encode ? encodeURIComponent(value) : value.replace(/[/?#\s]/g, '')));

const QUERY_NAMES = [
  'limit', 'offset', 'types', 'types[]', 'zip_codes', 'zip_codes[]', 'zip_code', 'state', 'county', 'store_id', 'only', 'only[]',
  'projects', 'contacts', 'notes', 'accessories', 'fixtures', 'type', 'query', 'version', 'project_id', 'session', 'limt', '',
];
const queryValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('1', '25', '100', '101', '0', '-1', 'true', 'false', 'yes', '60601', '60601-1234', 'IL', 'Cook', 'CT', 'Hartford', 'user', 'project', 'jurisdiction', 'contractor', 'newConstruction', 'joh') },
  { weight: 1, arbitrary: garbageText },
);
// Often none: most routes refuse a parameter they do not define, which would stop the request early.
const queryString = fc
  .oneof({ weight: 1, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(fc.tuple(fc.constantFrom(...QUERY_NAMES), queryValue), { maxLength: 4 }) })
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`));

/** A write body as the resources' own field names give it, with one field set to anything. */
const projectFields = ['name', 'engineer', 'construction_type', 'address', 'jurisdiction', 'servings_per_day', 'pump_out_target', 'burial_depth', 'pipe_size', 'fixtures', 'meals', 'menu_type', 'version', 'status', 'keep', 'zip_codes', 'bogus'];
const bodyText = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...projectFields), fc.jsonValue({ maxDepth: 3 })).map(([k, v]) => JSON.stringify({ name: 'Fuzz', engineer: { id: 1 }, [k]: v })) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"fixtures":[{"type":"three-compartment-sink","uses_typical_dimensions":false,"dimensions":{"standard":{"length":{"value":1e300,"unit":"in"},"width":{"value":1,"unit":"in"},"height":{"value":1,"unit":"in"}}}}]}',
      '{"servings_per_day":1e999}',
      '{"zip_codes":["60601"]}',
      '{"status":"Submitted"}',
      '{"keep":"mine"}',
      '{',
      'NaN',
      '',
      '[]',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 50 }) },
);

interface FuzzRequest {
  /** The route pattern it was made from. */
  route: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function requestArbitrary(routes: readonly { method: string; url: string }[]): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      route: fc.constantFrom(...routes),
      // Mostly the route's own method; one request in ten another (405, HEAD, OPTIONS).
      otherMethod: fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
      query: queryString,
      trailingSlash: fc.boolean(),
      key: weighted({ full: 16, catalog: 1, none: 1, bogus: 1, malformed: 1 }),
      host: weighted({ own: 18, localhost: 1, foreign: 1 }),
      // A body four times in five (nil one time in `freq`).
      body: fc.option(bodyText, { freq: 5 }),
      contentType: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'none'),
    })
    .chain((r) => {
      const names = [...r.route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      return fc.tuple(fc.constant(r), fc.tuple(...names.map((n) => paramValue(n))), fc.constant(names));
    })
    .map(([r, values, names]) => {
      let path = r.route.url;
      names.forEach((n, i) => (path = path.replace(`:${n}`, values[i] === '' ? 'x' : values[i]!)));
      if (r.trailingSlash && path !== '/') path += '/';
      const method = r.otherMethod ?? r.route.method;
      const headers: Record<string, string> = {};
      if (r.key === 'full') headers.authorization = `Bearer ${t.key}`;
      else if (r.key === 'catalog') headers.authorization = `Bearer ${catalogKey}`;
      else if (r.key === 'bogus') headers.authorization = 'Bearer fsk_not-a-key';
      else if (r.key === 'malformed') headers.authorization = 'Basic abc';
      headers.host = r.host === 'own' ? `127.0.0.1:${t.server.port}` : r.host === 'localhost' ? `localhost:${t.server.port}` : 'evil.example';
      const withBody = r.body !== null && method !== 'GET' && method !== 'HEAD';
      if (withBody && r.contentType !== 'none') headers['content-type'] = r.contentType;
      return { route: r.route.url, method, path: path + r.query, headers, body: withBody ? r.body! : undefined };
    });
}

// --- the checks --------------------------------------------------------------------------------

async function send(req: FuzzRequest): Promise<{ status: number; contentType: string; text: string }> {
  const res = await request(`${t.server.url}${req.path}`, {
    method: req.method as 'GET',
    headers: req.headers,
    body: req.body,
    headersTimeout: HANG_MS,
    bodyTimeout: HANG_MS,
  });
  const text = await res.body.text();
  return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), text };
}

/** What is wrong with an answer, or null. */
function problemOf(req: FuzzRequest, res: { status: number; contentType: string; text: string }): string | null {
  if (res.status >= 500) return `answered ${res.status}: ${res.text.slice(0, 300)}`;
  if (res.status < 400 || req.method === 'HEAD') return null;
  if (!res.contentType.startsWith('application/json')) return `error ${res.status} with content-type ${res.contentType}`;
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return `error ${res.status} whose body is not JSON: ${res.text.slice(0, 200)}`;
  }
  const parsed = apiError.safeParse(body);
  if (!parsed.success) return `error ${res.status} not in the error shape: ${res.text.slice(0, 300)}`;
  if (parsed.data.status !== res.status) return `error body says ${parsed.data.status}, HTTP says ${res.status}`;
  return null;
}

describe('fuzz: every route and method', () => {
  it(`${RUNS} seeded requests: no 5xx, no hang, every error in the documented shape`, async () => {
    const routes = routesOf(t.server.app);
    // Every route the server has, the bridge and the API's own description included.
    expect(routes.length).toBeGreaterThan(50);
    const requests = fc.sample(requestArbitrary(routes), { seed: SEED, numRuns: RUNS });
    // The sample covers every route and every method the server answers.
    const made = new Set(requests.map((r) => `${r.method} ${r.route}`));
    for (const r of routes) expect(made.has(`${r.method} ${r.url}`), `no request for ${r.method} ${r.url}`).toBe(true);

    const limit = pLimit(4);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    await Promise.all(
      requests.map((req) =>
        limit(async () => {
          try {
            const res = await send(req);
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            const problem = problemOf(req, res);
            if (problem) problems.push(`${req.method} ${req.path.slice(0, 200)} → ${problem}`);
          } catch (error) {
            problems.push(`${req.method} ${req.path.slice(0, 200)} → no answer (${(error as Error).message})`);
          }
        }),
      ),
    );
    if (process.env.FUZZ_REPORT) console.log(JSON.stringify([...statuses].sort((a, b) => a[0] - b[0])));
    expect(problems.slice(0, 10)).toEqual([]);
    // The requests were not all refused at the door: real answers and every kind of refusal.
    for (const status of [200, 400, 401, 403, 404, 405]) expect(statuses.get(status) ?? 0, `no ${status} among ${JSON.stringify([...statuses])}`).toBeGreaterThan(0);
  }, 600_000);

  it(`${RAW_RUNS} malformed raw requests: an answer in the error shape, or a clean close (never a reset); never a hang`, async () => {
    const valid = `GET /territories?limit=1 HTTP/1.1\r\nHost: 127.0.0.1:${t.server.port}\r\nAuthorization: Bearer ${t.key}\r\n\r\n`;
    const mutated = fc
      .tuple(fc.integer({ min: 0, max: valid.length - 5 }), fc.integer({ min: 1, max: 4 }), fc.string({ maxLength: 6 }), fc.constantFrom('replace', 'insert', 'cut'))
      .map(([at, n, text, how]) => (how === 'replace' ? valid.slice(0, at) + text + valid.slice(at + n) : how === 'insert' ? valid.slice(0, at) + text + valid.slice(at) : valid.slice(0, at) + valid.slice(at + n)));
    const inputs = fc.sample(mutated, { seed: SEED + 1, numRuns: RAW_RUNS });
    const limit = pLimit(4);
    const problems: string[] = [];
    await Promise.all(
      inputs.map((bytes) =>
        limit(async () => {
          const conn = await openRaw(t.server.port);
          let timer: NodeJS.Timeout | undefined;
          const hang = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('hang')), HANG_MS)));
          try {
            // Sent whole, then the client's side closed: the server must answer or close, not wait.
            const answer = await Promise.race([conn.exchange(bytes, { end: true }).then((r) => ({ r })), conn.closed.then((c) => ({ c })), hang]);
            if ('c' in answer) {
              if (answer.c === 'reset') problems.push(`reset on ${JSON.stringify(bytes.slice(0, 120))}`);
              return;
            }
            const { r } = answer;
            if (r.status >= 500) problems.push(`${r.status} on ${JSON.stringify(bytes.slice(0, 120))}`);
            if (r.status >= 400 && r.body !== '') {
              const parsed = apiError.safeParse(JSON.parse(r.body));
              if (!parsed.success || parsed.data.status !== r.status) problems.push(`not the error shape on ${JSON.stringify(bytes.slice(0, 120))}: ${r.body.slice(0, 200)}`);
            }
          } catch (error) {
            problems.push(`${(error as Error).message} on ${JSON.stringify(bytes.slice(0, 120))}`);
          } finally {
            clearTimeout(timer);
            conn.destroy();
          }
        }),
      ),
    );
    expect(problems.slice(0, 10)).toEqual([]);
  }, 300_000);

  it('the server answers normally afterwards', async () => {
    const res = await t.get('/territories?limit=1');
    expect(res.status).toBe(200);
    expect((await t.get('/api/projects?limit=1')).status).toBe(200);
  });
});
