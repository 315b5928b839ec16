// Fastify compiles every route's validators (ajv) and response serializers (fast-json-stringify)
// before it listens: a third of the start-up time, and the generated code stays in memory for
// routes a given process may never serve. These wrap Fastify's own default compilers (the same
// packages, options and shared schemas) so that each schema is compiled on its route's first use.
// Every schema is still compiled by the same code; the route tests exercise each one.
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/** Fastify's factory shape: (shared schemas, options) → per-route compile. Routes are opaque here. */
type Build<Fn> = (externalSchemas: unknown, options: unknown) => (route: unknown) => Fn;
type Serializer = (data: unknown) => string;

interface Validator {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}

// Fastify's defaults, resolved from Fastify itself: exactly the versions it would load.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const defaultValidator = fromFastify('@fastify/ajv-compiler') as () => Build<Validator>;
const defaultSerializer = fromFastify('@fastify/fast-json-stringify-compiler') as () => Build<Serializer>;

function lazyValidator(compile: () => Validator): Validator {
  let compiled: Validator | undefined;
  const validate: Validator = (data, context) => {
    compiled ??= compile();
    // Fastify passes the parent context only to ajv functions (they have schemaEnv), which lets
    // ajv coerce a root value in place; ours always have it, so forward it as given.
    const result = compiled(data, context);
    validate.errors = compiled.errors;
    return result;
  };
  validate.schemaEnv = true;
  return validate;
}

export function lazyCompilers(): CompilersFactory {
  const validators = defaultValidator();
  const serializers = defaultSerializer();
  const buildValidator: Build<Validator> = (externalSchemas, options) => {
    const compileFor = validators(externalSchemas, options);
    // A body is JSON: its numbers are JSON numbers. Coercion would turn the string "Infinity" into
    // a number (and "1e400" too), so bodies are checked by an Ajv that never coerces; query strings
    // and path parameters are text by nature and keep the configured coercion.
    const ajvOptions = options as { customOptions?: Record<string, unknown> };
    const compileBody = validators(externalSchemas, {
      ...ajvOptions,
      customOptions: { ...ajvOptions.customOptions, coerceTypes: false },
    });
    return (route) =>
      lazyValidator(() =>
        ((route as { httpPart?: string }).httpPart === 'body' ? compileBody : compileFor)(route),
      );
  };
  const buildSerializer: Build<Serializer> = (externalSchemas, options) => {
    const compileFor = serializers(externalSchemas, options);
    return (route) => {
      let serialize: Serializer | undefined;
      return (data) => (serialize ??= compileFor(route))(data);
    };
  };
  // Fastify types the validator as an ajv function; ours is called the same way (see above).
  return { buildValidator, buildSerializer } as unknown as CompilersFactory;
}
