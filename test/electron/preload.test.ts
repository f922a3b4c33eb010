/**
 * The preload exposes exactly the contract and nothing else. `electron` is mocked: what
 * contextBridge.exposeInMainWorld receives is captured and exercised like the page would.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNEL, INVOKE_CHANNEL, METHOD_NAMES } from '../../src-shared/ipc/contract.js';

const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn(), send: vi.fn(), sendSync: vi.fn() },
}));

vi.mock('electron', () => {
  electron.contextBridge.exposeInMainWorld.mockImplementation((key: string, value: unknown) => electron.exposed.set(key, value));
  return { contextBridge: electron.contextBridge, ipcRenderer: electron.ipcRenderer };
});

type Api = {
  invoke(method: string, args: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
};

let api: Api;

beforeAll(async () => {
  await import('../../src-main/electron/preload.js');
  api = electron.exposed.get('api') as Api;
});

beforeEach(() => {
  electron.ipcRenderer.invoke.mockReset();
  electron.ipcRenderer.on.mockReset();
  electron.ipcRenderer.removeListener.mockReset();
});

describe('preload', () => {
  it('exposes exactly one key, api, with exactly invoke and on', () => {
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect([...electron.exposed.keys()]).toEqual(['api']);
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on']);
    expect(typeof api.invoke).toBe('function');
    expect(typeof api.on).toBe('function');
    // Nothing of ipcRenderer or Node leaks through the object.
    for (const value of Object.values(api)) expect(value).not.toBe(electron.ipcRenderer);
  });

  it('rejects a method the contract does not have, without sending anything', async () => {
    await expect(api.invoke('fs.readFile', { path: '/etc/passwd' })).rejects.toThrow(/unknown method/i);
    await expect(api.invoke('__proto__', {})).rejects.toThrow(/unknown method/i);
    await expect(api.invoke(42 as unknown as string, {})).rejects.toThrow(/unknown method/i);
    expect(electron.ipcRenderer.invoke).not.toHaveBeenCalled();
  });

  it('sends a contract method on the invoke channel with its arguments', async () => {
    const envelope = { ok: true, value: { version: '1' } };
    electron.ipcRenderer.invoke.mockResolvedValue(envelope);
    expect(METHOD_NAMES).toContain('app.info');
    await expect(api.invoke('app.info', {})).resolves.toBe(envelope);
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(INVOKE_CHANNEL, 'app.info', {});
  });

  it('accepts every method of the contract', async () => {
    electron.ipcRenderer.invoke.mockResolvedValue({ ok: true, value: null });
    for (const method of METHOD_NAMES) await api.invoke(method, {});
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledTimes(METHOD_NAMES.length);
  });

  it('on() delivers only its event and returns a working unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = api.on('sync.status', listener);
    expect(electron.ipcRenderer.on).toHaveBeenCalledTimes(1);
    const [channel, forward] = electron.ipcRenderer.on.mock.calls[0] as [string, (...a: unknown[]) => void];
    expect(channel).toBe(EVENT_CHANNEL);
    forward({ sender: 'ipc event' }, 'sync.status', { state: 'idle' });
    forward({ sender: 'ipc event' }, 'something.else', { state: 'x' });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ state: 'idle' });
    // The listener never sees the IPC event object (it would carry ipcRenderer's sender).
    unsubscribe();
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledExactlyOnceWith(EVENT_CHANNEL, forward);
  });
});
