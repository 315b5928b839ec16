import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '@/features/auth/reset-password-screen';

// ?token= from the e-mailed link; anything that is not a short token string counts as missing.
export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => {
    const token = search.token;
    return typeof token === 'string' && token.length > 0 && token.length <= 512 ? { token } : {};
  },
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordScreen token={token ?? ''} />;
}
