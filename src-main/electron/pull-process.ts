/**
 * The sync's pull worker as an Electron utility process: Electron's own child process for Node
 * work (a plain fork of the app's executable would start a second app). Registered at start-up;
 * the host (sync/pull-worker-host.ts) drives it like a forked Node process.
 */
import { utilityProcess } from 'electron';
import { setPullProcessLauncher, type PullProcessLauncher } from '../sync/pull-worker-host.js';
import type { PullWorkerMessage } from '../sync/pull-worker-protocol.js';

const startUtilityProcess: PullProcessLauncher = (file, v8Flags) => {
  const child = utilityProcess.fork(file.path, [], { serviceName: 'Fieldsizer sync', execArgv: v8Flags, stdio: 'inherit' });
  let ended = false;
  child.once('exit', () => (ended = true));
  return {
    get pid() {
      return child.pid;
    },
    send: (command) => {
      if (!ended) child.postMessage(command);
    },
    onMessage: (listener) => child.on('message', (m: PullWorkerMessage) => listener(m)),
    onExit: (listener) => child.once('exit', (code) => listener(code)),
    kill: () => {
      if (!ended) child.kill();
    },
  };
};

export function useUtilityProcessForSync(): void {
  setPullProcessLauncher(startUtilityProcess);
}
