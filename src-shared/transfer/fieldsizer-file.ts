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

export const FIELDSIZER_FILE_FORMAT = 'fieldsizer-projects';
export const FIELDSIZER_FILE_VERSION = 1;
export const FIELDSIZER_FILE_EXTENSION = 'fieldsizer';
export const FIELDSIZER_FILE_MIME = 'application/vnd.fieldsizer+json';

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

export type FileReadResult = { ok: true; file: FieldsizerFile } | { ok: false; message: string };

/** Reads a file's text: the parsed content, or one sentence saying what is wrong with it. */
export function readFieldsizerFile(textContent: string): FileReadResult {
  let json: unknown;
  try {
    json = JSON.parse(textContent);
  } catch {
    return { ok: false, message: 'The file is not a Fieldsizer projects file (it is not JSON).' };
  }
  const head = header.safeParse(json);
  if (!head.success) return { ok: false, message: 'The file is not a Fieldsizer projects file.' };
  if (head.data.version > FIELDSIZER_FILE_VERSION) {
    return { ok: false, message: `The file was made by a newer Fieldsizer (file version ${head.data.version}; this one reads up to ${FIELDSIZER_FILE_VERSION}). Update Fieldsizer to import it.` };
  }
  const parsed = fieldsizerFileV1.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: `The file is damaged or was edited by hand: ${issue.path.join('.') || 'file'}: ${issue.message}` };
  }
  return { ok: true, file: parsed.data };
}
