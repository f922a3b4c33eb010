/**
 * Events main pushes to the UI, whatever the transport: Electron forwards them on EVENT_CHANNEL,
 * the HTTP bridge as Server-Sent Events. Returns the unsubscribe function.
 */
import type { EventName, EventPayloads } from '../../src-shared/ipc/contract.js';
import type { Engine } from '../engine/engine.js';

export type EmitEvent = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

export function subscribeEvents(engine: Engine, emit: EmitEvent): () => void {
  const onStatus = (status: EventPayloads['sync.status']) => emit('sync.status', status);
  engine.sync.on('status', onStatus);
  return () => {
    engine.sync.off('status', onStatus);
  };
}
