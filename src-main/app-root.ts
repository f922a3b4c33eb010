/**
 * The folder of the app's package.json: the repository in development, under tsx and from the
 * compiled command line (out/cli/), whose files sit at different depths below it.
 */
import fs from 'node:fs';
import path from 'node:path';

export function appRoot(from: string = import.meta.dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}
