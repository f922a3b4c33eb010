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

export const territory = z
  .object({
    ...territoryListFields,
    population: z.number().int().meta({ description: "Sum of the populations of the territory's counties" }),
    counties: z.array(z.string()).meta({ description: 'County names with state code, e.g. "Cook County, IL"' }),
    zip_codes: z.array(z.string()).meta({ description: 'Zip codes whose main county lies in the territory' }),
  })
  .strict()
  .meta({ id: 'Territory' });

export const territoryList = listOf(territoryListItem).meta({ id: 'TerritoryList' });

export type Territory = z.infer<typeof territory>;
export type TerritoryListItem = z.infer<typeof territoryListItem>;
