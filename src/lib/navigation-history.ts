// Spec §2 navigation history: visited URLs are tracked; back goes to the most recent earlier
// top-level URL (one path segment, no query string, not the current URL), or to the previous URL
// when asked, and falls back to the home page.
import { useCallback } from 'react';
import { navigateTo } from './navigation';

export const HOME_PATH = '/feed';
/** Enough for any back chain a member follows; keeps memory bounded in a long session. */
export const HISTORY_LIMIT = 50;

const TOP_LEVEL = /^\/[^/?#]+$/;
let visited: string[] = [];

export function isTopLevelUrl(url: string): boolean {
  return TOP_LEVEL.test(url);
}

function targetIndex(opts?: { previous?: boolean }): number {
  const current = visited.length - 1;
  if (opts?.previous) return current - 1;
  for (let i = current - 1; i >= 0; i -= 1) {
    const url = visited[i];
    if (url !== undefined && isTopLevelUrl(url) && url !== visited[current]) return i;
  }
  return -1;
}

export const navigationHistory = {
  /** Call on every completed navigation with the URL shown (path + search). */
  record(url: string): void {
    if (visited[visited.length - 1] === url) return;
    visited.push(url);
    if (visited.length > HISTORY_LIMIT) visited = visited.slice(-HISTORY_LIMIT);
  },
  backTarget(opts?: { previous?: boolean }): string {
    const i = targetIndex(opts);
    return i >= 0 ? (visited[i] ?? HOME_PATH) : HOME_PATH;
  },
  /** The back target, forgetting what came after it, so that going back twice goes further back. */
  takeBack(opts?: { previous?: boolean }): string {
    const i = targetIndex(opts);
    const target = i >= 0 ? (visited[i] ?? HOME_PATH) : HOME_PATH;
    visited = i >= 0 ? visited.slice(0, i + 1) : [];
    return target;
  },
  entries(): readonly string[] {
    return visited;
  },
  /** Tests only. */
  reset(): void {
    visited = [];
  },
};

export function useGoBack(): (opts?: { previous?: boolean }) => void {
  return useCallback((opts?: { previous?: boolean }) => navigateTo(navigationHistory.takeBack(opts)), []);
}
