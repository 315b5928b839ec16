import { createFileRoute } from '@tanstack/react-router';
import { MessageScreen } from '@/features/messages/message-screen';
import { useMarkRelatedRead } from '@/features/notifications';

export const Route = createFileRoute('/_authenticated/message/$id')({ component: MessageRoute });

function MessageRoute() {
  const { id } = Route.useParams();
  useMarkRelatedRead('message', id);
  // Keyed: another message starts from its own state (fetch, read mark).
  return <MessageScreen key={id} id={id} />;
}
