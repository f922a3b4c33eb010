/**
 * The contract over HTTP, for the browser mode: calls are `POST /bridge/<method>` with the
 * session token, events arrive on one shared EventSource. Same Bridge interface as Electron's
 * preload, so nothing above this file knows which transport it runs on.
 */
import type { ApiErrorBody } from '../../../src-shared/api/common';
import type { Bridge, Envelope, EventName, EventPayloads, MethodArgs, MethodName, MethodResult } from '../../../src-shared/ipc/contract';

const transportError = (code: string, message: string): ApiErrorBody => ({ object: 'error', status: 0, code, message, param: null });

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { ok?: unknown }).ok === 'boolean';
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return typeof body === 'object' && body !== null && (body as { object?: unknown }).object === 'error';
}

export function createHttpBridge(token: string | null): Bridge {
  let source: EventSource | null = null;
  const listeners = new Map<EventName, Set<(payload: never) => void>>();

  function events(): EventSource {
    if (source) return source;
    source = new EventSource(`/bridge/events?session=${encodeURIComponent(token ?? '')}`);
    return source;
  }

  return {
    async invoke<M extends MethodName>(method: M, args: MethodArgs<M>): Promise<Envelope<MethodResult<M>>> {
      if (!token) return { ok: false, error: transportError('invalid_session', 'Open the app with the sign-in page the server named at start (open-app.html in its data folder).') };
      let response: Response;
      try {
        response = await fetch(`/bridge/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(args ?? {}),
        });
      } catch {
        return { ok: false, error: transportError('unreachable', 'The Fieldsizer server is not answering. Is it still running?') };
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        return { ok: false, error: transportError('bad_response', `The server answered ${response.status} without data.`) };
      }
      if (isEnvelope(body)) return body as Envelope<MethodResult<M>>;
      if (isErrorBody(body)) return { ok: false, error: body };
      return { ok: false, error: transportError('bad_response', `The server answered ${response.status} with something unexpected.`) };
    },

    on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void {
      const set = listeners.get(event) ?? new Set();
      if (!listeners.has(event)) {
        listeners.set(event, set);
        events().addEventListener(event, (message) => {
          const payload = JSON.parse((message as MessageEvent<string>).data) as EventPayloads[E];
          for (const l of set) (l as (p: EventPayloads[E]) => void)(payload);
        });
      }
      set.add(listener as (payload: never) => void);
      return () => {
        set.delete(listener as (payload: never) => void);
      };
    },
  };
}
