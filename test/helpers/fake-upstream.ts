/**
 * The central service in memory, for the sync's unit tests (as Actual Budget tests its sync
 * against mockSyncServer): the independent spec service of spec-upstream/ (SpecService, which
 * imports no project code) answers the requests through undici's MockAgent, handed to the sync's
 * own UpstreamClient as its dispatcher. No socket, no server: the client's decoding, fingerprints
 * and retries are the real ones, and a run takes milliseconds.
 *
 * Beyond the spec, and only where a test switches them on, what a Fieldsizer upstream adds:
 * `version` on projects (`versions`), and project writes (`writes`): the empty-body probe refused
 * with 400, POST creates, PATCH and DELETE checked against the version shown (409
 * version_conflict), status moves. Writes change the data, so the next pull sees them.
 */
import { MockAgent } from 'undici';
import { SpecService } from './spec-upstream/server.js';
import { handWrittenData, type ProjectRecord, type SpecData } from './spec-upstream/data.js';
import { defaultQuirks, type Quirks } from './spec-upstream/quirks.js';
import { UpstreamClient } from '../../src-main/sync/upstream-client.js';

export interface SeenCall {
  method: string;
  path: string;
  body: unknown;
  status: number;
}

export interface FakeUpstream {
  url: string;
  key: string;
  data: SpecData;
  quirks: Quirks;
  /** Project id → the version its answers show; a project not in it shows none (as the spec). */
  versions: Map<number, number>;
  /** Takes project writes as a Fieldsizer upstream does; false: writes answer `quirks.writeStatus`. */
  writes: boolean;
  /** Every request, in order. */
  seen: SeenCall[];
  /** A client of the sync on this service (one attempt per request: a fault is seen at once). */
  client(signal?: AbortSignal): UpstreamClient;
  close(): Promise<void>;
}

const ORIGIN = 'http://central.test';
type Json = Record<string, unknown>;

const today = () => {
  const d = new Date();
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

export function fakeUpstream(options: { data?: SpecData; quirks?: Partial<Quirks>; writes?: boolean } = {}): FakeUpstream {
  const data = options.data ?? handWrittenData();
  // Quirks off unless asked for: a test names what it needs.
  const quirks: Quirks = {
    ...defaultQuirks(),
    inactiveTypeListed: false,
    productDetail404: false,
    oddFixtures: false,
    oddAccessories: false,
    retailNotMultiplied: false,
    zipElsewhere: false,
    countyFreeText: false,
    engineerWithoutEmail: false,
    nullPumpOutCycle: false,
    inactiveChildUnderParent: false,
    ...options.quirks,
  };
  const service = new SpecService(data, quirks);
  // Ids of projects created here follow the highest the data holds, and are never given twice.
  let nextId = Math.max(...data.projects.map((p) => p.id)) + 1;
  const key = 'fake-upstream-key';
  const agent = new MockAgent();
  agent.disableNetConnect();
  const up: FakeUpstream = {
    url: ORIGIN,
    key,
    data,
    quirks,
    versions: new Map(),
    writes: options.writes ?? false,
    seen: [],
    client: (signal = new AbortController().signal) => new UpstreamClient({ baseUrl: ORIGIN, key, signal, dispatcher: agent, attempts: 1, timeoutMs: 10_000 }),
    close: () => agent.close(),
  };

  const withVersion = (p: unknown): unknown => {
    if (typeof p !== 'object' || p === null || typeof (p as Json).id !== 'number') return p;
    const version = up.versions.get((p as Json).id as number);
    return version === undefined ? p : { ...(p as Json), version };
  };
  const projectOf = (id: string | undefined) => data.projects.find((p) => String(p.id) === id);

  /** A Fieldsizer upstream's project writes, on the spec service's data. */
  const write = (method: string, url: URL, body: unknown): { status: number; body: unknown } => {
    const parts = url.pathname.split('/').filter(Boolean);
    const sent = (body ?? {}) as Json;
    if (method === 'POST' && parts.length === 2) {
      if (Object.keys(sent).length === 0) return { status: 400, body: { error: 'invalid_body', message: 'name is required' } };
      const id = nextId++;
      const like = data.projects[0]!;
      const address = (sent.address ?? {}) as ProjectRecord['address'];
      const engineer = data.users.find((u) => u.id === (sent.engineer as Json | undefined)?.id) ?? data.users[0]!;
      data.projects.push({ ...like, id, user: engineer.id, name: String(sent.name), status: 'Draft', created: today(), submitted: null, approved: null, address: { ...like.address, ...address }, notes: [], accessories: [], fixtures: [] });
      up.versions.set(id, 1);
      return { status: 201, body: { id, version: 1 } };
    }
    const p = projectOf(parts[2]);
    if (!p) return { status: 404, body: { error: 'not_found' } };
    const shown = up.versions.get(p.id);
    const stale = (asked: unknown) => shown !== undefined && asked !== undefined && asked !== null && Number(asked) !== shown;
    if (method === 'PATCH' && parts.length === 3) {
      if (stale(sent.version)) return { status: 409, body: { error: 'version_conflict', message: `version ${shown} is current` } };
      if (typeof sent.name === 'string') p.name = sent.name;
      if (shown !== undefined) up.versions.set(p.id, shown + 1);
      return { status: 200, body: withVersion({ id: p.id, name: p.name }) };
    }
    if (method === 'DELETE' && parts.length === 3) {
      if (stale(url.searchParams.get('version')) || p.status !== 'Draft') return { status: 409, body: { error: 'version_conflict' } };
      data.projects.splice(data.projects.indexOf(p), 1);
      return { status: 204, body: undefined };
    }
    if (method === 'POST' && parts[3] === 'status') {
      p.status = String(sent.status);
      if (shown !== undefined) up.versions.set(p.id, shown + 1);
      return { status: 200, body: withVersion({ id: p.id, status: p.status }) };
    }
    return { status: 405, body: { error: 'method_not_allowed' } };
  };

  const answer = (method: string, path: string, headers: Record<string, string>, text: string | undefined): { status: number; body: unknown } => {
    if (headers.authorization !== `Bearer ${key}`) return { status: 401, body: { error: 'unauthorized' } };
    const url = new URL(path, ORIGIN);
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    if (method !== 'GET' && up.writes && url.pathname.startsWith('/api/projects')) return write(method, url, body);
    try {
      const out = service.answer(method, url, body) as Json;
      // Versions where a test set them: on a project's detail and on its list entries.
      if (/^\/api\/projects\/\d+$/.test(url.pathname)) return { status: 200, body: withVersion(out) };
      if (url.pathname === '/api/projects' && Array.isArray(out.data)) return { status: 200, body: { ...out, data: out.data.map(withVersion) } };
      return { status: 200, body: out };
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (typeof status === 'number') return { status, body: { error: (error as Error).message } };
      throw error;
    }
  };

  agent
    .get(ORIGIN)
    .intercept({ path: () => true, method: () => true })
    .reply((opts) => {
      const headers = Object.fromEntries(Object.entries((opts.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), String(v)]));
      const text = typeof opts.body === 'string' ? opts.body : undefined;
      const result = answer(opts.method, opts.path, headers, text);
      up.seen.push({ method: opts.method, path: opts.path, body: text ? JSON.parse(text) : undefined, status: result.status });
      const data = result.body === undefined ? '' : JSON.stringify(result.body);
      return { statusCode: result.status, data, responseOptions: { headers: { 'content-type': 'application/json', date: new Date().toUTCString() } } };
    })
    .persist();
  return up;
}
