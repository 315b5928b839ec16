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

/**
 * The socket.io adapter's pub/sub pair. The adapter never handles a failed PUBLISH, and ioredis
 * rejects queued commands once Redis has been away past its retries (about 10 s): that unhandled
 * rejection would end the process. So a failed publish is logged (once per outage) and the event
 * reaches this node's sockets only. The subscriber waits for Redis however long it is away;
 * ioredis replays its subscriptions when it is back.
 */
export function createAdapterClients(url: string, log: FastifyBaseLogger): [Redis, Redis] {
  const pub = createRedisClient(url, log);
  const publish = pub.publish.bind(pub);
  let failing = false;
  pub.publish = ((channel: string | Buffer, message: string | Buffer) =>
    publish(channel, message).then(
      (receivers) => {
        failing = false;
        return receivers;
      },
      (err: Error) => {
        if (!failing)
          log.warn({ err: { message: err.message } }, 'redis publish failed: event kept on this node');
        failing = true;
        return 0;
      },
    )) as unknown as Redis['publish'];
  return [pub, createRedisClient(url, log, { maxRetriesPerRequest: null })];
}
