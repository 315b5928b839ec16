// A car's "Build thread" on its page: the posts about the car, oldest first, so a
// restoration reads as a story (GET /cars/{id}/build-thread; "load more" reads the next page).
// Each post shows as this device has it when the feed holds it (a like not sent yet).
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo } from 'react';
import { isNetworkError } from '@/lib/http/api-client';
import { useT } from '@/lib/i18n';
import { realtime } from '@/lib/realtime/socket';
import { Button, CloudOffIcon, EmptyState, FeedIcon } from '@/ui';
import { buildThreadKey, buildThreadQueryOptions } from './api/build-thread';
import { useFeed, type LocalPost } from './data';
import { FeedSkeleton } from './feed-skeleton';
import { PostCard } from './post-card';
import './posts.css';
import { LoadMoreServerPosts } from './load-more-posts';

/** Post skeletons while the first page loads. */
export const BUILD_THREAD_SKELETONS = 2;

export function BuildThread({ carId, mine }: { carId: string; mine: boolean }) {
  const t = useT();
  const headingId = useId();
  const queryClient = useQueryClient();
  const server = useInfiniteQuery(buildThreadQueryOptions(carId));
  const feed = useFeed();

  // A post appeared, changed or went in the feed: the thread asks again.
  useEffect(
    () => realtime.on('post', () => void queryClient.invalidateQueries({ queryKey: buildThreadKey(carId) })),
    [carId, queryClient],
  );

  const shown = useMemo((): LocalPost[] | undefined => {
    const pages = server.data?.pages;
    if (!pages) return undefined;
    const byId = new Map((feed ?? []).map((post) => [post.id, post]));
    return pages.flatMap((page) => page.posts).map((post) => byId.get(post.id) ?? post);
  }, [server.data, feed]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: buildThreadKey(carId) });
  const failed = server.isError && !server.isFetchingNextPage;

  return (
    <section className="build-thread" aria-labelledby={headingId}>
      <h2 id={headingId} className="build-thread__title">
        {t('BUILD_THREAD.TITLE')}
      </h2>
      {failed ? (
        <div className="ui-problem" role="status">
          {isNetworkError(server.error) ? <CloudOffIcon /> : null}
          <span>{t(isNetworkError(server.error) ? 'BUILD_THREAD.OFFLINE' : 'BUILD_THREAD.FAILED')}</span>
          <Button variant="secondary" size="small" onClick={() => void server.refetch()}>
            {t('POSTS.RETRY')}
          </Button>
        </div>
      ) : null}
      {shown === undefined ? (
        server.isPending ? (
          <FeedSkeleton count={BUILD_THREAD_SKELETONS} />
        ) : null
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<FeedIcon />}
          title={t('BUILD_THREAD.EMPTY')}
          text={t(mine ? 'BUILD_THREAD.EMPTY_TEXT_MINE' : 'BUILD_THREAD.EMPTY_TEXT')}
          action={
            mine ? (
              <Link to="/my-cars" className="ui-button ui-button--secondary">
                {t('BUILD_THREAD.OPEN_LOGS')}
              </Link>
            ) : undefined
          }
        />
      ) : (
        <>
          <ol className="feed__list ui-flex ui-column ui-gap-4 ui-bare-list" aria-labelledby={headingId}>
            {shown.map((post) => (
              <li key={post.id}>
                <PostCard post={post} onDeleted={refresh} onLikeToggled={refresh} />
              </li>
            ))}
          </ol>
          <LoadMoreServerPosts server={server} failed={failed} />
        </>
      )}
    </section>
  );
}
