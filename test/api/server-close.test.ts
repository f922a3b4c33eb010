/**
 * Closing the server (the app quitting, `serve` stopping) never waits for ever on a client: a
 * request whose body never finishes arriving is cut after the grace period. Without it, close
 * waited for Node's request timeout (5 minutes).
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/api-server.js';

describe('server close', () => {
  it('cuts a request still arriving after a few seconds instead of waiting for it', async () => {
    const t = await startTestServer();
    const socket = net.connect(t.server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    socket.on('error', () => undefined);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    // Promises 100 bytes, sends one.
    socket.write(`POST /api/projects HTTP/1.1\r\nHost: 127.0.0.1:${t.server.port}\r\nAuthorization: Bearer ${t.key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Without the cut, close waits longer than the test's own timeout (30 s).
    await t.close();
    // This side never closes the socket: its close is the server's cut.
    await ended;
    // Cut, not answered: the half-sent body was never taken as a request.
    expect(answer).toBe('');
    // And the server is gone: a new connection is refused.
    const refused = await new Promise<string>((resolve) => {
      const probe = net.connect(t.server.port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve('connected');
      });
      probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
