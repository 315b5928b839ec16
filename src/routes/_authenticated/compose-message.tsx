import { createFileRoute } from '@tanstack/react-router';
import { ComposeMessageScreen } from '@/features/messages/compose-message-screen';

const UUID = /^[0-9a-f-]{36}$/i;
const uuid = (value: unknown): string | undefined =>
  typeof value === 'string' && UUID.test(value) ? value : undefined;

// ?replyTo={messageId}: a reply, prefilled with "Re: …" and the other participant.
// ?to={userId}: a new message to this friend (from a chat: "a message with a subject instead").
export const Route = createFileRoute('/_authenticated/compose-message')({
  validateSearch: (search: Record<string, unknown>): { replyTo?: string; to?: string } => {
    const replyTo = uuid(search.replyTo);
    if (replyTo) return { replyTo };
    const to = uuid(search.to);
    return to ? { to } : {};
  },
  component: ComposeMessageRoute,
});

function ComposeMessageRoute() {
  const { replyTo, to } = Route.useSearch();
  if (replyTo) return <ComposeMessageScreen key={`reply:${replyTo}`} replyTo={replyTo} />;
  if (to) return <ComposeMessageScreen key={`to:${to}`} to={to} />;
  return <ComposeMessageScreen key="new" />;
}
