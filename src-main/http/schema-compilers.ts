/**
 * The schema compilers of every fastify instance made here. The schemas are zod's, validated by
 * zod. Response schemas document the API (OpenAPI) and are checked by the tests; answers are plain
 * JSON, so fields kept from an upstream the schemas do not know are not dropped.
 *
 * Given to fastify as its compilers' factory (`schemaController.compilersFactory`) rather than
 * set on the instance afterwards: then fastify never loads its own (ajv, fast-json-stringify), a
 * sixth of the code a start would otherwise parse and run.
 */
import type { FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

type SchemaControllerOptions = NonNullable<FastifyServerOptions['schemaController']>;
type CompilerFactories = NonNullable<SchemaControllerOptions['compilersFactory']>;

const plainJson = () => (data: unknown) => JSON.stringify(data);

export const schemaController: SchemaControllerOptions = {
  compilersFactory: {
    // fastify's types name ajv's compilers only; it takes any of the same shape (its "Schema
    // Controller" server option: a factory returning `(routeSchema) => validate`).
    buildValidator: (() => validatorCompiler) as unknown as CompilerFactories['buildValidator'],
    buildSerializer: () => plainJson,
  },
};
