// The bell race: a tapped notification's read mark and its item's read-related call fly
// together (the second need not wait: the first was read here already). The server may act on one
// first and answer it last, so "the last answer's unreadCount" can be the older figure: the bell
// stayed one too high until the next refresh. So an answer's count is taken only when no other
// notification write is queued or in flight; after overlapping writes, the last asks the server.
import type { QueryClient } from '@tanstack/react-query';
import { localDb } from '@/lib/db';
import { unreadCountQueryOptions } from '../api/get-unread-count';
import { setUnreadCount } from '../api/optimistic';
import { NOTIFICATION_KINDS } from './writes';

/** Answers applied so far (a counter, not a flag: handlers of concurrent entries interleave). */
let answersSeen = 0;
/** An answer's count was set aside because another write was still out. */
let overlapped = false;

async function othersOutstanding(): Promise<boolean> {
  try {
    const database = await localDb();
    const entries = await database.outbox.where('kind').anyOf(Object.values(NOTIFICATION_KINDS)).toArray();
    return entries.some((entry) => entry.status !== 'failed');
  } catch {
    return false;
  }
}

/** The unreadCount a notification write's answer carries (its own entry is out of the outbox). */
export async function applyAnsweredCount(client: QueryClient, count: number): Promise<void> {
  const mine = ++answersSeen;
  if (await othersOutstanding()) {
    overlapped = true; // not the last word: the optimistic figure stays until the last answer
    return;
  }
  if (overlapped || mine !== answersSeen) {
    overlapped = false;
    await client.fetchQuery({ ...unreadCountQueryOptions(), staleTime: 0 }).catch(() => undefined);
    return;
  }
  setUnreadCount(client, count);
}
