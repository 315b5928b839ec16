// Where pages of a member's message folders start, so that a page read before (or the page after
// one) is found by seeking the folder's index rather than by walking its offset: the inbox at
// offset 5,000 cost four times its first page (the budget in docs/BENCHMARKS.md: ≥ 2,000 req/s, p99 ≤ 20 ms).
//
// A start is the folder key (creation time, id) of the row just before the page, kept per version of
// the member's folders (`message_counters.version`, migration 0025, moved with every change of them
// by any process): a change makes every start of that member unreachable. (A page read while a
// change commits may keep a start of the new folders under the old version; only reads that also
// began before the change can meet it, and those could see either state anyway.) Each process
// keeps its own, at most PAGE_STARTS_KEPT (db/page-starts.ts), least recently used first out.

import { pageStartsCache } from '../db/page-starts';

/** A row's place in a folder (latest first, then id). */
export interface FolderKey {
  createdAt: string;
  id: string;
}

/** A member's folder page: member, folders version, folder (and unread filter), offset. */
export const messagePageStarts = (capacity?: number) =>
  pageStartsCache<[memberId: string, version: number, folder: string, offset: number], FolderKey>(capacity);
