/** Settings: the central service (address, key, interval), the local API, and its API keys. */
import { create } from 'zustand';
import type { ApiScope } from '../../../src-shared/api/scopes';
import type { ApiKeyView, AppSettings, MethodArgs, MethodResult } from '../../../src-shared/ipc/contract';
import { call, CallError, messageOf } from '../transport/bridge';

type Errors = Record<string, string>;

function errorsOf(error: unknown, fallback: string): Errors {
  return { [error instanceof CallError && error.param ? error.param : fallback]: messageOf(error) };
}

interface SettingsState {
  sync: MethodResult<'sync.settings'> | null;
  app: AppSettings | null;
  keys: ApiKeyView[];
  /** The secret of the key just created: shown once, gone when the screen is left. */
  createdKey: (ApiKeyView & { key: string }) | null;
  syncErrors: Errors;
  appErrors: Errors;
  keyErrors: Errors;
  notice: string | null;
  load(): Promise<void>;
  saveSync(values: { upstream_url: string; interval_minutes: string; key: string | null | undefined }): Promise<boolean>;
  saveApp(values: { enabled: boolean; port: string }): Promise<boolean>;
  /** `expires`: a date (YYYY-MM-DD) or empty for a key that does not expire. */
  createKey(name: string, scopes: ApiScope[], expires?: string): Promise<boolean>;
  revokeKey(id: number): Promise<void>;
  forgetCreatedKey(): void;
}

const numberOrText = (text: string): number | string => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

export const useSettings = create<SettingsState>((set) => ({
  sync: null,
  app: null,
  keys: [],
  createdKey: null,
  syncErrors: {},
  appErrors: {},
  keyErrors: {},
  notice: null,
  async load() {
    try {
      const [sync, app, keys] = await Promise.all([call('sync.settings', {}), call('app.settings', {}), call('apiKeys.list', {})]);
      set({ sync, app, keys });
    } catch (error) {
      set({ notice: messageOf(error) });
    }
  },
  async saveSync(values) {
    set({ syncErrors: {}, notice: null });
    try {
      // Typed text goes to the engine as typed; its schema says what is wrong, per field.
      const args = {
        upstream_url: values.upstream_url.trim() === '' ? null : values.upstream_url.trim(),
        interval_minutes: numberOrText(values.interval_minutes),
        key: values.key,
      } as MethodArgs<'sync.setSettings'>;
      set({ sync: await call('sync.setSettings', args), notice: 'Sync settings saved.' });
      return true;
    } catch (error) {
      set({ syncErrors: errorsOf(error, 'upstream_url') });
      return false;
    }
  },
  async saveApp(values) {
    set({ appErrors: {}, notice: null });
    try {
      const args = { api: { enabled: values.enabled, port: numberOrText(values.port) } } as MethodArgs<'app.setSettings'>;
      set({ app: await call('app.setSettings', args), notice: 'Local API settings saved; they apply the next time the app starts.' });
      return true;
    } catch (error) {
      set({ appErrors: errorsOf(error, 'api.port') });
      return false;
    }
  },
  async createKey(name, scopes, expires) {
    set({ keyErrors: {}, createdKey: null });
    try {
      const created = await call('apiKeys.create', { name, scopes, expires: expires?.trim() ? expires.trim() : null });
      set({ createdKey: created, keys: await call('apiKeys.list', {}) });
      return true;
    } catch (error) {
      set({ keyErrors: errorsOf(error, 'name') });
      return false;
    }
  },
  async revokeKey(id) {
    try {
      set({ keys: await call('apiKeys.revoke', { id }) });
    } catch (error) {
      set({ keyErrors: errorsOf(error, 'keys') });
    }
  },
  forgetCreatedKey() {
    set({ createdKey: null });
  },
}));
