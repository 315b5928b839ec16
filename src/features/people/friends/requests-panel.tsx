import { useId } from 'react';
import type { FriendRequest } from '@/contract/people';
import { formatDate, useT } from '@/lib/i18n';
import { Button, EmptyState, MailIcon } from '@/ui';
import { useFriendRequests } from '../api/get-friend-requests';
import { FriendshipAction } from '../components/friendship-action';
import { PeopleList, PersonRow } from '../components/person-row';
import { ListPlaceholder } from './list-states';

function RequestRow({ request }: { request: FriendRequest }) {
  const t = useT();
  const incoming = request.direction === 'incoming';
  return (
    <PersonRow
      person={request.user}
      detail={t(incoming ? 'FRIENDS.RECEIVED_ON' : 'FRIENDS.SENT_ON', {
        date: formatDate(request.createdAt, { dateStyle: 'medium' }),
      })}
      actions={
        <FriendshipAction
          person={request.user}
          friendship={{ status: incoming ? 'requestReceived' : 'requestSent', requestId: request.id }}
        />
      }
    />
  );
}

/** Requests I received (accept, decline) and sent (cancel), newest first. */
export function RequestsPanel({ onFind }: { onFind: () => void }) {
  const t = useT();
  const id = useId();
  const requests = useFriendRequests();
  if (!requests.data)
    return <ListPlaceholder query={requests} loadingLabel={t('FRIENDS.REQUESTS_LOADING')} />;
  const { incoming, outgoing } = requests.data;
  if (incoming.length === 0 && outgoing.length === 0)
    return (
      <EmptyState
        icon={<MailIcon />}
        title={t('FRIENDS.REQUESTS_EMPTY')}
        text={t('FRIENDS.REQUESTS_EMPTY_TEXT')}
        action={<Button onClick={onFind}>{t('FRIENDS.FIND_PEOPLE')}</Button>}
      />
    );
  return (
    <div className="people-sections ui-flex ui-column ui-gap-5">
      <section aria-labelledby={`${id}-received`}>
        <h2 id={`${id}-received`} className="people-section-title">
          {t('FRIENDS.REQUESTS_RECEIVED', { count: requests.data.incomingTotal })}
        </h2>
        {incoming.length ? (
          <PeopleList label={t('FRIENDS.REQUESTS_RECEIVED_LIST')}>
            {incoming.map((request) => (
              <RequestRow key={request.id} request={request} />
            ))}
          </PeopleList>
        ) : (
          <p className="people-muted">{t('FRIENDS.REQUESTS_RECEIVED_NONE')}</p>
        )}
      </section>
      <section aria-labelledby={`${id}-sent`}>
        <h2 id={`${id}-sent`} className="people-section-title">
          {t('FRIENDS.REQUESTS_SENT', { count: requests.data.outgoingTotal })}
        </h2>
        {outgoing.length ? (
          <PeopleList label={t('FRIENDS.REQUESTS_SENT_LIST')}>
            {outgoing.map((request) => (
              <RequestRow key={request.id} request={request} />
            ))}
          </PeopleList>
        ) : (
          <p className="people-muted">{t('FRIENDS.REQUESTS_SENT_NONE')}</p>
        )}
      </section>
    </div>
  );
}
