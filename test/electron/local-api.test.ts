/** The local API at launch: on, off, and on a free port when the configured one is taken and the rep agrees. */
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine, type Engine } from '../../src-main/engine/engine.js';
import { DEFAULT_APP_SETTINGS, readAppSettings, writeAppSettings } from '../../src-main/engine/app-settings.js';
import { startLocalApi, type LocalApi } from '../../src-main/electron/local-api.js';
import { createDispatcher } from '../../src-main/ipc/dispatcher.js';
import { portNote } from '../../src-shared/local-api-words.js';
import { copyTemplateDataDir } from '../helpers/api-server.js';

let engine: Engine;
let dataDir: string;

beforeAll(async () => {
  dataDir = copyTemplateDataDir();
  engine = await openEngine({ dataDir });
});
afterAll(async () => {
  await engine.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function occupyPort(): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

describe('startLocalApi', () => {
  it('is on by default, on port 8737', async () => {
    expect(DEFAULT_APP_SETTINGS.api).toEqual({ enabled: true, port: 8737 });
    expect((await readAppSettings(engine.store.db)).api).toEqual({ enabled: true, port: 8737 });
  });

  it('does not start when switched off in the settings', async () => {
    await writeAppSettings(engine.store.db, { api: { enabled: false, port: 8737 } });
    const lines: string[] = [];
    const server = await startLocalApi(engine, (await readAppSettings(engine.store.db)).api, { log: (l) => lines.push(l) });
    expect(server).toBeNull();
    expect(lines.join('\n')).toMatch(/switched off/);
    await writeAppSettings(engine.store.db, DEFAULT_APP_SETTINGS);
  });

  it('listens on the configured port', async () => {
    const probe = await occupyPort();
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const lines: string[] = [];
    const api = await startLocalApi(engine, { enabled: true, port }, { log: (l) => lines.push(l) });
    try {
      expect(api?.server.port).toBe(port);
      expect(api?.moved).toBeNull();
      expect(lines).toEqual([`local API: listening on http://127.0.0.1:${port}`]);
    } finally {
      await api?.server.close();
    }
  });

  it('when the configured port is taken, asks; moves to a free port only on yes, saying so', async () => {
    const blocker = await occupyPort();
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      const asked: unknown[] = [];
      const lines: string[] = [];
      const refused = await startLocalApi(engine, { enabled: true, port: taken }, { log: (l) => lines.push(l), confirmMove: async (...a) => (asked.push(a), false) });
      expect(refused).toBeNull();
      expect(asked).toEqual([[taken, 'taken']]);
      expect(lines.join('\n')).toContain(`port ${taken} is taken by another program; the local API is off for this session`);
      // Nobody to ask (no window): it stays off.
      expect(await startLocalApi(engine, { enabled: true, port: taken }, { log: () => undefined })).toBeNull();

      lines.length = 0;
      const api = await startLocalApi(engine, { enabled: true, port: taken }, { log: (l) => lines.push(l), confirmMove: async () => true });
      try {
        expect(api).not.toBeNull();
        expect(api!.server.port).not.toBe(taken);
        expect(api!.moved).toEqual({ from: taken, reason: 'taken' });
        expect(lines).toHaveLength(1);
        expect(lines[0]).toContain(`port ${taken} is taken`);
        expect(lines[0]).toContain(api!.server.url);
        expect(lines[0]).toContain('local-api.json');
        const response = await fetch(`${api!.server.url}/openapi.json`);
        expect(response.status).toBe(200);
      } finally {
        await api?.server.close();
      }
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('lets the app run without the API when it cannot start at all', async () => {
    const lines: string[] = [];
    const server = await startLocalApi(
      engine,
      { enabled: true, port: 8737 },
      {
        log: (l) => lines.push(l),
        confirmMove: async () => true,
        start: async () => {
          throw Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
        },
      },
    );
    expect(server).toBeNull();
    expect(lines.join('\n')).toMatch(/could not start on any port/);
  });

  describe('what Settings → Local API says of the port (issue 30)', () => {
    /** The note Settings shows, from app.info as the desktop app passes it after this start. */
    async function settingsNote(api: LocalApi | null, configured: number): Promise<string | null> {
      const dispatch = createDispatcher(engine, { transport: 'ipc', apiUrl: api?.server.url ?? null, apiMoved: api?.moved?.reason ?? null });
      const answer = await dispatch('app.info', {});
      if (!answer.ok) throw new Error(answer.error.message);
      const info = answer.value as { apiUrl: string | null; apiMoved: 'taken' | 'not-allowed' | null; transport: 'ipc' | 'http' };
      return portNote(info.apiUrl, configured, info.transport, info.apiMoved);
    }

    it('a port another server really holds: "taken", with the port it serves on instead', async () => {
      const blocker = await occupyPort();
      const taken = (blocker.address() as net.AddressInfo).port;
      const api = await startLocalApi(engine, { enabled: true, port: taken }, { log: () => undefined, confirmMove: async () => true });
      try {
        const served = api!.server.port;
        expect(served).not.toBe(taken);
        expect(await settingsNote(api, taken)).toBe(
          `It serves on port ${served}, not ${taken}: when this app started, port ${taken} was taken by another program, and you chose a free port for this session. Tools find the address in local-api.json in the data folder.`,
        );
      } finally {
        await api?.server.close();
        await new Promise((resolve) => blocker.close(resolve));
      }
    });

    it('a free port: nothing said; a port changed since the start: never "taken"', async () => {
      const probe = await occupyPort();
      const free = (probe.address() as net.AddressInfo).port;
      await new Promise((resolve) => probe.close(resolve));
      const api = await startLocalApi(engine, { enabled: true, port: free }, { log: () => undefined, confirmMove: async () => true });
      try {
        expect(api!.server.port).toBe(free);
        expect(await settingsNote(api, free)).toBeNull();
        // The rep saved another port after the start: it applies at the next start, and nothing was taken.
        const note = await settingsNote(api, free === 65535 ? 65534 : free + 1);
        expect(note).toBe(`It serves on port ${free}; port ${free === 65535 ? 65534 : free + 1} applies at the next start.`);
        expect(note).not.toMatch(/taken/);
      } finally {
        await api?.server.close();
      }
    });
  });
});
