import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { isNetworkError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { Button, CloudOffIcon, EmptyState, FeedIcon, Page, PullToRefresh, Skeleton, Spinner } from '@/ui';
import { useFeed, useFeedRefresh } from './data';
import { PostCard } from './post-card';
import './posts.css';

/** Spec §9: skeleton rows 5. */
export const FEED_SKELETON_CARDS = 5;
/** Start loading the next page this far before the end of the list shows. */
const LOAD_AHEAD_MARGIN = '600px';

function PostSkeleton() {
  return (
    <div className="post-card post-card--skeleton" data-testid="post-skeleton">
      <div className="post-card__header">
        <Skeleton width={50} height={50} round />
        <div className="post-card__meta">
          <Skeleton width="40%" />
          <Skeleton width="25%" height="0.75rem" />
        </div>
      </div>
      <Skeleton height="4rem" />
    </div>
  );
}

/**
 * The feed (spec §2 my-posts): my posts and my friends', newest first. Reads Dexie first, so it
 * renders offline at once; the server's first page refreshes it, the cursor pages it further as
 * the member scrolls, pull-to-refresh starts over.
 */
export function FeedScreen() {
  const t = useT();
  const posts = useFeed();
  const { error, refresh, loadMore, hasMore, loadingMore } = useFeedRefresh();
  const sentinel = useRef<HTMLDivElement | null>(null);
  const canLoadMore = hasMore && !error && (posts?.length ?? 0) > 0;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !canLoadMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore();
      },
      { rootMargin: LOAD_AHEAD_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoadMore, loadMore]);

  return (
    <Page
      title={t('POSTS.MY_POSTS_TITLE')}
      actions={
        <Link to="/create-post" className="ui-button ui-button--primary ui-button--small">
          {t('POSTS.NEW_POST')}
        </Link>
      }
    >
      <PullToRefresh onRefresh={refresh}>
        <div className="feed">
          {error ? (
            <p className="feed__hint" role="status">
              {isNetworkError(error) ? <CloudOffIcon /> : null}
              {t(isNetworkError(error) ? 'POSTS.OFFLINE_DATA' : 'POSTS.REFRESH_FAILED')}
            </p>
          ) : null}
          {posts === undefined ? (
            <div role="status" aria-label={t('POSTS.LOADING')} className="feed__list">
              {Array.from({ length: FEED_SKELETON_CARDS }, (_, i) => (
                <PostSkeleton key={i} />
              ))}
            </div>
          ) : posts.length === 0 ? (
            <EmptyState
              icon={<FeedIcon />}
              title={t('POSTS.EMPTY_TITLE')}
              text={t('POSTS.EMPTY_TEXT')}
              action={
                <Link to="/friends" search={{ tab: 'suggestions' }} className="ui-button ui-button--primary">
                  {t('POSTS.FIND_FRIENDS')}
                </Link>
              }
            />
          ) : (
            <>
              <ul className="feed__list" aria-label={t('POSTS.MY_POSTS_TITLE')}>
                {posts.map((post) => (
                  <li key={post.id}>
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
              <div ref={sentinel} className="feed__more">
                {loadingMore ? (
                  <Spinner label={t('POSTS.LOADING_MORE')} />
                ) : canLoadMore ? (
                  <Button variant="secondary" onClick={() => void loadMore()}>
                    {t('POSTS.LOAD_MORE')}
                  </Button>
                ) : null}
              </div>
            </>
          )}
        </div>
      </PullToRefresh>
    </Page>
  );
}
