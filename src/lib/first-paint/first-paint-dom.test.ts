// The first paint's wait for the drawn view to be on screen (first-paint-dom.ts, afterPresented):
// the browser's largest-contentful-paint report for an element of the view, else a bounded wait.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPresented, PRESENTED_MAX_WAIT_MS } from './first-paint-dom';

type Entry = { element: Element | null };

/** A PerformanceObserver that reports LCP entries when the test says so. */
function fakeObserver(supported = ['largest-contentful-paint']) {
  const observers: { callback: (list: { getEntries: () => Entry[] }) => void; disconnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    private readonly self;
    constructor(callback: (list: { getEntries: () => Entry[] }) => void) {
      this.self = { callback, disconnected: false };
      observers.push(this.self);
    }
    observe() {}
    disconnect() {
      this.self.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    report: (element: Element | null) =>
      observers
        .filter((o) => !o.disconnected)
        .forEach((o) => o.callback({ getEntries: () => [{ element }] })),
    observers,
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('afterPresented', () => {
  it('waits for the largest contentful paint of an element of the drawn view, not of another', async () => {
    vi.useFakeTimers();
    const browser = fakeObserver();
    document.body.innerHTML =
      '<header id="bar">Paddock</header><main id="drawn"><p id="hint">Hint</p></main>';
    let done = false;
    void afterPresented(document.getElementById('drawn')!).then(() => (done = true));
    browser.report(document.getElementById('bar'));
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toBe(false);
    browser.report(document.getElementById('hint'));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(browser.observers.every((o) => o.disconnected)).toBe(true);
  });

  it(`gives up after PRESENTED_MAX_WAIT_MS (300 ms) without a report`, async () => {
    vi.useFakeTimers();
    fakeObserver();
    document.body.innerHTML = '<main id="drawn"><p>Hint</p></main>';
    let done = false;
    void afterPresented(document.getElementById('drawn')!).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(PRESENTED_MAX_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(PRESENTED_MAX_WAIT_MS).toBe(300);
  });

  it('without the report (another browser), waits for the next frame only', async () => {
    vi.useFakeTimers();
    const browser = fakeObserver([]);
    document.body.innerHTML = '<main id="drawn"></main>';
    let done = false;
    void afterPresented(document.getElementById('drawn')!).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(done).toBe(true);
    expect(browser.observers).toHaveLength(0);
  });
});
