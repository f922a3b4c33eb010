/**
 * Vitest global setup: builds the renderer once per test run into a temporary folder (not
 * out/renderer, which a developer's own build or a parallel run may be using), for the browser
 * tests to serve.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from 'vite';

declare module 'vitest' {
  export interface ProvidedContext {
    rendererDir: string;
  }
}

export default async function setup(project: TestProject) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldsizer-renderer-'));
  // Vitest sets NODE_ENV=test, which would make React and its JSX transform development builds
  // (and mismatched ones): build as `npm run build:renderer` does, then put it back.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.resolve(import.meta.dirname, '../../src-renderer/vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  project.provide('rendererDir', outDir);
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}
