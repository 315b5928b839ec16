import type { Ref } from 'react';
import { useT } from '@/lib/i18n';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';

/** The foot of a server-paged post list: a spinner while a page loads, else "Load more" if any. */
export function LoadMorePosts({
  loading,
  more,
  onMore,
  ref,
}: {
  loading: boolean;
  more: boolean;
  onMore: () => void;
  /** The feed watches the footer to load the next page before the member reaches it. */
  ref?: Ref<HTMLDivElement>;
}) {
  const t = useT();
  return (
    <div ref={ref} className="feed__more">
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

/** The foot of a list paged by an infinite query; nothing more is offered once a page has failed. */
export function LoadMoreServerPosts({
  server,
  failed,
}: {
  server: { isFetchingNextPage: boolean; hasNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  failed: boolean;
}) {
  return (
    <LoadMorePosts
      loading={server.isFetchingNextPage}
      more={server.hasNextPage && !failed}
      onMore={() => void server.fetchNextPage()}
    />
  );
}
