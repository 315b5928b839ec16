// What the replayer's parts share: their dependencies and the outcome of a pass.
import type { PaddockDb } from '../db';
import type { OutboxEntry } from './types';

export interface ReplayerDeps {
  db: PaddockDb;
  send: (entry: OutboxEntry) => Promise<unknown>;
  refresh: () => Promise<unknown>;
  lock: (run: () => Promise<void>) => Promise<void>;
  now: () => number;
  random: () => number;
  /** Requests in flight at once (independent entries only). */
  concurrency: number;
  /**
   * An entry whose kind has no handler: 'throw' (tests: a loud error) or 'attention' (run time:
   * the entry is not sent and needs the member's attention, never silently dropped).
   */
  unknownKind: 'throw' | 'attention';
}

/** A pass (or one entry) ended: all sent or blocked, retry at `until`, or refresh the token first. */
export type PassResult = { kind: 'done' } | { kind: 'wait'; until: number } | { kind: 'auth' };
