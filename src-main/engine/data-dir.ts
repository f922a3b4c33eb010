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

/**
 * On the first start of a data directory, a key with every scope is written to DIR/api-key
 * (readable by the user only) so local tools can start at once. Returns its path, or null.
 */
export async function writeFirstApiKey(engine: Engine): Promise<string | null> {
  if (!engine.firstStart) return null;
  const created = await engine.apiKeys.create('first-start key', API_SCOPES);
  const file = path.join(engine.dataDir, API_KEY_FILE);
  fs.writeFileSync(file, `${created.key}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}
