/**
 * electron-vite: the main process (src-main/electron/main.ts, ESM, dependencies loaded from
 * node_modules — better-sqlite3 is native and must stay external), the preload (CommonJS with
 * everything bundled, as a sandboxed preload requires) and the renderer (src-renderer).
 * Output: out/main/index.js, out/preload/index.cjs, out/renderer/.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { contentSecurityPolicy } from './src-main/electron/csp.js';
import { UI_ASSETS_DIR } from './src-main/http/routes/ui-routes.js';
import workerEntries from './src-main/worker-entries.json' with { type: 'json' };

const root = import.meta.dirname;

/** The dev server injects one inline script, React Refresh's preamble; the dev CSP allows exactly its hash. */
const devScriptHashes = [`sha256-${createHash('sha256').update(react.preambleCode.replace('__BASE__', '/')).digest('base64')}`];

/**
 * The built index.html also carries the policy in a <meta> tag: a file:// page may not get the
 * header main sets in onHeadersReceived. (frame-ancestors has no effect in a meta tag.)
 */
function cspMetaTag(): Plugin {
  const policy = contentSecurityPolicy()
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');
  return {
    name: 'fieldsizer:csp-meta',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' }],
  };
}

export default defineConfig({
  main: {
    define: { __FIELDSIZER_DEV_SCRIPT_HASHES__: JSON.stringify(devScriptHashes) },
    build: {
      externalizeDeps: true,
      rolldownOptions: {
        // The workers are entries of their own, loaded from beside the main bundle
        // (src-main/worker-entries.json, which the command line's build reads too).
        input: {
          index: resolve(root, 'src-main/electron/main.ts'),
          ...Object.fromEntries(Object.entries(workerEntries).map(([name, file]) => [name, resolve(root, file)])),
        },
        // Chunks beside the entries too, not in chunks/: a module that starts a worker finds its
        // file as `new URL('./name-worker.js', import.meta.url)`, whichever chunk it lands in (the
        // pull worker's host is in the sync runner's chunk, loaded on the first sync).
        output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
        external: ['better-sqlite3'],
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only 'electron' (and a few Node built-ins): bundle the rest.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'src-main/electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    plugins: [react(), cspMetaTag()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      // The same layout the local server serves in browser mode (src-main/http/routes/ui-routes.ts).
      assetsDir: UI_ASSETS_DIR,
      rolldownOptions: { input: resolve(root, 'src-renderer/index.html') },
    },
  },
});
