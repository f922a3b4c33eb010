/**
 * API keys of the local service. A key is shown once when created; the store keeps only its
 * SHA-256, so a copied database file gives no working key.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { API_SCOPES, isApiScope, type ApiScope } from '../../src-shared/api/scopes.js';
import type { ApiKeyView } from '../../src-shared/ipc/contract.js';
import type { Database } from '../store/schema.js';
import { invalidParameter, notFound } from './errors.js';

const KEY_PREFIX = 'fsk_';
/** How often last_used_at may be written for one key: not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** A key as listed (never its secret): the shape the app's contract shows too. */
export type ApiKeyInfo = ApiKeyView;

export interface CreatedApiKey extends ApiKeyInfo {
  /** The secret itself; it cannot be read back later. */
  key: string;
}

interface CachedKey {
  id: number;
  scopes: ReadonlySet<ApiScope>;
  lastWritten: number;
}

const hash = (key: string): string => crypto.createHash('sha256').update(key).digest('hex');

export function parseScopes(values: readonly string[]): ApiScope[] {
  const scopes = new Set<ApiScope>();
  for (const value of values) {
    if (value === 'all') API_SCOPES.forEach((s) => scopes.add(s));
    else if (isApiScope(value)) scopes.add(value);
    else throw invalidParameter('scopes', `Unknown scope "${value}". Scopes: ${API_SCOPES.join(', ')} (or all).`);
  }
  if (scopes.size === 0) throw invalidParameter('scopes', 'A key needs at least one scope.');
  return API_SCOPES.filter((s) => scopes.has(s));
}

export class ApiKeyService {
  private readonly cache = new Map<string, CachedKey | null>();

  constructor(private readonly db: Kysely<Database>) {}

  async create(name: string, scopes: readonly string[]): Promise<CreatedApiKey> {
    const trimmed = name.trim();
    if (trimmed === '') throw invalidParameter('name', 'A key needs a name.');
    const parsed = parseScopes(scopes);
    const key = KEY_PREFIX + crypto.randomBytes(24).toString('base64url');
    const created_at = new Date().toISOString();
    const row = await this.db
      .insertInto('api_keys')
      .values({ name: trimmed, prefix: key.slice(0, 10), secret_hash: hash(key), scopes: JSON.stringify(parsed), created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, name: trimmed, prefix: key.slice(0, 10), scopes: parsed, created_at, last_used_at: null, revoked_at: null, key };
  }

  async list(): Promise<ApiKeyInfo[]> {
    const rows = await this.db.selectFrom('api_keys').selectAll().orderBy('id').execute();
    return rows.map(({ secret_hash: _secret, scopes, ...rest }) => ({ ...rest, scopes: JSON.parse(scopes) as ApiScope[] }));
  }

  async revoke(id: number): Promise<void> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound(`No active API key with id ${id}.`, 'id');
    this.cache.clear();
  }

  /** The scopes of a valid key, or null for an unknown or revoked one. */
  async authenticate(key: string): Promise<ReadonlySet<ApiScope> | null> {
    const digest = hash(key);
    let cached = this.cache.get(digest);
    if (cached === undefined) {
      const row = await this.db.selectFrom('api_keys').select(['id', 'scopes']).where('secret_hash', '=', digest).where('revoked_at', 'is', null).executeTakeFirst();
      cached = row ? { id: row.id, scopes: new Set(JSON.parse(row.scopes) as ApiScope[]), lastWritten: 0 } : null;
      // Unknown keys are not cached, so a flood of random keys cannot grow the map.
      if (cached) this.cache.set(digest, cached);
    }
    if (!cached) return null;
    const now = Date.now();
    if (now - cached.lastWritten > LAST_USED_RESOLUTION_MS) {
      cached.lastWritten = now;
      await this.db.updateTable('api_keys').set({ last_used_at: new Date(now).toISOString() }).where('id', '=', cached.id).execute();
    }
    return cached.scopes;
  }
}
