/** Territories (spec §2.7). */
import { z } from 'zod';
import { listOf } from './common.js';

const manager = z.object({ name: z.string(), email: z.string().nullable() }).strict();

const territoryListFields = {
  object: z.literal('territory'),
  url: z.string().meta({ example: '/territory/12' }),
  id: z.number().int(),
  name: z.string().nullable(),
  code: z.string(),
  rep_firm: z.string(),
  manager,
};

/** List items carry exactly these fields (spec §2.7). */
export const territoryListItem = z.object(territoryListFields).strict().meta({ id: 'TerritoryListItem' });

const territoryDetailFields = {
  population: z.number().int().meta({ description: "Sum of the populations of the territory's counties" }),
  counties: z.array(z.string()).meta({ description: 'County names with state code, e.g. "Cook County, IL"' }),
  zip_codes: z.array(z.string()).meta({ description: 'Zip codes whose main county lies in the territory' }),
};

export const territory = z
  .object({ ...territoryListFields, ...territoryDetailFields })
  .strict()
  .meta({ id: 'Territory' });

/** How a look-up (`GET /territory?…`) found its territory. */
export const territoryMatch = z
  .object({
    county: z.string().nullable().meta({ description: 'The county the look-up resolved to, e.g. "Cook County, IL"; null for a zip the territory lists that no local county table holds' }),
    note: z
      .string()
      .nullable()
      .meta({ description: 'How the match was made when it is not by the county itself (a former Connecticut county, a zip the central service assigns to the territory); null otherwise' }),
  })
  .strict();

/** A territory as a look-up by zip code or by state and county answers it: with `match`. */
export const territoryLookup = z
  .object({ ...territoryListFields, ...territoryDetailFields, match: territoryMatch })
  .strict()
  .meta({ id: 'TerritoryLookup' });

export const territoryList = listOf(territoryListItem).meta({ id: 'TerritoryList' });

export type Territory = z.infer<typeof territory>;
export type TerritoryListItem = z.infer<typeof territoryListItem>;
export type TerritoryMatch = z.infer<typeof territoryMatch>;
export type TerritoryLookup = z.infer<typeof territoryLookup>;
