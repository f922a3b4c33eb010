/** Clean shutdown: server, then engine; once; a failing step does not stop the next. */
import { describe, expect, it } from 'vitest';
import { createShutdown } from '../../src-main/electron/shutdown.js';

describe('createShutdown', () => {
  it('runs the steps in order, once, however often it is asked', async () => {
    const order: string[] = [];
    const shutdown = createShutdown(() => [
      { name: 'server', run: async () => void order.push('server') },
      { name: 'engine', run: async () => void order.push('engine') },
    ]);
    const first = shutdown();
    const second = shutdown();
    expect(second).toBe(first);
    await Promise.all([first, second, shutdown()]);
    expect(order).toEqual(['server', 'engine']);
  });

  it('closes the engine even when closing the server fails, and logs the failure', async () => {
    const order: string[] = [];
    const lines: string[] = [];
    const shutdown = createShutdown(
      () => [
        { name: 'server', run: () => Promise.reject(new Error('socket hang up')) },
        { name: 'engine', run: () => void order.push('engine') },
      ],
      (line) => lines.push(line),
    );
    await shutdown();
    expect(order).toEqual(['engine']);
    expect(lines).toEqual(['shutdown: server failed: Error: socket hang up']);
  });
});
