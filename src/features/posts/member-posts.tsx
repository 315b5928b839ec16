// A member's posts on their profile (mine on my own): the server's pages (GET /users/{id}/posts,
// "load more" follows the cursor), each shown as this device has it when the feed holds it (its
// like or edit not sent yet), my posts not sent yet first. Offline, or while the first page
// loads, what this device holds of theirs shows at once.
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo } from 'react';
import { isNetworkError } from '@/lib/http/api-client';
import { useSession } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import { realtime } from '@/lib/realtime/socket';
import { Button, CloudOffIcon, EmptyState, FeedIcon } from '@/ui';
import { memberPostsKey, memberPostsQueryOptions, type MemberPostsPage } from './api/member-posts';
import { toggledLikes, useFeed, type LocalPost } from './data';
import { FeedSkeleton } from './feed-skeleton';
import { PostCard } from './post-card';
import './posts.css';
import './member-posts.css';
import { LoadMoreServerPosts } from './load-more-posts';

/** Post skeletons while the first page loads. */
export const MEMBER_POSTS_SKELETONS = 2;

type Pages = InfiniteData<MemberPostsPage, string | null>;

export function MemberPosts({ memberId, name }: { memberId: string; name: string }) {
  const t = useT();
  const headingId = useId();
  const meId = useSession().user?.id;
  const mine = memberId === meId;
  const queryClient = useQueryClient();
  const options = memberPostsQueryOptions(memberId);
  const server = useInfiniteQuery(options);
  const feed = useFeed();

  // One of their posts appeared, changed or went (the realtime-only `post` notification): the
  // list asks again. Likes and comments show through the feed's copy of the post.
  useEffect(
    () =>
      realtime.on('post', (event) => {
        if (event.jsonPayload.relatedFriendId === memberId)
          void queryClient.invalidateQueries({ queryKey: memberPostsKey(memberId) });
      }),
    [memberId, queryClient],
  );

  const local = useMemo(() => (feed ?? []).filter((post) => post.author.id === memberId), [feed, memberId]);
  const shown = useMemo((): LocalPost[] | undefined => {
    const pages = server.data?.pages;
    if (!pages) return local.length > 0 ? local : undefined;
    const byId = new Map(local.map((post) => [post.id, post]));
    const listed = pages.flatMap((page) => page.posts);
    const ids = new Set(listed.map((post) => post.id));
    // Mine, written on this device and not on the server yet.
    const unsent = local.filter((post) => post.syncState && !ids.has(post.id));
    return [...unsent, ...listed.map((post) => byId.get(post.id) ?? post)];
  }, [server.data, local]);

  /** Changes the list's own copy of a post (one the feed does not hold). */
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
  const fromFeed = (postId: string) => local.some((post) => post.id === postId);

  const retry = () => void server.refetch();
  const failed = server.isError && !server.isFetchingNextPage;

  return (
    <section className="member-posts" aria-labelledby={headingId}>
      <h2 id={headingId} className="member-posts__title">
        {mine ? t('POSTS.MY_OWN_POSTS_TITLE') : t('POSTS.MEMBER_POSTS_TITLE', { name })}
      </h2>
      {failed ? (
        <div className="ui-problem" role="status">
          {isNetworkError(server.error) ? <CloudOffIcon /> : null}
          <span>
            {t(
              isNetworkError(server.error)
                ? shown?.length
                  ? 'POSTS.MEMBER_POSTS_OFFLINE_DATA'
                  : 'POSTS.MEMBER_POSTS_OFFLINE'
                : 'POSTS.MEMBER_POSTS_FAILED',
            )}
          </span>
          <Button variant="secondary" size="small" onClick={retry}>
            {t('POSTS.RETRY')}
          </Button>
        </div>
      ) : null}
      {shown === undefined ? (
        server.isPending ? (
          <FeedSkeleton count={MEMBER_POSTS_SKELETONS} />
        ) : null
      ) : shown.length === 0 ? (
        mine ? (
          <EmptyState
            icon={<FeedIcon />}
            title={t('POSTS.MY_OWN_POSTS_EMPTY')}
            text={t('POSTS.MY_OWN_POSTS_EMPTY_TEXT')}
            action={
              <Link to="/create-post" className="ui-button ui-button--primary">
                {t('POSTS.NEW_POST')}
              </Link>
            }
          />
        ) : (
          <EmptyState
            icon={<FeedIcon />}
            title={t('POSTS.MEMBER_POSTS_EMPTY', { name })}
            text={t('POSTS.MEMBER_POSTS_EMPTY_TEXT', { name })}
          />
        )
      ) : (
        <>
          <ul className="feed__list ui-flex ui-column ui-gap-4 ui-bare-list" aria-labelledby={headingId}>
            {shown.map((post) => (
              <li key={post.id}>
                <PostCard
                  post={post}
                  onDeleted={() => edit(post.id, () => null)}
                  onLikeToggled={() => {
                    if (!fromFeed(post.id)) edit(post.id, (p) => ({ ...p, ...toggledLikes(p, meId ?? '') }));
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
