/**
 * Worker thread: the store's quick_check on a read-only connection of its own, begun before the
 * host's code has loaded (store-check.ts). It reports what it found and the file's identity, which
 * must be the same before and after the check for the verdict to count.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite } from './sqlite.js';
import { fileIdentity, quickCheckProblems, sameFile, type StoreCheckVerdict, type StoreCheckWorkerData } from './store-check.js';

function check(file: string): StoreCheckVerdict {
  try {
    const before = fileIdentity(file);
    if (!before) return { file, failed: 'no store yet' };
    const sqlite = openSqlite(file, { readonly: true, fileMustExist: true });
    try {
      const problems = quickCheckProblems(sqlite);
      return sameFile(before, fileIdentity(file)) ? { file, identity: before, problems } : { file, failed: 'the file changed during the check' };
    } finally {
      sqlite.close();
    }
  } catch (error) {
    return { file, failed: error instanceof Error ? error.message : String(error) };
  }
}

parentPort!.postMessage(check((workerData as StoreCheckWorkerData).file));
