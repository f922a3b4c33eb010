/**
 * How a long-running host (`serve`, the desktop app) opens its data folder: it takes the folder's
 * lock (one such process per folder), opens the engine, and when the store turns out damaged,
 * sets it aside with its salvaged projects and lets the host choose how to go on.
 */
import { StoreOpenError } from '../store/store-errors.js';
import { takeLock, type HeldLock, type LockOwner } from '../store/process-locks.js';
import { openEngine, type Engine, type EngineOptions } from './engine.js';
// The recovery (salvage, restore, import) is loaded only when a store turns out damaged.
import type { DamageReport, RecoveryChoice } from './recovery.js';
import type { ImportReport } from './projects/project-transfer.js';

export interface OwnedEngine {
  engine: Engine;
  lock: HeldLock;
  /** Set when a damaged store was replaced at this start. */
  recovered: { report: DamageReport; choice: RecoveryChoice; imported: ImportReport | null } | null;
}

export class StartCancelled extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartCancelled';
  }
}

export async function openOwnedEngine(
  options: EngineOptions & { owner: LockOwner; onLockLost?: (error: Error) => void },
  onDamaged: (report: DamageReport) => Promise<RecoveryChoice | 'quit'>,
): Promise<OwnedEngine> {
  const lock = await takeLock(options.dataDir, 'instance', options.owner, options.onLockLost, options.lockTiming);
  try {
    try {
      return { engine: await openEngine(options), lock, recovered: null };
    } catch (error) {
      if (!(error instanceof StoreOpenError) || error.problem !== 'damaged') throw error;
      const { recoverAndOpen, setAsideDamaged } = await import('./recovery.js');
      const report = setAsideDamaged(options.dataDir, error);
      const choice = await onDamaged(report);
      if (choice === 'quit') throw new StartCancelled('Stopped after setting the damaged database aside.');
      const { engine, imported } = await recoverAndOpen(report, choice, options);
      return { engine, lock, recovered: { report, choice, imported } };
    }
  } catch (error) {
    await lock.release();
    throw error;
  }
}
