// The DOM helpers of the screens' first paint before the app (src/features/posts/feed-first-paint.ts,
// src/features/garage/garage-first-paint.ts): plain DOM into index.html's app shell. Nothing here
// may import React, React DOM or Dexie.

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
