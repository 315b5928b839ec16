import { createFileRoute } from '@tanstack/react-router';
import { ComposeMessageScreen } from '@/features/messages/compose-message-screen';

// ?replyTo={messageId}: a reply, prefilled with "Re: …" and the other participant.
export const Route = createFileRoute('/_authenticated/compose-message')({
  validateSearch: (search: Record<string, unknown>): { replyTo?: string } => {
    const replyTo = search.replyTo;
    return typeof replyTo === 'string' && /^[0-9a-f-]{36}$/i.test(replyTo) ? { replyTo } : {};
  },
  component: ComposeMessageRoute,
});

function ComposeMessageRoute() {
  const { replyTo } = Route.useSearch();
  return <ComposeMessageScreen key={replyTo ?? 'new'} {...(replyTo ? { replyTo } : {})} />;
}
