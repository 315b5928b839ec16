// A write queued in the outbox (docs/OFFLINE-FIRST.md) whose screen would like the server's
// answer while it is online: the entry is kept on the device first, then the screen waits a
// little for the replay. Sent → the server's answer; refused (needs attention) → an ApiError the
// screen words and undoes; offline, retried later or slow → "queued": the optimistic state stays
// and the outbox sends it when it can.
import { liveQuery } from 'dexie';
import { ApiError } from '@/lib/http/api-client';
import { localDb, type PaddockDb } from '@/lib/db';
import { isOnline } from '@/lib/network/online';
import type { OutboxEntry } from '@/lib/outbox';

/** How long a screen waits for the replay before it says "kept, sent later". */
export const OUTCOME_WAIT_MS = 10_000;

export type Outcome<T> = { sent: true; data: T } | { sent: false };

const waiters = new Map<string, (data: unknown) => void>();

/**
 * The kinds' handlers call this once the server took the entry (the answer goes to the screen).
 * Answers whether a screen was waiting for it (it then acts on the answer itself).
 */
export function settleSent(entry: OutboxEntry, data: unknown): boolean {
  const waiter = waiters.get(entry.id);
  waiter?.(data);
  return waiter !== undefined;
}

/**
 * Queues with `queue` (given the entry id to use), then waits for the outcome. Rejects with the
 * queue's error (a full disk) or the server's refusal.
 */
export async function queueAndAwait<T>(
  queue: (id: string) => Promise<unknown>,
  options: {
    database?: PaddockDb;
    timeoutMs?: number;
    code?: (status: number) => string;
    /** The entry's id when the caller needs to know it (a friend request's id is its entry's). */
    id?: string;
  } = {},
): Promise<Outcome<T>> {
  const id = options.id ?? crypto.randomUUID();
  let sent!: (data: unknown) => void;
  const answered = new Promise<unknown>((resolve) => (sent = resolve));
  waiters.set(id, sent);
  try {
    await queue(id);
    if (!isOnline()) return { sent: false };
    const database = options.database ?? (await localDb());
    return await new Promise<Outcome<T>>((resolve, reject) => {
      let done = false;
      const finish = (settle: () => void) => {
        if (done) return;
        done = true;
        subscription.unsubscribe();
        clearTimeout(timer);
        settle();
      };
      void answered.then((data) => finish(() => resolve({ sent: true, data: data as T })));
      const subscription = liveQuery(() => database.outbox.get(id)).subscribe({
        next: (row) => {
          if (!row) return; // sent: its handler hands the answer over
          if (row.status === 'failed') {
            const status = row.lastStatus ?? 0;
            const code = options.code?.(status) ?? row.lastCode ?? `HTTP_${status}`;
            // The refused fields too, for the form to point at (their messages stay the server's).
            const fields = row.lastFields?.map((field) => ({ field, message: '' }));
            const extra = fields?.length ? { fields } : {};
            finish(() => reject(new ApiError(status, code, row.lastError ?? '', extra)));
          } else if (row.attempts > 0) finish(() => resolve({ sent: false })); // retried later
        },
        error: () => finish(() => resolve({ sent: false })),
      });
      const timer = setTimeout(
        () => finish(() => resolve({ sent: false })),
        options.timeoutMs ?? OUTCOME_WAIT_MS,
      );
    });
  } finally {
    waiters.delete(id);
  }
}
