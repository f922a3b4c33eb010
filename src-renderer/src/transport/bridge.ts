/**
 * The one way the UI reaches the engine. In Electron the preload script exposes `window.api`
 * (calls over IPC); in a browser the same contract goes over HTTP. `call` unwraps the envelope:
 * it resolves with the value or rejects with a CallError carrying the engine's error body
 * (status, code, message and the field at fault), which forms show next to that field.
 */
import type { ApiErrorBody } from '../../../src-shared/api/common';
import type { Bridge, EventName, EventPayloads, MethodArgs, MethodName, MethodResult } from '../../../src-shared/ipc/contract';
import { createHttpBridge } from './http-bridge';
import { takeSessionToken } from './session';

declare global {
  interface Window {
    /** Set by the Electron preload script; absent in a browser. */
    api?: Bridge;
  }
}

export class CallError extends Error {
  constructor(readonly body: ApiErrorBody) {
    super(body.message);
    this.name = 'CallError';
  }
  get param(): string | null {
    return this.body.param;
  }
  get code(): string {
    return this.body.code;
  }
}

let bridge: Bridge | null = null;

function current(): Bridge {
  bridge ??= window.api ?? createHttpBridge(takeSessionToken());
  return bridge;
}

/** Picks the transport now (the browser mode reads its session token from the address). */
export function connect(): 'ipc' | 'http' {
  current();
  return window.api ? 'ipc' : 'http';
}

export async function call<M extends MethodName>(method: M, args: MethodArgs<M>): Promise<MethodResult<M>> {
  const envelope = await current().invoke(method, args);
  if (envelope.ok) return envelope.value;
  throw new CallError(envelope.error);
}

export function onEvent<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void {
  return current().on(event, listener);
}

/** The message to show for any failure. */
export function messageOf(error: unknown): string {
  if (error instanceof CallError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
