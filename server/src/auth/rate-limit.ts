import type {} from '@fastify/rate-limit';

/** Stricter per-IP limit for the calls an attacker would hammer (sign-in, sign-up, reset, refresh). */
export function authRateLimit(max: number) {
  return { rateLimit: { max, timeWindow: '1 minute' } };
}
