// What the messages screen needs of a folder: the local rows (live), a refresh from the server on
// mount and on pull-to-refresh, and "load more" page by page. Offline, the local rows stay and
// `error` says why nothing new came.
import { useCallback, useEffect, useState } from 'react';
import type { MessageFolder } from '@/contract/constants';
import type { PagedList } from '@/lib/query/paged-list';
import { useRetryWhenBack } from '@/lib/network/reachability';
import { startMessagesRealtime } from './realtime';
import { useFolderMessages, type FolderView } from './reads';
import { syncFolder } from './sync';
import { MESSAGES_PAGE_SIZE } from './types';

interface FolderState {
  key: string;
  pages: number;
  /** The server's total for this folder and filter, once known. */
  total: number | undefined;
  /** The first server answer (or failure) for this folder and filter has come. */
  settled: boolean;
  refreshing: boolean;
  loadingMore: boolean;
  error: unknown;
}

const initial = (key: string): FolderState => ({
  key,
  pages: 1,
  total: undefined,
  settled: false,
  refreshing: false,
  loadingMore: false,
  error: null,
});

export type Folder = PagedList<FolderView>;

export function useFolder(folder: MessageFolder, unreadOnly: boolean): Folder {
  const key = `${folder}:${String(unreadOnly)}`;
  const [state, setState] = useState<FolderState>(() => initial(key));
  // Another folder or filter starts over (during render: no frame shows the old pages).
  const current = state.key === key ? state : initial(key);
  if (current !== state) setState(current);

  const update = useCallback((forKey: string, patch: Partial<FolderState>) => {
    setState((s) => (s.key === forKey ? { ...s, ...patch } : s));
  }, []);

  const refresh = useCallback(async () => {
    update(key, { refreshing: true });
    try {
      const page = await syncFolder(folder, { offset: 0, limit: MESSAGES_PAGE_SIZE, unreadOnly });
      update(key, { total: page.total, error: null });
    } catch (error) {
      update(key, { error });
    } finally {
      update(key, { refreshing: false, settled: true });
    }
  }, [folder, unreadOnly, key, update]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => startMessagesRealtime(), []);
  useRetryWhenBack(current.error !== null, refresh);

  const pages = current.pages;
  const loadMore = useCallback(async () => {
    update(key, { loadingMore: true });
    try {
      const page = await syncFolder(folder, {
        offset: pages * MESSAGES_PAGE_SIZE,
        limit: MESSAGES_PAGE_SIZE,
        unreadOnly,
      });
      update(key, { total: page.total, error: null });
    } catch (error) {
      update(key, { error }); // offline: the rows this device holds past the page still show
    } finally {
      update(key, { loadingMore: false, pages: pages + 1 });
    }
  }, [folder, unreadOnly, key, pages, update]);

  const view = useFolderMessages(folder, unreadOnly, pages * MESSAGES_PAGE_SIZE);
  const shown = view?.messages.length ?? 0;
  return {
    view,
    loading: view === undefined || (shown === 0 && !current.settled),
    hasMore:
      Boolean(view?.more) ||
      (current.total !== undefined &&
        pages * MESSAGES_PAGE_SIZE < current.total &&
        shown >= pages * MESSAGES_PAGE_SIZE),
    loadingMore: current.loadingMore,
    error: current.error,
    refresh,
    loadMore,
  };
}
