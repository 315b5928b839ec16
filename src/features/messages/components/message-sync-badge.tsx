import { useT } from '@/lib/i18n';
import type { LocalMessage } from '../data';

/**
 * docs/OFFLINE-FIRST.md: pending and failed writes are shown. A message written here and not sent yet says
 * so; any write of a message that needs attention (a send, a read mark, a deletion) says that.
 * A read mark on its way is not worth a word: the message already shows as read.
 */
export function MessageSyncBadge({ message }: { message: Pick<LocalMessage, 'syncState' | 'folder'> }) {
  const t = useT();
  const state = message.syncState;
  if (!state || (state === 'pending' && message.folder !== 'sent')) return null;
  return (
    <span
      className={`message-sync message-sync--${state}`}
      title={t(state === 'failed' ? 'MESSAGES.SYNC_FAILED_HINT' : 'MESSAGES.SYNC_PENDING_HINT')}
    >
      {t(state === 'failed' ? 'MESSAGES.SYNC_FAILED' : 'MESSAGES.SYNC_PENDING')}
    </span>
  );
}
