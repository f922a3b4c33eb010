/**
 * The `.fieldsizer` file: projects a rep exports to e-mail or keep, and imports into any
 * Fieldsizer. JSON, versioned: `format` names the kind of file, `version` its layout. A reader
 * takes every version up to its own and refuses a newer one with words that say so. The projects
 * carry what they were made of (fixtures, notes, sizing inputs); what the sizing computed is
 * recomputed on import against the importing store's catalog (only a summary of the exporter's
 * result travels, for the rep to compare).
 */
import { z } from 'zod';
import { seedProjectInputs } from '../seed/people-seed.js';
import { CONSTRUCTION_TYPE_KEYS, PROJECT_STATUSES } from '../api/vocabulary.js';
import { applyWriteInputs, fixtureInputOf, projectCreateBody, storedInputPathOf, writeFieldsOfStoredInputs } from '../api/project-write.js';
import { normalizeProjectInputs } from '../project-inputs.js';

import { FIELDSIZER_FILE_FORMAT, FIELDSIZER_FILE_VERSION } from './file-names.js';

export { FIELDSIZER_FILE_EXTENSION, FIELDSIZER_FILE_FORMAT, FIELDSIZER_FILE_MIME, FIELDSIZER_FILE_VERSION } from './file-names.js';

const text = (max: number) => z.string().max(max);
const stamp = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/, { error: 'a date (YYYY-MM-DD) or a UTC timestamp' });

export const exportedProject = z
  .object({
    /** The project's id in the store it was exported from. */
    source_id: z.number().int().positive(),
    name: text(200).min(1),
    status: z.enum(PROJECT_STATUSES),
    created: stamp,
    submitted: stamp.nullable(),
    approved: stamp.nullable(),
    updated: stamp,
    construction_type: z.enum(CONSTRUCTION_TYPE_KEYS),
    address: z
      .object({
        street: text(200).nullable(),
        street_2: text(200).nullable(),
        city: text(200).nullable(),
        state: text(2).nullable(),
        postal_code: text(10).nullable(),
      })
      .strict(),
    jurisdiction: z.object({ id: z.number().int().positive(), name: text(200) }).strict().nullable(),
    engineer: z.object({ id: z.number().int().positive(), name: text(200) }).strict(),
    /** Every sizing input, fixtures included, as the store keeps them. */
    inputs: seedProjectInputs,
    notes: z.array(z.object({ author: text(200).min(1), text: text(10_000).min(1), created: stamp }).strict()).max(1000),
    /** What the exporting store's sizing recommended (for comparison; import sizes again). */
    exported_sizing: z.object({ recommended_product: z.string().nullable(), pump_out_cycle: z.number().nullable() }).strict(),
  })
  .strict();

export type ExportedProject = z.infer<typeof exportedProject>;

const header = z.object({ format: z.literal(FIELDSIZER_FILE_FORMAT, { error: 'This is not a Fieldsizer projects file.' }), version: z.number().int().positive() });

export const fieldsizerFileV1 = z
  .object({
    format: z.literal(FIELDSIZER_FILE_FORMAT),
    version: z.literal(1),
    exported_at: z.string(),
    app_version: z.string(),
    projects: z.array(exportedProject).min(1, { error: 'The file holds no projects.' }).max(10_000),
  })
  .strict();

export type FieldsizerFile = z.infer<typeof fieldsizerFileV1>;

/** A project of the file refused on its own (readFieldsizerFile with `refuseEach`). */
export interface RefusedProject {
  index: number;
  /** Its id in the store it came from, where the file says (0 where it cannot be read). */
  source_id: number;
  name: string;
  message: string;
  param: string;
}

export type FileReadResult = { ok: true; file: FieldsizerFile; refused: RefusedProject[] } | { ok: false; message: string; param: string };

/**
 * A project as the file holds it, before its inputs are checked: those are checked by the write
 * schema of the API (project-write.ts), so a file is held to the same rules and ranges as a POST.
 */
const fileProject = exportedProject.extend({ inputs: z.object({ fixtures: z.array(z.unknown()) }).loose() });
type FileProject = z.infer<typeof fileProject>;

const fileEnvelope = fieldsizerFileV1.extend({
  projects: z.array(z.unknown()).min(1, { error: 'The file holds no projects.' }).max(10_000, { error: 'A file holds at most 10,000 projects.' }),
});

const pathText = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** zod's words, except for a field that is not there at all. */
const issueText = (issue: z.core.$ZodIssue) => (issue.code === 'invalid_type' && /received undefined/.test(issue.message) ? 'missing' : issue.message);

/** A project's name, as far as it can be read ('' when it cannot). */
function projectName(raw: unknown): string {
  const name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name.trim().slice(0, 100) : '';
}

/** "project 2 of 5 ("Taco Stand")", as far as the project can be read. */
function whichProject(raw: unknown, index: number, count: number): string {
  const name = projectName(raw);
  return `project ${index + 1} of ${count}${name ? ` ("${name}")` : ''}`;
}

/**
 * One project of a file, checked as a create (POST) of the API would be, in the form the store
 * keeps (the same form an export of it writes): a problem names the field as the file has it.
 */
function checkProject(raw: FileProject): { ok: true; project: ExportedProject } | { ok: false; path: PropertyKey[]; message: string } {
  const { fixtures, ...stored } = raw.inputs;
  const body = projectCreateBody.safeParse({
    ...writeFieldsOfStoredInputs({ ...stored, fixtures }),
    name: raw.name,
    engineer: { id: raw.engineer.id },
    construction_type: raw.construction_type,
    address: raw.address,
    jurisdiction: raw.jurisdiction === null ? null : { id: raw.jurisdiction.id },
  });
  if (!body.success) {
    const issue = body.error.issues[0]!;
    // Keys the schema does not know are named with the issue's path.
    const path = issue.code === 'unrecognized_keys' && issue.keys.length > 0 ? [...issue.path, issue.keys[0]!] : issue.path;
    const inInputs = path.length > 0 && !['name', 'engineer', 'construction_type', 'address', 'jurisdiction'].includes(String(path[0]));
    return { ok: false, path: inInputs ? ['inputs', ...storedInputPathOf(path)] : [...path], message: issueText(issue) };
  }
  const written = body.data;
  const inputs = normalizeProjectInputs(applyWriteInputs({}, written));
  const address = Object.fromEntries(
    (['street', 'street_2', 'city', 'state', 'postal_code'] as const).map((key) => [key, written.address?.[key] || null]),
  ) as ExportedProject['address'];
  return {
    ok: true,
    project: { ...raw, name: written.name, address, inputs: { ...inputs, fixtures: (written.fixtures?.data ?? []).map(fixtureInputOf) as ExportedProject['inputs']['fixtures'] } },
  };
}

/** A project in the file's form checked and normalised as an import does, or null when it breaks a rule. */
export function checkedExportedProject(raw: unknown): ExportedProject | null {
  const structure = fileProject.safeParse(raw);
  if (!structure.success) return null;
  const checked = checkProject(structure.data);
  return checked.ok ? checked.project : null;
}

/**
 * Reads a file's text: its projects checked by the API's write schema and put in the form the store
 * keeps, or one sentence saying what is wrong and where (`param`: the field in the file).
 */
export function readFieldsizerFile(textContent: string, options: { refuseEach?: boolean } = {}): FileReadResult {
  let json: unknown;
  try {
    json = JSON.parse(textContent);
  } catch {
    return { ok: false, message: 'The file is not a Fieldsizer projects file (it is not JSON).', param: 'content' };
  }
  const head = header.safeParse(json);
  if (!head.success) return { ok: false, message: 'The file is not a Fieldsizer projects file.', param: 'content' };
  if (head.data.version > FIELDSIZER_FILE_VERSION) {
    return {
      ok: false,
      message: `The file was made by a newer Fieldsizer (file version ${head.data.version}; this one reads up to ${FIELDSIZER_FILE_VERSION}). Update Fieldsizer to import it.`,
      param: 'content',
    };
  }
  const envelope = fileEnvelope.safeParse(json);
  if (!envelope.success) {
    const issue = envelope.error.issues[0]!;
    return { ok: false, message: `The file is damaged or was edited by hand: ${pathText(issue.path) || 'file'}: ${issueText(issue)}`, param: 'content' };
  }
  const projects: ExportedProject[] = [];
  const refused: RefusedProject[] = [];
  const all = envelope.data.projects;
  for (const [index, raw] of all.entries()) {
    const structure = fileProject.safeParse(raw);
    const checked = structure.success ? checkProject(structure.data) : null;
    if (checked?.ok) {
      projects.push(checked.project);
      continue;
    }
    let path: PropertyKey[];
    let problem: string;
    if (!structure.success) {
      const issue = structure.error.issues[0]!;
      path = issue.code === 'unrecognized_keys' && issue.keys.length > 0 ? [...issue.path, issue.keys[0]!] : issue.path;
      problem = `${pathText(path) || 'project'}: ${issueText(issue)}`;
    } else {
      const failed = checked as Extract<typeof checked, { ok: false }>;
      path = failed.path;
      problem = `refused at ${pathText(failed.path) || 'the project'}: ${failed.message}`;
    }
    const param = pathText(['projects', index, ...path]);
    // Each project on its own (a salvage): the others are imported, this one is said to be refused.
    if (options.refuseEach) {
      const sourceId = typeof raw === 'object' && raw !== null ? (raw as { source_id?: unknown }).source_id : undefined;
      refused.push({ index, source_id: typeof sourceId === 'number' ? sourceId : 0, name: projectName(raw), message: `Not imported: ${problem}`, param });
      continue;
    }
    return !structure.success
      ? { ok: false, message: `The file is damaged or was edited by hand: ${whichProject(raw, index, all.length)}: ${problem}`, param }
      : { ok: false, message: `Nothing was imported: the file's ${whichProject(raw, index, all.length)} is ${problem}`, param };
  }
  return { ok: true, file: { ...envelope.data, projects }, refused };
}
