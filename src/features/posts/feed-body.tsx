// The feed's list: Dexie, the posts data layer and the cards. Loaded by feed-screen.tsx after the
// screen's first paint (online: after the first page from the network has painted), so none of it
// weighs on the first render nor on the first post.
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useT } from '@/lib/i18n';
import { EmptyState } from '@/ui/empty-state';
import { FeedIcon } from '@/ui/icons';
import { PullToRefresh } from '@/ui/pull-to-refresh';
import { RefreshHint } from '@/ui/refresh-hint';
// The reads and the refresh, not the data layer's index: that one brings the comments and the writes.
import { useFeed } from './data/reads';
import { useFeedRefresh } from './data/sync';
import type { LocalPost } from './data/types';
import type { EarlyFeedPage } from './feed-first-page';
import { FeedSkeleton } from './feed-skeleton';
import { LoadMorePosts } from './load-more-posts';
import { PostCard } from './post-card';

/** Start loading the next page this far before the end of the list shows. */
const LOAD_AHEAD_MARGIN = '600px';

/**
 * The feed's body (spec §2 my-posts): my posts and my friends', newest first. Reads Dexie first, so it
 * renders offline at once; the server's first page refreshes it, the cursor pages it further as
 * the member scrolls, pull-to-refresh starts over.
 */
export default function FeedBody({
  initialPosts,
  firstPage,
}: {
  initialPosts?: LocalPost[];
  /** The first page the screen asked for (and showed): merged without asking again. */
  firstPage?: EarlyFeedPage | null;
}) {
  const t = useT();
  const local = useFeed();
  const { error, refresh, loadMore, hasMore, loadingMore, synced } = useFeedRefresh(firstPage);
  // The first page the screen painted from the network stays until the first refresh has merged
  // it into Dexie (no flash of an empty or older list meanwhile).
  const posts = initialPosts && !synced ? initialPosts : local;
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
    <PullToRefresh onRefresh={refresh}>
      <div className="feed">
        <RefreshHint
          error={error}
          className="feed__hint"
          offline={t('POSTS.OFFLINE_DATA')}
          failed={t('POSTS.REFRESH_FAILED')}
        />
        {posts === undefined ? (
          <FeedSkeleton />
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
            <ul
              className="feed__list ui-flex ui-column ui-gap-4 ui-bare-list"
              aria-label={t('POSTS.MY_POSTS_TITLE')}
            >
              {posts.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
            <LoadMorePosts
              ref={sentinel}
              loading={loadingMore}
              more={canLoadMore}
              onMore={() => void loadMore()}
            />
          </>
        )}
      </div>
    </PullToRefresh>
  );
}
