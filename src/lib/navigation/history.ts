// Spec §2 navigation history: visited URLs are tracked; back goes to the most recent earlier
// top-level URL (one path segment, no query string, not the current URL), or to the previous URL
// when asked, and falls back to the home page.
import { useCallback } from 'react';
import { navigateTo } from './';

export const HOME_PATH = '/feed';
/** Enough for any back chain a member follows; keeps memory bounded in a long session. */
export const HISTORY_LIMIT = 50;

const TOP_LEVEL = /^\/[^/?#]+$/;
let visited: string[] = [];

export function isTopLevelUrl(url: string): boolean {
  return TOP_LEVEL.test(url);
}

/**
 * `previous`: the URL shown before this one rather than the last top-level one (cancelling a form).
 * `fallback`: where to go when there is none (a sensible parent, e.g. the post an edit form
 * belongs to); home otherwise.
 */
export type BackOptions = { previous?: boolean; fallback?: string };

function targetIndex(opts?: BackOptions): number {
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
  backTarget(opts?: BackOptions): string {
    const i = targetIndex(opts);
    const fallback = opts?.fallback ?? HOME_PATH;
    return i >= 0 ? (visited[i] ?? fallback) : fallback;
  },
  /** The back target, forgetting what came after it, so that going back twice goes further back. */
  takeBack(opts?: BackOptions): string {
    const target = navigationHistory.backTarget(opts);
    const i = targetIndex(opts);
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

/** Goes back by the rule above, inside the app: never the browser's own history, which may lead out of it. */
export function useGoBack(): (opts?: BackOptions) => void {
  return useCallback((opts?: BackOptions) => navigateTo(navigationHistory.takeBack(opts)), []);
}
