// Spec §2 compose-message: the recipient is chosen with the recipient-choosing modal, a subject
// (≤ 200 characters) and the content in the rich-text editor (≤ 20000 characters of text). Sending
// keeps the message on this device and queues it (offline too: it is sent once, when back online).
// Opened with a friend's id (`to`), the recipient is that friend (looked up; unknown: left to pick).
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { MESSAGE_CONTENT_MAX_TEXT, MESSAGE_IMAGES_MAX, MESSAGE_SUBJECT_MAX } from '@/contract/constants';
import {
  RecipientAvatar,
  RecipientPickerModal,
  useLinkedRecipient,
  type RecipientChoice,
} from '@/features/recipient-picker';
import { displayName } from '@/lib/text/display-name';
import { formatNumber, useT } from '@/lib/i18n';
import { useGoBack } from '@/lib/navigation/history';
import { isOnline } from '@/lib/network/online';
import { toast } from '@/lib/toast';
import { Alert, Button, Card, Page, PhotosPicker, Skeleton, TextField, useFocusFirstError } from '@/ui';
import { COMPACT_TOOLBAR, isRichTextEmpty, RichTextEditor } from '@/ui/rich-text-editor';
import { participantOf, validateCompose, type ComposeErrors, type ComposeValues } from './compose-values';
import { sendMessage, useMessage, type LocalMessage, type MessageParticipant } from './data';
import { StorageFullError } from '@/lib/offline/storage-full';
import { otherParticipant, replySubject } from './message-format';
import './messages.css';

export function ComposeMessageScreen({ replyTo, to }: { replyTo?: string; to?: string }) {
  const t = useT();
  const reply = useMessage(replyTo);
  return (
    <Page title={t('MESSAGES.COMPOSE_TITLE')}>
      <Card>
        {replyTo && reply === undefined ? (
          <ComposeSkeleton />
        ) : to && !replyTo ? (
          <ComposeTo friendId={to} />
        ) : (
          <ComposeForm key={reply?.id ?? 'new'} reply={reply ?? null} recipient={null} />
        )}
      </Card>
    </Page>
  );
}

function ComposeSkeleton() {
  const t = useT();
  return (
    <div className="compose__skeleton" role="status" aria-label={t('MESSAGES.COMPOSE_LOADING')}>
      <Skeleton height="2.75rem" />
      <Skeleton height="2.75rem" />
      <Skeleton height="10rem" />
    </div>
  );
}

/** A new message to a friend by id: their names first (not a friend, unknown or offline: to pick). */
function ComposeTo({ friendId }: { friendId: string }) {
  const { isPending, recipient } = useLinkedRecipient(friendId);
  if (isPending) return <ComposeSkeleton />;
  return <ComposeForm reply={null} recipient={recipient?.isFriend ? participantOf(recipient) : null} />;
}

function initialValues(
  reply: LocalMessage | null,
  recipient: MessageParticipant | null,
  prefix: string,
): ComposeValues {
  if (!reply) return { recipient, subject: '', content: '' };
  return {
    recipient: participantOf(otherParticipant(reply)),
    subject: replySubject(reply.subject, prefix, MESSAGE_SUBJECT_MAX),
    content: '',
  };
}

function ComposeForm({
  reply,
  recipient,
}: {
  reply: LocalMessage | null;
  /** A new message's recipient, chosen before the form opened. */
  recipient: MessageParticipant | null;
}) {
  const t = useT();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const ids = useId();
  const [values, setValues] = useState<ComposeValues>(() =>
    initialValues(reply, recipient, t('MESSAGES.REPLY_SUBJECT', { subject: '' })),
  );
  const [errors, setErrors] = useState<ComposeErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [sending, setSending] = useState(false);
  const { form, focusFirstError } = useFocusFirstError();

  const message = (field: keyof ComposeErrors) => {
    const error = errors[field];
    if (!error) return undefined;
    const values = Object.fromEntries(
      Object.entries(error.values ?? {}).map(([k, v]) => [k, typeof v === 'number' ? formatNumber(v) : v]),
    );
    return t(error.key, values);
  };

  function set<K extends keyof ComposeValues>(field: K, value: ComposeValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    if (field !== 'images' && errors[field as keyof ComposeErrors])
      setErrors((e) => ({ ...e, [field]: undefined }));
    // Photos make an empty text a message: its "write something" error goes.
    if (field === 'images' && errors.content?.key === 'MESSAGES.CONTENT_REQUIRED')
      setErrors((e) => ({ ...e, content: undefined }));
  }

  function onPicked(choice: RecipientChoice) {
    setPicking(false);
    // Focus goes back to the button that opened the modal (Modal does it).
    if (!choice.cancelled) set('recipient', participantOf(choice.user));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const found = validateCompose(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setFormError(t('MESSAGES.FIX_FIELDS'));
      focusFirstError();
      return;
    }
    setFormError(null);
    setSending(true);
    try {
      const offline = !isOnline();
      await sendMessage({
        recipient: values.recipient!,
        subject: values.subject,
        content: isRichTextEmpty(values.content) ? '' : values.content,
        images: values.images ?? [],
      });
      toast.show({ kind: 'success', message: t(offline ? 'MESSAGES.SENT_OFFLINE' : 'MESSAGES.SENT') });
      await navigate({ to: '/messages', search: { folder: 'sent' } });
    } catch (error) {
      console.error('message not kept', error);
      setFormError(t(error instanceof StorageFullError ? 'MESSAGES.STORAGE_FULL' : 'MESSAGES.SEND_FAILED'));
      setSending(false);
    }
  }

  const recipientError = message('recipient');
  return (
    <form ref={form} className="compose" noValidate onSubmit={(e) => void submit(e)}>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <div className="ui-field" role="group" aria-labelledby={`${ids}-to`}>
        <span className="ui-field__label" id={`${ids}-to`}>
          {t('MESSAGES.RECIPIENT')}
        </span>
        <div className="compose__recipient ui-flex ui-wrap ui-center ui-gap-3">
          {values.recipient ? (
            <span className="compose__person" data-testid="compose-recipient">
              <RecipientAvatar person={values.recipient} />
              <span>{displayName(values.recipient)}</span>
            </span>
          ) : null}
          <Button
            variant="secondary"
            size="small"
            aria-haspopup="dialog"
            aria-invalid={recipientError ? true : undefined}
            aria-describedby={recipientError ? `${ids}-to-error` : undefined}
            onClick={() => setPicking(true)}
          >
            {t(values.recipient ? 'MESSAGES.CHANGE_RECIPIENT' : 'MESSAGES.CHOOSE_RECIPIENT')}
          </Button>
        </div>
        {recipientError ? (
          <p className="ui-field__error" id={`${ids}-to-error`}>
            {recipientError}
          </p>
        ) : null}
      </div>
      <TextField
        label={t('MESSAGES.SUBJECT')}
        optional
        autoComplete="off"
        maxLength={MESSAGE_SUBJECT_MAX}
        value={values.subject}
        onChange={(event) => set('subject', event.target.value)}
        error={message('subject')}
        description={t('MESSAGES.SUBJECT_HINT', { max: formatNumber(MESSAGE_SUBJECT_MAX) })}
      />
      <RichTextEditor
        label={t('MESSAGES.CONTENT')}
        value={values.content}
        onChange={(html) => set('content', html)}
        toolbar={COMPACT_TOOLBAR}
        maxLength={MESSAGE_CONTENT_MAX_TEXT}
        error={errors.content?.key === 'MESSAGES.CONTENT_REQUIRED' ? message('content') : undefined}
        height={200}
      />
      <PhotosPicker
        files={values.images ?? []}
        onFilesChange={(files) => set('images', files)}
        max={MESSAGE_IMAGES_MAX}
      />
      <div className="compose__actions ui-form-actions ui-flex ui-end ui-gap-2">
        <Button variant="ghost" onClick={() => goBack({ previous: true, fallback: '/messages' })}>
          {t('MESSAGES.CANCEL')}
        </Button>
        <Button type="submit" busy={sending}>
          {t(sending ? 'MESSAGES.SENDING' : 'MESSAGES.SEND')}
        </Button>
      </div>
      {picking ? (
        <RecipientPickerModal
          onDismiss={onPicked}
          noFriendsAction={
            <Link to="/friends" className="ui-button ui-button--primary ui-button--small">
              {t('MESSAGES.FIND_FRIENDS')}
            </Link>
          }
        />
      ) : null}
    </form>
  );
}
