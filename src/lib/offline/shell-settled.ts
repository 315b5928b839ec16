// When the signed-in shell may load the device's data: the offline engine (Dexie, the outbox's
// replayer), the header's pending and unread counts, the feed's data layer (~45 KB gzip with
// Dexie). None of it is part of the first screen, and on a phone its scripts and its first
// IndexedDB work compete with that screen (docs/BENCHMARKS.md: JavaScript until network idle,
// Lighthouse's total blocking time). So it starts after the load event and an idle moment, then:
// - at once when it is needed: writes wait in the outbox (they are sent), the page starts offline
//   or hidden, or a screen or a write has opened the member's database (device-data-wanted.ts);
// - otherwise at the member's first gesture (a tap, a key, a scroll), when the connection drops,
//   when the page is hidden, or once the page has fetched nothing for QUIET_START_MS.

import { sessionStore } from '../auth/session-store';
import { isDeviceDataWanted, onDeviceDataWanted } from './device-data-wanted';
import { writesWaiting } from './writes-waiting';

/** The pause after the idle moment when the device's data is needed at once. */
export const SETTLE_DELAY_MS = 1000;
/** An idle moment may never come on a busy page: go anyway after this long. */
export const IDLE_TIMEOUT_MS = 2000;
/**
 * Without a gesture, the device's data starts once the page has made no request for this long: a
 * little longer than the five quiet seconds by which Lighthouse calls a page interactive, so the
 * start-up's own work is over; the badges and live counts of a page left open follow.
 */
export const QUIET_START_MS = 6000;
/** A page that never goes quiet (a slow connection's late images) starts it after this long. */
export const QUIET_START_MAX_MS = 15_000;
/** The gestures that start it: the member is using the page, whose next screen may need it. */
export const GESTURE_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

let settled: Promise<void> | null = null;
let started = false;

/** Whether the device's data has started on this page (shellSettled has resolved). */
export function deviceDataStarted(): boolean {
  return started;
}

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

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Why the device's data started, in a User Timing mark (DEVICE_DATA_MARK, its `detail`): what a
 * performance trace shows, and what the browser tests read.
 */
export type DeviceDataReason =
  'wanted' | 'offline' | 'hidden' | 'writes-waiting' | 'quiet' | `gesture:${(typeof GESTURE_EVENTS)[number]}`;
export const DEVICE_DATA_MARK = 'paddock:device-data';

function mark(reason: DeviceDataReason): void {
  try {
    performance.mark(DEVICE_DATA_MARK, { detail: reason });
  } catch {
    // no User Timing here: nothing to note
  }
}

/** The reason the device's data is needed now, or null (see the file's head). */
async function neededNow(): Promise<DeviceDataReason | null> {
  if (isDeviceDataWanted()) return 'wanted';
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  if (document.visibilityState === 'hidden') return 'hidden';
  return (await writesWaiting(sessionStore.getState().user?.id)) ? 'writes-waiting' : null;
}

/**
 * Calls `go` once the page has fetched nothing for QUIET_START_MS (its resource timings: each
 * request that ends starts the count again), or after QUIET_START_MAX_MS whatever happens.
 */
function whenQuiet(go: () => void): () => void {
  let last = performance.now();
  let timer = setTimeout(go, QUIET_START_MS);
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(go, Math.max(0, last + QUIET_START_MS - performance.now()));
  };
  let observer: PerformanceObserver | null = null;
  if (typeof PerformanceObserver !== 'undefined') {
    observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const timing = entry as PerformanceResourceTiming;
        last = Math.max(last, timing.responseEnd || entry.startTime + entry.duration);
      }
      arm();
    });
    try {
      observer.observe({ type: 'resource' });
    } catch {
      observer = null; // no resource timings here: the count runs from now
    }
  }
  const cap = setTimeout(go, QUIET_START_MAX_MS);
  return () => {
    clearTimeout(timer);
    clearTimeout(cap);
    observer?.disconnect();
  };
}

/** The first gesture, a lost connection, a hidden page, a screen that needs it, or a quiet page. */
function firstReason(): Promise<DeviceDataReason> {
  return new Promise((resolve) => {
    const options = { capture: true, passive: true } as const;
    const onGesture = (event: Event) => go(`gesture:${event.type as (typeof GESTURE_EVENTS)[number]}`);
    const onOffline = () => go('offline');
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') go('hidden');
    };
    let gone = false;
    let offWanted: () => void = () => undefined;
    const stopQuiet = whenQuiet(() => go('quiet'));
    function go(reason: DeviceDataReason): void {
      if (gone) return;
      gone = true;
      stopQuiet();
      offWanted();
      for (const type of GESTURE_EVENTS) window.removeEventListener(type, onGesture, options);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisibility);
      resolve(reason);
    }
    for (const type of GESTURE_EVENTS) window.addEventListener(type, onGesture, options);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisibility);
    offWanted = onDeviceDataWanted(() => go('wanted'));
  });
}

/** Resolves once per page; later calls (a second sign-in) resolve at once. */
export function shellSettled(): Promise<void> {
  settled ??= loaded()
    .then(idle)
    .then(neededNow)
    .then(async (now) => {
      if (now) await pause(SETTLE_DELAY_MS);
      mark(now ?? (await firstReason()));
      started = true;
    });
  return settled;
}

/** Tests: a new page. */
export function resetShellSettledForTests(): void {
  settled = null;
  started = false;
}
