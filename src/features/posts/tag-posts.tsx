// A tag's page (docs/SPEC-NOTES.md "Hashtags and mentions"): the posts carrying #tag that my feed
// would show, newest first, with the feed's cards, skeleton and "load more" (the server's pages,
// GET /tags/{tag}/posts). A post the feed holds shows as this device has it (its like not sent yet).
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { ApiError, isNetworkError } from '@/lib/http/api-client';
import { useSession } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import { Button, CloudOffIcon, EmptyState, FeedIcon } from '@/ui';
import { tagPostsQueryOptions, type TagPostsPage } from './api/tag-posts';
import { toggledLikes, useFeed, type LocalPost } from './data';
import { FeedSkeleton } from './feed-skeleton';
import { LoadMoreServerPosts } from './load-more-posts';
import { PostCard } from './post-card';
import './posts.css';
import './member-posts.css';

/** Post skeletons while the first page loads. */
export const TAG_POSTS_SKELETONS = 2;

type Pages = InfiniteData<TagPostsPage, string | null>;

export function TagPosts({ tag }: { tag: string }) {
  const t = useT();
  const headingId = useId();
  const meId = useSession().user?.id ?? '';
  const queryClient = useQueryClient();
  const options = tagPostsQueryOptions(tag);
  const server = useInfiniteQuery(options);
  const feed = useFeed();

  const shown = useMemo((): LocalPost[] | undefined => {
    const pages = server.data?.pages;
    if (!pages) return undefined;
    const byId = new Map((feed ?? []).map((post) => [post.id, post]));
    return pages.flatMap((page) => page.posts).map((post) => byId.get(post.id) ?? post);
  }, [server.data, feed]);

  /** Changes the page's own copy of a post (one the feed does not hold). */
  const edit = (postId: string, change: (post: LocalPost) => LocalPost | null) =>
    queryClient.setQueryData<Pages>(options.queryKey, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              posts: page.posts.flatMap((post) => {
                if (post.id !== postId) return [post];
                const next = change(post);
                return next ? [next] : [];
              }),
            })),
          }
        : data,
    );
  const fromFeed = (postId: string) => (feed ?? []).some((post) => post.id === postId);

  const failed = server.isError && !server.isFetchingNextPage;
  const invalid = server.error instanceof ApiError && server.error.status === 400;

  return (
    <section className="member-posts" aria-labelledby={headingId}>
      <h2 id={headingId} className="member-posts__title">
        {t('TAGS.TITLE', { tag })}
      </h2>
      {invalid ? (
        <EmptyState icon={<FeedIcon />} title={t('TAGS.INVALID', { tag })} text={t('TAGS.INVALID_TEXT')} />
      ) : failed ? (
        <div className="ui-problem" role="status">
          {isNetworkError(server.error) ? <CloudOffIcon /> : null}
          <span>{t(isNetworkError(server.error) ? 'TAGS.OFFLINE' : 'TAGS.FAILED')}</span>
          <Button variant="secondary" size="small" onClick={() => void server.refetch()}>
            {t('POSTS.RETRY')}
          </Button>
        </div>
      ) : null}
      {invalid ? null : shown === undefined ? (
        server.isPending ? (
          <FeedSkeleton count={TAG_POSTS_SKELETONS} />
        ) : null
      ) : shown.length === 0 ? (
        <EmptyState icon={<FeedIcon />} title={t('TAGS.EMPTY', { tag })} text={t('TAGS.EMPTY_TEXT')} />
      ) : (
        <>
          <ul className="feed__list ui-flex ui-column ui-gap-4 ui-bare-list" aria-labelledby={headingId}>
            {shown.map((post) => (
              <li key={post.id}>
                <PostCard
                  post={post}
                  onDeleted={() => edit(post.id, () => null)}
                  onLikeToggled={() => {
                    if (!fromFeed(post.id)) edit(post.id, (p) => ({ ...p, ...toggledLikes(p, meId) }));
                  }}
                />
              </li>
            ))}
          </ul>
          <LoadMoreServerPosts server={server} failed={failed} />
        </>
      )}
    </section>
  );
}
