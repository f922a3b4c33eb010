/**
 * Locks between processes on one data folder (proper-lockfile: an atomic mkdir, kept fresh while
 * the holder lives, taken over once stale after a crash):
 * - the folder lock: one long-running owner (`serve` or the desktop app) per folder, and
 *   `restore`, which replaces the database file;
 * - the sync lock: one writer that must not meet a file replacement at a time: a sync run, a
 *   restore, an import from the command line, a schema migration.
 * Who holds a lock is written beside it, so the refusal can say which program to close.
 *
 * proper-lockfile keeps its held locks in one table keyed by the locked file's path, and its
 * refresh timer looks its lock up there: each lock names a file of its own (never the folder), or
 * releasing one would orphan the other's timer (a TypeError in a timer, which ends the process).
 */
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { ensurePrivateFolder, restrictFolder } from './data-folder.js';

export type LockName = 'instance' | 'sync';
/** What holds the folder: a `serve`, the desktop app, a restore, a sync run. */
export type LockOwner = 'serve' | 'app' | 'restore' | 'sync' | 'import' | 'migration' | 'cli';

export interface OwnerInfo {
  owner: LockOwner;
  pid: number;
  since: string;
}

const OWNER_WORDS: Record<LockOwner, string> = {
  serve: 'npm run serve',
  app: 'the Fieldsizer desktop app',
  restore: 'a restore of a backup',
  sync: 'a sync',
  import: 'an import of projects',
  migration: 'an update of the database to a new version',
  cli: 'a Fieldsizer command',
};

/** Taken over when not refreshed for this long (the holder refreshes it every STALE_MS / 2). */
const STALE_MS = 20_000;

export interface LockTiming {
  /** Taken over when not refreshed for this long (at least 2000: proper-lockfile's minimum). */
  staleMs?: number;
}

export class LockBusyError extends Error {
  constructor(
    readonly lock: LockName,
    readonly holder: OwnerInfo | null,
    message: string,
  ) {
    super(message);
    this.name = 'LockBusyError';
  }
}

export interface HeldLock {
  release(): Promise<void>;
}

const lockPath = (dataDir: string, name: LockName) => path.join(dataDir, `${name}.lock`);
/** The file proper-lockfile keys the lock by: one per lock name (it need not exist). */
const lockedFile = (dataDir: string, name: LockName) => path.join(dataDir, name);
const ownerPath = (dataDir: string, name: LockName) => path.join(dataDir, `${name}.lock.json`);

function readOwner(dataDir: string, name: LockName): OwnerInfo | null {
  try {
    return JSON.parse(fs.readFileSync(ownerPath(dataDir, name), 'utf8')) as OwnerInfo;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What a holder of the sync lock is doing, as the start of a sentence. */
const BUSY_WORDS: Record<LockOwner, string> = {
  serve: 'npm run serve is changing this data folder',
  app: 'The Fieldsizer desktop app is changing this data folder',
  restore: 'A restore of a backup into this data folder is running',
  sync: 'A sync of this data folder is running',
  import: 'An import of projects into this data folder is running',
  migration: 'An update of this data folder to a new version is running',
  cli: 'A Fieldsizer command is changing this data folder',
};

/**
 * Why the sync lock is busy, as a sentence to finish: "A sync of this data folder is running
 * (process 123, since …)"; then the caller says what to do ("; restore the backup when it has finished.").
 */
export function describeBusy(holder: OwnerInfo | null): string {
  if (!holder) return 'Another Fieldsizer process is changing this data folder';
  return `${BUSY_WORDS[holder.owner] ?? 'Another Fieldsizer process is changing this data folder'} (process ${holder.pid}, since ${holder.since})`;
}

/** Who holds a lock, in words: "npm run serve (process 123, since …)". */
function describeHolder(holder: OwnerInfo | null): string {
  if (!holder) return 'another Fieldsizer process';
  return `${OWNER_WORDS[holder.owner] ?? 'another Fieldsizer process'} (process ${holder.pid}, since ${holder.since})`;
}

/**
 * Takes a lock or throws LockBusyError saying who holds it. `onLost` runs if the lock is taken
 * from this process (its refresh stalled past STALE_MS, e.g. a suspended laptop).
 */
export async function takeLock(
  dataDir: string,
  name: LockName,
  owner: LockOwner,
  onLost: (error: Error) => void = () => undefined,
  timing: LockTiming = {},
): Promise<HeldLock> {
  ensurePrivateFolder(dataDir);
  let release: () => Promise<void>;
  // onCompromised runs in proper-lockfile's timer: a throw there would end the process.
  const compromised = (error: Error) => {
    try {
      onLost(error);
    } catch {
      // the host's report of a lost lock failed; the process goes on
    }
  };
  const lock = () =>
    lockfile.lock(lockedFile(dataDir, name), { lockfilePath: lockPath(dataDir, name), realpath: false, stale: timing.staleMs ?? STALE_MS, onCompromised: compromised });
  try {
    release = await lock().catch(async (error: unknown) => {
      // A holder killed outright (SIGKILL, a power cut) leaves the lock behind until it goes
      // stale; when the process it names is gone from this machine, it is taken over at once.
      const holder = readOwner(dataDir, name);
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED' || !holder || holder.pid === process.pid || isAlive(holder.pid)) throw error;
      fs.rmSync(lockPath(dataDir, name), { recursive: true, force: true });
      return lock();
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const holder = readOwner(dataDir, name);
    const message =
      name === 'sync'
        ? `${describeBusy(holder)}; try again when it has finished.`
        : `The data folder ${dataDir} is in use by ${describeHolder(holder)}. Only one Fieldsizer may open a data folder at a time: ` +
          'close that one first, or use another folder (--data-dir, or FIELDSIZER_DATA_DIR).';
    throw new LockBusyError(name, holder, message);
  }
  // proper-lockfile's mkdir takes the default mode; like every entry of the data folder, the owner's only.
  restrictFolder(lockPath(dataDir, name));
  const info: OwnerInfo = { owner, pid: process.pid, since: new Date().toISOString() };
  fs.writeFileSync(ownerPath(dataDir, name), JSON.stringify(info), { mode: 0o600 });
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      fs.rmSync(ownerPath(dataDir, name), { force: true });
      await release().catch(() => undefined);
    },
  };
}

const shared = new Map<string, { holders: number; lock: Promise<HeldLock> }>();

/**
 * A lock this process's holders of one kind share (the imports queued in one worker): the first
 * takes it from the folder, the last releases it; what it keeps out (a restore, a sync) stays out
 * while any of them holds it.
 */
export async function takeSharedLock(dataDir: string, name: LockName, owner: LockOwner): Promise<HeldLock> {
  const key = `${path.resolve(dataDir)}\0${name}\0${owner}`;
  let entry = shared.get(key);
  if (!entry) {
    const created = { holders: 0, lock: takeLock(dataDir, name, owner) };
    created.lock.catch(() => shared.get(key) === created && shared.delete(key));
    shared.set(key, created);
    entry = created;
  }
  const mine = entry;
  mine.holders++;
  let held: HeldLock;
  try {
    held = await mine.lock;
  } catch (error) {
    mine.holders--;
    throw error;
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      if (--mine.holders > 0) return;
      if (shared.get(key) === mine) shared.delete(key);
      await held.release();
    },
  };
}
