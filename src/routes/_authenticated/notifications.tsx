import { createFileRoute } from '@tanstack/react-router';
import { NotificationsScreen } from '@/features/notifications/notifications-screen';

type NotificationsSearch = { unread?: true };

export const Route = createFileRoute('/_authenticated/notifications')({
  // ?unread=true keeps the "Unread" filter across reloads and back/forward.
  validateSearch: (search: Record<string, unknown>): NotificationsSearch =>
    search.unread === true || search.unread === 'true' ? { unread: true } : {},
  component: NotificationsRoute,
});

function NotificationsRoute() {
  const { unread } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <NotificationsScreen
      unreadOnly={unread === true}
      onUnreadOnlyChange={(next) => void navigate({ search: next ? { unread: true } : {}, replace: true })}
    />
  );
}
