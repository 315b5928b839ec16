import { useWindowVirtualizer, type Virtualizer, windowScroll } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { LocalCarLog } from '@/features/garage';
import { LogRow } from './log-row';

/** A row's height in rem (log-list.css: .log-row height + the gap), so it follows the font size. */
export const ROW_HEIGHT_REM = 5.25;
/** Rows rendered beyond the viewport, each way: keeps fast flings free of blank rows. */
const OVERSCAN = 8;

/** Where the list last started in the page (px from its top): the next list's first guess. */
let listStartHint = 0;

function listStart(element: HTMLElement): number {
  return Math.round(element.getBoundingClientRect().top + window.scrollY);
}

/**
 * The window's scroll, written only when it moves it. Mounting, the virtualizer writes back the
 * offset it has just read from the window: a scroll to where the page already is, which still makes
 * the browser lay the whole page out (new rows included) before the first rows can show.
 */
export function scrollWindowTo(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<Window, Element>,
): void {
  const still = !options.adjustments && options.behavior !== 'smooth' && offset === instance.scrollOffset;
  if (!still) windowScroll(offset, options, instance);
}

function readRootFontPx(): number {
  const size = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : 16;
}

/**
 * The root font size, as last read. Read while rendering, it makes the browser recompute the styles
 * of the whole page (the new screen's included) before the first rows; the list reads it again
 * once laid out (cheap then), so the next list follows a changed font size.
 */
let rootFontHint: number | undefined;

function rootFontPx(): number {
  rootFontHint ??= readRootFontPx();
  return rootFontHint;
}

/**
 * The page itself scrolls (the layout's header and tab bar stay put), so the list virtualises
 * against the window: only the rows near the viewport are in the DOM, even with 10,000 logs.
 * Fixed-height rows: positions are arithmetic, no measuring while scrolling.
 */
export function VirtualLogList({
  logs,
  total,
  mileageUnit,
  label,
}: {
  logs: LocalCarLog[];
  /** How many logs the list has when `logs` is only its first page (the rest still being read). */
  total?: number;
  mileageUnit: string;
  label: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const [rowHeight] = useState(() => Math.round(ROW_HEIGHT_REM * rootFontPx()));
  // Where the list starts in the page; content above it (car details, the stats opening) moves it.
  // The first window uses the last one measured (a list seen before starts where it did; 0 puts
  // every row of the first screen in it anyway), then a ResizeObserver measures it: its callback
  // comes once the browser has laid the page out, where reading a position costs nothing. Read
  // while rendering, the same position forced a layout of the whole page before the first rows
  // could show (tens of ms for a 5,000-log car on a phone).
  const [scrollMargin, setScrollMargin] = useState(() => listStartHint);
  useEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const update = () => {
      rootFontHint = readRootFontPx();
      listStartHint = listStart(element);
      setScrollMargin(listStartHint);
    };
    if (typeof ResizeObserver === 'undefined') {
      update();
      return;
    }
    // Observing calls back once at the next layout, then on every change of the page's size.
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: logs.length,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    scrollMargin,
    scrollToFn: scrollWindowTo,
    getItemKey: (index) => logs[index]?.id ?? index,
    // Before the first measure (and in environments without layout), assume a full window.
    initialRect: { width: 0, height: typeof window === 'undefined' ? 800 : window.innerHeight },
  });
  const items = virtualizer.getVirtualItems();

  return (
    <div
      ref={listRef}
      className="log-list__rows"
      role="list"
      aria-label={label}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const log = logs[item.index];
        if (!log) return null;
        return (
          <div
            key={item.key}
            role="listitem"
            aria-setsize={total ?? logs.length}
            aria-posinset={item.index + 1}
            className="log-list__item"
            style={{ height: rowHeight, transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            <LogRow log={log} mileageUnit={mileageUnit} />
          </div>
        );
      })}
    </div>
  );
}
