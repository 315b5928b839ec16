// Every route the app serves, as it is added: method, URL, schemas and whether it needs a signed-in
// member. The tests read it to cover every route (each body fuzzed, each route in the object-access
// attack table) from the app itself, so that a new route is covered or fails a test.
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** Behind app.authenticate (a preHandler or onRequest hook). */
  member: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The routes added so far (see registerRouteRegistry). */
    routeList: RouteEntry[];
  }
}

function uses(hooks: RouteOptions['preHandler'] | RouteOptions['onRequest'], fn: unknown): boolean {
  return Array.isArray(hooks) ? hooks.includes(fn as never) : hooks === fn;
}

/** Registered before the routes: records each one (HEAD routes Fastify adds for GET are left out). */
export function registerRouteRegistry(app: FastifyInstance) {
  const list: RouteEntry[] = [];
  app.decorate('routeList', list);
  app.addHook('onRoute', (route) => {
    const authenticate = app.hasDecorator('authenticate')
      ? (app as unknown as { authenticate: unknown }).authenticate
      : null;
    const member =
      authenticate !== null && (uses(route.preHandler, authenticate) || uses(route.onRequest, authenticate));
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method === 'HEAD') continue;
      list.push({ method, url: route.url, schema: route.schema, member });
    }
  });
}
