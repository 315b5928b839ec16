// "Alex is typing…" (the volatile `chatTyping` event): shown CHAT_TYPING_TTL_MS after the last
// event from that member, or until their message arrives (`chatmessage`); and my own typing, sent
// at most every CHAT_TYPING_RESEND_MS.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_TYPING_TTL_MS } from '@/contract/constants';
import { useSession } from '@/lib/auth/session';
import { realtime } from '@/lib/realtime/socket';
import { isDirectKey } from './types';

/** While I type, `chat_typing` goes out at most this often (the server relays one per second). */
export const CHAT_TYPING_RESEND_MS = 2_500;

/** The ids of the others typing in a room now. */
export function useTypingMembers(roomId: string): string[] {
  const [typing, setTyping] = useState<{ roomId: string; ids: string[] }>({ roomId, ids: [] });
  const me = useSession().user?.id;
  useEffect(() => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const stop = (userId: string) => {
      clearTimeout(timers.get(userId));
      timers.delete(userId);
      setTyping((s) =>
        s.ids.includes(userId) ? { roomId: s.roomId, ids: s.ids.filter((x) => x !== userId) } : s,
      );
    };
    const offTyping = realtime.on('chatTyping', ({ chatRoomId, userId }) => {
      if (chatRoomId !== roomId || userId === me) return;
      clearTimeout(timers.get(userId));
      setTyping((s) =>
        s.roomId === roomId && s.ids.includes(userId)
          ? s
          : { roomId, ids: [...(s.roomId === roomId ? s.ids : []), userId] },
      );
      timers.set(
        userId,
        setTimeout(() => stop(userId), CHAT_TYPING_TTL_MS),
      );
    });
    // Their message arrived: they are no longer typing it (the delay stays for those who stop).
    const offMessage = realtime.on('chatmessage', ({ jsonPayload }) => {
      const { relatedChatRoomId, senderId } = jsonPayload;
      if (relatedChatRoomId === roomId && typeof senderId === 'string') stop(senderId);
    });
    return () => {
      offTyping();
      offMessage();
      timers.forEach((timer) => clearTimeout(timer));
    };
  }, [roomId, me]);
  return typing.roomId === roomId ? typing.ids : [];
}

/** Call on every keystroke: tells the room at most every CHAT_TYPING_RESEND_MS. */
export function useTypingSignal(roomId: string): () => void {
  const last = useRef(0);
  return useCallback(() => {
    if (isDirectKey(roomId)) return; // no room yet: nobody to tell
    const now = Date.now();
    if (now - last.current < CHAT_TYPING_RESEND_MS) return;
    last.current = now;
    realtime.chatTyping(roomId);
  }, [roomId]);
}
