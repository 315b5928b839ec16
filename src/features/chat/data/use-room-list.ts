// What the room list needs: the local rooms (live), a refresh from the server on mount and on
// pull-to-refresh, "load more" page by page, and live updates. Offline, the local rooms stay and
// `error` says why nothing new came.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PagedList } from '@/lib/query/paged-list';
import { useRetryWhenBack } from '@/lib/network/reachability';
import { useRooms, type RoomsView } from './reads';
import { startChatRealtime } from './realtime';
import { syncRooms } from './sync';
import { CHAT_ROOMS_PAGE } from './types';

export type RoomList = PagedList<RoomsView>;

export function useRoomList(): RoomList {
  const [pages, setPages] = useState(1);
  const [total, setTotal] = useState<number | undefined>(undefined);
  const [settled, setSettled] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const latest = useRef(0);
  const refresh = useCallback(async () => {
    // Only the newest refresh speaks: an older one failing late (sent before the connection came
    // back) must not bring the offline banner back over a newer success.
    const call = ++latest.current;
    try {
      const page = await syncRooms({ offset: 0 });
      if (call !== latest.current) return;
      setTotal(page.total);
      setError(null);
    } catch (caught) {
      if (call === latest.current) setError(caught);
    } finally {
      setSettled(true);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useEffect(() => startChatRealtime(), []);
  useRetryWhenBack(error !== null, refresh);

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    try {
      const page = await syncRooms({ offset: pages * CHAT_ROOMS_PAGE });
      setTotal(page.total);
      setError(null);
    } catch (caught) {
      setError(caught);
    } finally {
      setPages(pages + 1);
      setLoadingMore(false);
    }
  }, [pages]);

  const view = useRooms(pages * CHAT_ROOMS_PAGE);
  const shown = view?.rooms.length ?? 0;
  const limit = pages * CHAT_ROOMS_PAGE;
  return {
    view,
    loading: view === undefined || (shown === 0 && !settled),
    hasMore: Boolean(view?.more) || (total !== undefined && limit < total && shown >= limit),
    loadingMore,
    error,
    refresh,
    loadMore,
  };
}
