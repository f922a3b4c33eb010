/**
 * The one invoke channel: a call is dispatched only when it comes from the top frame of one of
 * the app's own windows showing an app page (sender-check.ts); anything else is refused and logged.
 */
import { ipcMain } from 'electron';
import { INVOKE_CHANNEL } from '../../src-shared/ipc/contract.js';
import type { Dispatch } from '../ipc/dispatcher.js';
import type { AppLocation } from './app-url.js';
import { isTrustedSender, type TrustedWindow } from './sender-check.js';

export interface InvokeOptions {
  dispatch: Dispatch;
  trustedWindows: () => readonly TrustedWindow[];
  location: AppLocation;
  log: (line: string) => void;
}

/** Registers the handler; returns its removal. */
export function registerInvokeHandler({ dispatch, trustedWindows, location, log }: InvokeOptions): () => void {
  ipcMain.handle(INVOKE_CHANNEL, async (event, method: unknown, args: unknown) => {
    if (!isTrustedSender(event, trustedWindows(), location)) {
      log(`refused an IPC call from ${event.senderFrame?.url ?? 'a frame that is gone'}`);
      throw new Error('Refused: not sent by an app window.');
    }
    if (typeof method !== 'string') throw new Error('Refused: the method must be a string.');
    return dispatch(method, args);
  });
  return () => ipcMain.removeHandler(INVOKE_CHANNEL);
}
