/**
 * The sync's worker processes (the pull, the media step) as Electron utility processes:
 * Electron's own child process for Node work (a plain fork of the app's executable would start a
 * second app). Set at start-up; the hosts (sync/pull-worker-host.ts, sync/media-worker-host.ts)
 * drive them as they drive a forked Node process, with the same messages. Each worker lowers its
 * own priority and ends when this process goes (sync/worker-process-child.ts).
 */
import { utilityProcess } from 'electron';
import { setWorkerProcessLauncher, type WorkerProcessLauncher } from '../sync/worker-process-host.js';

const startUtilityProcess: WorkerProcessLauncher = (entry, v8Flags, title) => {
  const child = utilityProcess.fork(entry, [], { serviceName: title, execArgv: v8Flags, stdio: 'inherit' });
  let ended = false;
  // Set at once: a postMessage from an 'exit' listener crashed Electron's main process (electron/electron#53923).
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      ended = true;
      resolve(code);
    }),
  );
  return {
    get pid() {
      return child.pid;
    },
    // Electron queues what is sent before the process is up (its documentation's own example does this).
    send: (command) => {
      if (!ended) child.postMessage(command);
    },
    onMessage: (listener) => child.on('message', (m: unknown) => listener(m)),
    onExit: (listener) => void exited.then(listener),
    kill: () => {
      if (!ended) child.kill();
    },
  };
};

/** The sync's workers run in utility processes from now on (called once the app is ready). */
export function useUtilityProcessForSync(): void {
  setWorkerProcessLauncher(startUtilityProcess);
}
