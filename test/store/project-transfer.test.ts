/**
 * Export and import of projects as .fieldsizer files: a round trip of projects with fixtures and
 * notes equals the original (through the engine, and through `npm run export` / `npm run import`
 * between two data folders); an import never overwrites; bad or newer files are refused with a
 * sentence and nothing written.
 */
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEngine, type Engine } from '../../src-main/engine/engine.js';
import { createDispatcher } from '../../src-main/ipc/dispatcher.js';
import { exportProjects, importProjects, readExportedProject } from '../../src-main/engine/projects/project-transfer.js';
import { fieldsizerFileV1, readFieldsizerFile, type ExportedProject } from '../../src-shared/transfer/fieldsizer-file.js';
import { copyTemplateDataDir, tempDir } from '../helpers/api-server.js';
import { addNotes, makeUnsyncedProjects } from './helpers.js';
import { spawnCli } from '../helpers/cli-process.js';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function engineOnCopy(): Promise<Engine> {
  const dataDir = copyTemplateDataDir();
  const engine = await openEngine({ dataDir });
  cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  cleanup.push(() => engine.close());
  return engine;
}

const comparable = (p: ExportedProject) => ({ ...p, source_id: 0 });

describe('.fieldsizer export and import', () => {
  it('round trip: projects with fixtures and notes come back equal, sized again, unsynced, under new local ids', async () => {
    const source = await engineOnCopy();
    const ids = await makeUnsyncedProjects(source, 2, 'Round trip');
    addNotes(source, ids[0]!, [
      { author: 'Plan reviewer', text: 'Add a sample box downstream.', created: '2026-02-03' },
      { author: 'Rep', text: 'Owner wants a quote by Friday.', created: '2026-02-04' },
    ]);
    const { file } = exportProjects(source, { ids });
    expect(fieldsizerFileV1.parse(JSON.parse(JSON.stringify(file)))).toEqual(file);
    expect(file.projects[0]!.inputs.fixtures.length).toBe(2);
    expect(file.projects[0]!.notes.length).toBe(2);

    const target = await engineOnCopy();
    const report = await importProjects(target, readOk(JSON.stringify(file)));
    expect(report).toMatchObject({ imported: 2, already_here: 0, refused: 0 });
    const back = report.projects.map((p) => readExportedProject(target.store.sqlite, p.id!)!);
    expect(back.map(comparable)).toEqual(file.projects.map(comparable));
    for (const p of report.projects) {
      const row = target.store.sqlite.prepare('select dirty, origin from projects where id = ?').get(p.id) as { dirty: number; origin: string };
      expect(row).toEqual({ dirty: 1, origin: 'local' });
      expect(p.id!).toBeGreaterThanOrEqual(2 ** 31);
    }
    // The same file again: nothing is imported twice, nothing overwritten.
    const again = await importProjects(target, readOk(JSON.stringify(file)));
    expect(again).toMatchObject({ imported: 0, already_here: 2 });
    expect(again.projects.map((p) => p.id)).toEqual(report.projects.map((p) => p.id));
  });

  it('a changed copy of a project already here is imported beside it, never over it', async () => {
    const engine = await engineOnCopy();
    const [id] = await makeUnsyncedProjects(engine, 1, 'Edited elsewhere');
    const { file } = exportProjects(engine, { ids: [id!] });
    file.projects[0]!.inputs.servings_per_day = 999;
    const report = await importProjects(engine, file);
    expect(report.imported).toBe(1);
    expect(report.projects[0]!.id).not.toBe(id);
    expect(readExportedProject(engine.store.sqlite, id!)!.inputs.servings_per_day).not.toBe(999);
    expect(readExportedProject(engine.store.sqlite, report.projects[0]!.id!)!.inputs.servings_per_day).toBe(999);
  });

  it('exports every unsynced project, and says when there is none', async () => {
    const engine = await engineOnCopy();
    expect(() => exportProjects(engine, { unsynced: true })).toThrow(/no unsynced projects/);
    const ids = await makeUnsyncedProjects(engine, 3, 'Unsynced');
    expect(exportProjects(engine, { unsynced: true }).file.projects.map((p) => p.source_id)).toEqual(ids);
  });

  it('refuses a file that is not one, is damaged or comes from a newer version, with a sentence and nothing written', async () => {
    const engine = await engineOnCopy();
    const dispatch = createDispatcher(engine, { transport: 'http', apiUrl: null });
    const before = engine.store.sqlite.prepare('select count(*) from projects').pluck().get();
    const cases: [string, RegExp][] = [
      ['not json', /not a Fieldsizer projects file/],
      [JSON.stringify({ hello: 'world' }), /not a Fieldsizer projects file/],
      [JSON.stringify({ format: 'fieldsizer-projects', version: 7, projects: [] }), /newer Fieldsizer \(file version 7/],
      [JSON.stringify({ format: 'fieldsizer-projects', version: 1, exported_at: 'x', app_version: '1', projects: [{ name: 'x' }] }), /damaged or was edited by hand: project 1 of 1 \("x"\): source_id: missing/],
    ];
    for (const [content, message] of cases) {
      const result = await dispatch('projects.import', { content });
      expect(result).toMatchObject({ ok: false, error: { status: 400, code: 'invalid_file' } });
      expect((result as { error: { message: string } }).error.message).toMatch(message);
    }
    expect(engine.store.sqlite.prepare('select count(*) from projects').pluck().get()).toBe(before);
    // In the browser the export comes back as the file's text, to download.
    const [id] = await makeUnsyncedProjects(engine, 1, 'Download me');
    const exported = await dispatch('projects.export', { ids: [id] });
    expect(exported).toMatchObject({ ok: true, value: { count: 1, fileName: 'Download me 1.fieldsizer', path: null } });
    expect(readFieldsizerFile((exported as { value: { content: string } }).value.content).ok).toBe(true);
  });

  it('npm run export and npm run import carry projects from one data folder to another', async () => {
    const from = await engineOnCopy();
    const ids = await makeUnsyncedProjects(from, 2, 'By the command line');
    addNotes(from, ids[1]!, [{ author: 'Inspector', text: 'Traffic-rated cover required.', created: '2026-04-01' }]);
    const originals = ids.map((id) => readExportedProject(from.store.sqlite, id)!);
    await from.close();
    const toDir = copyTemplateDataDir();
    cleanup.push(() => fs.rmSync(toDir, { recursive: true, force: true }));
    const out = path.join(tempDir('fieldsizer-export-'), 'projects');
    cleanup.push(() => fs.rmSync(path.dirname(out), { recursive: true, force: true }));

    const exported = await cli(['export', '--data-dir', from.dataDir, '--unsynced', '--out', out]);
    expect(exported.stdout).toContain(`exported 2 projects to ${out}.fieldsizer`);
    const imported = await cli(['import', '--data-dir', toDir, `${out}.fieldsizer`]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('imported 2, already here 0, refused 0');
    const to = await openEngine({ dataDir: toDir });
    cleanup.push(() => to.close());
    const ids2 = to.store.sqlite.prepare("select id from projects where name like 'By the command line%' order by name").pluck().all() as number[];
    expect(ids2.map((id) => comparable(readExportedProject(to.store.sqlite, id)!))).toEqual(originals.map(comparable));
  }, 120_000);
});

function readOk(text: string) {
  const read = readFieldsizerFile(text);
  if (!read.ok) throw new Error(read.message);
  return read.file;
}

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawnCli(args) as ChildProcessByStdio<null, Readable, Readable>;
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
