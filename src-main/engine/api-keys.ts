/**
 * API keys of the local service. A key is shown once when created; the store keeps only its
 * SHA-256, so a copied database file gives no working key. A key may carry an expiry.
 *
 * Accepted keys are cached in memory, but never past a change of the store: a key revoked by
 * another process (`npm run keys -- revoke`, a second app) is refused from the next request on,
 * because any commit by another connection moves the store's data version and empties the cache.
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
  /** Milliseconds since the epoch; null: never expires. */
  expiresAt: number | null;
  lastWritten: number;
}

/** What a presented key is worth. */
export type KeyCheck = { ok: true; scopes: ReadonlySet<ApiScope> } | { ok: false; reason: 'unknown' } | { ok: false; reason: 'expired'; expired_at: string };

const DURATION = /^(\d{1,5})\s*(m|h|d|w)$/i;
const DURATION_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * When a key made now with `--expires TEXT` stops working: a duration from now (`30d`, `12h`,
 * `90m`, `2w`), a date (`2027-01-31`: from the start of that day, UTC) or a date and time with
 * its zone (`2027-01-31T18:00Z`, `…+01:00`). Must lie in the future.
 */
export function parseExpiry(text: string, now = Date.now()): string {
  const t = text.trim();
  const duration = DURATION.exec(t);
  let at: number;
  if (duration) at = now + Number(duration[1]) * DURATION_MS[duration[2]!.toLowerCase() as keyof typeof DURATION_MS];
  else if (ISO_DATE.test(t)) at = Date.parse(`${t}T00:00:00Z`);
  else if (ISO_DATE_TIME.test(t)) at = Date.parse(t);
  else at = Number.NaN;
  const hint = 'Use a duration (30d, 12h, 90m, 2w), a date (2027-01-31, UTC) or a date and time with its zone (2027-01-31T18:00Z).';
  if (!Number.isFinite(at) || at > 8_640_000_000_000_000) throw invalidParameter('expires', `"${text}" is not an expiry. ${hint}`);
  if (at <= now) throw invalidParameter('expires', `The expiry ${new Date(at).toISOString()} has already passed. ${hint}`);
  return new Date(at).toISOString();
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
  private readonly cache = new Map<string, CachedKey>();
  /** The store's data version the cache was filled at. */
  private cacheVersion = '';

  /** `dataVersion` is the store's (open-store.ts): it moves with every commit of another connection. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dataVersion: () => string,
  ) {}

  /** `expires`: see parseExpiry; undefined or null for a key that does not expire. */
  async create(name: string, scopes: readonly string[], expires?: string | null): Promise<CreatedApiKey> {
    const trimmed = name.trim();
    if (trimmed === '') throw invalidParameter('name', 'A key needs a name.');
    const parsed = parseScopes(scopes);
    const expires_at = expires === undefined || expires === null || expires.trim() === '' ? null : parseExpiry(expires);
    const key = KEY_PREFIX + crypto.randomBytes(24).toString('base64url');
    const created_at = new Date().toISOString();
    const row = await this.db
      .insertInto('api_keys')
      .values({ name: trimmed, prefix: key.slice(0, 10), secret_hash: hash(key), scopes: JSON.stringify(parsed), created_at, expires_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, name: trimmed, prefix: key.slice(0, 10), scopes: parsed, created_at, last_used_at: null, revoked_at: null, expires_at, key };
  }

  /** Keys that work now: neither revoked nor expired. */
  async activeCount(now = Date.now()): Promise<number> {
    const rows = await this.db.selectFrom('api_keys').select('expires_at').where('revoked_at', 'is', null).execute();
    return rows.filter((r) => r.expires_at === null || Date.parse(r.expires_at) > now).length;
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

  /** The scopes of a valid key, or null for an unknown, revoked or expired one. */
  async authenticate(key: string): Promise<ReadonlySet<ApiScope> | null> {
    const check = await this.check(key);
    return check.ok ? check.scopes : null;
  }

  /** What a key is worth now: its scopes, or why it is refused. */
  async check(key: string): Promise<KeyCheck> {
    // One cheap pragma per request: a commit by another process (a revoke) empties the cache.
    const version = this.dataVersion();
    if (version !== this.cacheVersion) {
      this.cache.clear();
      this.cacheVersion = version;
    }
    const digest = hash(key);
    let cached = this.cache.get(digest);
    if (cached === undefined) {
      const row = await this.db
        .selectFrom('api_keys')
        .select(['id', 'scopes', 'expires_at'])
        .where('secret_hash', '=', digest)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      // Unknown keys are not cached, so a flood of random keys cannot grow the map.
      if (!row) return { ok: false, reason: 'unknown' };
      cached = { id: row.id, scopes: new Set(JSON.parse(row.scopes) as ApiScope[]), expiresAt: row.expires_at === null ? null : Date.parse(row.expires_at), lastWritten: 0 };
      this.cache.set(digest, cached);
    }
    const now = Date.now();
    if (cached.expiresAt !== null && now >= cached.expiresAt) return { ok: false, reason: 'expired', expired_at: new Date(cached.expiresAt).toISOString() };
    if (now - cached.lastWritten > LAST_USED_RESOLUTION_MS) {
      cached.lastWritten = now;
      await this.db.updateTable('api_keys').set({ last_used_at: new Date(now).toISOString() }).where('id', '=', cached.id).execute();
    }
    return { ok: true, scopes: cached.scopes };
  }
}
