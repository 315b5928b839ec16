import { isNetworkError } from '@/lib/http/api-client';
import { useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { Alert, Button, CloudOffIcon, EmptyState, SkeletonRows } from '@/ui';

/** Spec §9: five skeleton rows while a list loads. */
export const SKELETON_ROWS = 5;

/**
 * What a list shows before it has data: skeleton rows while loading, "needs a connection" when
 * offline with nothing kept on this device, an error with a retry otherwise. null once there is data.
 */
export function ListPlaceholder({
  query,
  loadingLabel,
}: {
  query: { data: unknown; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loadingLabel: string;
}) {
  const t = useT();
  const online = useOnline();
  if (query.data !== undefined) return null;
  if (!online || isNetworkError(query.error))
    return (
      <EmptyState
        icon={<CloudOffIcon />}
        title={t('FRIENDS.NEEDS_CONNECTION_TITLE')}
        text={t('FRIENDS.NEEDS_CONNECTION_TEXT')}
        action={
          <Button variant="secondary" disabled={!online} onClick={() => void query.refetch()}>
            {t('FRIENDS.RETRY')}
          </Button>
        }
      />
    );
  if (query.isError)
    return (
      <div className="people-error ui-flex ui-column ui-start ui-gap-3">
        <Alert kind="error">{t('FRIENDS.LOAD_FAILED')}</Alert>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('FRIENDS.RETRY')}
        </Button>
      </div>
    );
  return <SkeletonRows count={SKELETON_ROWS} label={loadingLabel} />;
}

/** "Show more" under a paged list. */
export function MoreButton({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const t = useT();
  if (!query.hasNextPage) return null;
  return (
    <div className="people-more">
      <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {t('FRIENDS.SHOW_MORE')}
      </Button>
    </div>
  );
}
