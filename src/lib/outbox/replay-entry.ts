// Sending one outbox entry and acting on its answer (the rules are listed in replayer.ts):
// success deletes it and reconciles the row, 'attention' marks it failed, 'auth' keeps it for after
// the refresh, 'retry' keeps it with a backoff.
import { backoffDelayMs } from './backoff';
import { classify } from './classify';
import { loadOutboxHandlers, onSentHandler, UnknownOutboxKindError } from './handlers';
import type { PassResult, ReplayerDeps } from './replay-types';
import type { OutboxEntry } from './types';

function retryAfterOf(error: unknown): number | undefined {
  const seconds = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' ? seconds : undefined;
}

/** Sends one entry; null when the pass may go on, else why it must stop. */
/** The code and refused fields of an API answer; undefined clears those of an earlier answer. */
function answerDetails(error: unknown): Pick<OutboxEntry, 'lastCode' | 'lastFields'> {
  const { code, fields } = (error ?? {}) as { code?: unknown; fields?: unknown };
  const names = Array.isArray(fields)
    ? fields
        .map((f: unknown) => (f as { field?: unknown } | null)?.field)
        .filter((f): f is string => typeof f === 'string')
    : [];
  return {
    lastCode: typeof code === 'string' ? code : undefined,
    lastFields: names.length ? names : undefined,
  };
}

/** A failed load of the handlers (a chunk that did not arrive) is tried again after this long. */
export const HANDLERS_RETRY_MS = 5000;

export type SendOne = (entry: OutboxEntry) => Promise<PassResult | null>;

/** `isStopped`: a real logout stopped the replayer (replayer.ts stop()): answers go nowhere. */
export function createEntrySender(deps: ReplayerDeps, isStopped: () => boolean = () => false): SendOne {
  async function fail(entry: OutboxEntry, error: unknown, status?: number): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    await deps.db.outbox.update(entry.id, {
      status: 'failed',
      lastError: message,
      ...(status !== undefined ? { lastStatus: status } : {}),
      ...answerDetails(error),
    });
  }

  async function succeed(entry: OutboxEntry, data: unknown): Promise<null> {
    if (isStopped()) return null; // the device is being cleared: no handler may write a row back
    await deps.db.outbox.delete(entry.id);
    try {
      await onSentHandler(entry.kind)?.(entry, data);
    } catch (error) {
      // The server has it; a failed reconciliation must not resend. The next refresh fixes the row.
      console.error(`outbox onSent handler failed for ${entry.kind}`, error);
    }
    if (isStopped()) return null; // cleared meanwhile: the database this replayer wrote to is closed
    // Files uploaded by this entry are on the server now (the handler has shown the server's copy).
    await deps.db.mediaBlobs.where('entryId').equals(entry.id).delete();
    return null;
  }

  return async function sendOne(entry: OutboxEntry): Promise<PassResult | null> {
    // The features' handlers load with the first entry to send (handlers.ts); a failed load keeps
    // every entry as it is and tries again later, never marks one as needing attention.
    try {
      await loadOutboxHandlers();
    } catch {
      return { kind: 'wait', until: deps.now() + HANDLERS_RETRY_MS };
    }
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
      if (isStopped()) return null; // the device is being cleared: the answer has nowhere to go
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
        ...answerDetails(error),
      });
      return { kind: 'wait', until };
    }
    return succeed(entry, data);
  };
}
