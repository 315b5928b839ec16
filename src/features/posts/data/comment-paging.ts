// Paging of a post's comments and of a comment's replies while they show: the first page on
// opening (and again when the post changes live), then one page per "more", from the offset of
// what is already loaded, never above the server's page size. What came is kept in Dexie
// (comments.ts), so the screens read it there, offline too; this only says what to ask next.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CommentSort } from '@/contract/constants';
import { realtime } from '@/lib/realtime/socket';
import { syncComments, syncReplies, type CommentPage } from './comments';

export type PagingError = { during: 'first' | 'more'; cause: unknown };

export type CommentPaging = {
  /** How many the server holds, as it last said (null before its first answer). */
  total: number | null;
  /** How many of them the server has given since the list opened (the next page's offset). */
  loaded: number;
  /** The first page is being asked. */
  refreshing: boolean;
  /** A next page is being asked. */
  loadingMore: boolean;
  /** The last request that failed, cleared by the next that succeeds. */
  error: PagingError | null;
  refresh: () => Promise<void>;
  more: () => Promise<void>;
  /** Asks again what failed. */
  retry: () => Promise<void>;
};

type Run = { loaded: number; total: number | null; chain: Promise<void>; moreQueued: boolean };

const newRun = (): Run => ({ loaded: 0, total: null, chain: Promise.resolve(), moreQueued: false });

/**
 * Pages one list through `fetchPage(offset)`; a new `fetchPage` (another post, order or comment)
 * starts over. Requests run one after the other. "More" asks from the offset already loaded and
 * goes on while a page brings nothing new to this device (rows kept from an earlier visit), so
 * one tap always shows more when there is more.
 */
function usePaging(fetchPage: (offset: number) => Promise<CommentPage>, active: boolean): CommentPaging {
  const [state, setState] = useState<{
    total: number | null;
    refreshing: boolean;
    loadingMore: boolean;
    error: PagingError | null;
    loaded: number;
  }>({ total: null, refreshing: false, loadingMore: false, error: null, loaded: 0 });
  const run = useRef<Run>(newRun());

  const step = useCallback(
    (during: 'first' | 'more'): Promise<void> => {
      const current = run.current;
      if (during === 'more') {
        if (current.moreQueued) return current.chain;
        current.moreQueued = true;
      }
      const flag = during === 'first' ? 'refreshing' : 'loadingMore';
      setState((s) => ({ ...s, [flag]: true }));
      current.chain = current.chain.then(async () => {
        try {
          let offset = during === 'first' ? 0 : current.loaded;
          for (;;) {
            const page = await fetchPage(offset);
            offset += page.received;
            current.total = page.total;
            current.loaded = Math.max(current.loaded, offset);
            const done = during === 'first' || page.fresh > 0 || page.received === 0 || offset >= page.total;
            if (done) break;
          }
          if (run.current !== current) return;
          setState((s) => ({ ...s, total: current.total, loaded: current.loaded, error: null }));
        } catch (cause) {
          if (run.current === current) setState((s) => ({ ...s, error: { during, cause } }));
        } finally {
          if (during === 'more') current.moreQueued = false;
          if (run.current === current) setState((s) => ({ ...s, [flag]: false }));
        }
      });
      return current.chain;
    },
    [fetchPage],
  );

  useEffect(() => {
    run.current = newRun();
    setState({ total: null, refreshing: false, loadingMore: false, error: null, loaded: 0 });
    if (active) void step('first');
  }, [step, active]);

  const refresh = useCallback(() => step('first'), [step]);
  const more = useCallback(() => step('more'), [step]);
  const { total, loaded, error } = state;
  return {
    total,
    loaded,
    refreshing: state.refreshing,
    loadingMore: state.loadingMore,
    error,
    refresh,
    more,
    retry: () => step(error?.during ?? 'first'),
  };
}

/**
 * A post's top-level comments in this order, page by page; the first page is asked again when
 * the post changes live (a `postUpdated` in its room: a comment came or went).
 */
export function useCommentPages(postId: string, sortBy: CommentSort): CommentPaging {
  const fetchPage = useCallback((offset: number) => syncComments(postId, sortBy, offset), [postId, sortBy]);
  const paging = usePaging(fetchPage, true);
  const { refresh } = paging;
  useEffect(
    () =>
      realtime.on('postUpdated', (event) => {
        if (event.postId === postId) void refresh();
      }),
    [postId, refresh],
  );
  return paging;
}

/** A comment's replies, oldest first, page by page while they show (`open`). */
export function useReplyPages(commentId: string, open: boolean): CommentPaging {
  const fetchPage = useCallback((offset: number) => syncReplies(commentId, offset), [commentId]);
  return usePaging(fetchPage, open);
}
