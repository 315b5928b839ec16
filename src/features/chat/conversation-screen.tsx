// A conversation (route /chat/{roomId}): the room's messages by day, live, with local echo of what
// I send (pending, then sent; refused: retry), older pages as I scroll up, the read mark on opening,
// "is typing…". The header says who is in it (a group room also links to its settings); the
// room's pushes can be muted for me there.
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { useSession } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import { BackButton, ChatIcon, EmptyState, Page, UsersIcon, ButtonLink } from '@/ui';
import { ConversationView } from './components/conversation-view';
import { ParticipantsBar } from './components/participants-bar';
import { RoomMute } from './components/room-mute';
import { otherParticipant, sendChatMessage, useConversation } from './data';
import { roomName } from './format';
import './chat.css';

export function ConversationScreen({ roomId }: { roomId: string }) {
  const t = useT();
  const meId = useSession().user?.id;
  const conversation = useConversation(roomId);
  const room = conversation.room;
  // A room shown here that goes away (I left it, was removed, or it was deleted) is not available.
  const hadRoom = useRef(false);
  if (room) hadRoom.current = true;
  if ((conversation.missing || hadRoom.current) && !room && room !== undefined) {
    return (
      <Page back={<BackButton />} title={t('CHAT.TITLE')}>
        <EmptyState
          icon={<ChatIcon />}
          title={t('CHAT.NOT_AVAILABLE')}
          text={t('CHAT.NOT_AVAILABLE_TEXT')}
          action={
            <Link to="/my-chat-groups" className="ui-button ui-button--primary">
              {t('CHAT.BACK_TO_ROOMS')}
            </Link>
          }
        />
      </Page>
    );
  }
  const other = room ? otherParticipant(room, meId) : null;
  return (
    <Page
      back={<BackButton />}
      title={room ? roomName(room, meId) : t('CHAT.CONVERSATION')}
      actions={
        room?.chatGroupId ? (
          <div className="chat-actions">
            <ButtonLink
              to="/chat-group/$id"
              params={{ id: room.chatGroupId }}
              title={t('CHAT.GROUP_SETTINGS')}
              variant="secondary"
              size="small"
              icon={<UsersIcon />}
            >
              <span className="chat-actions__label">{t('CHAT.GROUP_SETTINGS')}</span>
            </ButtonLink>
          </div>
        ) : null
      }
    >
      {room ? (
        <ParticipantsBar participants={room.participants} meId={meId} group={Boolean(room.chatGroupId)} />
      ) : null}
      {room ? <RoomMute room={room} /> : null}
      <ConversationView
        roomKey={roomId}
        conversation={conversation}
        people={room?.participants ?? []}
        onSend={(text, images) =>
          sendChatMessage(
            other ? { chatRoomId: roomId, friendId: other.id } : { chatRoomId: roomId },
            text,
            undefined,
            images,
          )
        }
      />
    </Page>
  );
}
