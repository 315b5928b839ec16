// A direct chat with a friend by their id (route /chat/with/{userId}). Once the room is known (on
// this device, from the server, or from the answer to the first message) the route becomes
// /chat/{roomId}. Until then messages go by recipientId and wait here, in order, offline too.
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ChatMember } from '@/contract/chat';
import { useLinkedRecipient } from '@/features/recipient-picker';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import { BackButton, Page } from '@/ui';
import { ConversationView } from './components/conversation-view';
import { ParticipantsBar } from './components/participants-bar';
import { directKey, sendChatMessage, syncDirect, useConversation, useDirectRoomId } from './data';
import './chat.css';

export function DirectChatScreen({ userId }: { userId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const roomId = useDirectRoomId(userId);
  const { recipient } = useLinkedRecipient(userId);
  const conversation = useConversation(directKey(userId));

  useEffect(() => {
    let cancelled = false;
    syncDirect(userId).then(
      (found) => {
        if (found && !cancelled)
          void navigate({ to: '/chat/$roomId', params: { roomId: found }, replace: true });
      },
      () => undefined, // offline: what this device holds shows
    );
    return () => {
      cancelled = true;
    };
  }, [userId, navigate]);

  if (roomId) return <Navigate to="/chat/$roomId" params={{ roomId }} replace />;
  const friend: ChatMember | null = recipient
    ? {
        id: recipient.id,
        username: recipient.username,
        firstName: recipient.firstName,
        lastName: recipient.lastName,
        avatar: recipient.avatar,
      }
    : null;
  return (
    <Page back={<BackButton />} title={friend ? displayName(friend) : t('CHAT.CONVERSATION')}>
      {friend ? <ParticipantsBar participants={[friend]} meId={undefined} group={false} /> : null}
      <ConversationView
        roomKey={directKey(userId)}
        conversation={conversation}
        people={friend ? [friend] : []}
        onSend={(text, images) => sendChatMessage({ friendId: userId }, text, undefined, images)}
      />
    </Page>
  );
}
