// Route validators and serializers compiled on first use behave as Fastify's eager ones.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyCompilers } from '../../server/src/http/lazy-compilers';

const ajvOptions = {
  customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: true, allErrors: false },
} as const;

describe('lazy schema compilers', () => {
  it('compiles nothing until a route is used, then validates, coerces and serializes', async () => {
    const factory = lazyCompilers();
    const compile = factory.buildValidator!({}, ajvOptions);
    // A schema ajv cannot compile fails only when its route is first used.
    const broken = compile({ schema: { type: 'no-such-type' }, method: 'GET', url: '/', httpPart: 'body' });
    expect(() => (broken as (d: unknown) => unknown)({})).toThrow();

    const app = Fastify({ ajv: ajvOptions, schemaController: { compilersFactory: lazyCompilers() } });
    app.get(
      '/n/:n',
      {
        schema: {
          params: { type: 'object', properties: { n: { type: 'integer', maximum: 9 } }, required: ['n'] },
          response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
        },
      },
      async (request) => ({ n: (request.params as { n: number }).n, secret: 'dropped' }),
    );
    const ok = await app.inject({ method: 'GET', url: '/n/7' });
    expect(ok.statusCode).toBe(200);
    // Coerced to a number by ajv, and `secret` left out by the response schema's serializer.
    expect(ok.body).toBe('{"n":7}');
    const bad = await app.inject({ method: 'GET', url: '/n/12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/must be <= 9/);
    await app.close();
  });
});
