// Recent searches (the search screen, docs/SPEC-NOTES.md "Search"): the last SEARCH_RECENT_MAX
// texts a member searched, newest first, kept on this device per member (localStorage). A
// logout removes them with the member's other keys (src/features/sync/device-data.ts).
import { useCallback, useState } from 'react';
import { SEARCH_RECENT_MAX } from '@/contract/constants';
import { foldText } from '@/lib/text/fold-text';

export const RECENT_SEARCHES_KEY = 'recentSearches';

type Stored = Record<string, string[]>;

function readAll(): Stored {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

function writeAll(all: Stored): void {
  try {
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(all));
  } catch {
    // storage full or unavailable: the list lives until the page closes
  }
}

export function readRecentSearches(memberId: string): string[] {
  const list = readAll()[memberId];
  return Array.isArray(list) ? list.filter((q): q is string => typeof q === 'string') : [];
}

/** `q` first; the same text again (ignoring case and accents) moves up; at most SEARCH_RECENT_MAX. */
export function addRecentSearch(memberId: string, q: string): string[] {
  const text = q.trim();
  if (!text) return readRecentSearches(memberId);
  const folded = foldText(text);
  const next = [text, ...readRecentSearches(memberId).filter((old) => foldText(old) !== folded)].slice(
    0,
    SEARCH_RECENT_MAX,
  );
  writeAll({ ...readAll(), [memberId]: next });
  return next;
}

export function clearRecentSearches(memberId: string): void {
  const all = readAll();
  delete all[memberId];
  writeAll(all);
}

/** The member's recent searches, and how to add one or clear them. */
export function useRecentSearches(memberId: string) {
  const [items, setItems] = useState(() => readRecentSearches(memberId));
  const add = useCallback((q: string) => setItems(addRecentSearch(memberId, q)), [memberId]);
  const clear = useCallback(() => {
    clearRecentSearches(memberId);
    setItems([]);
  }, [memberId]);
  return { items, add, clear };
}
