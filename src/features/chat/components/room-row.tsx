import { Link } from '@tanstack/react-router';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import type { ChatRoomRow } from '../data/types';
import { excerpt, roomName, roomTime } from '../format';
import { RoomAvatar } from './room-avatar';

/** One room of the list: picture, name, last message (who said it), its time, the unread badge. */
export function RoomRow({ room, meId }: { room: ChatRoomRow; meId: string | undefined }) {
  const t = useT();
  const last = room.lastMessage;
  const unread = room.unreadCount;
  const who = last ? (last.sender.id === meId ? t('CHAT.YOU') : displayName(last.sender)) : null;
  return (
    <Link
      to="/chat/$roomId"
      params={{ roomId: room.id }}
      className={unread > 0 ? 'chat-room-row chat-room-row--unread' : 'chat-room-row'}
      data-testid="chat-room-row"
    >
      <RoomAvatar room={room} meId={meId} />
      <span className="chat-room-row__body">
        <span className="chat-room-row__top">
          <span className="chat-room-row__name">{roomName(room, meId)}</span>
          <time className="chat-room-row__time" dateTime={last?.createdAt ?? room.updatedAt}>
            {roomTime(last?.createdAt ?? room.updatedAt)}
          </time>
        </span>
        <span className="chat-room-row__bottom">
          <span className="chat-room-row__last">
            {!last
              ? t('CHAT.NO_MESSAGES_YET')
              : last.fromBlockedMember
                ? // A member blocked either way: neither their name nor their text (docs/SPEC-NOTES.md "Trust").
                  t('TRUST.CHAT_BLOCKED_LINE')
                : t('CHAT.LAST_MESSAGE', {
                    name: who,
                    // A line of photos only says how many (rows from before photos have no `images`).
                    text:
                      excerpt(last.content) ||
                      (last.images?.length ? t('MESSAGES.PHOTOS_COUNT', { count: last.images.length }) : ''),
                  })}
          </span>
          {unread > 0 ? (
            <span className="chat-room-row__badge ui-unread-pill" data-testid="chat-room-unread">
              <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
              <span className="visually-hidden">{t('CHAT.UNREAD_COUNT', { count: unread })}</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
