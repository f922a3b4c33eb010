/** Where the app keeps its data: the same folder Electron's userData uses, so app and `serve` share it. */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { API_SCOPES } from '../../src-shared/api/scopes.js';
import type { Engine } from './engine.js';

export const APP_DIR_NAME = 'Fieldsizer';
export const API_KEY_FILE = 'api-key';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.FIELDSIZER_DATA_DIR) return env.FIELDSIZER_DATA_DIR;
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_DIR_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), APP_DIR_NAME);
}

/** What ensureApiKey did, for the start-up message. */
export type ApiKeyState =
  | { kind: 'usable'; file: string }
  | { kind: 'created'; file: string; reason: string }
  | { kind: 'other-keys'; file: string; active: number };

/**
 * Makes sure a data folder gives its owner a way into the local API. DIR/api-key holding an
 * active key is enough. When the store has no active key at all (a first start, or a folder made
 * by `npm run sync` or `keys`), a key with every scope is created and written there, readable by
 * the user only. When other keys are active but the file is missing or revoked, no key is made
 * behind the owner's back (they may have revoked it on purpose): the caller says how to get one.
 */
export async function ensureApiKey(engine: Engine): Promise<ApiKeyState> {
  const file = path.join(engine.dataDir, API_KEY_FILE);
  const existing = readKeyFile(file);
  const check = existing === null ? null : await engine.apiKeys.check(existing);
  if (check?.ok) return { kind: 'usable', file };
  const active = await engine.apiKeys.activeCount();
  if (active > 0) return { kind: 'other-keys', file, active };
  const reason = engine.firstStart ? 'first start' : existing === null ? 'the folder had no key' : check?.ok === false && check.reason === 'expired' ? 'the key in the file has expired' : 'the key in the file was revoked';
  const created = await engine.apiKeys.create(engine.firstStart ? 'first-start key' : 'local key (made at start)', API_SCOPES);
  fs.writeFileSync(file, `${created.key}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return { kind: 'created', file, reason };
}

/** The start-up line about the key, or null when the file already holds a usable one. */
export function describeApiKeyState(state: ApiKeyState, dataDir: string): string | null {
  switch (state.kind) {
    case 'usable':
      return null;
    case 'created':
      return `an API key with every scope was written to ${state.file} (${state.reason})`;
    case 'other-keys':
      return (
        `${state.file} holds no usable key, and ${state.active} other key${state.active === 1 ? ' is' : 's are'} active. ` +
        `To make one (it is printed once): npm run keys -- create --data-dir ${JSON.stringify(dataDir)} --name "my tool"`
      );
  }
}

function readKeyFile(file: string): string | null {
  try {
    const key = fs.readFileSync(file, 'utf8').trim();
    return key === '' ? null : key;
  } catch {
    return null;
  }
}
