/**
 * One validation for every way a project enters (docs/api.md "Import rules"): a `.fieldsizer` file
 * is held to the API's write schema and ranges, whichever way it comes (the app's contract over
 * IPC, the browser bridge over HTTP, `npm run import`). A hostile or broken file is a 400
 * `invalid_file` naming the project and the field as the file has it, nothing is written and no
 * backup is taken; an imported project arrives as a Draft whatever the file says (the report then
 * carries the DRAFT watermark); the bridge takes a file as large as the contract does.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, type Dispatch } from '../../src-main/ipc/dispatcher.js';
import { exportProjects } from '../../src-main/engine/projects/project-transfer.js';
import { MAX_FIXTURES_PER_PROJECT } from '../../src-shared/api/input-ranges.js';
import { MAX_IMPORT_FILE_BYTES } from '../../src-shared/ipc/data-safety.js';
import type { FieldsizerFile } from '../../src-shared/transfer/fieldsizer-file.js';
import { openEngine, type Engine, type EngineOptions } from '../../src-main/engine/engine.js';
import { copyTemplateDataDir, startTestServer, tempDir, type TestServer } from '../helpers/api-server.js';
import { makeUnsyncedProjects } from './helpers.js';
import { runCli } from '../helpers/cli-process.js';

const root = path.resolve(import.meta.dirname, '../..');
let t: TestServer;
let dispatch: Dispatch;
let base: FieldsizerFile;
let scratch: string;

beforeAll(async () => {
  t = await startTestServer({ rateLimitPerMinute: 0 });
  dispatch = createDispatcher(t.engine, { transport: 'ipc', apiUrl: null });
  const ids = await makeUnsyncedProjects(t.engine, 2, 'Import rules');
  base = exportProjects(t.engine, { ids }).file;
  scratch = tempDir('fieldsizer-import-rules-');
});
afterAll(async () => {
  await t?.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** A file's project as a hand (or an attacker) may edit it: any value in any field. */
interface Editable {
  name: string;
  status: string;
  submitted: string | null;
  approved: string | null;
  address: Record<string, unknown>;
  jurisdiction: unknown;
  notes: unknown[];
  inputs: Record<string, unknown>;
}

/** The base file (two good projects) with the second one changed and renamed, so it is not "already here". */
function fileWith(change: (p: Editable) => void): FieldsizerFile {
  const file = structuredClone(base);
  for (const p of file.projects) p.name = `${p.name} (copy ${Math.random().toString(36).slice(2, 8)})`;
  change(file.projects[1] as unknown as Editable);
  return file;
}

type BridgeEnvelope = { ok: boolean; value?: unknown; error?: unknown };

const projectCount = () => t.engine.store.sqlite.prepare('select count(*) from projects').pluck().get() as number;
const backupCount = () => (fs.existsSync(path.join(t.dataDir, 'backups')) ? fs.readdirSync(path.join(t.dataDir, 'backups')).length : 0);

/** The browser bridge, as the UI calls it: the envelope and the HTTP status. */
async function bridgeImport(content: string): Promise<{ status: number; body: BridgeEnvelope }> {
  const response = await fetch(`${t.server.url}/bridge/projects.import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t.server.sessionToken}` },
    body: JSON.stringify({ content }),
  });
  return { status: response.status, body: (await response.json()) as BridgeEnvelope };
}

const cli = (args: string[]) => runCli(args);

const sink = { kind: 'three-compartment-sink', uses_typical_dimensions: false, length: 24, width: 24, depth: 12 };

/** Hostile files: what is changed in the file's second project, the field the answer names, words it says. */
const HOSTILE: [string, (p: Editable) => void, string, RegExp][] = [
  ['a fixture 1e300 inches long', (p) => (p.inputs.fixtures = [{ ...sink, length: 1e300 }]), 'inputs.fixtures.0.length', /length must be at most 120 in/],
  ['servings_per_day 9e15', (p) => (p.inputs.servings_per_day = 9e15), 'inputs.servings_per_day', /servings_per_day must be at most 100,000/],
  ['meals with 1e300 seats', (p) => (p.inputs.meals = { seats: 1e300 }), 'inputs.meals.seats', /meals\.seats must be at most 10,000 seats/],
  ['a pipe 1e300 inches wide', (p) => (p.inputs.pipe_size_in = 1e300), 'inputs.pipe_size_in', /pipe_size must be at most 12 in/],
  ['a pipe size no table lists', (p) => (p.inputs.pipe_size_in = 7), 'inputs.pipe_size_in', /pipe_size must be one of 2, 3, 4, 5, 6, 8 in/],
  ['an unknown menu type', (p) => (p.inputs.menu_type = 'martian-barbecue'), 'inputs.menu_type', /menu_type must be a known menu type key/],
  ['an unknown fixture kind', (p) => (p.inputs.fixtures = [{ kind: 'jacuzzi' }]), 'inputs.fixtures.0.kind', /type must be one of/],
  ['a negative GPM', (p) => (p.inputs.fixtures = [{ kind: 'dishwasher', gpm: -5 }]), 'inputs.fixtures.0.gpm', /gpm must be at least 0/],
  ['a field the format does not have', (p) => (p.inputs.fixtures = [{ kind: 'hand-sink', colour: 'red' }]), 'inputs.fixtures.0.colour', /colour/],
  ['20,000 fixtures', (p) => (p.inputs.fixtures = Array.from({ length: 20_000 }, () => ({ kind: 'hand-sink' }))), 'inputs.fixtures', new RegExp(`at most ${MAX_FIXTURES_PER_PROJECT} fixtures \\(20,000 were sent\\)`)],
  ['a zip code that is not one', (p) => (p.address.postal_code = 'DROP TABLE'), 'address.postal_code', /five-digit zip code/],
  ['no name', (p) => (p.name = '   '), 'name', /name cannot be empty/],
];

describe('hostile .fieldsizer files', () => {
  it.each(HOSTILE)('%s: 400 invalid_file naming the project and the field, over IPC and the bridge; nothing written, no backup', async (_what, change, field, words) => {
    const content = JSON.stringify(fileWith(change));
    const before = { projects: projectCount(), backups: backupCount() };
    const ipc = await dispatch('projects.import', { content });
    expect(ipc.ok, JSON.stringify(ipc).slice(0, 400)).toBe(false);
    const error = (ipc as { error: { status: number; code: string; message: string; param: string } }).error;
    expect(error).toMatchObject({ status: 400, code: 'invalid_file', param: `projects.1.${field}` });
    expect(error.message).toMatch(/^Nothing was imported: the file's project 2 of 2( \("Import rules 2 \(copy \w+\)"\))? is refused at /);
    expect(error.message).toContain(field);
    expect(error.message).toMatch(words);
    const http = await bridgeImport(content);
    expect(http.status).toBe(400);
    expect(http.body).toEqual({ ok: false, error: { object: 'error', ...error } });
    expect({ projects: projectCount(), backups: backupCount() }).toEqual(before);
  });

  it("breaks the jurisdiction's own rule on where indoors an interceptor goes: refused like a write", async () => {
    const strict = t.engine.store.sqlite
      .prepare("select id, inside_trap_locations from jurisdictions where inside_trap_locations not like '%\"kitchen\"%' and inside_trap_locations != '[]' limit 1")
      .get() as { id: number; inside_trap_locations: string };
    const where = (JSON.parse(strict.inside_trap_locations) as string[]).join(', ');
    const content = JSON.stringify(
      fileWith((p) => {
        p.jurisdiction = { id: strict.id, name: 'Strict' };
        p.inputs.installation_location = 'indoors';
        p.inputs.inside_trap_location = 'kitchen';
      }),
    );
    const before = projectCount();
    const result = await dispatch('projects.import', { content });
    expect(result).toMatchObject({ ok: false, error: { status: 400, code: 'invalid_file', param: 'projects.1.inputs.inside_trap_location' } });
    expect(JSON.stringify(result)).toContain(`only at: ${where}`);
    expect(projectCount()).toBe(before);
  });

  it('npm run import refuses the same file with the same sentence and exit code 1, writing nothing', async () => {
    const file = path.join(scratch, 'hostile.fieldsizer');
    fs.writeFileSync(file, JSON.stringify(fileWith((p) => (p.inputs.servings_per_day = 9e15))));
    // The command line opens a folder of its own: a copy of the test's store.
    const dataDir = tempDir();
    t.engine.store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    fs.copyFileSync(path.join(t.dataDir, 'fieldsizer.db'), path.join(dataDir, 'fieldsizer.db'));
    try {
      const count = () => {
        const out = execFileSync('node', ['-e', `const D=require('better-sqlite3');const d=new D(${JSON.stringify(path.join(dataDir, 'fieldsizer.db'))},{readonly:true});console.log(d.prepare('select count(*) n from projects').get().n)`], { cwd: root, encoding: 'utf8' });
        return Number(out.trim());
      };
      const before = count();
      const run = await cli(['import', '--data-dir', dataDir, file]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("error: Nothing was imported: the file's project 2 of 2");
      expect(run.stderr).toContain('inputs.servings_per_day: servings_per_day must be at most 100,000');
      expect(run.stderr).not.toMatch(/ZodError|at .*\.ts:\d+/);
      expect(count()).toBe(before);
      expect(fs.existsSync(path.join(dataDir, 'backups')) ? fs.readdirSync(path.join(dataDir, 'backups')) : []).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('an import meeting another write', () => {
  it('answers 503 store_busy when another connection holds the store past the busy timeout; nothing is written', { timeout: 60_000 }, async () => {
    const other = new Database(t.engine.store.file);
    other.pragma('busy_timeout = 5000');
    other.prepare('begin immediate').run();
    try {
      const before = projectCount();
      const result = await dispatch('projects.import', { content: JSON.stringify(fileWith(() => undefined)) });
      expect(result).toMatchObject({ ok: false, error: { status: 503, code: 'store_busy', message: 'The data is busy with another write (a sync); nothing was imported: try again in a moment.' } });
      expect(projectCount()).toBe(before);
    } finally {
      other.prepare('rollback').run();
      other.close();
    }
  });
});

describe('an import is bounded in time, memory and number', () => {
  /** An engine of its own on a copy of the store, with the import worker's limits given. */
  async function engineWith(limits: NonNullable<EngineOptions['jobLimits']>['import']): Promise<{ engine: Engine; close(): Promise<void> }> {
    const dataDir = copyTemplateDataDir();
    const engine = await openEngine({ dataDir, jobLimits: { import: limits } });
    return {
      engine,
      async close() {
        await engine.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  /** The base file's projects 250 times over, each a project of its own (500 projects). */
  const bigFile = () => {
    const file = structuredClone(base);
    file.projects = Array.from({ length: 250 }, (_, i) => base.projects.map((p) => ({ ...structuredClone(p), name: `${p.name} (${i})` }))).flat();
    return JSON.stringify(file);
  };
  const projectsIn = (engine: Engine) => engine.store.sqlite.prepare('select count(*) from projects').pluck().get() as number;

  it('past its time: 503 import_timeout, nothing imported', { timeout: 120_000 }, async () => {
    const { engine, close } = await engineWith({ timeoutMs: 300 });
    try {
      const before = projectsIn(engine);
      const result = await createDispatcher(engine, { transport: 'ipc', apiUrl: null })('projects.import', { content: bigFile() });
      expect(result).toMatchObject({ ok: false, error: { status: 503, code: 'import_timeout', message: "Reading and sizing the file's projects took longer than 300 ms; nothing was imported." } });
      expect(projectsIn(engine)).toBe(before);
    } finally {
      await close();
    }
  });

  it('past its memory: 413 file_too_large, nothing imported; the process goes on', { timeout: 120_000 }, async () => {
    const { engine, close } = await engineWith({ heapMb: 16 });
    try {
      const before = projectsIn(engine);
      const result = await createDispatcher(engine, { transport: 'ipc', apiUrl: null })('projects.import', { content: bigFile() });
      expect(result).toMatchObject({
        ok: false,
        error: { status: 413, code: 'file_too_large', message: 'The file needs more memory to import than an import may take (16 MB); nothing was imported. Import it in smaller files.' },
      });
      expect(projectsIn(engine)).toBe(before);
    } finally {
      await close();
    }
  });

  it('one at a time, one waiting: a third at once is a 503 busy', { timeout: 120_000 }, async () => {
    const { engine, close } = await engineWith({});
    try {
      const dispatch3 = createDispatcher(engine, { transport: 'ipc', apiUrl: null });
      const files = [0, 1, 2].map(() => JSON.stringify(fileWith(() => undefined)));
      const [first, second, third] = await Promise.all(files.map((content) => dispatch3('projects.import', { content })));
      expect(first).toMatchObject({ ok: true, value: { imported: 2 } });
      expect(second).toMatchObject({ ok: true, value: { imported: 2 } });
      expect(third).toMatchObject({ ok: false, error: { status: 503, code: 'busy', message: 'Another import is running; import this file when it has finished.' } });
    } finally {
      await close();
    }
  });
});

describe('imported projects arrive as Drafts', () => {
  it('a file saying Closed/Approved imports as a Draft (no submission or approval date), says so, and its report carries the DRAFT watermark', async () => {
    const file = fileWith((p) => {
      p.status = 'Closed/Approved';
      p.submitted = '2026-01-05T10:00:00.000Z';
      p.approved = '2026-01-20T10:00:00.000Z';
    });
    const result = await dispatch('projects.import', { content: JSON.stringify(file) });
    expect(result.ok, JSON.stringify(result).slice(0, 400)).toBe(true);
    const report = (result as { value: { imported: number; projects: { id: number; message: string }[] } }).value;
    expect(report.imported).toBe(2);
    const approved = report.projects[1]!;
    expect(approved.message).toContain('it was Closed/Approved in the file and arrives as a Draft');
    const read = await t.get(`/api/projects/${approved.id}`);
    expect(read.body).toMatchObject({ status: 'Draft', submitted: null, approved: null });
    // Still the rep's to submit: the review starts here.
    const submit = await t.request('POST', `/api/projects/${approved.id}/status`, { body: JSON.stringify({ status: 'Pending' }) });
    expect(submit.status).toBe(409);
    const pdf = await fetch(`${t.server.url}/api/projects/${approved.id}/report.pdf`, { headers: { authorization: `Bearer ${t.key}` } });
    expect(pdf.status).toBe(200);
    const pdfFile = path.join(scratch, 'imported.pdf');
    fs.writeFileSync(pdfFile, Buffer.from(await pdf.arrayBuffer()));
    expect(execFileSync('pdftotext', ['-raw', '-f', '1', '-l', '1', pdfFile, '-'], { encoding: 'utf8' })).toContain('DRAFT');
  });
});

describe('the browser bridge takes a file as large as the contract does', () => {
  it('a 2 MB file (over the API’s 1 MiB body limit) imports over the bridge', async () => {
    const file = fileWith((p) => {
      p.notes = Array.from({ length: 200 }, (_, i) => ({ author: 'Plan reviewer', text: `Note ${i}: ${'x'.repeat(9_990)}`, created: '2026-02-03' }));
    });
    const content = JSON.stringify(file);
    expect(content.length).toBeGreaterThan(2_000_000);
    const result = await bridgeImport(content);
    expect(result.status, JSON.stringify(result.body).slice(0, 400)).toBe(200);
    expect(result.body.value).toMatchObject({ imported: 2, refused: 0 });
  });

  it('one character over the contract’s 50 MB is refused in the same words over IPC and the bridge', async () => {
    const content = 'x'.repeat(MAX_IMPORT_FILE_BYTES + 1);
    const ipc = await dispatch('projects.import', { content });
    expect(ipc).toMatchObject({ ok: false, error: { status: 400, code: 'invalid_argument', message: 'The file is larger than 50 MB.', param: 'content' } });
    const http = await bridgeImport(content);
    expect(http.status).toBe(400);
    expect(http.body).toEqual(ipc);
  });
});
