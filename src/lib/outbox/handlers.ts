// Per-kind reconciliation after a successful send: e.g. replace the local car log with the
// server's answer. Handlers run after the fetch, outside any transaction the replayer holds.
// Each offline feature exports its handlers as one map (entry kind → handler); the app registers
// every map once, before the first replay (src/app/outbox-handlers.ts).
import type { OutboxEntry } from './types';

export type OnSent = (entry: OutboxEntry, data: unknown) => void | Promise<void>;

/** One feature's handlers: every entry kind it queues, even those with nothing to reconcile. */
export type OutboxHandlers = Readonly<Record<string, OnSent>>;

/** An entry kind the handlers were never told about (a loud error in tests). */
export class UnknownOutboxKindError extends Error {
  constructor(kind: string) {
    super(`No outbox handler for the entry kind "${kind}"`);
    this.name = 'UnknownOutboxKindError';
  }
}

const handlers = new Map<string, OnSent>();

/**
 * Registers maps of handlers. A kind registered twice with two different handlers is a wiring
 * mistake and throws. Returns an unregister (tests).
 */
export function registerOutboxHandlers(...maps: OutboxHandlers[]): () => void {
  const added: [string, OnSent][] = [];
  for (const map of maps) {
    for (const [kind, handler] of Object.entries(map)) {
      const known = handlers.get(kind);
      if (known && known !== handler) throw new Error(`Two outbox handlers for the entry kind "${kind}"`);
      handlers.set(kind, handler);
      added.push([kind, handler]);
    }
  }
  return () => {
    for (const [kind, handler] of added) if (handlers.get(kind) === handler) handlers.delete(kind);
  };
}

export function onSentHandler(kind: string): OnSent | undefined {
  return handlers.get(kind);
}
