/** Every kind of bad request gets a 4xx with the one error shape, never a 500 or a hang. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src-shared/api/common.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const table: { name: string; method?: string; path: string; body?: string; headers?: Record<string, string>; status: number; code: string; param?: string | null }[] = [
  { name: 'unknown path', path: '/nope', status: 404, code: 'not_found' },
  { name: 'unknown product', path: '/products/0000-000-00', status: 404, code: 'not_found' },
  { name: 'unknown product type', path: '/product-types/no-such-type', status: 404, code: 'not_found' },
  { name: 'unknown collection', path: '/collections/no-such-collection', status: 404, code: 'not_found' },
  { name: 'wrong method on a known path', method: 'POST', path: '/products', body: '{}', status: 405, code: 'method_not_allowed' },
  { name: 'DELETE on a territory', method: 'DELETE', path: '/territory/1', status: 405, code: 'method_not_allowed' },
  { name: 'unknown parameter', path: '/products?limt=5', status: 400, code: 'unknown_parameter', param: 'limt' },
  { name: 'limit above the maximum', path: '/products?limit=101', status: 400, code: 'invalid_parameter', param: 'limit' },
  { name: 'limit zero', path: '/territories?limit=0', status: 400, code: 'invalid_parameter', param: 'limit' },
  { name: 'negative offset', path: '/territories?offset=-1', status: 400, code: 'invalid_parameter', param: 'offset' },
  { name: 'limit not a number', path: '/collections?limit=ten', status: 400, code: 'invalid_parameter', param: 'limit' },
  { name: 'limit given twice', path: '/collections?limit=1&limit=2', status: 400, code: 'invalid_parameter', param: 'limit' },
  { name: 'fractional limit', path: '/products?limit=2.5', status: 400, code: 'invalid_parameter', param: 'limit' },
  { name: 'huge offset text', path: `/products?offset=${'9'.repeat(40)}`, status: 400, code: 'invalid_parameter', param: 'offset' },
  { name: 'territory id not a number', path: '/territory/12abc', status: 400, code: 'invalid_parameter', param: 'id' },
  { name: 'territory without parameters', path: '/territory', status: 400, code: 'missing_parameter' },
  { name: 'state without county', path: '/territory?state=IL', status: 400, code: 'missing_parameter', param: 'county' },
  { name: 'county without state', path: '/territory?county=Cook', status: 400, code: 'missing_parameter', param: 'state' },
  { name: 'zip and county together', path: '/territory?zip_code=60601&state=IL&county=Cook', status: 400, code: 'conflicting_parameters' },
  { name: 'malformed zip', path: '/territory?zip_code=6060', status: 400, code: 'invalid_parameter', param: 'zip_code' },
  { name: 'letters in zip', path: '/territory?zip_code=ABCDE', status: 400, code: 'invalid_parameter', param: 'zip_code' },
  { name: 'zip given twice', path: '/territory?zip_code=60601&zip_code=10001', status: 400, code: 'invalid_parameter', param: 'zip_code' },
  { name: 'unknown state', path: '/territory?state=Narnia&county=Cook', status: 400, code: 'invalid_parameter', param: 'state' },
  { name: 'empty county', path: '/territory?state=IL&county=', status: 400, code: 'invalid_parameter', param: 'county' },
  { name: 'unknown store_id', path: '/products/4055-007-02?store_id=1', status: 404, code: 'not_found', param: 'store_id' },
  { name: 'empty store_id', path: '/products/4055-007-02?store_id=', status: 400, code: 'invalid_parameter', param: 'store_id' },
  { name: 'overlong model number', path: `/products/${'A'.repeat(300)}`, status: 400, code: 'invalid_parameter' },
  { name: 'path parameter over 1,000 characters', path: `/products/${'A'.repeat(1200)}`, status: 414, code: 'uri_too_long' },
  { name: 'percent-encoding garbage', path: '/products/%E0%A4%A', status: 400, code: 'bad_request' },
  { name: 'empty only[] filter value', path: '/collections?only[]=', status: 400, code: 'invalid_parameter', param: 'only.0' },
];

describe('bad input', () => {
  it.each(table)('$name → $status $code', async ({ method = 'GET', path, body, headers, status, code, param }) => {
    const res = await t.request(method, path, { body, headers });
    expect(res.status, res.text).toBe(status);
    const error = apiError.parse(res.body);
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    expect(error.message.length).toBeGreaterThan(5);
    if (param !== undefined) expect(error.param).toBe(param);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('405 names the allowed methods', async () => {
    const res = await t.request('PUT', '/territories');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('a body over the limit gets 413', async () => {
    const res = await t.request('POST', '/products', { body: JSON.stringify({ x: 'y'.repeat(2 * 1024 * 1024) }) });
    expect([405, 413]).toContain(res.status);
    expect(apiError.parse(res.body).status).toBe(res.status);
  });

  it('the server still answers after the whole table', async () => {
    expect((await t.get('/territories?limit=1')).status).toBe(200);
  });
});
