// The navigation's unread-chat badge. Entry-safe: Dexie and the chat's data layer load only once
// the shell has settled (lib/offline/follow-server-count.ts), like the messages' badge; until
// then, and while the count is 0 or unknown, nothing shows.
import { serverCountHook } from '@/lib/offline/follow-server-count';
import { useT } from '@/lib/i18n';
import { CountBadge } from '@/ui/count-badge';

/** Names the count in the developer log when it cannot be followed. */
const WHAT = 'chat unread count';

/** My unread chat messages over all rooms, once known; 0 until then. */
export const useChatUnreadCount: () => number = serverCountHook(
  async () => (await import('./data/unread-source')).chatUnreadSource,
  WHAT,
);

/** My unread chat messages as a small badge beside the Chat link; nothing at 0. */
export function ChatUnreadBadge() {
  const t = useT();
  const count = useChatUnreadCount();
  return <CountBadge count={count} label={t('CHAT.UNREAD_BADGE', { count })} testId="chat-unread-badge" />;
}
