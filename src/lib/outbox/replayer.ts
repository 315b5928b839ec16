// The outbox replayer (docs/OFFLINE-FIRST.md properties 2–4). Rules:
// - one pass at a time in this tab (a call during a pass asks for one more pass), and one tab at a
//   time through the 'paddock-outbox' lock;
// - FIFO by seq, up to REPLAY_CONCURRENCY independent entries in flight; an entry waits while any
//   entry it depends on, or an earlier entry of the same row, is still in the outbox, so the
//   dependents of a 'failed' entry stay blocked, never sent;
// - success deletes the entry, then the kind's onSent handler reconciles the local row;
// - retry (network, 5xx, 408, 429): the entry keeps its place, the pass stops (the head goes first
//   again) and a timer replays at nextAttemptAt;
// - 401: the pass stops, the token is refreshed, every entry is kept; at most one refresh per call;
// - attention (400, 403, 404, 409, 410, 422, …): status 'failed' with the server's message and the
//   pass goes on with the next independent entry.
import { db as defaultDb, type PaddockDb } from '../db';
import { backoffDelayMs } from './backoff';
import { classify } from './classify';
import { onSentHandler, UnknownOutboxKindError } from './handlers';
import { withOutboxLock } from './lock';
import { sendEntry } from './transport';
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

/** Independent writes sent at once: the server answers them in parallel (500 writes ≤ 15 s). */
export const REPLAY_CONCURRENCY = 4;

type PassResult = { kind: 'done' } | { kind: 'wait'; until: number } | { kind: 'auth' };

function retryAfterOf(error: unknown): number | undefined {
  const seconds = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' ? seconds : undefined;
}

export function createReplayer(overrides: Partial<ReplayerDeps> = {}) {
  const deps: ReplayerDeps = {
    db: defaultDb,
    send: (entry) => sendEntry(entry, deps.db),
    refresh: async () => (await import('../auth/refresh')).refreshTokens(),
    lock: withOutboxLock,
    now: () => Date.now(),
    random: Math.random,
    concurrency: REPLAY_CONCURRENCY,
    unknownKind: import.meta.env.MODE === 'test' ? 'throw' : 'attention',
    ...overrides,
  };
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Set by cancelTimer (stopOutbox): a pass still in flight must not plan another replay.
  let halted = false;
  // Set by stop() (a real logout): nothing more is sent, and no answer is written to the device.
  let stopped = false;

  function scheduleAt(until: number): void {
    if (halted) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = null;
        void replay();
      },
      Math.max(0, until - deps.now()),
    );
  }

  async function fail(entry: OutboxEntry, error: unknown, status?: number): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    await deps.db.outbox.update(entry.id, {
      status: 'failed',
      lastError: message,
      ...(status !== undefined ? { lastStatus: status } : {}),
    });
  }

  async function sendOne(entry: OutboxEntry): Promise<PassResult | null> {
    if (!onSentHandler(entry.kind)) {
      const error = new UnknownOutboxKindError(entry.kind);
      if (deps.unknownKind === 'throw') throw error;
      console.error(error.message);
      await fail(entry, error);
      return null;
    }
    await deps.db.outbox.update(entry.id, { status: 'sending' });
    let data: unknown;
    try {
      data = await deps.send(entry); // outside any transaction (PrematureCommitError)
    } catch (error) {
      if (stopped) return null; // the device is being cleared: the answer has nowhere to go
      const status = (error as { status?: unknown } | null)?.status;
      const httpStatus = typeof status === 'number' ? status : undefined;
      const outcome = classify(error);
      // Deleting what is already gone (another device did it) reached the goal: not an error.
      if (entry.method === 'DELETE' && httpStatus === 404) return succeed(entry, undefined);
      if (outcome === 'attention') {
        await fail(entry, error, httpStatus);
        return null;
      }
      if (outcome === 'auth') {
        await deps.db.outbox.update(entry.id, { status: 'pending' });
        return { kind: 'auth' };
      }
      const attempts = entry.attempts + 1;
      const until = deps.now() + backoffDelayMs(attempts, deps.random(), retryAfterOf(error));
      await deps.db.outbox.update(entry.id, {
        status: 'pending',
        attempts,
        nextAttemptAt: until,
        lastError: error instanceof Error ? error.message : String(error),
        ...(httpStatus !== undefined ? { lastStatus: httpStatus } : {}),
      });
      return { kind: 'wait', until };
    }
    return succeed(entry, data);
  }

  async function succeed(entry: OutboxEntry, data: unknown): Promise<null> {
    if (stopped) return null; // the device is being cleared: no handler may write a row back
    await deps.db.outbox.delete(entry.id);
    try {
      await onSentHandler(entry.kind)?.(entry, data);
    } catch (error) {
      // The server has it; a failed reconciliation must not resend. The next refresh fixes the row.
      console.error(`outbox onSent handler failed for ${entry.kind}`, error);
    }
    if (stopped) return null; // cleared meanwhile: the database this replayer wrote to is closed
    // Files uploaded by this entry are on the server now (the handler has shown the server's copy).
    await deps.db.mediaBlobs.where('entryId').equals(entry.id).delete();
    return null;
  }

  /**
   * One pass over the queue in seq order, with up to `concurrency` requests in flight. An entry
   * waits for every entry it depends on and for every earlier entry of the same row (entityId):
   * one request in flight per dependency chain (docs/OFFLINE-FIRST.md property 3); independent writes overlap.
   */
  async function pass(): Promise<PassResult> {
    const entries = await deps.db.outbox.orderBy('seq').toArray();
    const inQueue = new Set(entries.map((e) => e.id));
    const order = entries.map((e) => ({ id: e.id, entityId: e.entityId }));
    const inFlight = new Map<string, Promise<void>>();
    let stop: PassResult | null = null;

    /** Queued entries this one must wait for: its dependencies and earlier writes of its row. */
    const blockersOf = (entry: OutboxEntry, index: number): string[] => {
      const earlierSameRow = entry.entityId
        ? order
            .slice(0, index)
            .filter((e) => e.entityId === entry.entityId)
            .map((e) => e.id)
        : [];
      return [...(entry.dependsOn ?? []), ...earlierSameRow].filter((id) => inQueue.has(id));
    };

    for (let index = 0; index < order.length && !stop && !stopped; index += 1) {
      const id = order[index]!.id;
      while (inFlight.size >= deps.concurrency) await Promise.race(inFlight.values());
      if (stop || stopped) break;
      let entry = await deps.db.outbox.get(id); // discarded or edited meanwhile?
      if (!entry) {
        inQueue.delete(id);
        continue;
      }
      if (entry.status === 'failed') continue; // needs attention: its dependents stay blocked
      // Blocked only by requests in flight: wait for them, then look again.
      const waitingOn = blockersOf(entry, index);
      if (waitingOn.length && waitingOn.every((b) => inFlight.has(b))) {
        await Promise.all(waitingOn.map((b) => inFlight.get(b)));
        if (stop || stopped) break;
        entry = await deps.db.outbox.get(id);
        if (!entry) {
          inQueue.delete(id);
          continue;
        }
        if (entry.status === 'failed') continue;
      }
      if (blockersOf(entry, index).length) continue;
      if (entry.nextAttemptAt > deps.now()) {
        stop = { kind: 'wait', until: entry.nextAttemptAt };
        break;
      }
      const sending = entry;
      const flight = sendOne(sending).then(async (result) => {
        if (result && !stop) stop = result;
        if (stopped) return;
        if (!(await deps.db.outbox.get(sending.id))) inQueue.delete(sending.id);
      });
      inFlight.set(
        sending.id,
        flight.finally(() => inFlight.delete(sending.id)),
      );
    }
    await Promise.all(inFlight.values());
    return stop ?? { kind: 'done' };
  }

  async function drain(): Promise<void> {
    let refreshed = false;
    do {
      again = false;
      if (stopped) return;
      const result = await pass();
      if (stopped) return;
      if (result.kind === 'wait') scheduleAt(result.until);
      if (result.kind === 'auth') {
        if (refreshed) return; // still 401 after a refresh: pause until the next trigger
        refreshed = true;
        try {
          await deps.refresh();
        } catch {
          return; // offline or refused (a refusal signs out); entries are kept either way
        }
        again = true;
      }
    } while (again);
  }

  /** Replays the outbox; concurrent calls share the pass in flight (and ask for one more). */
  function replay(): Promise<void> {
    if (stopped) return Promise.resolve();
    halted = false;
    if (running) {
      again = true;
      return running;
    }
    running = deps.lock(drain).finally(() => {
      running = null;
    });
    return running;
  }

  /** Cancels the retry timer and keeps a pass in flight from planning one, until replay(). */
  function cancelTimer(): void {
    halted = true;
    if (timer) clearTimeout(timer);
    timer = null;
  }

  /**
   * A real logout: no further request leaves, and answers still on the wire are dropped (no
   * outbox update, no handler): the device is about to be cleared. For good: a new session
   * starts a new replayer.
   */
  function stop(): void {
    stopped = true;
    cancelTimer();
  }

  /** Resolves when no pass is in flight (at once when none is); never rejects. */
  function settled(): Promise<void> {
    return running ? running.catch(() => undefined) : Promise.resolve();
  }

  return { replay, cancelTimer, stop, settled };
}

export type Replayer = ReturnType<typeof createReplayer>;
