// Test helpers of the outbox suites: a fresh database per test and a scripted send double.
import { ApiError, NetworkError } from '../http/api-errors';
import { createDb, type PaddockDb } from '../db';
import { registerOutboxHandlers, type OutboxHandlers } from './handlers';
import type { OutboxEntry } from './types';

let counter = 0;

/** A database of its own, so tests never see each other's rows. */
export function freshDb(): PaddockDb {
  counter += 1;
  return createDb(`paddock-test-${counter}-${Math.random().toString(36).slice(2)}`);
}

export type Answer = 'ok' | number | 'network';

/** A send double: answers per entry path from a script (the last answer repeats), records calls. */
export function scriptedSend(script: Record<string, Answer[]>) {
  const calls: OutboxEntry[] = [];
  const send = async (entry: OutboxEntry): Promise<unknown> => {
    calls.push(entry);
    const answers = script[entry.path] ?? ['ok'];
    const seen = calls.filter((c) => c.path === entry.path).length;
    const answer = answers[Math.min(seen, answers.length) - 1] ?? 'ok';
    if (answer === 'ok') return { id: entry.id };
    if (answer === 'network') throw new NetworkError('offline');
    throw new ApiError(answer, `HTTP_${answer}`, `server said ${answer}`);
  };
  return { send, calls, paths: () => calls.map((c) => c.path) };
}

/** The kinds these suites queue: nothing to reconcile, but every kind needs a handler. */
export const TEST_HANDLERS: OutboxHandlers = Object.fromEntries(
  ['test', 'x', 'car.create', 'carLog.create', 'carLog.delete'].map((kind) => [kind, () => undefined]),
);

/** Registers TEST_HANDLERS for the whole file (call at the top level of a suite). */
export function withTestHandlers(before: (fn: () => () => void) => void): void {
  before(() => registerOutboxHandlers(TEST_HANDLERS));
}
