import { createFileRoute } from '@tanstack/react-router';
import { UsernameScreen } from '@/features/people/profile/username-screen';

// A mention's link (`@username` in a post or a comment): the member's profile.
export const Route = createFileRoute('/_authenticated/u/$username')({ component: UsernameRoute });

function UsernameRoute() {
  const { username } = Route.useParams();
  return <UsernameScreen key={username} username={username} />;
}
