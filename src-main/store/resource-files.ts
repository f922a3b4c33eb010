/** Reads a shipped data file: `name`, or `name.gz` (the large ones are stored gzipped). */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export function readResourceJson(dir: string, name: string): unknown {
  const plain = path.join(dir, name);
  if (fs.existsSync(plain)) return JSON.parse(fs.readFileSync(plain, 'utf8'));
  return JSON.parse(zlib.gunzipSync(fs.readFileSync(`${plain}.gz`)).toString('utf8'));
}
