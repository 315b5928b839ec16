import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import { Button, EmptyState, UsersIcon } from '@/ui';
import { friendsOf, useFriends } from '../api/get-friends';
import { PeopleList, PersonRow } from '../components/person-row';
import { useRemoveFriendConfirm } from '../components/remove-friend';
import { ListPlaceholder, MoreButton } from './list-states';

/** My friends, 20 at a time, each with a way to end the friendship (asked first). */
export function FriendsPanel({ onFind }: { onFind: (tab: 'suggestions' | 'search') => void }) {
  const t = useT();
  const friends = useFriends();
  const remove = useRemoveFriendConfirm();
  const list = friendsOf(friends.data);
  const total = friends.data?.pages[0]?.total ?? 0;

  if (!friends.data) return <ListPlaceholder query={friends} loadingLabel={t('FRIENDS.LOADING')} />;
  if (list.length === 0)
    return (
      <EmptyState
        icon={<UsersIcon />}
        title={t('FRIENDS.EMPTY')}
        text={t('FRIENDS.EMPTY_TEXT')}
        action={
          <div className="people-empty-actions ui-flex ui-wrap ui-gap-2">
            <Button onClick={() => onFind('suggestions')}>{t('FRIENDS.SEE_SUGGESTIONS')}</Button>
            <Button variant="secondary" onClick={() => onFind('search')}>
              {t('FRIENDS.FIND_PEOPLE')}
            </Button>
          </div>
        }
      />
    );
  return (
    <>
      <p className="people-count">{t('FRIENDS.COUNT', { count: total })}</p>
      <PeopleList label={t('FRIENDS.LIST')}>
        {list.map((friend) => (
          <PersonRow
            key={friend.id}
            person={friend}
            actions={
              <Button
                variant="ghost"
                size="small"
                aria-label={t('FRIENDS.REMOVE_NAMED', { name: displayName(friend) })}
                onClick={() => remove.ask(friend)}
              >
                {t('FRIENDS.REMOVE')}
              </Button>
            }
          />
        ))}
      </PeopleList>
      <MoreButton query={friends} />
      {remove.dialog}
    </>
  );
}
