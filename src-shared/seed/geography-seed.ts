/**
 * Format of resources/geography.json, resources/territories.json and
 * resources/former-counties.json. Rows are tuples to keep the shipped files small (33k zip codes).
 */
import { z } from 'zod';

const fips5 = z.string().regex(/^\d{5}$/);
const stateCode = z.string().regex(/^[A-Z]{2}$/);

export const geographySeed = z.object({
  source: z.string(),
  /** [code, name, two-digit state FIPS] */
  states: z.array(z.tuple([stateCode, z.string().min(1), z.string().regex(/^\d{2}$/)])),
  /** [county FIPS, state code, full name ("Cook County", "Baltimore city", "Orleans Parish"), base name ("Cook"), population] */
  counties: z.array(z.tuple([fips5, stateCode, z.string().min(1), z.string().min(1), z.number().int().nonnegative()])),
  /** [zip, state code, city, population or null, [[county FIPS, weight in percent], ...] heaviest first] */
  zips: z.array(
    z.tuple([
      z.string().regex(/^\d{5}$/),
      stateCode,
      z.string(),
      z.number().int().nonnegative().nullable(),
      z.array(z.tuple([fips5, z.number().nonnegative()])).min(1),
    ]),
  ),
});

export const territoriesSeed = z.object({
  territories: z.array(
    z.object({
      id: z.number().int().positive(),
      code: z.string().min(1),
      name: z.string().nullable(),
      rep_firm: z.string().min(1),
      manager: z.object({ name: z.string().min(1), email: z.string().email().nullable() }),
      /** County FIPS codes. */
      counties: z.array(fips5).min(1),
    }),
  ),
});

/**
 * Counties that are no longer county equivalents (Connecticut's eight, replaced in 2022 by nine
 * planning regions), with the county equivalents that now hold their towns, most towns first.
 * Names people still use resolve to the first (see territory-service.ts).
 */
export const formerCountiesSeed = z.object({
  source: z.string(),
  counties: z.array(
    z.object({
      fips: fips5,
      state: stateCode,
      /** Full name ("Hartford County") and base name ("Hartford"), as counties have. */
      name: z.string().min(1),
      base: z.string().min(1),
      /** The year it stopped being a county equivalent. */
      until: z.number().int(),
      /** Number of towns it held. */
      towns: z.number().int().positive(),
      now_in: z.array(z.object({ fips: fips5, towns: z.array(z.string().min(1)).min(1) })).min(1),
    }),
  ),
});

export type GeographySeed = z.infer<typeof geographySeed>;
export type FormerCountiesSeed = z.infer<typeof formerCountiesSeed>;
export type TerritoriesSeed = z.infer<typeof territoriesSeed>;
