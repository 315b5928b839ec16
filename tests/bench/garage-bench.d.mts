import type { Browser } from 'playwright-core';
import type { SeededSession } from '../browser/support/first-render-js.mjs';
import type { ServerHandle } from '../browser/support/server-process.mjs';

export const GARAGE_LOGS: number;
export const OFFLINE_WRITES: number;
export const FIRST_SYNC_BUDGET_MS: number;
export const FILTER_BUDGET_MS: number;
export const REPLAY_BUDGET_MS: number;
export const MAX_DOM_ROWS: number;
/** OFFLINE_WRITES log creates queued offline, then replayed: ms from `online` to an empty outbox. */
export function offlineReplay(
  browser: Browser,
  server: ServerHandle,
  session: SeededSession,
  carId: string,
  log: (line: string) => void,
  garage: boolean,
): Promise<{
  ms: number;
  perWriteMs: number;
  queued: number;
  serverTotal: number;
  distinct: number;
  missing: number;
  exactlyOnce: boolean;
  requests: { posts: number; logGets: number };
}>;
export function benchGarage(log: (line: string) => void): Promise<unknown>;
