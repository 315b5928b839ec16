// Rate limits (docs/SECURITY-CHECKS.md): per member when signed in, per IP otherwise; auth routes declare
// their own stricter per-IP `config.rateLimit`. With REDIS_URL the counters live in Redis so every node
// counts the same requests.
import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { createRedisClient } from '../realtime/redis';
import { AppError } from './errors';

export const RATE_LIMIT_WINDOW_MS = 60_000;
/** Keys the shared in-process counter remembers (the plugin's default). */
const LOCAL_KEYS_MAX = 5000;

/** A sentence a person can act on; the number also travels in `Retry-After`. */
export function retryMessage(seconds: number): string {
  const wait = Math.max(1, Math.ceil(seconds));
  if (wait >= 90) {
    const minutes = Math.ceil(wait / 60);
    return `Too many requests. Please wait ${minutes} minutes before trying again.`;
  }
  return `Too many requests. Please wait ${wait} second${wait === 1 ? '' : 's'} before trying again.`;
}

function memberId(request: FastifyRequest): string | undefined {
  // Set by app.authenticate (a route preHandler that runs before ours, see `hook` below).
  return (request.member as { id: string } | null | undefined)?.id;
}

export function rateLimitKey(request: FastifyRequest): string {
  const id = memberId(request);
  return id ? `member:${id}` : `ip:${request.ip}`;
}

type Counted = { current: number; ttl: number };
type Store = {
  incr(key: string, cb: (err: Error | null, result?: Counted) => void, timeWindow: number, max: number): void;
};
// The stores the plugin ships and uses itself (its store/ folder has no type declarations).
const load = createRequire(import.meta.url);
const LocalStore = load('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;
const RedisStore = load('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => Store;

const tooMany = (ttlMs: number) =>
  new AppError(429, 'TOO_MANY_REQUESTS', retryMessage(ttlMs / 1000), undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(ttlMs / 1000))),
  });

/**
 * The app-wide limit as a callback preHandler: the plugin's own handler is an async
 * function with five awaits, about 4 µs of the 46 µs that GET /auth/me costs. Same counter, same
 * key, same headers and the same 429 as the plugin's (tests/server/platform-rate-limit.test.ts).
 */
function limitRequests(store: Store, max: number, windowMs: number) {
  const maxText = String(max);
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    store.incr(
      rateLimitKey(request),
      (err, counted) => {
        // A Redis outage must not take the API down with it: count nothing until it is back.
        if (err || !counted) return done();
        const resetSeconds = String(Math.ceil(counted.ttl / 1000));
        reply.header('x-ratelimit-limit', maxText);
        reply.header('x-ratelimit-reset', resetSeconds);
        if (counted.current <= max) {
          reply.header('x-ratelimit-remaining', String(max - counted.current));
          return done();
        }
        reply.header('x-ratelimit-remaining', '0');
        reply.header('retry-after', resetSeconds);
        done(tooMany(counted.ttl));
      },
      windowMs,
      max,
    );
  };
}

export async function registerRateLimit(app: FastifyInstance, config: Config) {
  const redis = config.redisUrl
    ? createRedisClient(config.redisUrl, app.log, { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  // One counter for the app-wide limit, shared by our preHandler and the plugin (the unknown
  // routes' app.rateLimit(), and the stores of routes with their own limit, which it derives).
  const store: Store = redis
    ? new RedisStore(false, false, redis, `${config.redisPrefix}rate-limit:`)
    : new LocalStore(false, false, LOCAL_KEYS_MAX);
  const limit = limitRequests(store, config.rateLimitMax, RATE_LIMIT_WINDOW_MS);
  // Decided once per route here, not on every request. Static client files are cheap
  // and a service-worker install fetches them all at once: their routes (config.file, from
  // @fastify/static) get no limit at all. A route with its own `config.rateLimit` is the plugin's;
  // the others get the app-wide limit as their last preHandler, after the route's own:
  // `request.member` is known by then, so two members behind one IP (a family, an office) are
  // counted apart. Added before the plugin, so this onRoute hook runs before its own.
  app.addHook('onRoute', (route) => {
    const config = route.config as { file?: string; rateLimit?: unknown } | undefined;
    if (config?.file !== undefined) route.config = { ...config, rateLimit: false };
    else if (config?.rateLimit == null) {
      const own = route.preHandler;
      route.preHandler = own === undefined ? [limit] : [...(Array.isArray(own) ? own : [own]), limit];
    }
  });
  await app.register(rateLimit, {
    global: false,
    max: config.rateLimitMax,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    hook: 'preHandler',
    keyGenerator: rateLimitKey,
    store: function SharedStore() {
      return store;
    } as unknown as FastifyRateLimitStoreCtor,
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooMany(context.ttl),
  });
}
