// OpenAPI 3.1 generated from the route schemas, and Swagger UI at /api/v1.0/docs.
// Registered before the routes: @fastify/swagger collects them as they are added. The document is
// always generated (app.swagger() builds it, tests read it) but served only when
// config.serveOpenApi: outside production, or with OPENAPI_PUBLIC=1 (docs/SECURITY-CHECKS.md).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { API_BASE } from '../../../src/contract/envelope';
import type { Config } from '../config';
import { DOCS_CSP } from './security';

export const DOCS_PATH = `${API_BASE}/docs`;

type Hook = RouteOptions['preHandler'];

function uses(hooks: Hook | RouteOptions['onRequest'], fn: unknown): boolean {
  return Array.isArray(hooks) ? hooks.includes(fn as never) : hooks === fn;
}

export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Paddock API',
        description:
          'Home of the car enthusiasts. Answers are `{ success, data }` or `{ success: false, error }`.',
        version: '1.0.0',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Routes behind app.authenticate are marked as needing the bearer token, without each route saying so.
    transform: ({ schema, url, route }) => {
      const authenticate = app.hasDecorator('authenticate')
        ? (app as unknown as { authenticate: unknown }).authenticate
        : null;
      const needsToken =
        authenticate !== null &&
        (uses(route.preHandler, authenticate) || uses(route.onRequest, authenticate));
      if (!needsToken || !schema || 'security' in schema) return { schema, url };
      return { schema: { ...schema, security: [{ bearerAuth: [] }] }, url };
    },
  });
  if (!config.serveOpenApi) return;
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    // The UI's own relaxed CSP, on its own routes only (they live in the plugin's scope).
    staticCSP: DOCS_CSP,
    uiConfig: { validatorUrl: null, deepLinking: false },
  });
}
