/**
 * `serve` as a process other programs and people on the machine meet: it never prints the UI's
 * session token (the sign-in page is a private file), tells tools its address in local-api.json,
 * refuses a taken port instead of moving silently, and stops once, cleanly, when the terminal's
 * Ctrl-C or a supervisor's SIGTERM arrives twice (a wrapper relaying it).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplateDataDir } from './helpers/api-server.js';
import { spawnCli } from './helpers/cli-process.js';

/** A process of its own: generous on a loaded machine. */
const START_MS = 120_000;

interface Serve {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** node on the compiled command line, so signals reach the serving process itself. */
function serve(args: string[]): Serve {
  const child = spawnCli(['serve', ...args]);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

describe('npm run serve, seen from the machine', () => {
  const dataDir = copyTemplateDataDir();
  let running: Serve;
  let url: string;
  beforeAll(async () => {
    running = serve(['--data-dir', dataDir, '--port', '0', '--log']);
    url = await new Promise<string>((resolve, reject) => {
      const look = () => {
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(running.output());
        if (match) resolve(match[1]!);
        else setTimeout(look, 100);
      };
      void running.exited.then((code) => reject(new Error(`serve exited with ${code}:\n${running.output()}`)));
      look();
    });
  }, START_MS);
  afterAll(() => {
    running?.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the session token out of the terminal, even in the request log, and in a private sign-in page', async () => {
    const page = path.join(dataDir, 'open-app.html');
    expect(fs.statSync(page).mode & 0o777).toBe(0o600);
    const token = /#session=([A-Za-z0-9_-]+)/.exec(fs.readFileSync(page, 'utf8'))![1]!;
    // The line after "listening on" (a separate write, so it may arrive in a later chunk than the one the set-up waited for).
    await expect.poll(() => running.output(), { timeout: 10_000 }).toContain(`file://${page}`);
    // The UI's event stream carries the token in its query: the request log must not show it.
    const controller = new AbortController();
    const events = await fetch(`${url}/bridge/events?session=${token}`, { signal: controller.signal });
    expect(events.status).toBe(200);
    controller.abort();
    await expect.poll(() => running.output(), { timeout: 10_000 }).toMatch(/bridge\/events\?session=\[key\]/);
    expect(running.output()).not.toContain(token);
  });

  it('tells tools its address in local-api.json (private)', () => {
    const file = path.join(dataDir, 'local-api.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const address = JSON.parse(fs.readFileSync(file, 'utf8')) as { url: string; port: number; pid: number };
    expect(address.url).toBe(url);
    expect(address.port).toBe(Number(new URL(url).port));
    expect(address.pid).toBe(running.child.pid);
  });

  it('refuses a port another program holds, naming it, and changes nothing', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    const otherDir = copyTemplateDataDir();
    try {
      const second = serve(['--data-dir', otherDir, '--port', String(taken)]);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`port ${taken} is taken by another program`);
      expect(second.output()).toContain('--port 0');
      expect(fs.existsSync(path.join(otherDir, 'local-api.json'))).toBe(false);
      expect(fs.existsSync(path.join(otherDir, 'instance.lock'))).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  }, START_MS);

  it('a SIGTERM relayed twice stops it once and cleanly: lock, address file and sign-in page gone', async () => {
    running.child.kill('SIGTERM');
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(running.output().match(/SIGTERM: stopping/g)).toHaveLength(1);
    for (const file of ['instance.lock', 'local-api.json', 'open-app.html']) expect(fs.existsSync(path.join(dataDir, file)), file).toBe(false);
  }, 60_000);
});
