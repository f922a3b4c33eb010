/**
 * The preload of the app's windows (sandboxed, built as CommonJS). It exposes exactly one
 * object, `window.api`, with exactly the contract's two functions: `invoke` (only the
 * contract's methods are sent) and `on` (returns an unsubscribe). Nothing else reaches the page:
 * no ipcRenderer, no Node.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL, METHOD_NAMES, type Bridge } from '../../src-shared/ipc/contract.js';

const known = new Set<string>(METHOD_NAMES);

const api: Bridge = {
  invoke(method, args) {
    if (typeof method !== 'string' || !known.has(method)) {
      return Promise.reject(new Error(`Unknown method: ${String(method)}`));
    }
    return ipcRenderer.invoke(INVOKE_CHANNEL, method, args);
  },
  on(event, listener) {
    if (typeof event !== 'string' || typeof listener !== 'function') throw new TypeError('on(event, listener) needs an event name and a function');
    // Main sends (event name, payload) on the one event channel.
    const forward = (_ipcEvent: IpcRendererEvent, name: unknown, payload: unknown) => {
      if (name === event) (listener as (payload: unknown) => void)(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
};

contextBridge.exposeInMainWorld('api', { invoke: api.invoke, on: api.on });
