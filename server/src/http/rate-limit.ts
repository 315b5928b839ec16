// Rate limits (docs/SECURITY-CHECKS.md): per member when signed in, per IP otherwise; auth routes declare their
// own stricter per-IP `config.rateLimit`. With REDIS_URL the counters live in Redis so every node
// counts the same requests.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { createRedisClient } from '../realtime/redis';
import { AppError } from './errors';

export const RATE_LIMIT_WINDOW_MS = 60_000;

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

export async function registerRateLimit(app: FastifyInstance, config: Config) {
  const redis = config.redisUrl
    ? createRedisClient(config.redisUrl, app.log, { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  // Static client files are cheap and a service-worker install fetches them all at once: their
  // routes (config.file, from @fastify/static) get no limit at all. Decided once per route here,
  // not by an allowList that the API's hot paths would run on every request (issue 19). Added
  // before the plugin, so this onRoute hook runs before its own.
  app.addHook('onRoute', (route) => {
    const config = route.config as { file?: string; rateLimit?: unknown } | undefined;
    if (config?.file !== undefined) route.config = { ...config, rateLimit: false };
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    // preHandler, appended after each route's own preHandlers: `request.member` is known by then,
    // so two members behind one IP (a family, an office) are counted apart.
    hook: 'preHandler',
    keyGenerator: rateLimitKey,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rate-limit:` } : {}),
    // A Redis outage must not take the API down with it: count nothing until it is back.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError(context.statusCode, 'TOO_MANY_REQUESTS', retryMessage(context.ttl / 1000), undefined, {
        'Retry-After': String(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
  });
}
