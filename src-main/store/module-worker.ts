/**
 * Starts a worker thread on a module beside the caller: the built JavaScript (`name.js`) when
 * bundled (electron-vite puts each worker entry beside out/main/index.js), else the TypeScript
 * source through tsx's loader, registered inside the worker (its hooks are per thread), as in
 * development, `serve` and the tests.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startModuleWorker(base: string, name: string, options: WorkerOptions): Worker {
  const js = new URL(`./${name}.js`, base);
  if (fs.existsSync(fileURLToPath(js))) return new Worker(js, options);
  const ts = new URL(`./${name}.ts`, base).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(ts)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
