import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/session-store';
import { resetDeviceDataWantedForTests, wantDeviceData } from './device-data-wanted';
import {
  DEVICE_DATA_MARK,
  GESTURE_EVENTS,
  QUIET_START_MAX_MS,
  QUIET_START_MS,
  SETTLE_DELAY_MS,
  resetShellSettledForTests,
  shellSettled,
} from './shell-settled';

const waiting = vi.hoisted(() => ({ writes: false }));
vi.mock('./writes-waiting', () => ({ writesWaiting: async () => waiting.writes }));

let settledAt: number | null;

/** The reason the last start noted in its User Timing mark. */
function lastReason(): unknown {
  const calls = vi.mocked(performance.mark).mock.calls.filter(([name]) => name === DEVICE_DATA_MARK);
  return calls.at(-1)?.[1]?.detail;
}

function watch(): void {
  settledAt = null;
  const started = Date.now();
  void shellSettled().then(() => (settledAt = Date.now() - started));
}

/** Lets the start-up's promises run (the idle moment is a 0 ms timer in jsdom). */
async function flush(ms = 0): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
  // A spy that keeps the marks: the fake clock's performance object keeps none.
  performance.mark = vi.fn() as unknown as typeof performance.mark;
  resetShellSettledForTests();
  resetDeviceDataWantedForTests();
  waiting.writes = false;
  sessionStore.setState({ status: 'signedIn', user: { id: 'm1' } as never, isAuthReady: true });
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

describe('shellSettled: the device data waits for a reason', () => {
  it(`without a gesture, settles ${QUIET_START_MS} ms after the idle moment, not before`, async () => {
    watch();
    await flush(QUIET_START_MS - 1);
    expect(settledAt).toBeNull();
    await flush(1);
    expect(settledAt).not.toBeNull();
  });

  it(`counts the ${QUIET_START_MS} ms from the page's last request; starts after ${QUIET_START_MAX_MS} ms whatever`, async () => {
    // The page's resource timings, as the browser reports each request that ends.
    const observers: Array<(entries: Array<Partial<PerformanceResourceTiming>>) => void> = [];
    class FakeObserver {
      constructor(private readonly callback: PerformanceObserverCallback) {}
      observe() {
        observers.push((entries) =>
          this.callback(
            { getEntries: () => entries } as unknown as PerformanceObserverEntryList,
            this as never,
          ),
        );
      }
      disconnect() {
        observers.length = 0;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const ended = (at: number) => observers.forEach((report) => report([{ responseEnd: at, startTime: at }]));
    try {
      watch();
      await flush(4000);
      ended(performance.now()); // a request ends at 4 s: quiet from then on
      await flush(QUIET_START_MS - 1);
      expect(settledAt).toBeNull();
      await flush(1);
      expect(settledAt).not.toBeNull();
      expect(lastReason()).toBe('quiet');

      resetShellSettledForTests();
      watch();
      for (let t = 0; t < QUIET_START_MAX_MS; t += 1000) {
        expect(settledAt).toBeNull();
        ended(performance.now()); // a request every second: never quiet
        await flush(1000);
      }
      expect(settledAt).not.toBeNull();
      expect(observers).toHaveLength(0); // the observer is let go
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it.each(GESTURE_EVENTS)('settles at the first %s', async (type) => {
    watch();
    await flush(10);
    expect(settledAt).toBeNull();
    window.dispatchEvent(new Event(type));
    await flush(0);
    expect(settledAt).not.toBeNull();
    expect(settledAt!).toBeLessThan(QUIET_START_MS);
    expect(lastReason()).toBe(`gesture:${type}`);
  });

  it('settles when the connection drops, or the page is hidden', async () => {
    watch();
    await flush(10);
    window.dispatchEvent(new Event('offline'));
    await flush(0);
    expect(settledAt).not.toBeNull();

    resetShellSettledForTests();
    watch();
    await flush(10);
    document.dispatchEvent(new Event('visibilitychange')); // still visible: nothing
    await flush(0);
    expect(settledAt).toBeNull();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    await flush(0);
    expect(settledAt).not.toBeNull();
  });

  it('settles when a screen or a write opens the member database meanwhile', async () => {
    watch();
    await flush(10);
    wantDeviceData();
    await flush(0);
    expect(settledAt).not.toBeNull();
    expect(lastReason()).toBe('wanted');
  });

  it(`with writes waiting, goes ${SETTLE_DELAY_MS} ms after the idle moment, with no gesture`, async () => {
    waiting.writes = true;
    watch();
    await flush(SETTLE_DELAY_MS - 1);
    expect(settledAt).toBeNull();
    await flush(1);
    expect(settledAt).not.toBeNull();
    expect(lastReason()).toBe('writes-waiting');
  });

  it('goes after the short pause when the page starts offline, or when the data is already wanted', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    watch();
    await flush(SETTLE_DELAY_MS);
    expect(settledAt).not.toBeNull();

    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    resetShellSettledForTests();
    wantDeviceData();
    watch();
    await flush(SETTLE_DELAY_MS);
    expect(settledAt).not.toBeNull();
  });

  it('settles once per page: a later call resolves with the first', async () => {
    watch();
    window.dispatchEvent(new Event('pointerdown')); // before the idle moment: not yet listened to
    await flush(10);
    expect(settledAt).toBeNull();
    window.dispatchEvent(new Event('keydown'));
    await flush(0);
    expect(settledAt).not.toBeNull();
    let again = false;
    void shellSettled().then(() => (again = true));
    await flush(0);
    expect(again).toBe(true);
  });
});
