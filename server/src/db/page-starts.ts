// Where the pages of a list start, kept so that a page read before (or the page after one) is found
// by seeking the list's index rather than by walking its offset. A start is the list key of the
// row just before the page, filed under the parts that name the page (whose list, which version of
// it, which filter, what offset): a list that changes moves to a new version, which makes every
// start of the old one unreachable. Each process keeps its own, at most `capacity`, least recently
// used first out. The car log book (garage/car-log-page-starts.ts) and the message folders
// (messages/message-page-starts.ts) say what their parts and versions are.

/** About 200 bytes each: a couple of MB at most. */
export const PAGE_STARTS_KEPT = 10_000;

/** `Parts` name a page (the last is its offset); `Start` is the key of the row just before it. */
export function pageStartsCache<Parts extends readonly unknown[], Start>(capacity = PAGE_STARTS_KEPT) {
  const starts = new Map<string, Start>();
  // JSON: whatever a filter holds, two different pages never read the same (undefined reads null).
  const keyOf = (parts: readonly unknown[]) => JSON.stringify(parts);
  return {
    get(...parts: Parts): Start | undefined {
      const key = keyOf(parts);
      const start = starts.get(key);
      if (start) {
        // Most recently used goes last.
        starts.delete(key);
        starts.set(key, start);
      }
      return start;
    },
    set(...partsAndStart: [...Parts, Start]): void {
      const key = keyOf(partsAndStart.slice(0, -1));
      starts.delete(key);
      starts.set(key, partsAndStart[partsAndStart.length - 1] as Start);
      if (starts.size > capacity) starts.delete(starts.keys().next().value as string);
    },
    get size() {
      return starts.size;
    },
  };
}
