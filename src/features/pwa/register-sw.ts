import { updateStore } from './update-store';

/** How often an open app asks the server for a new service worker (when online). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * registerType 'prompt': a new worker waits until the member chooses to update (a silent reload
 * could lose a half-filled form). After SKIP_WAITING the page reloads once, when the new worker
 * has taken control. workbox-window is loaded lazily to keep it out of the entry chunk.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event) => void workerNavigation(event.data));
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  let reloading = false;
  wb.addEventListener('controlling', (event) => {
    // `isUpdate` is false on the very first install: nothing to reload then.
    if (!event.isUpdate || reloading) return;
    reloading = true;
    window.location.reload();
  });
  wb.addEventListener('waiting', () => {
    updateStore.setAvailable(() => wb.messageSkipWaiting());
  });
  const registration = await wb.register();
  setInterval(() => {
    if (navigator.onLine) void registration?.update().catch(() => undefined);
  }, UPDATE_CHECK_INTERVAL_MS);
}

/**
 * A clicked notification whose window the worker could not navigate itself (sw/sw.ts: a window it
 * does not control) asks the window to open the path: only a path of this app (no other site).
 */
export function workerNavigation(
  data: unknown,
  go: (path: string) => void = (path) => window.location.assign(path),
): boolean {
  const message = data as { type?: unknown; url?: unknown } | null;
  if (message?.type !== 'NAVIGATE' || typeof message.url !== 'string') return false;
  const url = message.url;
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return false;
  go(url);
  return true;
}

/** A reload for a vanished lazy chunk is allowed once per this window (no reload loop). */
export const PRELOAD_RELOAD_GUARD_MS = 60_000;
const PRELOAD_RELOAD_KEY = 'paddock-preload-reload-at';

/**
 * After a deploy, chunks of the old build are gone (vite #11804): reload once to get the new
 * build, but only online (offline the precache still has the old ones) and not twice in a row.
 */
export function handlePreloadError(
  event: Event,
  deps: { storage?: Storage; now?: number; online?: boolean; reload?: () => void } = {},
): boolean {
  const {
    storage = sessionStorage,
    now = Date.now(),
    online = navigator.onLine,
    reload = () => window.location.reload(),
  } = deps;
  if (!online) return false;
  const last = Number(storage.getItem(PRELOAD_RELOAD_KEY) ?? 0);
  if (now - last < PRELOAD_RELOAD_GUARD_MS) return false;
  storage.setItem(PRELOAD_RELOAD_KEY, String(now));
  event.preventDefault();
  reload();
  return true;
}

export function installPreloadErrorHandler(): void {
  window.addEventListener('vite:preloadError', (event) => void handlePreloadError(event));
}
