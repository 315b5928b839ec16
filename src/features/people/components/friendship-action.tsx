import type { Friendship } from '@/contract/people';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import { Button, CheckIcon, UserPlusIcon } from '@/ui';
import { useAnswerFriendRequest } from '../api/answer-friend-request';
import { useCancelFriendRequest } from '../api/cancel-friend-request';
import type { PersonRef } from '../api/friend-writes';
import { useSendFriendRequest } from '../api/send-friend-request';

/**
 * The action that fits where I stand with a member: add, cancel my request, accept or decline
 * theirs; "Friends" once we are. Buttons name the member, so a list of them reads well.
 */
export function FriendshipAction({ person, friendship }: { person: PersonRef; friendship: Friendship }) {
  const t = useT();
  const send = useSendFriendRequest();
  const cancel = useCancelFriendRequest();
  const answer = useAnswerFriendRequest();
  const name = displayName(person);
  const { status, requestId } = friendship;

  if (status === 'self') return null;
  if (status === 'friends')
    return (
      <span className="people-status people-status--friends">
        <CheckIcon />
        {t('FRIENDS.STATUS_FRIENDS')}
      </span>
    );
  if (status === 'none')
    return (
      <Button
        size="small"
        icon={<UserPlusIcon />}
        aria-label={t('FRIENDS.ADD_NAMED', { name })}
        busy={send.isPending}
        // The client id is the request's id: it can be cancelled before it is even sent.
        onClick={() => send.mutate({ ...person, requestId: crypto.randomUUID() })}
      >
        {t('FRIENDS.ADD')}
      </Button>
    );
  if (status === 'requestSent')
    return (
      <span className="people-row__buttons">
        <span className="people-status">{t('FRIENDS.STATUS_REQUEST_SENT')}</span>
        <Button
          size="small"
          variant="secondary"
          aria-label={t('FRIENDS.CANCEL_REQUEST_NAMED', { name })}
          disabled={!requestId}
          busy={cancel.isPending}
          onClick={() => requestId && cancel.mutate({ requestId, person })}
        >
          {t('FRIENDS.CANCEL_REQUEST')}
        </Button>
      </span>
    );
  // requestReceived
  const busy = answer.isPending ? answer.variables.action : null;
  return (
    <span className="people-row__buttons">
      <Button
        size="small"
        aria-label={t('FRIENDS.ACCEPT_NAMED', { name })}
        disabled={!requestId || busy === 'decline'}
        busy={busy === 'accept'}
        onClick={() => requestId && answer.mutate({ requestId, action: 'accept', person })}
      >
        {t('FRIENDS.ACCEPT')}
      </Button>
      <Button
        size="small"
        variant="secondary"
        aria-label={t('FRIENDS.DECLINE_NAMED', { name })}
        disabled={!requestId || busy === 'accept'}
        busy={busy === 'decline'}
        onClick={() => requestId && answer.mutate({ requestId, action: 'decline', person })}
      >
        {t('FRIENDS.DECLINE')}
      </Button>
    </span>
  );
}
