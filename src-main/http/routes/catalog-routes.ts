/** HTTP routes of the catalog (spec §4.3–4.5). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../src-shared/api/catalog.js';
import { apiError } from '../../../src-shared/api/common.js';
import type { Engine } from '../../engine/engine.js';
import { arrayParam, limitParam, noQuery, optionalPage, optionalPagingQuery } from '../query.js';
import { sendList, sendListStream, streamEtag } from '../lists.js';

const key = z.string().min(1).max(200);
const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

export const catalogRoutes =
  (engine: Engine): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { scope: 'catalog' as const };
    const tags = ['Catalog'];

    app.get('/product-types', {
      config,
      schema: { tags, summary: 'Published product types with parents and children', querystring: noQuery, response: { 200: api.productTypeList, ...errors } },
      handler: async (request, reply) => sendList(request, reply, await engine.catalog.listProductTypes()),
    });

    app.get('/product-types/:type', {
      config,
      schema: {
        tags,
        summary: 'One published product type, with its products (reduced items)',
        params: z.object({ type: key }),
        querystring: noQuery,
        response: { 200: api.productTypeDetail, ...errors },
      },
      handler: async (request) => engine.catalog.getProductType(request.params.type),
    });

    app.get('/product-types/:type/products', {
      config,
      schema: {
        tags,
        summary: 'Full products of a published type (large; optional paging)',
        params: z.object({ type: key }),
        querystring: z.object(optionalPagingQuery).strict(),
        response: { 200: api.fullProductList, ...errors },
      },
      handler: async (request, reply) => sendListStream(request, reply, await engine.catalog.listProductsOfType(request.params.type, optionalPage(request.query)), streamEtag(engine.store.dataVersion(), request.url)),
    });

    app.get('/collections', {
      config,
      schema: {
        tags,
        summary: 'Collections, optionally only some keys and at most `limit` of them',
        querystring: z.object({ only: arrayParam(key).optional(), limit: limitParam.optional() }).strict(),
        response: { 200: api.collectionList, ...errors },
      },
      handler: async (request, reply) => sendList(request, reply, await engine.catalog.listCollections(request.query.only, request.query.limit)),
    });

    app.get('/collections/:slug', {
      config,
      schema: { tags, summary: 'One collection with its products', params: z.object({ slug: key }), querystring: noQuery, response: { 200: api.collection, ...errors } },
      handler: async (request) => engine.catalog.getCollection(request.params.slug),
    });

    app.get('/products', {
      config,
      schema: {
        tags,
        summary: 'All published products as reduced items (large; optional paging)',
        querystring: z.object(optionalPagingQuery).strict(),
        response: { 200: api.productList, ...errors },
      },
      handler: async (request, reply) => sendListStream(request, reply, await engine.catalog.listProducts(optionalPage(request.query)), streamEtag(engine.store.dataVersion(), request.url)),
    });

    app.get('/products/:modelNumber', {
      config,
      schema: {
        tags,
        summary: 'One product by model number (variants and family patterns resolved)',
        description:
          'Resolution order: exact part number, then base model number, then a family pattern (4080-XXX-01 matches 4080-015-01). ' +
          'When several products are left, `store_id` chooses; without it the answer is 409 ambiguous_model_number naming the candidates.',
        params: z.object({ modelNumber: key }),
        querystring: z.object({ store_id: z.string().min(1).max(64).optional() }).strict(),
        response: { 200: api.product, ...errors, 409: apiError },
      },
      handler: async (request) => engine.catalog.getProduct(request.params.modelNumber, request.query.store_id),
    });
  };
