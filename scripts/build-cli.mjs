#!/usr/bin/env node
// The command line (`serve`, `sync`, `keys`, `backup`, `restore`, `export`, `import`) as compiled
// JavaScript in out/cli/, so no TypeScript compiler runs when it starts, and the prepared start-up
// store (out/template/fieldsizer.db: the embedded data set loaded and sized once) that a first
// start copies instead of loading.
//
// Both are rebuilt when what they are made from changed (a fingerprint of the sources' names,
// sizes and times, and of resources/), so `npm run serve` after an edit or a `git pull` runs the
// current code. `node scripts/build-cli.mjs` builds what is stale; `--force` rebuilds both.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = path.resolve(import.meta.dirname, '..');
export const CLI_DIR = path.join(root, 'out', 'cli');
export const CLI_ENTRY = path.join(CLI_DIR, 'cli.js');
export const TEMPLATE_FILE = path.join(root, 'out', 'template', 'fieldsizer.db');
const CLI_STAMP = path.join(CLI_DIR, 'stamp.json');
const TEMPLATE_STAMP = `${TEMPLATE_FILE}.stamp.json`;

/** Every file under `dirs` (relative to the root), with its size and time. */
function fingerprint(entries) {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const full = path.join(root, relative);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) visit(path.join(relative, name));
    } else hash.update(`${relative}\0${stat.size}\0${stat.mtimeMs}\n`);
  };
  for (const entry of entries) visit(entry);
  return hash.digest('hex');
}

const CODE = ['src-main', 'src-shared', 'package.json', 'package-lock.json'];
/** The worker threads' modules (the same list electron.vite.config.ts builds). */
const workerEntries = () => JSON.parse(fs.readFileSync(path.join(root, 'src-main/worker-entries.json'), 'utf8'));
const readStamp = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/** Builds out/cli/ when the code changed since the last build; returns the entry's path. */
export async function ensureCli({ force = false, log = (line) => console.error(line) } = {}) {
  const code = fingerprint(CODE);
  if (!force && readStamp(CLI_STAMP)?.code === code && fs.existsSync(CLI_ENTRY)) return CLI_ENTRY;
  log('Building the command line (out/cli)…');
  const { build } = await import('esbuild');
  fs.rmSync(CLI_DIR, { recursive: true, force: true });
  await build({
    ...bundleOptions(code),
    // The workers are entries of their own: they are started from files beside the code that starts them.
    entryPoints: {
      cli: path.join(root, 'src-main/cli.ts'),
      ...workerEntryPoints(),
    },
    outdir: CLI_DIR,
  });
  fs.writeFileSync(CLI_STAMP, `${JSON.stringify({ code, built: new Date().toISOString() })}\n`);
  return CLI_ENTRY;
}

/** The worker modules as esbuild entry points: each is started from a file beside the code that starts it. */
export const workerEntryPoints = () => Object.fromEntries(Object.entries(workerEntries()).map(([name, file]) => [name, path.join(root, file)]));

/**
 * zod re-exports its 64 translations of its messages (`z.locales`), a tenth of the code a start
 * parses; the app uses English alone (zod's default, which its schemas import from en.js itself),
 * so the list resolves to English only.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`) ? { path: 'zod-locales-en', namespace: 'zod-english-only' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
      contents: "export { default as en } from 'zod/v4/locales/en.js';",
      resolveDir: root,
    }));
  },
};

/** How the main-process code is bundled for plain Node (`code`: the sources' fingerprint, the build's id). */
export function bundleOptions(code = fingerprint(CODE)) {
  return {
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Dependencies are bundled too: loading hundreds of files from node_modules was most of a
    // start. Not better-sqlite3 (native), nor pdfkit (it reads its data files beside itself).
    // Nor what fastify requires only when asked, so a start does not parse it: its own schema
    // compilers (ajv, fast-json-stringify; the server gives zod's, src-main/http/schema-compilers.ts), its
    // request log (pino: `serve --log`) and its inject (light-my-request).
    external: [
      'better-sqlite3',
      'pdfkit',
      'electron',
      'electron-updater',
      '@fastify/ajv-compiler',
      '@fastify/fast-json-stringify-compiler',
      'pino',
      'light-my-request',
    ],
    plugins: [zodEnglishOnly],
    // CommonJS dependencies inside an ES module still call require().
    banner: { js: "import { createRequire as __fieldsizerRequire } from 'node:module'; const require = __fieldsizerRequire(import.meta.url);" },
    sourcemap: 'linked',
    // Which build made a prepared store: one made by other code is not used (src-main/store/template-store.ts).
    define: { __FIELDSIZER_BUILD__: JSON.stringify(code) },
    logLevel: 'warning',
  };
}

/** Builds the prepared start-up store with the built command line when it or resources/ changed. */
export async function ensureTemplate({ force = false, log = (line) => console.error(line) } = {}) {
  const entry = await ensureCli({ log });
  const inputs = `${readStamp(CLI_STAMP)?.code}:${fingerprint(['resources'])}`;
  if (!force && readStamp(TEMPLATE_STAMP)?.inputs === inputs && fs.existsSync(TEMPLATE_FILE)) return TEMPLATE_FILE;
  log('Preparing the start-up store (the embedded data set, loaded and sized once)…');
  const result = spawnSync(process.execPath, [entry, 'build-template', '--out', TEMPLATE_FILE], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`building ${TEMPLATE_FILE} failed (exit ${result.status})`);
  fs.writeFileSync(TEMPLATE_STAMP, `${JSON.stringify({ inputs, built: new Date().toISOString() })}\n`);
  return TEMPLATE_FILE;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const force = process.argv.includes('--force');
  await ensureCli({ force });
  await ensureTemplate({ force });
}
