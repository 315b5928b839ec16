import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type * as IORedis from 'ioredis';
import type { Redis, RedisOptions } from 'ioredis';

// Loaded on first use: without REDIS_URL (the default) ioredis never costs start-up time or memory.
const load = createRequire(import.meta.url);

/** One place that opens Redis connections (rate-limit store, socket.io adapter pub/sub). */
export function createRedisClient(url: string, log: FastifyBaseLogger, options: RedisOptions = {}): Redis {
  const ioredis = load('ioredis') as typeof IORedis;
  const client = new ioredis.Redis(url, options);
  // ioredis reconnects by itself; without a listener an outage would crash the process. Log each
  // kind of failure once per outage, not once per retry.
  let lastCode: string | undefined;
  client.on('error', (err: Error & { code?: string }) => {
    if (err.code === lastCode) return;
    lastCode = err.code;
    log.warn({ err: { message: err.message, code: err.code } }, 'redis connection error');
  });
  client.on('ready', () => {
    lastCode = undefined;
  });
  return client;
}
