/**
 * The sync's pull worker as an Electron utility process: Electron's own child process for Node
 * work (a plain fork of the app's executable would start a second app). Set at start-up; the host
 * (sync/pull-worker-host.ts) drives it as it drives a forked Node process, with the same messages.
 * The worker lowers its own priority and ends when this process goes (sync/pull-worker.ts).
 */
import { utilityProcess } from 'electron';
import { setPullProcessLauncher, type PullProcessLauncher } from '../sync/pull-worker-host.js';
import type { PullWorkerMessage } from '../sync/pull-worker-protocol.js';

const startUtilityProcess: PullProcessLauncher = (entry, v8Flags) => {
  const child = utilityProcess.fork(entry, [], { serviceName: 'Fieldsizer sync', execArgv: v8Flags, stdio: 'inherit' });
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
    onMessage: (listener) => child.on('message', (m: PullWorkerMessage) => listener(m)),
    onExit: (listener) => void exited.then(listener),
    kill: () => {
      if (!ended) child.kill();
    },
  };
};

/** The sync's pull runs in a utility process from now on (called once the app is ready). */
export function useUtilityProcessForSync(): void {
  setPullProcessLauncher(startUtilityProcess);
}
