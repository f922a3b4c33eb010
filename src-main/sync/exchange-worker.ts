/**
 * The pull's connections on a thread of their own (exchange-thread.ts): the same slots as in the
 * client's own thread (exchange-pool.ts), answering over the port with each body's bytes moved,
 * not copied.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { describeError, ExchangePool, ExchangeTimeout, type ExchangePoolOptions } from './exchange-pool.js';
import type { FromExchangeThread, ToExchangeThread } from './exchange-thread.js';

const port = parentPort!;
const pool = new ExchangePool(workerData as ExchangePoolOptions);
const post = (m: FromExchangeThread, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

port.on('message', (m: ToExchangeThread) => {
  switch (m.type) {
    case 'exchange':
      pool.exchange(m.request).then(
        ({ statusCode, headers, bytes, asked }) => {
          // Moved whole when the body owns its memory; a view into a shared pool is copied first.
          const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : Buffer.from(bytes);
          const body = owned.buffer as ArrayBuffer;
          post({ type: 'answer', id: m.id, statusCode, headers, body, asked }, [body]);
        },
        (error: unknown) => post({ type: 'error', id: m.id, timedOut: error instanceof ExchangeTimeout, problem: describeError(error) }),
      );
      break;
    case 'hold':
      pool.holdOff(m.until);
      break;
    case 'stop':
      pool.stop(new Error('stopped'));
      break;
    case 'waiting':
      void pool.waiting().then((text) => post({ type: 'waiting', id: m.id, text }));
      break;
  }
});
