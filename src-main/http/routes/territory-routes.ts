/** HTTP routes of the territories (spec §4.7). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../src-shared/api/territories.js';
import { apiError } from '../../../src-shared/api/common.js';
import type { Engine } from '../../engine/engine.js';
import { ApiError, missingParameter } from '../../engine/errors.js';
import { optionalPage, optionalPagingQuery } from '../query.js';
import { sendList } from '../lists.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const single = (name: string) => z.string({ error: `"${name}" must be given once.` }).max(200);

export const territoryRoutes =
  (engine: Engine): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { scope: 'territories' as const };
    const tags = ['Territories'];

    app.get('/territories', {
      config,
      schema: { tags, summary: 'All territories (reduced items with managers)', querystring: z.object(optionalPagingQuery).strict(), response: { 200: api.territoryList, ...errors } },
      handler: async (request, reply) => sendList(request, reply, await engine.territories.list(optionalPage(request.query))),
    });

    app.get('/territory/:id', {
      config,
      schema: {
        tags,
        summary: 'One territory with manager, counties and zip codes',
        params: z.object({ id: z.string().regex(/^\d{1,15}$/, { error: 'The territory id is a positive whole number.' }).transform(Number) }),
        querystring: z.object({}).strict(),
        response: { 200: api.territory, ...errors },
      },
      handler: async (request) => engine.territories.get(request.params.id),
    });

    app.get('/territory', {
      config,
      schema: {
        tags,
        summary: 'The territory of a zip code, or of a state and county',
        description:
          'Give either `zip_code` (five digits or ZIP+4), or both `state` (name or two-letter code, any case) and `county` ' +
          '("Cook County" or "Cook", any case; a bare name shared by a county and an independent city means the county). ' +
          'Connecticut\'s former counties (Hartford, Fairfield, …; replaced by planning regions in 2022) resolve to the planning region ' +
          'that holds most of their towns, and `match.note` explains it. `match.county` names the county the look-up resolved to. ' +
          '400 when parameters are missing, malformed or both forms are mixed; 404 when nothing matches or the place is in no territory.',
        querystring: z.object({ zip_code: single('zip_code').optional(), state: single('state').optional(), county: single('county').optional() }).strict(),
        response: { 200: api.territoryLookup, ...errors },
      },
      handler: async (request) => {
        const { zip_code, state, county } = request.query;
        if (zip_code !== undefined && (state !== undefined || county !== undefined)) {
          throw new ApiError(400, 'conflicting_parameters', 'Give either zip_code, or state and county, not both.', 'zip_code');
        }
        if (zip_code !== undefined) return engine.territories.byZip(zip_code);
        if (state === undefined && county === undefined) {
          throw new ApiError(400, 'missing_parameter', 'Give zip_code, or state and county.', 'zip_code');
        }
        if (state === undefined) throw missingParameter('state', 'A county look-up needs "state" too.');
        if (county === undefined) throw missingParameter('county', 'A state look-up needs "county" too.');
        return engine.territories.byStateAndCounty(state, county);
      },
    });
  };
