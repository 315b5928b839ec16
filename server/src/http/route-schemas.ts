// Route-level schema pieces every feature's routes share: the answer envelopes and the error
// answers a route declares (for serialisation and OpenAPI; the error handler shapes the errors).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyContextConfig, FastifyInstance, FastifySchema } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { ErrorBody, Ok } from '../../../src/contract/envelope';

/** Error answers a route declares for OpenAPI; the error handler shapes them. */
export const errors = (...codes: (400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503)[]) =>
  Object.fromEntries(codes.map((code) => [code, ErrorBody])) as Record<number, typeof ErrorBody>;

/** The answer `{ success: true, data }` a handler returns or sends. */
export const ok = <T>(data: T) => ({ success: true as const, data });

/** The answer `{ success: true, data, meta }` of a list. */
export const okList = <T, M>(data: T, meta: M) => ({ success: true as const, data, meta });

/**
 * The answer of one page of an offset-paged list: its items, and meta with the total, the query's
 * limit and offset, and whatever else the page tells (an unread count, a room id).
 */
export const okPage = <T, E extends { total: number }>(
  query: { limit: number; offset: number },
  { items, ...meta }: { items: T[] } & E,
) => okList(items, { ...meta, limit: query.limit, offset: query.offset });

/** `{ success: true, data }` without list meta. */
export const OkItem = <T extends TSchema>(data: T) => Type.Object({ success: Type.Literal(true), data });

/** `{ success: true, data: [...], meta }` with the list's own meta. */
export const OkList = <T extends TSchema, M extends TSchema>(item: T, meta: M) =>
  Type.Object({ success: Type.Literal(true), data: Type.Array(item), meta });

/** The answer of a delete: the id of what is gone. */
export const Deleted = Type.Object({ id: Type.String() });

type ErrorCode = Parameters<typeof errors>[0];

/** `200: { success: true, data }` and the error answers a route declares. */
export const itemAnswer = <T extends TSchema>(data: T, ...codes: ErrorCode[]) => ({
  200: OkItem(data),
  ...errors(...codes),
});

/** `200: { success: true, data: [...], meta }` and the error answers a list route declares. */
export const listAnswer = <T extends TSchema, M extends TSchema>(
  item: T,
  meta: M,
  ...codes: ErrorCode[]
) => ({
  200: OkList(item, meta),
  ...errors(...codes),
});

/** A create with a client id: 201 with the new thing, 200 with the stored one a repeated id answers. */
export const storedAnswer = <T extends TSchema>(data: T, ...codes: ErrorCode[]) => ({
  201: OkItem(data),
  200: OkItem(data),
  ...errors(...codes),
});

/** A create without a client id: 201 with the new thing. */
export const createdAnswer = <T extends TSchema>(data: T, ...codes: ErrorCode[]) => ({
  201: OkItem(data),
  ...errors(...codes),
});

/** `200: { success: true, data: [...] }`, a whole list without paging (its meta optional). */
export const arrayAnswer = <T extends TSchema>(item: T, ...codes: ErrorCode[]) => ({
  200: Ok(Type.Array(item)),
  ...errors(...codes),
});

/** `200`: a file sent as an attachment (its bytes, not JSON), and the error answers a route declares. */
export const attachmentAnswer = (mime: string, ...codes: ErrorCode[]) => ({
  200: Type.String({ description: `${mime}, as an attachment` }),
  ...errors(...codes),
});

/**
 * The options of the routes a signed-in member calls, for one OpenAPI tag list: `route(summary,
 * schema, config?)` runs `preHandler` (app.authenticate) and declares the tags, the summary and the
 * schema, and the route's own config (a tighter rate limit) when it has one.
 */
export const memberRoutes =
  (preHandler: FastifyInstance['authenticate'], tags: string[]) =>
  <S extends Omit<FastifySchema, 'tags' | 'summary'>>(
    summary: string,
    schema: S,
    config?: FastifyContextConfig,
  ) => ({
    preHandler,
    ...(config && { config }),
    schema: { tags, summary, ...schema },
  });

/**
 * Answers a create with a client id, given the service's `{ [key]: thing, created }`: 201 and the
 * new thing, or 200 and the stored one a repeated id found.
 */
export const sendStored = <
  R extends { status(code: number): R; send(payload: unknown): R },
  K extends string,
>(
  reply: R,
  key: K,
  result: { created: boolean } & Record<K, unknown>,
) => reply.status(result.created ? 201 : 200).send(ok(result[key]));

/**
 * The answers a route declares: `answer.item(X, 400, 404)`, `answer.list(X, Meta, 400)`,
 * `answer.stored(X, 409)`, `answer.created(X, 409)`, `answer.array(X, 401)`, `answer.attachment('text/csv', 404)`.
 */
export const answer = {
  item: itemAnswer,
  list: listAnswer,
  stored: storedAnswer,
  created: createdAnswer,
  array: arrayAnswer,
  attachment: attachmentAnswer,
};

/** A feature's routes: a Fastify plugin with TypeBox types, given the feature's services. */
export type RoutePlugin<Services extends Record<string, unknown>> = FastifyPluginAsyncTypebox<Services>;

/**
 * The routes of a feature that a signed-in member calls, under one OpenAPI tag list:
 * `register(app, route, services)` declares them with `route` (see `memberRoutes`).
 */
export const memberRoutePlugin =
  <Services extends Record<string, unknown>>(
    tags: string[],
    register: (
      app: Parameters<RoutePlugin<Services>>[0],
      route: ReturnType<typeof memberRoutes>,
      services: Services,
    ) => void | Promise<void>,
  ): RoutePlugin<Services> =>
  async (app, services) =>
    register(app, memberRoutes(app.authenticate, tags), services);
