import { createFileRoute } from '@tanstack/react-router';
import type { MessageFolder } from '@/contract/constants';
import { MessagesScreen } from '@/features/messages/messages-screen';

type MessagesSearch = { folder?: Exclude<MessageFolder, 'inbox'>; unread?: true };

export const Route = createFileRoute('/_authenticated/messages')({
  // ?folder=sent and ?unread=true keep the folder and the filter across reloads and back/forward;
  // the inbox and "all" are the defaults and leave the URL plain.
  validateSearch: (search: Record<string, unknown>): MessagesSearch => ({
    ...(search.folder === 'sent' ? { folder: 'sent' as const } : {}),
    ...(search.unread === true || search.unread === 'true' ? { unread: true as const } : {}),
  }),
  component: MessagesRoute,
});

function MessagesRoute() {
  const { folder = 'inbox', unread } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MessagesScreen
      folder={folder}
      unreadOnly={unread === true}
      onChange={(next) =>
        void navigate({
          search: {
            ...(next.folder === 'sent' ? { folder: 'sent' as const } : {}),
            ...(next.unreadOnly ? { unread: true as const } : {}),
          },
          replace: true,
        })
      }
    />
  );
}
