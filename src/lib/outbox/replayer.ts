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
// The parts: replay-pass.ts (the queue order and concurrency), replay-entry.ts (one entry and its
// answer); this file plans the passes (one at a time, the lock, the retry timer, the refresh).
import { db as defaultDb } from '../db';
import { withOutboxLock } from './lock';
import { createEntrySender } from './replay-entry';
import { replayPass } from './replay-pass';
import type { ReplayerDeps } from './replay-types';
import { sendEntry } from './transport';

export type { ReplayerDeps };

/** Independent writes sent at once: the server answers them in parallel (500 writes ≤ 15 s). */
export const REPLAY_CONCURRENCY = 4;

/**
 * A pass the retry timer started has no caller to tell. The database closed under it means the
 * session ended (sign-out, or a test's teardown): nothing is left to send. Anything else is logged.
 */
function backgroundPassFailed(error: unknown): void {
  if ((error as { name?: unknown } | null)?.name === 'DatabaseClosedError') return;
  console.error('outbox: a background replay failed', error);
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
  const isStopped = () => stopped;

  function scheduleAt(until: number): void {
    if (halted) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = null;
        replay().catch(backgroundPassFailed);
      },
      Math.max(0, until - deps.now()),
    );
  }

  const sendOne = createEntrySender(deps, isStopped);

  async function drain(): Promise<void> {
    let refreshed = false;
    do {
      again = false;
      if (stopped) return;
      const result = await replayPass(deps, sendOne, isStopped);
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
