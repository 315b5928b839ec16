// The header navigation's unread-messages badge. Entry-safe: Dexie and the messages' data layer
// load only once the shell has settled (lib/offline/follow-server-count.ts); until then, and
// while the count is 0 or unknown, nothing shows.
import { serverCountHook } from '@/lib/offline/follow-server-count';
import { useT } from '@/lib/i18n';
import { CountBadge } from '@/ui/count-badge';

/** Names the count in the developer log when it cannot be followed. */
const WHAT = 'unread count';

/** My inbox's unread count, once known; 0 until then. */
export const useMessagesUnreadCount: () => number = serverCountHook(
  async () => (await import('./data/unread-source')).messagesUnreadSource,
  WHAT,
);

/** The count as a small badge beside the Messages link. Nothing when there is nothing unread. */
export function MessagesUnreadBadge() {
  const t = useT();
  const count = useMessagesUnreadCount();
  return (
    <CountBadge count={count} label={t('MESSAGES.UNREAD_BADGE', { count })} testId="messages-unread-badge" />
  );
}
