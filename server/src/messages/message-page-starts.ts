// Where pages of a member's message folders start, so that a page read before (or the page after
// one) is found by seeking the folder's index rather than by walking its offset: the inbox at
// offset 5,000 cost four times its first page (issue 5's budget: ≥ 2,000 req/s, p99 ≤ 20 ms).
//
// A start is the folder key (creation time, id) of the row just before the page, kept per version of
// the member's folders (`message_counters.version`, migration 0025, moved with every change of them
// by any process): a change makes every start of that member unreachable. (A page read while a
// change commits may keep a start of the new folders under the old version; only reads that also
// began before the change can meet it, and those could see either state anyway.) Each process
// keeps its own, at most MESSAGE_PAGE_STARTS_KEPT, least recently used first out.

/** A row's place in a folder (latest first, then id). */
export interface FolderKey {
  createdAt: string;
  id: string;
}

/** About 200 bytes each: a couple of MB at most. */
export const MESSAGE_PAGE_STARTS_KEPT = 10_000;

export function messagePageStarts(capacity = MESSAGE_PAGE_STARTS_KEPT) {
  const starts = new Map<string, FolderKey>();
  const keyOf = (memberId: string, version: number, folder: string, offset: number) =>
    `${memberId} ${version} ${folder} ${offset}`;
  return {
    get(memberId: string, version: number, folder: string, offset: number): FolderKey | undefined {
      const key = keyOf(memberId, version, folder, offset);
      const start = starts.get(key);
      if (start) {
        // Most recently used goes last.
        starts.delete(key);
        starts.set(key, start);
      }
      return start;
    },
    set(memberId: string, version: number, folder: string, offset: number, start: FolderKey): void {
      const key = keyOf(memberId, version, folder, offset);
      starts.delete(key);
      starts.set(key, start);
      if (starts.size > capacity) starts.delete(starts.keys().next().value as string);
    },
    get size() {
      return starts.size;
    },
  };
}
