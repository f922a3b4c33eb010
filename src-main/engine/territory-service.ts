/** Sales territories and the zip / county look-ups (spec §2.7, §4.7). */
import type { Kysely, Selectable } from 'kysely';
import type { Territory, TerritoryListItem, TerritoryLookup } from '../../src-shared/api/territories.js';
import { formerCountiesSeed, type FormerCountiesSeed } from '../../src-shared/seed/geography-seed.js';
import { matchKey } from '../../src-shared/text-match.js';
import { readResourceJson } from '../store/resource-files.js';
import { defaultResourcesDir } from '../store/resource-files.js';
import type { Database, TerritoriesTable } from '../store/schema.js';
import { preparedQuery } from '../store/prepared-query.js';
import { RenderCache } from './render-cache.js';
import { ApiError, invalidParameter, notFound } from './errors.js';
import type { OptionalPage } from './paging.js';
import type { ListResult } from './catalog/catalog-service.js';

export type TerritoryRow = Selectable<TerritoriesTable>;

/** A zip code is five digits; ZIP+4 is accepted and its first five digits used. */
export const ZIP_PATTERN = /^(\d{5})(?:-\d{4})?$/;

export interface TerritoryCountyRow {
  name: string;
  state_code: string;
  population: number;
}

export function buildTerritoryListItem(row: TerritoryRow): TerritoryListItem {
  const body: TerritoryListItem = {
    object: 'territory',
    url: `/territory/${row.id}`,
    id: row.id,
    name: row.name,
    code: row.code,
    rep_firm: row.rep_firm,
    manager: { name: row.manager_name, email: row.manager_email },
  };
  return row.extra === '{}' ? body : { ...(JSON.parse(row.extra) as object), ...body };
}

/**
 * The full territory from its row, its counties (ordered by state, name) and its zip codes
 * (ordered); a territory of the central service has them as the service stated them.
 */
export function buildTerritory(row: TerritoryRow, counties: TerritoryCountyRow[], zips: { zip: string }[]): Territory {
  return {
    ...buildTerritoryListItem(row),
    population: row.population ?? counties.reduce((sum, c) => sum + c.population, 0),
    counties: row.counties_served !== null ? (JSON.parse(row.counties_served) as string[]) : counties.map((c) => `${c.name}, ${c.state_code}`),
    zip_codes: row.zip_codes_served !== null ? (JSON.parse(row.zip_codes_served) as string[]) : zips.map((z) => z.zip),
  };
}

type FormerCounty = FormerCountiesSeed['counties'][number];

/**
 * Why a former county's name led to a planning region's territory, in words: the match is not
 * exact (its towns may lie in several regions), so the answer says so and names the others.
 */
export function formerCountyNote(f: FormerCounty, stateName: string, regionName: (fips: string) => string): string {
  const [main, ...others] = f.now_in;
  const rest = others.map((r) => `${regionName(r.fips)} (${r.towns.join(', ')})`);
  return (
    `${f.name} was one of ${stateName}'s counties until ${f.until}, when the Census Bureau replaced them with planning regions. ` +
    `${main!.towns.length} of its ${f.towns} towns are in ${regionName(main!.fips)}, whose territory this is` +
    (rest.length > 0 ? `; ${f.towns - main!.towns.length === 1 ? 'the other is' : 'the others are'} in ${rest.join(' and ')}: look those towns up by zip code.` : '.')
  );
}

export class TerritoryService {
  /** Per-request look-ups, compiled once (see prepared-query.ts). */
  private readonly queries;

  /** Full territories by id, rendered once per data version. */
  private readonly cache: RenderCache<number, Territory>;

  /** resources/former-counties.json, read at the first look-up that needs it. */
  private formerCounties: FormerCounty[] | undefined;

  /** `resourcesDir`: where former-counties.json lies (the embedded data set's folder). */
  constructor(
    private readonly db: Kysely<Database>,
    dataVersion: () => string,
    private readonly options: { cacheSize?: number; resourcesDir?: string } = {},
  ) {
    this.cache = new RenderCache(dataVersion, options.cacheSize ?? 200);
    this.queries = {
      // The zip, its main county and that county's territory (if any), in one query.
      placeOfZip: preparedQuery(db, (db, p: { zip: string }) =>
        db
          .selectFrom('zip_codes as z')
          .innerJoin('counties as c', 'c.fips', 'z.main_county_fips')
          .leftJoin('territory_counties as tc', 'tc.county_fips', 'z.main_county_fips')
          .leftJoin('territories as t', 't.id', 'tc.territory_id')
          .select(['z.city', 'z.state_code', 'c.name as county'])
          .select(['t.id', 't.code', 't.name', 't.rep_firm', 't.manager_name', 't.manager_email', 't.origin', 't.extra', 't.population', 't.counties_served', 't.zip_codes_served'])
          .where('z.zip', '=', p.zip),
      ),
      // The territory the central service assigns a zip to (it may not be its county's).
      assignedZip: preparedQuery(db, (db, p: { zip: string }) =>
        db.selectFrom('territory_zip_codes as tz').innerJoin('territories as t', 't.id', 'tz.territory_id').selectAll('t').where('tz.zip', '=', p.zip),
      ),
      countiesOf: preparedQuery(db, (db, p: { id: number }) =>
        db
          .selectFrom('territory_counties as tc')
          .innerJoin('counties as c', 'c.fips', 'tc.county_fips')
          .select(['c.name', 'c.state_code', 'c.population'])
          .where('tc.territory_id', '=', p.id)
          .orderBy('c.state_code')
          .orderBy('c.name'),
      ),
      zipsOf: preparedQuery(db, (db, p: { id: number }) =>
        db
          .selectFrom('territory_counties as tc')
          .innerJoin('zip_codes as z', 'z.main_county_fips', 'tc.county_fips')
          .select('z.zip')
          .where('tc.territory_id', '=', p.id)
          .orderBy('z.zip'),
      ),
    };
  }

  async list(page: OptionalPage): Promise<ListResult<TerritoryListItem>> {
    let query = this.db.selectFrom('territories').selectAll().orderBy('id');
    if (page) query = query.limit(page.limit).offset(page.offset);
    const [rows, count] = await Promise.all([
      query.execute(),
      this.db.selectFrom('territories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map((r) => buildTerritoryListItem(r)), total: Number(count.n) };
  }

  async get(id: number): Promise<Territory> {
    const row = await this.db.selectFrom('territories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`No territory with id ${id}.`, 'id');
    return this.render(row);
  }

  private render(row: TerritoryRow): Promise<Territory> {
    return this.cache.get(row.id, async () => {
      const counties = await this.queries.countiesOf({ id: row.id });
      const zips = await this.queries.zipsOf({ id: row.id });
      return buildTerritory(row, counties, zips);
    });
  }

  private async territoryOfCounty(fips: string): Promise<TerritoryRow | undefined> {
    return this.db
      .selectFrom('territory_counties as tc')
      .innerJoin('territories as t', 't.id', 'tc.territory_id')
      .selectAll('t')
      .where('tc.county_fips', '=', fips)
      .executeTakeFirst();
  }

  /** The territory of a zip code is the territory of the county holding most of its addresses. */
  async byZip(zipCode: string): Promise<TerritoryLookup> {
    const match = ZIP_PATTERN.exec(zipCode.trim());
    if (!match) throw invalidParameter('zip_code', `"${zipCode}" is not a zip code: use five digits, e.g. 60601, or ZIP+4, e.g. 60601-1234.`);
    const zip = match[1]!;
    const [assigned] = await this.queries.assignedZip({ zip });
    const [place] = await this.queries.placeOfZip({ zip });
    if (assigned) {
      // Said only where the zip's list and its county disagree (the service may assign a zip elsewhere).
      const note = place?.id === assigned.id ? null : `The central service lists zip code ${zip} in this territory${place ? `, although ${place.county}, ${place.state_code} is not in it` : ''}.`;
      return { ...(await this.render(assigned)), match: { county: place ? `${place.county}, ${place.state_code}` : null, note } };
    }
    if (!place) throw notFound(`Zip code ${zip} is not a known US zip code.`, 'zip_code');
    const { city, state_code, county, ...t } = place;
    // Territories whose zips the central service states own only those (checked above).
    if (t.id === null || t.zip_codes_served !== null) {
      throw notFound(`Zip code ${zip} (${city}, ${county}, ${state_code}) is not in any sales territory.`, 'zip_code');
    }
    const territory = t as TerritoryRow;
    return { ...(await this.render(territory)), match: { county: `${county}, ${state_code}`, note: null } };
  }

  /**
   * State: full name or two-letter code, any case. County: full name ("Cook County", "Baltimore
   * city") or base name ("Cook"), any case; a base name shared by a county and a city means the
   * county, so "Baltimore" is Baltimore County and "Baltimore City" the independent city.
   */
  async byStateAndCounty(stateText: string, countyText: string): Promise<TerritoryLookup> {
    const stateKey = matchKey(stateText);
    if (stateKey === '') throw invalidParameter('state', 'The parameter "state" is empty.');
    if (matchKey(countyText) === '') throw invalidParameter('county', 'The parameter "county" is empty.');
    const state = await this.db
      .selectFrom('states')
      .selectAll()
      .where((eb) => eb.or([eb('match_name', '=', stateKey), eb('code', '=', stateText.trim().toUpperCase())]))
      .executeTakeFirst();
    if (!state) throw invalidParameter('state', `"${stateText}" is not a US state or region name or two-letter code.`);
    const countyKey = matchKey(countyText);
    const candidates = await this.db
      .selectFrom('counties')
      .selectAll()
      .where('state_code', '=', state.code)
      .where((eb) => eb.or([eb('match_name', '=', countyKey), eb('match_base', '=', countyKey)]))
      .execute();
    const exact = candidates.filter((c) => c.match_name === countyKey);
    const byBase = candidates.filter((c) => c.match_base === countyKey);
    const countiesByBase = byBase.filter((c) => c.is_county === 1);
    const chosen = exact.length === 1 ? exact : byBase.length > 1 && countiesByBase.length === 1 ? countiesByBase : byBase;
    if (chosen.length === 0) {
      const former = this.formerCounty(state.code, countyKey);
      if (former) return this.byFormerCounty(former, state.name);
      throw notFound(`No county named "${countyText}" in ${state.name}.`, 'county');
    }
    if (chosen.length > 1) {
      throw new ApiError(400, 'ambiguous_county', `"${countyText}" names several places in ${state.name}: ${chosen.map((c) => c.name).join(', ')}. Use the full name.`, 'county');
    }
    const county = chosen[0]!;
    const territory = await this.territoryOfCounty(county.fips);
    if (!territory) throw notFound(`${county.name}, ${state.name} is not in any sales territory.`, 'county');
    return { ...(await this.render(territory)), match: { county: `${county.name}, ${county.state_code}`, note: null } };
  }

  /** A county that is no county equivalent today, by full or base name (Connecticut's eight). */
  private formerCounty(stateCode: string, countyKey: string): FormerCounty | undefined {
    if (!this.formerCounties) {
      const dir = this.options.resourcesDir ?? defaultResourcesDir();
      this.formerCounties = formerCountiesSeed.parse(readResourceJson(dir, 'former-counties.json')).counties;
    }
    return this.formerCounties.find((f) => f.state === stateCode && (matchKey(f.name) === countyKey || matchKey(f.base) === countyKey));
  }

  /** The territory of the county equivalent that holds most of a former county's towns. */
  private async byFormerCounty(former: FormerCounty, stateName: string): Promise<TerritoryLookup> {
    const regions = await this.db.selectFrom('counties').select(['fips', 'name', 'state_code']).where('fips', 'in', former.now_in.map((r) => r.fips)).execute();
    const name = (fips: string) => regions.find((r) => r.fips === fips)?.name ?? fips;
    const main = regions.find((r) => r.fips === former.now_in[0]!.fips);
    if (!main) throw notFound(`${former.name}, ${stateName} was a county until ${former.until}; the region that replaced it is not in this data set.`, 'county');
    const territory = await this.territoryOfCounty(main.fips);
    if (!territory) throw notFound(`${former.name} (now ${main.name}), ${stateName} is not in any sales territory.`, 'county');
    return { ...(await this.render(territory)), match: { county: `${main.name}, ${main.state_code}`, note: formerCountyNote(former, stateName, name) } };
  }
}
