/**
 * The prepared start-up store: the embedded data set loaded and sized once, at build time
 * (`node scripts/build-cli.mjs`, run by `npm install` and by the command line when it is out of
 * date; in the packaged app, an extra resource). A first start copies it into the new data folder
 * instead of loading and sizing 6,040 projects (seconds) at every first start.
 *
 * It is used only when it was made from the same inputs: the same resources/ files (by content),
 * the same schema steps, and (where both say) the same build of the code; otherwise the first
 * start loads the data set as before, and says why.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { appRoot } from '../app-root.js';
import { ensurePrivateFolder, restrictFile } from './data-folder.js';
import { knownSchemaSteps } from './migrations/index.js';
import { DATABASE_FILE } from './open-store.js';
import { openSqlite } from './sqlite.js';
import { buildId } from './build-id.js';

export const TEMPLATE_META_KEY = 'template.inputs';

export interface TemplateInputs {
  /** sha256 of every file under resources/, by relative path. */
  resources: string;
  schema: string;
  /** The code's build (null where it is not known: the sources under tsx, the Electron bundle). */
  build: string | null;
}

export function templateInputs(resourcesDir: string): TemplateInputs {
  const hash = createHash('sha256');
  // Recursive: the authorities' rules (resources/authorities/) size the embedded projects too.
  const files = (fs.readdirSync(resourcesDir, { recursive: true }) as string[])
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => fs.statSync(path.join(resourcesDir, name)).isFile())
    .sort();
  for (const name of files) hash.update(`${name}\0`).update(fs.readFileSync(path.join(resourcesDir, name))).update('\0');
  return { resources: hash.digest('hex'), schema: knownSchemaSteps.join(','), build: buildId() };
}

/** Where the build puts the prepared store (the packaged app passes its own). */
export const defaultTemplateFile = (): string => path.join(appRoot(), 'out', 'template', DATABASE_FILE);

/** Why a prepared store cannot serve these inputs (null: it can). */
function staleness(file: string, current: TemplateInputs): string | null {
  if (!fs.existsSync(file)) return `it has not been built (${file})`;
  let made: TemplateInputs;
  try {
    const db = openSqlite(file, { readonly: true, fileMustExist: true });
    try {
      made = JSON.parse(db.prepare('select value from meta where key = ?').pluck().get(TEMPLATE_META_KEY) as string) as TemplateInputs;
    } finally {
      db.close();
    }
  } catch (error) {
    return `it cannot be read (${error instanceof Error ? error.message : String(error)})`;
  }
  if (made.resources !== current.resources) return 'the embedded data set (resources/) changed since it was built';
  if (made.schema !== current.schema) return 'the database schema changed since it was built';
  if (made.build !== null && current.build !== null && made.build !== current.build) return 'the code changed since it was built';
  return null;
}

export type TemplateOutcome = { used: true } | { used: false; reason: string };

/**
 * Puts a copy of the prepared store in an empty data folder as its store (whole, or not at all:
 * copied beside it and renamed). Returns why not when it is missing or stale.
 */
export function installTemplate(templateFile: string, dataDir: string, resourcesDir: string): TemplateOutcome {
  const reason = staleness(templateFile, templateInputs(resourcesDir));
  if (reason) return { used: false, reason };
  ensurePrivateFolder(dataDir);
  const target = path.join(dataDir, DATABASE_FILE);
  const partial = `${target}.template`;
  fs.copyFileSync(templateFile, partial);
  restrictFile(partial);
  fs.renameSync(partial, target);
  return { used: true };
}
