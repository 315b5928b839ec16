import { describe, expect, it, vi } from 'vitest';
import {
  handlePreloadError,
  PRELOAD_RELOAD_GUARD_MS,
  UPDATE_CHECK_INTERVAL_MS,
  workerNavigation,
} from './register-sw';

describe('service worker registration rules', () => {
  it('checks for an update hourly', () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(60 * 60 * 1000);
  });

  it('reloads once for a vanished chunk when online, not again within the guard window', () => {
    const reload = vi.fn();
    const event = new Event('vite:preloadError', { cancelable: true });
    expect(handlePreloadError(event, { storage: sessionStorage, now: 1_000_000, online: true, reload })).toBe(
      true,
    );
    expect(event.defaultPrevented).toBe(true);
    expect(
      handlePreloadError(new Event('x'), {
        storage: sessionStorage,
        now: 1_000_000 + PRELOAD_RELOAD_GUARD_MS - 1,
        online: true,
        reload,
      }),
    ).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(
      handlePreloadError(new Event('x'), {
        storage: sessionStorage,
        now: 1_000_000 + PRELOAD_RELOAD_GUARD_MS,
        online: true,
        reload,
      }),
    ).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads offline (the precache still serves the old build)', () => {
    const reload = vi.fn();
    sessionStorage.clear();
    expect(
      handlePreloadError(new Event('x'), { storage: sessionStorage, now: 5, online: false, reload }),
    ).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("the worker's NAVIGATE message (a clicked notification)", () => {
  it('opens a path of this app, and nothing else', () => {
    const go = vi.fn();
    expect(workerNavigation({ type: 'NAVIGATE', url: '/chat/r1' }, go)).toBe(true);
    expect(go).toHaveBeenCalledWith('/chat/r1');
    for (const data of [
      { type: 'NAVIGATE', url: 'https://evil.example/' },
      { type: 'NAVIGATE', url: '//evil.example/' },
      { type: 'NAVIGATE', url: '/\\evil.example' },
      { type: 'SKIP_WAITING' },
      null,
    ])
      expect(workerNavigation(data, go), JSON.stringify(data)).toBe(false);
    expect(go).toHaveBeenCalledTimes(1);
  });
});
