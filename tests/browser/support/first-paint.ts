// The first paint's browser tests (feed-first-paint.test.ts, garage-first-paint.test.ts): what their
// init scripts note in the page, and the check that the app's files wait for the drawn view.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  FIRST_PAINT_DONE_MARK,
  FIRST_PAINT_MAX_WAIT_MS,
  FIRST_PAINT_WAIT_MARK,
} from '../../../src/app/first-paint-wait';
import { STEP_TIMEOUT_MS } from '../harness';

/** What the tests' init scripts note in the page, as window.__firstPaint. */
export interface FirstPaintSeen {
  lcp: { at: number; size: number; tag: string | null }[];
  paintedAt: number | null;
  replacedAt: number | null;
}

export function firstPaintSeen<T extends FirstPaintSeen = FirstPaintSeen>(page: Page): Promise<T> {
  return page.evaluate(() => (window as unknown as { __firstPaint: T }).__firstPaint);
}

/** Holds the app's step (start-*.js) until the returned function is called. */
export async function holdAppStep(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * React DOM (the app's first file, client-*.js) is asked for once, after the view drawn before the
 * app has been painted and reported as the page's largest contentful paint (src/lib/first-paint/first-paint-dom.ts).
 */
export async function expectAppAskedAfterDrawnView(page: Page): Promise<void> {
  const askedAt = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/client-[^/]*\.js$/.test(e.name))
        .map((e) => e.startTime),
    );
  const { paintedAt } = await firstPaintSeen(page);
  expect(paintedAt).not.toBeNull();
  await expect.poll(async () => (await askedAt()).length, { timeout: STEP_TIMEOUT_MS }).toBe(1);
  const drawnLcp = (await firstPaintSeen(page)).lcp.filter((e) => e.size > 5000).at(0)?.at;
  expect(drawnLcp).toBeGreaterThanOrEqual(paintedAt!);
  const wait = await page.evaluate(
    ([waitMark, doneMark]) => {
      const started = performance.getEntriesByName(waitMark!)[0];
      const done = performance.getEntriesByName(doneMark!)[0] as PerformanceMark | undefined;
      return started && done
        ? { startedAt: started.startTime, drawn: (done.detail as { drawn: boolean }).drawn }
        : null;
    },
    [FIRST_PAINT_WAIT_MARK, FIRST_PAINT_DONE_MARK],
  );
  expect(wait).not.toBeNull();
  const asked = (await askedAt())[0]!;
  // The entry's rule, whatever the machine's speed: the app's files once the view drawn before the
  // app is on screen, or, when the early answer came too late, once the longest wait is over.
  if (wait!.drawn) expect(asked).toBeGreaterThanOrEqual(drawnLcp!);
  else expect(asked).toBeGreaterThanOrEqual(wait!.startedAt + FIRST_PAINT_MAX_WAIT_MS - 1);
}

/**
 * Waits until the app's render has replaced the drawn view and the frames after it have been
 * painted and reported: a mark with `elementtiming` is shown once the swap is done, and its paint is
 * reported after every earlier frame's (the browser reports paints in frame order, largest
 * contentful paint included). So "no later, larger paint" is read after a state, not after a delay
 * that a loaded machine can outlast. The mark is a dot in a corner, out of the flow: it moves
 * nothing and, much smaller than the drawn view, is no largest-paint candidate.
 */
export async function afterSwapPainted(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as { __firstPaint: FirstPaintSeen }).__firstPaint.replacedAt !== null,
  );
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const mark = document.createElement('span');
        mark.setAttribute('elementtiming', 'after-swap');
        mark.setAttribute('aria-hidden', 'true');
        mark.textContent = '.';
        mark.style.cssText = 'position:fixed;left:0;bottom:0;font-size:8px;line-height:1;z-index:2147483647';
        new PerformanceObserver((list, observer) => {
          const entries = list.getEntries() as (PerformanceEntry & { identifier?: string })[];
          if (!entries.some((e) => e.identifier === 'after-swap')) return;
          observer.disconnect();
          mark.remove();
          resolve();
        }).observe({ type: 'element', buffered: true });
        document.body.append(mark);
      }),
  );
}
