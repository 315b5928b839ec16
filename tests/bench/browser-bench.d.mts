import type { Browser } from 'playwright-core';
import type { SeededSession } from '../browser/support/first-render-js.mjs';
import type { ServerHandle } from '../browser/support/server-process.mjs';

export const FEED_POSTS: number;
/** Offline reloads to FCP and offline cold starts to the first post card, in ms (stops and restarts the server). */
export function measureOfflineStarts(
  browser: Browser,
  server: ServerHandle,
  session: SeededSession,
  runs: number,
): Promise<{ samples: number[]; feed: number[] }>;
export function benchBrowser(server: ServerHandle, log: (line: string) => void): Promise<unknown>;
