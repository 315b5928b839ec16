import { Link } from '@tanstack/react-router';
import { RecipientAvatar } from '@/features/recipient-picker';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import type { LocalMessage } from '../data';
import { excerptOf, listDate, otherParticipant } from '../message-format';
import { MessageSyncBadge } from './message-sync-badge';

/** One message of a folder: the other participant, subject, excerpt, date, unread and sync marks. */
export function MessageRow({ message }: { message: LocalMessage }) {
  const t = useT();
  const other = otherParticipant(message);
  const name = displayName(other);
  const unread = message.folder === 'inbox' && !message.isRead;
  const subject = message.subject.trim() || t('MESSAGES.NO_SUBJECT');
  return (
    <Link
      to="/message/$id"
      params={{ id: message.id }}
      className={unread ? 'message-row message-row--unread' : 'message-row'}
      data-testid="message-row"
    >
      <RecipientAvatar person={other} />
      <span className="message-row__body">
        <span className="message-row__top ui-flex ui-between ui-gap-2">
          <span className="message-row__name">
            <span className="visually-hidden">
              {t(message.folder === 'inbox' ? 'MESSAGES.FROM_NAME' : 'MESSAGES.TO_NAME', { name })}
            </span>
            <span aria-hidden="true">{name}</span>
          </span>
          <time className="message-row__date" dateTime={message.createdAt}>
            {listDate(message.createdAt)}
          </time>
        </span>
        <span className="message-row__subject ui-flex ui-center ui-gap-2">
          {unread ? (
            <>
              <span className="message-row__dot" aria-hidden="true" />
              <span className="visually-hidden">{t('MESSAGES.UNREAD')}, </span>
            </>
          ) : null}
          <span className="message-row__subject-text">{subject}</span>
        </span>
        <span className="message-row__excerpt">
          {excerptOf(message.content) ||
            (message.images?.length ? t('MESSAGES.PHOTOS_COUNT', { count: message.images.length }) : '')}
        </span>
        <MessageSyncBadge message={message} />
      </span>
    </Link>
  );
}
