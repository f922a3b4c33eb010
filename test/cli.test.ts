/** The headless command line as a user runs it: `serve` in a child process, `keys` commands. */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { territoryLookup } from '../src-shared/api/territories.js';
import { copyTemplateDataDir, tempDir } from './helpers/api-server.js';
import { CLI } from './helpers/cli-process.js';

const root = path.resolve(import.meta.dirname, '..');
/** The compiled command line, as `npm run …` runs it (test/helpers/cli-process.ts). */
const node = process.execPath;
const cli = CLI;
const run = promisify(execFile);

function startServe(dataDir: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(node, [cli, 'serve', '--data-dir', dataDir, '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
}

/** SIGTERM, then the process's exit: its shutdown writes into the data folder, which is removed next. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

describe('npm run serve', () => {
  const dataDir = tempDir();
  let server: Awaited<ReturnType<typeof startServe>>;
  beforeAll(async () => {
    server = await startServe(dataDir);
  });
  afterAll(async () => {
    if (server) await stop(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the store and a private key file on first start and says where', () => {
    const keyFile = path.join(dataDir, 'api-key');
    expect(server.output()).toContain(`written to ${keyFile}`);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(dataDir, 'fieldsizer.db'))).toBe(true);
  });

  it('answers with real data using that key', async () => {
    const key = fs.readFileSync(path.join(dataDir, 'api-key'), 'utf8').trim();
    const res = await fetch(`${server.url}/territory?state=IL&county=Cook`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    expect(territoryLookup.parse(await res.json()).counties).toContain('Cook County, IL');
  });
});

describe('npm run serve on a data folder it did not create', () => {
  /** A folder made by a command other than serve's first start: it has the store but no api-key. */
  async function folderMadeBySync(): Promise<string> {
    const dataDir = tempDir();
    const keyFile = path.join(dataDir, 'central.key');
    fs.writeFileSync(keyFile, 'central-key\n');
    // Nothing listens on port 1: the sync fails, but only after opening (creating) the store.
    await expect(run(node, [cli, 'sync', '--data-dir', dataDir, '--upstream', 'http://127.0.0.1:1', '--key-file', keyFile], { cwd: root })).rejects.toMatchObject({
      stderr: expect.stringContaining('sync failed'),
    });
    expect(fs.existsSync(path.join(dataDir, 'fieldsizer.db'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'api-key'))).toBe(false);
    return dataDir;
  }

  async function territoryStatus(url: string, key: string): Promise<number> {
    return (await fetch(`${url}/territory?state=IL&county=Cook`, { headers: { authorization: `Bearer ${key}` } })).status;
  }

  it('creates a key when the folder has none, says so, and the key works', async () => {
    const dataDir = await folderMadeBySync();
    const server = await startServe(dataDir);
    try {
      const keyFile = path.join(dataDir, 'api-key');
      expect(server.output()).toContain(`an API key with every scope was written to ${keyFile} (the folder had no key)`);
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(await territoryStatus(server.url, fs.readFileSync(keyFile, 'utf8').trim())).toBe(200);
    } finally {
      await stop(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('replaces a revoked key in api-key when no other key is active', async () => {
    // A store made elsewhere (the tests' template): no first start to wait for.
    const dataDir = copyTemplateDataDir();
    try {
      let server = await startServe(dataDir);
      const keyFile = path.join(dataDir, 'api-key');
      const first = fs.readFileSync(keyFile, 'utf8').trim();
      await stop(server.child);
      await run(node, [cli, 'keys', 'revoke', '1', '--data-dir', dataDir], { cwd: root });
      server = await startServe(dataDir);
      try {
        expect(server.output()).toContain('(the key in the file was revoked)');
        const second = fs.readFileSync(keyFile, 'utf8').trim();
        expect(second).not.toBe(first);
        expect(await territoryStatus(server.url, first)).toBe(401);
        expect(await territoryStatus(server.url, second)).toBe(200);
      } finally {
        await stop(server.child);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Three processes started one after another (serve, keys, serve): 8 s alone, over 30 s in the
    // full suite on the shared machine at load 12, as the test above allows for.
  }, 90_000);

  it("makes no key behind the owner's back when other keys are active, and says how to get one", async () => {
    const dataDir = copyTemplateDataDir();
    try {
      await run(node, [cli, 'keys', 'create', '--data-dir', dataDir, '--name', 'estimating sheet', '--scopes', 'catalog'], { cwd: root });
      const server = await startServe(dataDir);
      try {
        expect(server.output()).toContain('holds no usable key, and 1 other key is active');
        expect(server.output()).toContain(`npm run keys -- create --data-dir "${dataDir}"`);
        expect(fs.existsSync(path.join(dataDir, 'api-key'))).toBe(false);
      } finally {
        await stop(server.child);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm run keys', () => {
  it('creates a key with chosen scopes, lists it without the secret, and revokes it', async () => {
    const dataDir = copyTemplateDataDir();
    try {
      const created = await run(node, [cli, 'keys', 'create', '--data-dir', dataDir, '--name', 'estimating sheet', '--scopes', 'catalog,territories'], { cwd: root });
      const key = created.stdout.trim().split('\n').pop()!;
      expect(key).toMatch(/^fsk_[A-Za-z0-9_-]{32}$/);
      const listed = await run(node, [cli, 'keys', 'list', '--data-dir', dataDir], { cwd: root });
      expect(listed.stdout).toContain('estimating sheet');
      expect(listed.stdout).toContain('catalog,territories');
      expect(listed.stdout).not.toContain(key);
      const id = /^(\d+)\t.*estimating sheet/m.exec(listed.stdout)![1]!;
      await run(node, [cli, 'keys', 'revoke', id, '--data-dir', dataDir], { cwd: root });
      expect((await run(node, [cli, 'keys', 'list', '--data-dir', dataDir], { cwd: root })).stdout).toMatch(/estimating sheet.*revoked/);
      await expect(run(node, [cli, 'keys', 'create', '--data-dir', dataDir, '--name', 'x', '--scopes', 'bogus'], { cwd: root })).rejects.toMatchObject({
        stderr: expect.stringContaining('Unknown scope "bogus"'),
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000); // five CLI processes
});
