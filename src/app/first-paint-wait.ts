// How long the entry waits for the screen's first view before it asks for the app's files, and the
// user-timing marks of that wait (src/app/early-asks.ts). No imports: the browser tests read these
// too (tests/browser/support/first-paint.ts).

/** The entry asks for the app's files once the first posts have painted, or after this long. */
export const FIRST_PAINT_MAX_WAIT_MS = 1000;

/**
 * User-timing marks of the wait: when it started, and when it ended with whether the view was drawn
 * (`detail.drawn`). The browser tests read them to check the rule either way: the app's files after
 * the drawn view, or after the longest wait when the answer came too late (a loaded machine).
 */
export const FIRST_PAINT_WAIT_MARK = 'paddock:first-paint-wait';
export const FIRST_PAINT_DONE_MARK = 'paddock:first-paint-done';
