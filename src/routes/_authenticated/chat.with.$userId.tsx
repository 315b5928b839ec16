import { createFileRoute } from '@tanstack/react-router';
import { DirectChatScreen } from '@/features/chat/direct-chat-screen';

// A direct chat with a friend by their id; it becomes /chat/{roomId} once the room is known.
export const Route = createFileRoute('/_authenticated/chat/with/$userId')({ component: DirectChatRoute });

function DirectChatRoute() {
  const { userId } = Route.useParams();
  return <DirectChatScreen key={userId} userId={userId} />;
}
