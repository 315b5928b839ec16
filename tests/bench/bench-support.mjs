// What the bench parts share: the production settings their servers run with, knobs read from the
// environment, a small concurrency pool and a friendship made through the API.
import { apiCall } from '../browser/support/api.mjs';

// The production settings the budgets are about: default argon2 cost (19 MiB), quiet log, and rate
// limits out of the way so they do not cap the load.
export const PRODUCTION_ENV = {
  ARGON2_MEMORY_KIB: String(19 * 1024),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000000',
  AUTH_RATE_LIMIT_MAX: '100000000',
};

/** A positive number from the environment (a quick run shrinks a figure), else `fallback`. */
export function envNumber(name, fallback) {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Runs `fn(i)` for i in 0..count-1, `concurrency` at a time. */
export async function pool(count, concurrency, fn) {
  let next = 0;
  const worker = async () => {
    while (next < count) await fn(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** `a` asks `b`, `b` accepts: they are friends. */
export async function befriend(baseUrl, a, b) {
  const asked = await apiCall(baseUrl, 'POST', '/friends/request', { userId: b.id }, a.token);
  if (asked.status !== 201) throw new Error(`POST /friends/request answered ${asked.status}`);
  const accepted = await apiCall(
    baseUrl,
    'PUT',
    `/friends/request/${asked.json.data.request.id}`,
    { action: 'accept' },
    b.token,
  );
  if (accepted.status !== 200) throw new Error(`PUT /friends/request answered ${accepted.status}`);
}
