// Per-kind reconciliation after a successful send: e.g. replace the local car log with the
// server's answer. Handlers run after the fetch, outside any transaction the replayer holds.
import type { OutboxEntry } from './types';

export type OnSent = (entry: OutboxEntry, data: unknown) => void | Promise<void>;

const handlers = new Map<string, OnSent>();

/** Registers the handler of one entry kind (the last registration wins). Returns an unregister. */
export function registerOnSent(kind: string, handler: OnSent): () => void {
  handlers.set(kind, handler);
  return () => {
    if (handlers.get(kind) === handler) handlers.delete(kind);
  };
}

export function onSentHandler(kind: string): OnSent | undefined {
  return handlers.get(kind);
}
