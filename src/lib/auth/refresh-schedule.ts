import { refreshTokens } from './refresh';
import { tokenExpiry, tokenStore } from './token';

/** Spec §4/§9: refresh 60 000 ms before the access token expires. */
export const REFRESH_MARGIN_MS = 60_000;

let timer: ReturnType<typeof setTimeout> | null = null;

export function cancelScheduledRefresh(): void {
  if (timer) clearTimeout(timer);
  timer = null;
}

function run(): void {
  // Failures are handled inside refreshTokens (sign-out on refusal; tokens kept when offline, in
  // which case the interceptor refreshes on the next call).
  refreshTokens().catch(() => undefined);
}

/** Plans the next refresh for this access token; runs it at once when that moment has passed. */
export function scheduleRefresh(accessToken: string | null = tokenStore.getAccessToken()): void {
  cancelScheduledRefresh();
  const exp = tokenExpiry(accessToken);
  if (exp === null) return; // no exp to plan on: the interceptor's own check refreshes it
  const delay = exp * 1000 - REFRESH_MARGIN_MS - Date.now();
  if (delay <= 0) {
    run();
    return;
  }
  timer = setTimeout(() => {
    timer = null;
    run();
  }, delay);
}
