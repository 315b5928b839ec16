// A mention's link (/u/$username, src/ui/rich-text-links.tsx): the member's profile, found by
// their username, opens in place of this address; nobody by that name shows "does not exist".
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { ApiError, isNetworkError } from '@/lib/http/api-client';
import { useT } from '@/lib/i18n';
import { Alert, BackButton, CloudOffIcon, EmptyState, Page, Skeleton, UserIcon } from '@/ui';
import { personByUsernameQueryOptions } from '../api/get-person-by-username';
import '../people.css';

export function UsernameScreen({ username }: { username: string }) {
  const t = useT();
  const person = useQuery(personByUsernameQueryOptions(username));
  if (person.data) return <Navigate to="/people/$id" params={{ id: person.data.id }} replace />;
  return (
    <Page back={<BackButton />} title={t('PEOPLE.TITLE')}>
      {person.isPending ? (
        <Skeleton height="10rem" />
      ) : person.error instanceof ApiError && (person.error.status === 404 || person.error.status === 400) ? (
        <EmptyState
          icon={<UserIcon />}
          title={t('PEOPLE.NO_SUCH_USERNAME', { username })}
          text={t('PEOPLE.NOT_FOUND_TEXT')}
        />
      ) : isNetworkError(person.error) ? (
        <EmptyState
          icon={<CloudOffIcon />}
          title={t('FRIENDS.NEEDS_CONNECTION_TITLE')}
          text={t('PEOPLE.NEEDS_CONNECTION_TEXT')}
        />
      ) : (
        <Alert kind="error">{t('PEOPLE.LOAD_FAILED')}</Alert>
      )}
    </Page>
  );
}
