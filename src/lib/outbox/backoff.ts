// Retry timing (docs/OFFLINE-FIRST.md property 4): 1 s × 2^n capped at 60 s, plus 0–30 % jitter so many
// clients coming back online together do not hit the server in step. Retry-After wins when longer.

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 60_000;
export const BACKOFF_JITTER = 0.3;

/**
 * Delay before attempt number `attempts + 1`, where `attempts` counts the failed tries so far
 * (1 after the first failure → 1000 ms base). `random` is in [0, 1).
 */
export function backoffDelayMs(attempts: number, random: number, retryAfterSeconds?: number): number {
  const exponent = Math.max(0, attempts - 1);
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** exponent);
  const withJitter = Math.round(base * (1 + BACKOFF_JITTER * random));
  const serverAsked = retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : 0;
  return Math.max(withJitter, serverAsked);
}
