import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { Fragment } from 'react';
import { ApiError, isNetworkError } from '@/lib/http/api-client';
import { displayName } from '@/lib/text/display-name';
import { TrustMenu } from '@/features/trust';
import { useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import {
  Alert,
  BackButton,
  Button,
  ChatBubbleIcon,
  CloudOffIcon,
  EmptyState,
  MailIcon,
  Page,
  PullToRefresh,
  Skeleton,
  UserIcon,
  ButtonLink,
} from '@/ui';
import { usePerson } from '../api/get-person';
import { FriendshipAction } from '../components/friendship-action';
import { ProfileCard } from '../components/profile-card';
import { useRemoveFriendConfirm } from '../components/remove-friend';
import { useFriendsLive } from '../hooks/use-friends-live';
import type { MemberSection } from './member-sections';
import '../people.css';

/**
 * Another member's profile: what they share with me, and where we stand as friends. A friend's
 * also shows their cars and posts (the sections the route adds), and the ways to write to them
 * (a message, a chat).
 */
export function PersonScreen({ id, sections = [] }: { id: string; sections?: readonly MemberSection[] }) {
  const t = useT();
  const navigate = useNavigate();
  const online = useOnline();
  const person = usePerson(id);
  const queryClient = useQueryClient();
  const remove = useRemoveFriendConfirm();
  useFriendsLive();

  const profile = person.data;
  if (profile?.friendship.status === 'self') return <Navigate to="/profile" replace />;
  const friends = profile?.friendship.status === 'friends';

  return (
    <Page back={<BackButton />} title={t('PEOPLE.TITLE')}>
      <PullToRefresh
        onRefresh={() =>
          Promise.all([
            person.refetch(),
            ...sections.map((section) => queryClient.invalidateQueries({ queryKey: section.queryKey(id) })),
          ])
        }
      >
        <div className="people-screen">
          {!online ? <Alert kind="info">{t('FRIENDS.OFFLINE')}</Alert> : null}
          {profile ? (
            <ProfileCard
              profile={profile}
              emptyBio={t(friends ? 'PEOPLE.NO_BIO' : 'PEOPLE.BIO_FRIENDS_ONLY', {
                name: displayName(profile),
              })}
            >
              <div className="people-card__actions ui-flex ui-wrap ui-center ui-gap-2">
                <FriendshipAction person={profile} friendship={profile.friendship} />
                {friends ? (
                  <ButtonLink
                    to="/compose-message"
                    search={{ to: profile.id }}
                    variant="secondary"
                    size="small"
                    icon={<MailIcon />}
                  >
                    {t('PEOPLE.SEND_MESSAGE')}
                  </ButtonLink>
                ) : null}
                {friends ? (
                  <ButtonLink
                    to="/chat/with/$userId"
                    params={{ userId: profile.id }}
                    variant="secondary"
                    size="small"
                    icon={<ChatBubbleIcon />}
                  >
                    {t('CHAT.CHAT_WITH')}
                  </ButtonLink>
                ) : null}
                {friends ? (
                  <Button
                    variant="ghost"
                    size="small"
                    aria-label={t('FRIENDS.REMOVE_NAMED', { name: displayName(profile) })}
                    onClick={() => remove.ask(profile)}
                  >
                    {t('FRIENDS.REMOVE')}
                  </Button>
                ) : null}
                <TrustMenu
                  targetType="user"
                  targetId={profile.id}
                  authorId={profile.id}
                  label={displayName(profile)}
                  canMute={friends}
                  onBlocked={() => void navigate({ to: '/friends' })}
                />
              </div>
            </ProfileCard>
          ) : person.isPending ? (
            <Skeleton height="10rem" />
          ) : person.error instanceof ApiError && person.error.status === 404 ? (
            <EmptyState icon={<UserIcon />} title={t('PEOPLE.NOT_FOUND')} text={t('PEOPLE.NOT_FOUND_TEXT')} />
          ) : isNetworkError(person.error) ? (
            <EmptyState
              icon={<CloudOffIcon />}
              title={t('FRIENDS.NEEDS_CONNECTION_TITLE')}
              text={t('PEOPLE.NEEDS_CONNECTION_TEXT')}
            />
          ) : (
            <Alert kind="error">{t('PEOPLE.LOAD_FAILED')}</Alert>
          )}
          {profile && friends ? (
            sections.map((section) => (
              <Fragment key={section.key}>
                {section.render({ id: profile.id, name: displayName(profile) })}
              </Fragment>
            ))
          ) : profile ? (
            <p className="people-muted">{t('PEOPLE.FRIENDS_SEE_MORE', { name: displayName(profile) })}</p>
          ) : null}
        </div>
      </PullToRefresh>
      {remove.dialog}
    </Page>
  );
}
