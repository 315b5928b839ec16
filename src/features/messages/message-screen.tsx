// Spec §2 message/{id}: one message. Opening an unread received message marks it read (once: the
// read mark is queued only for an unread message, docs/DESIGN-NOTES.md). Shows the subject, both participants,
// the date and the server-sanitised content; reply and delete (after a confirmation), or chat live
// with the other participant instead.
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { RecipientAvatar } from '@/features/recipient-picker';
import { TrustMenu } from '@/features/trust';
import { isNetworkError } from '@/lib/http/api-client';
import { displayName } from '@/lib/text/display-name';
import { useLocale, useT } from '@/lib/i18n';
import { isOnline } from '@/lib/network/online';
import { toast } from '@/lib/toast';
import {
  Button,
  Card,
  ChatIcon,
  ConfirmDialog,
  EmptyState,
  MailIcon,
  Page,
  Skeleton,
  BackIcon,
  ReplyIcon,
  TrashIcon,
  ButtonLink,
} from '@/ui';
import { PhotoGrid } from '@/ui/photo-viewer';
import { MessageSyncBadge } from './components/message-sync-badge';
import {
  deleteMessage,
  markMessageRead,
  startMessagesRealtime,
  syncMessage,
  useMessage,
  type LocalMessage,
  type MessageParticipant,
} from './data';
import { fullDate, otherParticipant } from './message-format';
import './messages.css';

type Fetch = 'idle' | 'loading' | 'gone' | 'offline';

export function MessageScreen({ id }: { id: string }) {
  const t = useT();
  const message = useMessage(id);
  const [fetch, setFetch] = useState<Fetch>('loading');

  // The server's copy in the background (a deep link, or a newer state); offline, the local one.
  useEffect(() => {
    let cancelled = false;
    setFetch('loading');
    syncMessage(id)
      .then(({ message: fetched }) => !cancelled && setFetch(fetched ? 'idle' : 'gone'))
      .catch((error: unknown) => !cancelled && setFetch(isNetworkError(error) ? 'offline' : 'gone'));
    return () => {
      cancelled = true;
    };
  }, [id]);

  useEffect(() => startMessagesRealtime(), []);

  if (message === undefined || (message === null && fetch === 'loading')) {
    return (
      <Page title={t('MESSAGES.MESSAGE_TITLE')}>
        <MessageSkeleton label={t('MESSAGES.MESSAGE_LOADING')} />
      </Page>
    );
  }
  if (message === null) {
    const offline = fetch === 'offline';
    return (
      <Page title={t('MESSAGES.MESSAGE_TITLE')}>
        <EmptyState
          title={t(offline ? 'MESSAGES.NOT_ON_DEVICE' : 'MESSAGES.NOT_FOUND')}
          text={t(offline ? 'MESSAGES.NOT_ON_DEVICE_TEXT' : 'MESSAGES.NOT_FOUND_TEXT')}
          icon={<MailIcon />}
          action={
            <Link to="/messages" className="ui-button ui-button--secondary">
              {t('MESSAGES.BACK_TO_LIST')}
            </Link>
          }
        />
      </Page>
    );
  }
  return <MessageView message={message} />;
}

function MessageView({ message }: { message: LocalMessage }) {
  const t = useT();
  useLocale();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const subject = message.subject.trim() || t('MESSAGES.NO_SUBJECT');
  const other = otherParticipant(message);
  const shouldMark = message.folder === 'inbox' && !message.isRead;
  const folderSearch = message.folder === 'sent' ? { folder: 'sent' as const } : {};

  // Opening marks it read; markMessageRead itself does nothing for a read message, so a second
  // opening (or this effect running twice) never lowers the count again.
  useEffect(() => {
    if (!shouldMark) return;
    markMessageRead(message.id).catch((error: unknown) => console.error('read mark not kept', error));
  }, [message.id, shouldMark]);

  async function remove() {
    setDeleting(true);
    try {
      const offline = !isOnline();
      await deleteMessage(message.id);
      toast.show({ kind: 'success', message: t(offline ? 'MESSAGES.DELETED_OFFLINE' : 'MESSAGES.DELETED') });
      await navigate({ to: '/messages', search: folderSearch });
    } catch (error) {
      console.error('message not deleted', error);
      toast.show({ kind: 'error', message: t('MESSAGES.DELETE_FAILED') });
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <Page
      title={subject}
      actions={
        <Link to="/messages" search={folderSearch} className="ui-button ui-button--ghost ui-button--small">
          <BackIcon />
          {t('MESSAGES.BACK_TO_LIST')}
        </Link>
      }
    >
      <Card className="message-view">
        <dl className="message-view__meta">
          <Participant label={t('MESSAGES.FROM')} person={message.sender} />
          <Participant label={t('MESSAGES.TO')} person={message.recipient} />
          <div className="message-view__fact">
            <dt>{t('MESSAGES.DATE')}</dt>
            <dd>
              <time dateTime={message.createdAt}>{fullDate(message.createdAt)}</time>
            </dd>
          </div>
        </dl>
        <MessageSyncBadge message={message} />
        {/* Sanitised by the server against the editor's allow-list (docs/SECURITY-CHECKS.md "Content"). */}
        <div
          className="rich-text message-view__content"
          dangerouslySetInnerHTML={{ __html: message.content }}
        />
        {/* Rows kept from before messages had photos have no `images`. */}
        <PhotoGrid
          photos={message.images ?? []}
          label={t('MESSAGES.PHOTOS_FROM', { name: displayName(message.sender) })}
          altOf={(i) => t('MESSAGES.IMAGE_ALT', { n: i + 1 })}
          className="message-view__photos"
        />
        <div className="message-view__actions ui-flex ui-wrap ui-gap-2">
          <ButtonLink to="/compose-message" search={{ replyTo: message.id }} icon={<ReplyIcon />}>
            {t('MESSAGES.REPLY')}
          </ButtonLink>
          <Button variant="secondary" icon={<TrashIcon />} onClick={() => setConfirming(true)}>
            {t('MESSAGES.DELETE')}
          </Button>
          <ButtonLink
            to="/chat/with/$userId"
            params={{ userId: other.id }}
            variant="ghost"
            className="message-view__chat"
            icon={<ChatIcon />}
          >
            {t('MESSAGES.CHAT_INSTEAD', { name: other.firstName.trim() || displayName(other) })}
          </ButtonLink>
          {message.folder === 'inbox' ? (
            <TrustMenu
              targetType="message"
              targetId={message.id}
              authorId={message.sender.id}
              label={subject}
              onBlocked={() => void navigate({ to: '/messages', search: folderSearch })}
            />
          ) : null}
        </div>
      </Card>
      {confirming ? (
        <ConfirmDialog
          title={t('MESSAGES.DELETE_TITLE')}
          message={t('MESSAGES.DELETE_TEXT', { name: displayName(other) })}
          cancelLabel={t('MESSAGES.DELETE_CANCEL')}
          confirmLabel={t('MESSAGES.DELETE_CONFIRM')}
          busy={deleting}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void remove()}
        />
      ) : null}
    </Page>
  );
}

function Participant({ label, person }: { label: string; person: MessageParticipant }) {
  return (
    <div className="message-view__fact">
      <dt>{label}</dt>
      <dd className="message-view__person ui-flex ui-center ui-gap-2">
        <RecipientAvatar person={person} />
        <span>{displayName(person)}</span>
      </dd>
    </div>
  );
}

function MessageSkeleton({ label }: { label: string }) {
  return (
    <div className="message-view__skeleton" role="status" aria-label={label} data-testid="message-skeleton">
      <Skeleton width="60%" height="1.5rem" />
      <Skeleton width="40%" />
      <Skeleton height="8rem" />
    </div>
  );
}
