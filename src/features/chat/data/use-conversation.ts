// What a conversation screen needs of a room: the local messages (live), the newest page from the
// server on opening, older pages on demand (offset = the messages this device holds from the
// oldest one fetched in this opening on, so messages arriving meanwhile do not shift the pages),
// the read mark once per opening when the room has unread messages, and live messages.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRetryWhenBack } from '@/lib/network/reachability';
import { onReconnect } from '@/lib/realtime/shared-listener';
import { countSentSince, useRoom, useRoomMessages, type MessagesView } from './reads';
import { openRoom, startChatRealtime } from './realtime';
import { syncRoom, syncRoomMessages } from './sync';
import { CHAT_MESSAGES_PAGE, isDirectKey, type ChatRoomRow } from './types';
import { markRoomRead } from './writes';

export interface Conversation {
  room: ChatRoomRow | null | undefined;
  view: MessagesView | undefined;
  /** Nothing local yet and the server has not answered: the screen shows skeletons. */
  loading: boolean;
  /** The server says this room is not mine (or gone). */
  missing: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  error: unknown;
  loadOlder: () => Promise<void>;
}

export function useConversation(roomId: string): Conversation {
  const direct = isDirectKey(roomId);
  const [pages, setPages] = useState(1);
  const [total, setTotal] = useState<number | undefined>(undefined);
  const [settled, setSettled] = useState(direct);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  // Bumped when the connection comes back after a failed load: the load below runs again.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useRetryWhenBack(error !== null, retry);
  const oldestFetched = useRef<string | null>(null);
  const busy = useRef(false);
  const room = useRoom(direct ? null : roomId);
  const live = useRoomMessages(roomId, pages * CHAT_MESSAGES_PAGE);
  // While a larger page is read, the messages on screen stay (no skeleton, the scroll position kept).
  const lastView = useRef<{ roomId: string; view: MessagesView } | null>(null);
  if (live) lastView.current = { roomId, view: live };
  const view = live ?? (lastView.current?.roomId === roomId ? lastView.current.view : undefined);

  useEffect(() => startChatRealtime(), []);
  useEffect(() => (direct ? undefined : openRoom(roomId)), [roomId, direct]);

  useEffect(() => {
    if (direct) return;
    let cancelled = false;
    void (async () => {
      const [found, page] = await Promise.allSettled([
        syncRoom(roomId),
        syncRoomMessages(roomId, { offset: 0 }),
      ]);
      if (cancelled) return;
      if (page.status === 'fulfilled') {
        oldestFetched.current = page.value.oldest;
        setTotal(page.value.total);
      }
      if (found.status === 'fulfilled' && found.value === null) setMissing(true);
      else if (found.status === 'rejected') setError(found.reason);
      else if (page.status === 'rejected') setError(page.reason);
      else setError(null);
      setSettled(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [roomId, direct, attempt]);

  // Back online after a disconnection: messages may have been missed, the newest page again.
  useEffect(() => {
    if (direct) return;
    return onReconnect(() => void syncRoomMessages(roomId, { offset: 0 }).catch(() => undefined));
  }, [roomId, direct]);

  // Mark read once per opening, when the room has unread messages.
  const marked = useRef(false);
  const unread = room?.unreadCount ?? 0;
  useEffect(() => {
    if (marked.current || unread <= 0 || direct) return;
    marked.current = true;
    void markRoomRead(roomId).catch((caught: unknown) => console.warn('chat read mark not queued', caught));
  }, [unread, roomId, direct]);

  const loadOlder = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setLoadingOlder(true);
    try {
      if (!direct) {
        const since = oldestFetched.current;
        const offset = since ? await countSentSince(roomId, since) : 0;
        const page = await syncRoomMessages(roomId, { offset });
        if (page.oldest && (!since || page.oldest < since)) oldestFetched.current = page.oldest;
        setTotal(page.total);
        setError(null);
      }
    } catch (caught) {
      setError(caught); // offline: the older rows this device holds still show
    } finally {
      setPages((p) => p + 1);
      busy.current = false;
      setLoadingOlder(false);
    }
  }, [roomId, direct]);

  const shown = view?.messages.length ?? 0;
  const limit = pages * CHAT_MESSAGES_PAGE;
  return {
    room,
    view,
    loading: view === undefined || (shown === 0 && !settled),
    missing: missing && shown === 0,
    hasOlder: Boolean(view?.more) || (total !== undefined && shown >= limit && limit < total),
    loadingOlder,
    error,
    loadOlder,
  };
}
