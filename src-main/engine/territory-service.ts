/** Sales territories and the zip / county look-ups (spec §2.7, §4.7). */
import type { Kysely, Selectable } from 'kysely';
import type { Territory, TerritoryListItem } from '../../src-shared/api/territories.js';
import { matchKey } from '../../src-shared/text-match.js';
import type { Database, TerritoriesTable } from '../store/schema.js';
import { ApiError, invalidParameter, notFound } from './errors.js';
import type { OptionalPage } from './paging.js';
import type { ListResult } from './catalog/catalog-service.js';

type TerritoryRow = Selectable<TerritoriesTable>;

/** A zip code is five digits; ZIP+4 is accepted and its first five digits used. */
export const ZIP_PATTERN = /^(\d{5})(?:-\d{4})?$/;

export class TerritoryService {
  constructor(private readonly db: Kysely<Database>) {}

  private listItem(row: TerritoryRow): TerritoryListItem {
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

  async list(page: OptionalPage): Promise<ListResult<TerritoryListItem>> {
    let query = this.db.selectFrom('territories').selectAll().orderBy('id');
    if (page) query = query.limit(page.limit).offset(page.offset);
    const [rows, count] = await Promise.all([
      query.execute(),
      this.db.selectFrom('territories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map((r) => this.listItem(r)), total: Number(count.n) };
  }

  async get(id: number): Promise<Territory> {
    const row = await this.db.selectFrom('territories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`No territory with id ${id}.`, 'id');
    return this.render(row);
  }

  private async render(row: TerritoryRow): Promise<Territory> {
    const [counties, zips] = await Promise.all([
      this.db
        .selectFrom('territory_counties as tc')
        .innerJoin('counties as c', 'c.fips', 'tc.county_fips')
        .select(['c.name', 'c.state_code', 'c.population'])
        .where('tc.territory_id', '=', row.id)
        .orderBy('c.state_code')
        .orderBy('c.name')
        .execute(),
      this.db
        .selectFrom('territory_counties as tc')
        .innerJoin('zip_codes as z', 'z.main_county_fips', 'tc.county_fips')
        .select('z.zip')
        .where('tc.territory_id', '=', row.id)
        .orderBy('z.zip')
        .execute(),
    ]);
    return {
      ...this.listItem(row),
      population: counties.reduce((sum, c) => sum + c.population, 0),
      counties: counties.map((c) => `${c.name}, ${c.state_code}`),
      zip_codes: zips.map((z) => z.zip),
    };
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
  async byZip(zipCode: string): Promise<Territory> {
    const match = ZIP_PATTERN.exec(zipCode.trim());
    if (!match) throw invalidParameter('zip_code', `"${zipCode}" is not a zip code: use five digits, e.g. 60601, or ZIP+4, e.g. 60601-1234.`);
    const zip = match[1]!;
    const place = await this.db
      .selectFrom('zip_codes as z')
      .innerJoin('counties as c', 'c.fips', 'z.main_county_fips')
      .select(['z.zip', 'z.city', 'z.state_code', 'c.fips', 'c.name as county'])
      .where('z.zip', '=', zip)
      .executeTakeFirst();
    if (!place) throw notFound(`Zip code ${zip} is not a known US zip code.`, 'zip_code');
    const territory = await this.territoryOfCounty(place.fips);
    if (!territory) {
      throw notFound(`Zip code ${zip} (${place.city}, ${place.county}, ${place.state_code}) is not in any sales territory.`, 'zip_code');
    }
    return this.render(territory);
  }

  /**
   * State: full name or two-letter code, any case. County: full name ("Cook County", "Baltimore
   * city") or base name ("Cook"), any case; a base name shared by a county and a city means the
   * county, so "Baltimore" is Baltimore County and "Baltimore City" the independent city.
   */
  async byStateAndCounty(stateText: string, countyText: string): Promise<Territory> {
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
    if (chosen.length === 0) throw notFound(`No county named "${countyText}" in ${state.name}.`, 'county');
    if (chosen.length > 1) {
      throw new ApiError(400, 'ambiguous_county', `"${countyText}" names several places in ${state.name}: ${chosen.map((c) => c.name).join(', ')}. Use the full name.`, 'county');
    }
    const county = chosen[0]!;
    const territory = await this.territoryOfCounty(county.fips);
    if (!territory) throw notFound(`${county.name}, ${state.name} is not in any sales territory.`, 'county');
    return this.render(territory);
  }
}
