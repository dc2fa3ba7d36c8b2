import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Route schemas compiled at a route's first request instead of at start-up.
 *
 * Fastify compiles every route's Ajv validator and fast-json-stringify
 * serializer while the app gets ready: in standalone (the gateway and all six
 * services in one process) that was about a third of the start-up's CPU, paid
 * again by every API test that builds a service and every end-to-end test
 * that starts the product, for hundreds of routes of which a test calls a few.
 * The compilers and their options are Fastify's own defaults; only the moment
 * changes. Each route compiles once, on its first request (a few milliseconds).
 *
 * One difference Fastify makes for any compiler it did not choose itself: it
 * no longer lower-cases the keys of `headers` schemas. Ours are written in
 * lower case (`idempotency-key`); `lazy-schemas.test.ts` keeps them so.
 */
type ValidatorFactory = ReturnType<typeof AjvCompiler>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Validate = ((data: unknown) => unknown) & { errors?: unknown };

const eagerValidators: ValidatorFactory = AjvCompiler();
const eagerSerializers: SerializerFactory = SerializerSelector();

const lazyValidators = ((...factoryArgs: Parameters<ValidatorFactory>) => {
  const compile = eagerValidators(...factoryArgs);
  return (route: Parameters<typeof compile>[0]) => {
    let validate: Validate | undefined;
    // Fastify reads `errors` from the function it was given after a `false`.
    const check: Validate = (data) => {
      validate ??= compile(route) as Validate;
      const result = validate(data);
      check.errors = validate.errors;
      return result;
    };
    return check;
  };
}) as unknown as ValidatorFactory;

const lazySerializers = ((...factoryArgs: Parameters<SerializerFactory>) => {
  const compile = eagerSerializers(...factoryArgs);
  return (route: Parameters<typeof compile>[0]) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc: unknown) => (serialize ??= compile(route))(doc);
  };
}) as unknown as SerializerFactory;

/** Spread into the options of every Fastify instance that serves routes (gateway, services, test apps). */
export const lazySchemaCompilers: Pick<FastifyServerOptions, 'schemaController'> = {
  schemaController: { compilersFactory: { buildValidator: lazyValidators, buildSerializer: lazySerializers } },
};
