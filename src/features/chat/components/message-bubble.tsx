import { Avatar } from '@/ui/avatar';
import { PhotoGrid } from '@/ui/photo-viewer';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import { TrustMenu } from '@/features/trust';
import { retryChatMessage, type LocalChatMessage } from '../data';
import { timeOf } from '../format';

/**
 * One message. Others' messages show the sender's picture and name when the sender changes; mine
 * sit on the other side and say when they wait to be sent or were refused ("Retry").
 * Content is plain text: React renders it as text, never as HTML.
 */
export function MessageBubble({
  message,
  mine,
  showSender,
}: {
  message: LocalChatMessage;
  mine: boolean;
  showSender: boolean;
}) {
  const t = useT();
  const name = displayName(message.sender);
  const classes = ['chat-message', mine ? 'chat-message--mine' : 'chat-message--theirs'];
  if (message.syncState) classes.push(`chat-message--${message.syncState}`);
  // A line of a member I blocked (or who blocked me) comes without its text: one collapsed line.
  if (message.fromBlockedMember) {
    return (
      <li className="chat-message chat-message--blocked" data-testid="chat-message">
        <p className="chat-message__text chat-message__text--blocked">{t('TRUST.CHAT_BLOCKED_LINE')}</p>
      </li>
    );
  }
  return (
    <li className={classes.join(' ')} data-testid="chat-message">
      {!mine ? (
        <span className="chat-message__avatar">
          {showSender ? <Avatar person={message.sender} display="small" /> : null}
        </span>
      ) : null}
      <div className="chat-message__body">
        {!mine && showSender ? <span className="chat-message__sender">{name}</span> : null}
        {mine ? <span className="visually-hidden">{t('CHAT.YOU')}: </span> : null}
        {!mine && !showSender ? <span className="visually-hidden">{name}: </span> : null}
        {message.content ? <p className="chat-message__text">{message.content}</p> : null}
        {/* Rows kept from before chat lines had photos have no `images`. */}
        <PhotoGrid
          photos={message.images ?? []}
          label={t('CHAT.PHOTOS_FROM', { name })}
          altOf={(i) => t('CHAT.IMAGE_ALT', { n: i + 1 })}
          className="chat-message__photos"
        />
        <span className="chat-message__meta ui-flex ui-wrap ui-gap-2 ui-center">
          <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
          {message.syncState === 'pending' ? (
            <span className="chat-message__state" data-testid="chat-message-pending">
              {t('CHAT.PENDING')}
            </span>
          ) : null}
          {message.syncState === 'failed' ? (
            <>
              <span className="chat-message__state chat-message__state--failed" role="status">
                {t('CHAT.FAILED')}
              </span>
              {message.entryId ? (
                <button
                  type="button"
                  className="chat-message__retry"
                  onClick={() => void retryChatMessage(message.entryId!)}
                >
                  {t('CHAT.RETRY')}
                </button>
              ) : null}
            </>
          ) : null}
          {!mine && !message.syncState ? (
            <TrustMenu
              targetType="chat-message"
              targetId={message.id}
              authorId={message.sender.id}
              label={t('TRUST.CHAT_LINE_BY', { name })}
            />
          ) : null}
        </span>
      </div>
    </li>
  );
}
