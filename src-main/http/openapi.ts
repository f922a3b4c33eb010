/**
 * The API's OpenAPI document (GET /openapi.json), made at its first request instead of at every
 * start: @fastify/swagger and the YAML library it loads (0.38 MB of code, some 17 ms of a start's
 * CPU) are loaded then. The plugin documents the routes it sees being added, so it is given the
 * serving app's routes as they were recorded (method, URL, schema, config) on an app of its own
 * that never listens and handles nothing: the document is the one the plugin made when it was
 * registered on the serving app itself.
 */
import Fastify, { type RouteOptions } from 'fastify';
import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { schemaController } from './schema-compilers.js';

const SWAGGER_OPTIONS: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Fieldsizer local service API',
      version: '1.0.0',
      description: 'The sizing, product catalog and territory service, served locally by Fieldsizer. See docs/api.md for conventions.',
    },
    components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } },
    security: [{ apiKey: [] }],
  },
  transform: jsonSchemaTransform,
  transformObject: jsonSchemaTransformObject,
};

/** What of a route the document is made from. */
export type DocumentedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;

/** Records the routes of an app as they are added (its onRoute hook), and makes their document once, when first asked. */
export class OpenApiDocument {
  private readonly routes: DocumentedRoute[] = [];
  private document: Promise<unknown> | null = null;

  /** From the serving app's onRoute hook. HEAD routes are Fastify's own copies of GET ones, which the plugin leaves out. */
  add(route: RouteOptions): void {
    if (route.method === 'HEAD') return;
    this.routes.push({ method: route.method, url: route.url, schema: route.schema, config: route.config });
  }

  get(): Promise<unknown> {
    this.document ??= this.make().catch((error: unknown) => {
      this.document = null;
      throw error;
    });
    return this.document;
  }

  private async make(): Promise<unknown> {
    const { default: fastifySwagger } = await import('@fastify/swagger');
    // Never listens nor validates: the schemas are only read (its HEAD copies would be left out anyway).
    const docs = Fastify({ exposeHeadRoutes: false, schemaController });
    await docs.register(fastifySwagger, SWAGGER_OPTIONS);
    for (const route of this.routes) docs.route({ ...route, handler: async () => null });
    await docs.ready();
    try {
      return docs.swagger();
    } finally {
      await docs.close();
    }
  }
}
