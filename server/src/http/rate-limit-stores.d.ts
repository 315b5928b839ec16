// The stores @fastify/rate-limit ships and uses itself (its store/ folder has no types of its own):
// server/src/http/rate-limit.ts shares one between the plugin and the app-wide preHandler.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  type Counted = { current: number; ttl: number };
  export default class LocalStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, cache?: number);
    incr(
      key: string,
      cb: (err: Error | null, result?: Counted) => void,
      timeWindow: number,
      max: number,
    ): void;
    child(routeOptions: unknown): unknown;
  }
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';
  type Counted = { current: number; ttl: number };
  export default class RedisStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr(
      key: string,
      cb: (err: Error | null, result?: Counted) => void,
      timeWindow: number,
      max: number,
    ): void;
    child(routeOptions: unknown): unknown;
  }
}
