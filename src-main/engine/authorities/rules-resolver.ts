/**
 * The rules a stored jurisdiction is sized by (src-shared/sizing/authority.ts, `effectiveRules`):
 * its authority's where the library knows it, by name and state or by the zip codes it governs;
 * otherwise its code family's, labelled. Embedded and synced jurisdictions alike, so a new
 * authority file applies to stores made before it. The zip codes are read once per data version.
 */
import type { Kysely } from 'kysely';
import { effectiveRules, matchAuthority, type AuthorityFile, type ZipPlace } from '../../../src-shared/sizing/authority.js';
import type { JurisdictionRules } from '../../../src-shared/sizing/jurisdiction-rules.js';
import type { Database } from '../../store/schema.js';
import { parseRules } from '../projects/project-sizing.js';

export interface StoredJurisdiction {
  id: number;
  name: string;
  state: string;
  /** The rules as stored (or received), JSON. */
  rules: string;
}

export interface ResolvedRules {
  rules: JurisdictionRules;
  json: string;
  authority: AuthorityFile | null;
}

const CACHE_LIMIT = 2000;

export class RulesResolver {
  private zips: { version: string; value: Promise<Map<number, ZipPlace[]>> } | undefined;
  private readonly cache = new Map<string, ResolvedRules>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dataVersion: () => string,
    readonly library: readonly AuthorityFile[],
  ) {}

  /** Each jurisdiction's zip codes with their USPS city and main county (only when the library has authorities). */
  private zipPlaces(db: Kysely<Database>): Promise<Map<number, ZipPlace[]>> {
    const version = this.dataVersion();
    if (this.zips?.version !== version) {
      const value =
        this.library.length === 0
          ? Promise.resolve(new Map<number, ZipPlace[]>())
          : db
              .selectFrom('jurisdiction_zip_codes as jz')
              .innerJoin('zip_codes as z', 'z.zip', 'jz.zip')
              .select(['jz.jurisdiction_id as id', 'z.city', 'z.main_county_fips'])
              .execute()
              .then((rows) => {
                const out = new Map<number, ZipPlace[]>();
                for (const r of rows) {
                  let list = out.get(r.id);
                  if (!list) out.set(r.id, (list = []));
                  list.push({ city: r.city, county_fips: r.main_county_fips });
                }
                return out;
              });
      this.zips = { version, value };
      value.catch(() => (this.zips = undefined));
    }
    return this.zips.value;
  }

  /** The rules of one jurisdiction. */
  async resolve(j: StoredJurisdiction, db: Kysely<Database> = this.db): Promise<ResolvedRules> {
    const zips = (await this.zipPlaces(db)).get(j.id) ?? [];
    return this.resolveWith(j, matchAuthority(this.library, { name: j.name, state: j.state, zips }));
  }

  /** The rules of several jurisdictions, by id. */
  async resolveAll(list: readonly StoredJurisdiction[], db: Kysely<Database> = this.db): Promise<Map<number, ResolvedRules>> {
    const out = new Map<number, ResolvedRules>();
    if (list.length === 0) return out;
    const places = await this.zipPlaces(db);
    for (const j of list) out.set(j.id, this.resolveWith(j, matchAuthority(this.library, { name: j.name, state: j.state, zips: places.get(j.id) ?? [] })));
    return out;
  }

  private resolveWith(j: StoredJurisdiction, authority: AuthorityFile | null): ResolvedRules {
    const key = `${authority?.key ?? ''}\u0000${j.rules}`;
    let hit = this.cache.get(key);
    if (!hit) {
      const rules = effectiveRules(parseRules(j.rules), authority);
      hit = { rules, json: JSON.stringify(rules), authority };
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(key, hit);
    }
    return hit;
  }
}
