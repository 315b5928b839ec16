// The echo window: a device skips the server's event of its own write, never a newer one.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createEchoWindow, DELETED_VERSION, ECHO_WINDOW_MS } from './echo';

afterEach(() => vi.useRealTimers());

describe('createEchoWindow', () => {
  test('an event no newer than the answer is the echo; a later write of the same row is not', () => {
    const echoes = createEchoWindow();
    echoes.remember('log-1', '2026-12-05T10:00:00.000Z');
    expect(echoes.echoOf('log-1', '2026-12-05T10:00:00.000Z')).toBe(true);
    expect(echoes.echoOf('log-1', '2026-12-05T09:59:59.999Z')).toBe(true);
    // Another device wrote the same log after this one's answer.
    expect(echoes.echoOf('log-1', '2026-12-05T10:00:00.001Z')).toBe(false);
    expect(echoes.echoOf('log-2', '2026-12-05T10:00:00.000Z')).toBe(false);
  });

  test('an unknown version (an older server, or an answer without one) is no echo', () => {
    const echoes = createEchoWindow();
    echoes.remember('log-1');
    expect(echoes.echoOf('log-1', '2026-12-05T10:00:00.000Z')).toBe(false);
    echoes.remember('log-2', '2026-12-05T10:00:00.000Z');
    expect(echoes.echoOf('log-2', null)).toBe(false);
    // sentHere (rows written once, like a message) still answers by id.
    expect(echoes.sentHere('log-1')).toBe(true);
  });

  test('answers out of order keep the newer version; one without a version keeps the known one', () => {
    const echoes = createEchoWindow();
    echoes.remember('log-1', '2026-12-05T10:00:02.000Z');
    echoes.remember('log-1', '2026-12-05T10:00:01.000Z');
    expect(echoes.echoOf('log-1', '2026-12-05T10:00:02.000Z')).toBe(true);
    echoes.remember('log-1');
    expect(echoes.echoOf('log-1', '2026-12-05T10:00:02.000Z')).toBe(true);
  });

  test("this device's delete covers every event of the row; another's delete after an edit is no echo", () => {
    const echoes = createEchoWindow();
    echoes.remember('gone', DELETED_VERSION);
    expect(echoes.echoOf('gone', DELETED_VERSION)).toBe(true);
    echoes.remember('edited', '2026-12-05T10:00:00.000Z');
    expect(echoes.echoOf('edited', DELETED_VERSION)).toBe(false);
  });

  test(`the window lasts ECHO_WINDOW_MS (${ECHO_WINDOW_MS} ms)`, () => {
    vi.useFakeTimers({ now: 0 });
    const echoes = createEchoWindow();
    echoes.remember('log-1', 'v1');
    vi.setSystemTime(ECHO_WINDOW_MS);
    expect(echoes.echoOf('log-1', 'v1')).toBe(true);
    vi.setSystemTime(ECHO_WINDOW_MS + 1);
    expect(echoes.echoOf('log-1', 'v1')).toBe(false);
    expect(echoes.sentHere('log-1')).toBe(false);
  });
});
