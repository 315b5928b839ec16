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

/**
 * How the sync panel shows one kind's entries, in its feature's words (the panel knows no
 * feature): the kind's name, and what its body's fields mean.
 */
export interface OutboxKindContent {
  /** The catalog key naming the kind ("Log edited"). */
  label: string;
  /**
   * The fields of its entity in the order its form shows them, each with its label's catalog key:
   * the feature's one list for that entity (a field left out shows under its raw name).
   */
  fields?: Readonly<Record<string, string>>;
  /** The fields whose value is a settings key (spec §3/§8), each with its settings domain. */
  settings?: Readonly<Record<string, string>>;
  /**
   * The fields whose value is one of a fixed list (a paper's kind: "insurance"), each value with its
   * label's catalog key: shown in words, not as the value the server reads.
   */
  values?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The words that name one entry ("Oil change", "Alpine A110"), when it has any. */
  summary?: (json: Readonly<Record<string, unknown>>) => string | undefined;
  /**
   * A refusal (its status) meaning the member lost access to what the write belongs to (a car no
   * longer shared with them): no retry helps; the panel says so.
   */
  accessLost?: (status: number | undefined) => boolean;
  /** What a write refused for lost access may be kept as: a copy on another of the member's own. */
  copy?: {
    /** Where a copy may go: the member's own (a car), by id and name. */
    targets: () => Promise<Array<{ id: string; name: string }>>;
    /**
     * Queues a copy of the entry's content (`json`, its body's fields, and its `files`) on
     * `targetId`; the panel then drops the refused entry.
     */
    copy: (
      entry: OutboxEntry,
      json: Readonly<Record<string, unknown>>,
      targetId: string,
      files: Blob[],
    ) => Promise<unknown>;
  };
  /** An edit of a row another device deleted (answered 404): kept as a new row, or dropped. */
  deletedElsewhere?: {
    /** The catalog keys of the card's explanation and of its "keep" button. */
    text: string;
    keep: string;
    keepAsNew: (entry: OutboxEntry) => Promise<unknown>;
    drop: (entry: OutboxEntry) => Promise<unknown>;
  };
}

/**
 * Each kind of one feature's handlers with its content (or only its label's catalog key): a
 * handler without one does not compile.
 */
export type OutboxKindLabels<H extends OutboxHandlers = OutboxHandlers> = {
  readonly [K in keyof H]: string | OutboxKindContent;
};

const handlers = new Map<string, OnSent>();
const labelsOf = new WeakMap<OutboxHandlers, OutboxKindLabels>();
const contents = new Map<string, OutboxKindContent>();

/**
 * A feature's handlers with the content of every kind they handle, in the feature's own words: the
 * sync panel names and shows an entry by it, knowing no feature (registered with the handlers).
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
      const content = labelsOf.get(map)?.[kind];
      if (content) contents.set(kind, typeof content === 'string' ? { label: content } : content);
    }
  }
  return () => {
    for (const [kind, handler] of added)
      if (handlers.get(kind) === handler) {
        handlers.delete(kind);
        contents.delete(kind);
      }
  };
}

/** The label key of a registered kind; undefined for a kind no feature registered (a newer one). */
export function outboxKindLabel(kind: string): string | undefined {
  return contents.get(kind)?.label;
}

/** The content a feature registered for a kind; undefined for a kind no feature registered. */
export function outboxKindContent(kind: string): OutboxKindContent | undefined {
  return contents.get(kind);
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
