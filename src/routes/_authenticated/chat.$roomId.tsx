import { createFileRoute } from '@tanstack/react-router';
import { ConversationScreen } from '@/features/chat/conversation-screen';

export const Route = createFileRoute('/_authenticated/chat/$roomId')({ component: ConversationRoute });

function ConversationRoute() {
  const { roomId } = Route.useParams();
  // Keyed: another room starts from its own state (pages, read mark, scroll).
  return <ConversationScreen key={roomId} roomId={roomId} />;
}
