import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Virtualizer } from '@tanstack/react-virtual';
import { carLogRow } from '@/testing/mirror-rows';
import { activateCatalog, renderInRouter } from '@/testing/test-utils';
import { scrollWindowTo, VirtualLogList } from './virtual-log-list';

const logs = Array.from({ length: 200 }, (_, i) =>
  carLogRow({ id: `log-${i}`, title: `Entry ${i}`, startDate: '2026-01-01' }),
);

/** A ResizeObserver the test calls back, as the browser does once it has laid the page out. */
const observers: ResizeObserverCallback[] = [];
class FakeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    observers.push(this.callback);
  }
  unobserve() {}
  disconnect() {
    observers.splice(observers.indexOf(this.callback), 1);
  }
}

function laidOut() {
  act(() => observers.forEach((callback) => callback([], {} as ResizeObserver)));
}

const rows = () => screen.getAllByRole('listitem');

describe('the log list reads no layout before its first rows', () => {
  let positions: ReturnType<typeof vi.spyOn>;
  let scrolls: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    activateCatalog('en-US');
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    scrolls = vi.fn();
    window.scrollTo = scrolls as unknown as typeof window.scrollTo;
    // The list starts 300 px down the page (the car, its sections bar).
    positions = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ top: 300 } as DOMRect);
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('draws the first rows, then measures where it starts once the page is laid out', async () => {
    await renderInRouter(<VirtualLogList logs={logs} mileageUnit="km" label="Logs" />);
    const first = rows();
    const placed = first.map((row) => row.style.transform);
    expect(first[0]?.getAttribute('aria-setsize')).toBe('200');
    // Neither a position read nor a scroll (both make the browser lay the page out first).
    expect(positions).not.toHaveBeenCalled();
    // (The router's own scroll restoration aside: it names `left`, the list's write never does.)
    expect(scrolls.mock.calls.filter(([to]) => !('left' in (to as object)))).toEqual([]);

    laidOut();
    expect(positions).toHaveBeenCalled();
    // 300 px of the window are above the list: fewer of its rows are on screen.
    expect(rows().length).toBeLessThan(first.length);
    // Rows are placed within the list: where it starts moves none of them.
    expect(rows().map((row) => row.style.transform)).toEqual(placed.slice(0, rows().length));
  });

  it('a list shown again starts where the last one was measured: the measure changes nothing', async () => {
    await renderInRouter(<VirtualLogList logs={logs} mileageUnit="km" label="Logs" />);
    laidOut();
    const measured = rows().length;
    cleanup();

    await renderInRouter(<VirtualLogList logs={logs} mileageUnit="km" label="Logs" />);
    expect(rows()).toHaveLength(measured);
    laidOut();
    expect(rows()).toHaveLength(measured);
  });
});

describe("the window's scroll, written only when it moves", () => {
  const instance = (scrollOffset: number) =>
    ({ scrollOffset, scrollElement: window, options: {} }) as unknown as Virtualizer<Window, Element>;

  afterEach(() => vi.restoreAllMocks());

  it('skips the write-back of the offset the window is at, writes any other', () => {
    const scrolls = vi.fn();
    window.scrollTo = scrolls as unknown as typeof window.scrollTo;
    scrollWindowTo(120, {}, instance(120));
    expect(scrolls).not.toHaveBeenCalled();
    scrollWindowTo(480, {}, instance(120));
    expect(scrolls).toHaveBeenLastCalledWith({ top: 480, behavior: undefined });
    // An adjustment or a smooth scroll is a move, even from where the window is.
    scrollWindowTo(120, { adjustments: 84 }, instance(120));
    expect(scrolls).toHaveBeenLastCalledWith({ top: 204, behavior: undefined });
    scrollWindowTo(120, { behavior: 'smooth' }, instance(120));
    expect(scrolls).toHaveBeenLastCalledWith({ top: 120, behavior: 'smooth' });
  });
});
