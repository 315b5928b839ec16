import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { Alert, Page, PullToRefresh } from '@/ui';
import { useFriendRequests } from '../api/get-friend-requests';
import { friendsKeys, peopleKeys } from '../api/keys';
import { useFriendsLive } from '../hooks/use-friends-live';
import { FriendsPanel } from './friends-panel';
import type { FriendsTab } from './friends-tabs';
import { RequestsPanel } from './requests-panel';
import { SearchPanel } from './search-panel';
import { SuggestionsPanel } from './suggestions-panel';
import { Tabs } from './tabs';
import '../people.css';

/**
 * friends (spec §2, §7): my friends, requests received and sent, suggestions, and the people
 * search. Every write goes through the outbox: offline it is kept on this device and sent later.
 */
export function FriendsScreen({
  tab,
  onTabChange,
}: {
  tab: FriendsTab;
  onTabChange: (tab: FriendsTab) => void;
}) {
  const t = useT();
  const online = useOnline();
  const queryClient = useQueryClient();
  const requests = useFriendRequests();
  const [query, setQuery] = useState('');
  const [focusSearch, setFocusSearch] = useState(false);
  useFriendsLive();

  const incoming = requests.data?.incomingTotal ?? 0;
  const go = (next: FriendsTab) => {
    setFocusSearch(next === 'search');
    onTabChange(next);
  };
  const refresh = () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: friendsKeys.all, type: 'active' }),
      queryClient.refetchQueries({ queryKey: peopleKeys.all, type: 'active' }),
    ]);

  return (
    <Page title={t('FRIENDS.TITLE')}>
      <PullToRefresh onRefresh={refresh}>
        <div className="people-screen">
          {!online ? <Alert kind="info">{t('FRIENDS.OFFLINE')}</Alert> : null}
          <Tabs
            label={t('FRIENDS.TABS')}
            selected={tab}
            onSelect={(key) => {
              setFocusSearch(false);
              onTabChange(key);
            }}
            tabs={[
              { key: 'friends', label: t('FRIENDS.TAB_FRIENDS') },
              {
                key: 'requests',
                label: (
                  <>
                    {t('FRIENDS.TAB_REQUESTS')}
                    {incoming > 0 ? ' ' : null}
                    {incoming > 0 ? (
                      <span className="people-tabs__badge">
                        <span aria-hidden="true">{incoming > 99 ? '99+' : incoming}</span>
                        <span className="visually-hidden">
                          {t('FRIENDS.TAB_REQUESTS_NEW', { count: incoming })}
                        </span>
                      </span>
                    ) : null}
                  </>
                ),
              },
              { key: 'suggestions', label: t('FRIENDS.TAB_SUGGESTIONS') },
              { key: 'search', label: t('FRIENDS.TAB_SEARCH') },
            ]}
          >
            {tab === 'friends' ? (
              <FriendsPanel onFind={go} />
            ) : tab === 'requests' ? (
              <RequestsPanel onFind={() => go('search')} />
            ) : tab === 'suggestions' ? (
              <SuggestionsPanel onFind={() => go('search')} />
            ) : (
              <SearchPanel query={query} onQueryChange={setQuery} autoFocus={focusSearch} />
            )}
          </Tabs>
        </div>
      </PullToRefresh>
    </Page>
  );
}
