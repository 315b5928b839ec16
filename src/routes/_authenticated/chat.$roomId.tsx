import { createFileRoute } from '@tanstack/react-router';
import { ConversationScreen } from '@/features/chat/conversation-screen';
import { useMarkRelatedRead } from '@/features/notifications';

export const Route = createFileRoute('/_authenticated/chat/$roomId')({ component: ConversationRoute });

function ConversationRoute() {
  const { roomId } = Route.useParams();
  // Its messages' notifications and the "added to a group" one.
  useMarkRelatedRead('chatroom', roomId);
  // Keyed: another room starts from its own state (pages, read mark, scroll).
  return <ConversationScreen key={roomId} roomId={roomId} />;
}
