// The first screen's content before the rest: when the start-up knows the screen will signal its
// first content (the feed's first post card, docs/SPEC-NOTES.md §4), what the screen does not need
// (the socket and its library, the bell's Dexie overlay, the service worker's registration) waits
// for that signal, so it neither competes for the wire nor counts in the first post's JavaScript.
// Other screens never wait.

/** Waiting never lasts longer than this after the start-up announced the signal. */
export const FIRST_CONTENT_MAX_WAIT_MS = 3000;

let expected: Promise<void> | null = null;
let resolveExpected: (() => void) | null = null;

/** The start-up: this screen will call markFirstContent() once its first content has painted. */
export function expectFirstContent(maxWaitMs = FIRST_CONTENT_MAX_WAIT_MS): void {
  if (expected) return;
  expected = new Promise<void>((resolve) => {
    resolveExpected = resolve;
    setTimeout(resolve, maxWaitMs);
  });
}

/** The screen's first content is on screen (or will not come): whoever waits goes on. */
export function markFirstContent(): void {
  resolveExpected?.();
}

/** Resolves once the first content has painted; at once when no screen announced one. */
export function afterFirstContent(): Promise<void> {
  return expected ?? Promise.resolve();
}

/** Tests: back to a page where nothing is expected. */
export function resetFirstContentForTests(): void {
  resolveExpected?.();
  expected = null;
  resolveExpected = null;
}
