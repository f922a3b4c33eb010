/** The shipped data files (resources/): where they are, and reading one. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** resources/ next to the repository root (two levels above this file, also from out/main/). */
export function defaultResourcesDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../resources');
}

/** Reads a shipped data file: `name`, or `name.gz` (the large ones are stored gzipped). */
export function readResourceJson(dir: string, name: string): unknown {
  const plain = path.join(dir, name);
  if (fs.existsSync(plain)) return JSON.parse(fs.readFileSync(plain, 'utf8'));
  return JSON.parse(zlib.gunzipSync(fs.readFileSync(`${plain}.gz`)).toString('utf8'));
}
