import { useLocale, useT } from '@/lib/i18n';
import { Button, EmptyState, UsersIcon } from '@/ui';
import { useFriendSuggestions } from '../api/get-friend-suggestions';
import { FriendshipAction } from '../components/friendship-action';
import { PeopleList, PersonRow } from '../components/person-row';
import { ListPlaceholder } from './list-states';
import { suggestionReasons } from './suggestion-reason';

/** People I may know, each with why and an "Add friend". */
export function SuggestionsPanel({ onFind }: { onFind: () => void }) {
  const t = useT();
  const locale = useLocale();
  const suggestions = useFriendSuggestions();
  if (!suggestions.data)
    return <ListPlaceholder query={suggestions} loadingLabel={t('FRIENDS.SUGGESTIONS_LOADING')} />;
  if (suggestions.data.length === 0)
    return (
      <EmptyState
        icon={<UsersIcon />}
        title={t('FRIENDS.SUGGESTIONS_EMPTY')}
        text={t('FRIENDS.SUGGESTIONS_EMPTY_TEXT')}
        action={<Button onClick={onFind}>{t('FRIENDS.FIND_PEOPLE')}</Button>}
      />
    );
  return (
    <PeopleList label={t('FRIENDS.SUGGESTIONS_LIST')}>
      {suggestions.data.map((s) => {
        const reasons = suggestionReasons(s, t, locale);
        return (
          <PersonRow
            key={s.user.id}
            person={s.user}
            detail={reasons.length ? reasons.join(' · ') : undefined}
            actions={<FriendshipAction person={s.user} friendship={s.user.friendship} />}
          />
        );
      })}
    </PeopleList>
  );
}
