/**
 * Settings of the app shell kept in the store's meta table: whether the local service API runs
 * and on which port. The Electron shell reads them at start; the UI edits them through the
 * contract (`app.settings` / `app.setSettings`). Changes apply on the next start of the API.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

export const API_ENABLED_KEY = 'api.enabled';
export const API_PORT_KEY = 'api.port';
export const DEFAULT_API_PORT = 8737;

export interface AppSettingsValues {
  api: { enabled: boolean; port: number };
}

export const DEFAULT_APP_SETTINGS: AppSettingsValues = { api: { enabled: true, port: DEFAULT_API_PORT } };

function parsePort(text: string | undefined): number {
  const port = Number(text);
  return Number.isInteger(port) && port >= 1 && port <= 65535 ? port : DEFAULT_API_PORT;
}

export async function readAppSettings(db: Kysely<Database>): Promise<AppSettingsValues> {
  const rows = await db.selectFrom('meta').select(['key', 'value']).where('key', 'in', [API_ENABLED_KEY, API_PORT_KEY]).execute();
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  const enabled = value(API_ENABLED_KEY);
  return { api: { enabled: enabled === undefined ? DEFAULT_APP_SETTINGS.api.enabled : enabled === 'true', port: parsePort(value(API_PORT_KEY) ?? String(DEFAULT_API_PORT)) } };
}

export async function writeAppSettings(db: Kysely<Database>, settings: AppSettingsValues): Promise<AppSettingsValues> {
  const rows = [
    { key: API_ENABLED_KEY, value: String(settings.api.enabled) },
    { key: API_PORT_KEY, value: String(settings.api.port) },
  ];
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      await trx.insertInto('meta').values(row).onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value })).execute();
    }
  });
  return readAppSettings(db);
}

/** The unit system the app shows, types and prints in (metric mode); the File menu's report export reads it too. */
export const UNITS_KEY = 'ui.units';
export type UnitSystemSetting = 'standard' | 'metric';

/** The chosen unit system, or null when none was ever chosen (the app then keeps its own). */
export async function readUnitSystem(db: Kysely<Database>): Promise<UnitSystemSetting | null> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', UNITS_KEY).executeTakeFirst();
  return row?.value === 'metric' || row?.value === 'standard' ? row.value : null;
}

export async function writeUnitSystem(db: Kysely<Database>, units: UnitSystemSetting): Promise<UnitSystemSetting> {
  await db.insertInto('meta').values({ key: UNITS_KEY, value: units }).onConflict((oc) => oc.column('key').doUpdateSet({ value: units })).execute();
  return units;
}
