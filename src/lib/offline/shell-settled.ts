// When the signed-in shell may load the offline engine. Dexie and the outbox (~35 KB gzip) are not
// part of the first render: the bundle budget (tests/browser/bundle-budget.test.ts, 170 KB gzip)
// counts every script fetched until /feed is on screen. So they load after the load event, an
// idle moment, and a short pause that keeps their request clear of the first screen.

/** The pause after the idle moment. */
export const SETTLE_DELAY_MS = 1000;
/** An idle moment may never come on a busy page: go anyway after this long. */
export const IDLE_TIMEOUT_MS = 2000;

let settled: Promise<void> | null = null;

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

/** Resolves once per page; later calls (a second sign-in) resolve at once. */
export function shellSettled(): Promise<void> {
  settled ??= loaded()
    .then(idle)
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, SETTLE_DELAY_MS)));
  return settled;
}
