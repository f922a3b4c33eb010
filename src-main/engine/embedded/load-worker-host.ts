/** Runs a first start's load in the load worker (load-worker.ts) and relays its progress. */
import type { LoadProgressListener } from './load-embedded.js';
import { startModuleWorker } from '../../store/module-worker.js';

export interface LoadWorkerInput {
  dataDir: string;
  resourcesDir: string;
}

export type LoadWorkerMessage = { type: 'progress'; step: string; percent: number } | { type: 'done' } | { type: 'failed'; message: string };

export function loadEmbeddedInWorker(input: LoadWorkerInput, onProgress: LoadProgressListener = () => undefined): Promise<void> {
  // Parsing and sizing make many short-lived objects; a roomy young generation keeps full
  // collections out of the way (as for the sync's worker).
  const worker = startModuleWorker(import.meta.url, 'load-worker', { workerData: input, resourceLimits: { maxYoungGenerationSizeMb: 128 } });
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (m: LoadWorkerMessage) => {
      if (m.type === 'progress') onProgress({ step: m.step, percent: m.percent });
      else if (m.type === 'done') finish(resolve);
      else finish(() => reject(new Error(`Loading the embedded data set failed: ${m.message}`)));
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) => finish(() => reject(new Error(`The data set loader stopped (exit ${code}).`))));
  });
}
