// The DOM helpers of the screens' first paint before the app (src/features/posts/feed-first-paint.ts,
// the garage, a car's home, the account screen): plain DOM into index.html's app shell. Nothing here
// may import React, React DOM or Dexie.
import { plainMessage, type CompiledMessages } from '@/lib/i18n/catalog-request';

/** An element with its classes and, when given, its text (as text: never parsed as markup). */
export function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A first view's frame: the layout's main area, named `view` (data-first-paint), holding its page. */
export function firstPaintPage(doc: Document, view: string): { main: HTMLElement; page: HTMLElement } {
  const main = element(doc, 'div', 'layout__main app-shell__main');
  main.dataset.firstPaint = view;
  const page = element(doc, 'div', 'ui-page');
  main.append(page);
  return { main, page };
}

/**
 * Draws a first view into index.html's app shell, unless the app has rendered meanwhile (the shell
 * is gone) or a view is painted already; `draw` gives the view, or null when there is nothing to
 * show. Resolves to whether it painted, once the frame is on screen.
 */
export function paintIntoShell(doc: Document, draw: () => HTMLElement | null): Promise<boolean> {
  const shell = doc.querySelector('#root > .app-shell');
  if (!shell || shell.querySelector('[data-first-paint]')) return Promise.resolve(false);
  const markup = draw();
  if (!markup) return Promise.resolve(false);
  shell.append(markup);
  return afterPresented(markup).then(() => true);
}

/** A catalog text, or a skeleton bar of `barClass` when the catalog has none (not loaded, placeholders). */
export function catalogText(
  doc: Document,
  messages: CompiledMessages,
  id: string,
  tag: 'h1' | 'h2' | 'p' | 'span',
  className: string,
  barClass: string,
): HTMLElement {
  const message = plainMessage(messages, id);
  return message === null
    ? element(doc, 'span', `ui-skeleton ${barClass}`)
    : element(doc, tag, className, message);
}

/**
 * Resolves once every style sheet linked so far has loaded (or failed): the drawn view needs the
 * screen's style sheets.
 */
export function styleSheetsSettled(doc: Document = document): Promise<void> {
  const pending = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => !link.sheet,
  );
  return Promise.all(
    pending.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/** After the next frame has been painted (what follows is not part of it). */
export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });
}

/** How long afterPresented waits for the browser to report the drawn view's paint. */
export const PRESENTED_MAX_WAIT_MS = 300;

/**
 * After the view drawn into `root` is on screen: when the browser reports it as the page's largest
 * contentful paint so far (a frame is presented some time after it is painted, longer on a busy
 * phone), else after PRESENTED_MAX_WAIT_MS; where that report does not exist, after the next frame.
 * What follows (the app's downloads) then never delays the member's first view.
 */
export function afterPresented(root: Element, maxWaitMs = PRESENTED_MAX_WAIT_MS): Promise<void> {
  const supported =
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint');
  if (!supported) return afterNextFrame();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
      if (entries.some((entry) => entry.element && root.contains(entry.element))) done();
    });
    const timer = setTimeout(done, maxWaitMs);
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}
