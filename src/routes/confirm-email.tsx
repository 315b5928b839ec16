import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailScreen } from '@/features/account/confirm-email-screen';

// ?token= from the link mailed to the new address; anything that is not a short token string
// counts as missing. Public: the link may be opened signed in or out (src/lib/navigation/index.ts).
export const Route = createFileRoute('/confirm-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => {
    const token = search.token;
    return typeof token === 'string' && token.length > 0 && token.length <= 512 ? { token } : {};
  },
  component: ConfirmEmailRoute,
});

function ConfirmEmailRoute() {
  const { token } = Route.useSearch();
  return <ConfirmEmailScreen token={token ?? ''} />;
}
