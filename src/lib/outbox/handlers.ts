// Per-kind reconciliation after a successful send: e.g. replace the local car log with the
// server's answer. Handlers run after the fetch, outside any transaction the replayer holds.
// Each offline feature exports its handlers as one map (entry kind → handler). The app gives the
// engine a loader of every map (src/app/outbox-handlers.ts), which runs once, before the first entry
// is sent or a kind is named (the sync panel): a device with nothing waiting never loads them.
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

/** The catalog key that names each kind of one feature's handlers (the sync panel's label). */
export type OutboxKindLabels<H extends OutboxHandlers = OutboxHandlers> = { readonly [K in keyof H]: string };

const handlers = new Map<string, OnSent>();
const labelsOf = new WeakMap<OutboxHandlers, OutboxKindLabels>();
const labels = new Map<string, string>();

/**
 * A feature's handlers with the label of every kind they handle, in the feature's own words: the
 * sync panel names an entry by it, knowing no feature (registered with the handlers).
 */
export function withKindLabels<H extends OutboxHandlers>(map: H, kindLabels: OutboxKindLabels<H>): H {
  labelsOf.set(map, kindLabels);
  return map;
}

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
      const label = labelsOf.get(map)?.[kind];
      if (label) labels.set(kind, label);
    }
  }
  return () => {
    for (const [kind, handler] of added)
      if (handlers.get(kind) === handler) {
        handlers.delete(kind);
        labels.delete(kind);
      }
  };
}

/** The label key of a registered kind; undefined for a kind no feature registered (a newer one). */
export function outboxKindLabel(kind: string): string | undefined {
  return labels.get(kind);
}

export function onSentHandler(kind: string): OnSent | undefined {
  return handlers.get(kind);
}

let loader: (() => Promise<readonly OutboxHandlers[]>) | null = null;
let loading: Promise<void> | null = null;

/**
 * The handlers of every feature, loaded on need: loadOutboxHandlers() registers what `load`
 * gives, once. Returns a reset (tests).
 */
export function setOutboxHandlersLoader(load: () => Promise<readonly OutboxHandlers[]>): () => void {
  loader = load;
  loading = null;
  return () => {
    if (loader === load) {
      loader = null;
      loading = null;
    }
  };
}

/**
 * Registers the loader's handlers, once; at once when there is no loader or they are in. A failed
 * load (a vanished chunk) rejects, and the next call tries again.
 */
export function loadOutboxHandlers(): Promise<void> {
  const load = loader;
  if (!load) return Promise.resolve();
  loading ??= load().then(
    (maps) => {
      registerOutboxHandlers(...maps);
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
