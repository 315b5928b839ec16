import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment, useEffect } from 'react';
import type { CurrentUser } from '@/contract/user';
import { session, useSession } from '@/lib/auth/session';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import { Alert, CarIcon, Page, PullToRefresh, Skeleton, UsersIcon } from '@/ui';
import { useFriendsCount } from '../api/get-friends';
import { useMyProfile } from '../api/get-my-profile';
import { ProfileCard } from '../components/profile-card';
import { useFriendsLive } from '../hooks/use-friends-live';
import type { MemberSection } from './member-sections';
import { useProfileSaveState } from './use-profile-saves';
import '../people.css';

const sameUser = (a: CurrentUser, b: CurrentUser | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * My profile: my card as friends see it, how many friends I have, and the ways to edit it, see
 * my friends and my cars; below, my posts (the sections the route adds). Shows the session's copy
 * at once (offline too), then the server's.
 */
export function ProfileScreen({ sections = [] }: { sections?: readonly MemberSection[] }) {
  const t = useT();
  const { user } = useSession();
  const me = useMyProfile();
  const friendsCount = useFriendsCount();
  const queryClient = useQueryClient();
  useFriendsLive();
  const saveState = useProfileSaveState();

  // Changed on another device: the header and the offline copy follow.
  useEffect(() => {
    if (me.data && !sameUser(me.data, session.getState().user)) session.setUser(me.data);
  }, [me.data]);

  const profile = me.data ?? user;
  return (
    <Page
      title={t('PROFILE.TITLE')}
      actions={
        <Link to="/edit-profile" className="ui-button ui-button--secondary ui-button--small">
          {t('PROFILE.EDIT')}
        </Link>
      }
    >
      <PullToRefresh
        onRefresh={() =>
          Promise.all([
            me.refetch(),
            friendsCount.refetch(),
            ...(profile
              ? sections.map((section) =>
                  queryClient.invalidateQueries({ queryKey: section.queryKey(profile.id) }),
                )
              : []),
          ])
        }
      >
        <div className="people-screen">
          {saveState === 'pending' ? (
            <Alert kind="info">{t('PROFILE.PENDING')}</Alert>
          ) : saveState === 'failed' ? (
            <Alert kind="warning">{t('PROFILE.NEEDS_ATTENTION')}</Alert>
          ) : null}
          {profile ? (
            <ProfileCard profile={profile} emptyBio={t('PROFILE.NO_BIO')} />
          ) : (
            <Skeleton height="10rem" />
          )}
          <nav className="people-links" aria-label={t('PROFILE.LINKS')}>
            <Link to="/friends" className="people-link ui-flex ui-center ui-gap-3">
              <UsersIcon />
              <span className="people-link__text">
                <span className="people-link__title">{t('PROFILE.MY_FRIENDS')}</span>
                <span className="people-link__hint" data-testid="friends-count">
                  {friendsCount.data === 0 ? (
                    t('PROFILE.FRIENDS_COUNT_NONE')
                  ) : friendsCount.data !== undefined ? (
                    t('PROFILE.FRIENDS_COUNT', { count: friendsCount.data })
                  ) : friendsCount.isPending ? (
                    <Skeleton width="5rem" height="0.8rem" />
                  ) : (
                    t('PROFILE.FRIENDS_COUNT_UNKNOWN')
                  )}
                </span>
              </span>
            </Link>
            <Link to="/my-cars" className="people-link ui-flex ui-center ui-gap-3">
              <CarIcon />
              <span className="people-link__text">
                <span className="people-link__title">{t('PROFILE.MY_CARS')}</span>
                <span className="people-link__hint">{t('PROFILE.MY_CARS_HINT')}</span>
              </span>
            </Link>
          </nav>
          {profile
            ? sections.map((section) => (
                <Fragment key={section.key}>
                  {section.render({ id: profile.id, name: displayName(profile) })}
                </Fragment>
              ))
            : null}
        </div>
      </PullToRefresh>
    </Page>
  );
}
