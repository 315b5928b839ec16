import { useT } from '@/lib/i18n';
import { Button, Spinner } from '@/ui';

/** The foot of a server-paged post list: a spinner while a page loads, else "Load more" if any. */
export function LoadMorePosts({
  loading,
  more,
  onMore,
}: {
  loading: boolean;
  more: boolean;
  onMore: () => void;
}) {
  const t = useT();
  return (
    <div className="feed__more">
      {loading ? (
        <Spinner label={t('POSTS.LOADING_MORE')} />
      ) : more ? (
        <Button variant="secondary" onClick={onMore}>
          {t('POSTS.LOAD_MORE')}
        </Button>
      ) : null}
    </div>
  );
}
