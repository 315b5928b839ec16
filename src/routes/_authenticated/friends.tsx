import { createFileRoute } from '@tanstack/react-router';
import { useMarkFriendRequestsRead } from '@/features/notifications';
import { FriendsScreen } from '@/features/people/friends/friends-screen';
import { parseFriendsTab, type FriendsTab } from '@/features/people/friends/friends-tabs';

// `?tab=requests` opens a tab directly (a friend-request notification links there).
export const Route = createFileRoute('/_authenticated/friends')({
  // An unknown value reads as no tab (the router keeps raw keys beside the validated ones).
  validateSearch: (search: Record<string, unknown>): { tab?: FriendsTab } => ({
    tab: parseFriendsTab(search.tab),
  }),
  component: FriendsRoute,
});

function FriendsRoute() {
  const { tab = 'friends' } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The requests shown are read, as their notifications (on every device).
  useMarkFriendRequestsRead(tab === 'requests');
  return (
    <FriendsScreen
      tab={tab}
      onTabChange={(next) =>
        void navigate({ search: next === 'friends' ? {} : { tab: next }, replace: true })
      }
    />
  );
}
