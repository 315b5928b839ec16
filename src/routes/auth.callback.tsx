import { createFileRoute } from '@tanstack/react-router';
import { AuthCallbackScreen } from '@/features/auth/auth-callback-screen';

// The tokens arrive in the URL fragment (never sent to a server); the screen reads and wipes it.
export const Route = createFileRoute('/auth/callback')({ component: AuthCallbackScreen });
