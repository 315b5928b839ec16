// Who liked a post: the short line under it ("Liked by you, Anna and 3 others", from the names this
// device knows) and the dialog it opens, listing every liker (GET /posts/{id}/likes, paged), each
// linking to their profile.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { PostLiker } from '@/contract/posts';
// Not the people barrel: through it, the feed's first post card (which shows this line) would
// pull Dexie in (the chunk it shares with the friends screens); tests/browser/bundle-budget.test.ts.
// eslint-disable-next-line import-x/no-restricted-paths -- Dexie-free modules, for the first post's budget
import { friendsOf, friendsQueryOptions } from '@/features/people/api/get-friends';
// eslint-disable-next-line import-x/no-restricted-paths -- Dexie-free modules, for the first post's budget
import { DialogPersonRow } from '@/features/people/components/dialog-person-row';
import { isNetworkError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { displayName } from '@/lib/display-name';
import { useT } from '@/lib/i18n';
import { Alert, Button, HeartIcon, Modal, ModalHeader, SkeletonRows, Spinner } from '@/ui';
import { postLikersQueryOptions } from './api/post-likers';
import type { LocalPost } from './data/types';
import { likedByLine, likedByText } from './liked-by-line';
import './liked-by.css';

/** Skeleton rows while the first page of likers loads (spec §9: skeleton rows 5). */
const LIKERS_SKELETON_ROWS = 5;

/** The line under a post; nothing when nobody likes it. */
export function LikedBy({ post }: { post: Pick<LocalPost, 'id' | 'author' | 'likes' | 'likesCount'> }) {
  const t = useT();
  const me = useSession().user;
  const [open, setOpen] = useState(false);
  // Read from the caches only (never fetched for the line): my friends, and the likers once listed.
  const friends = useInfiniteQuery({ ...friendsQueryOptions(), enabled: false });
  const listed = useInfiniteQuery({ ...postLikersQueryOptions(post.id), enabled: false });
  const names = useMemo(() => {
    const known = new Map<string, string>();
    for (const friend of friendsOf(friends.data)) known.set(friend.id, displayName(friend));
    for (const page of listed.data?.pages ?? [])
      for (const liker of page.likers) known.set(liker.id, displayName(liker));
    known.set(post.author.id, displayName(post.author));
    return known;
  }, [friends.data, listed.data, post.author]);
  const parts = likedByLine(post.likes, post.likesCount, (id) =>
    id === me?.id ? t('POSTS.LIKED_BY_YOU') : names.get(id),
  );
  if (!parts) return null;
  return (
    <>
      <button
        type="button"
        className="post-card__liked-by"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <HeartIcon filled />
        <span className="post-card__liked-by-text">{likedByText(t, parts)}</span>
      </button>
      {open ? <LikersDialog postId={post.id} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** Every member who liked the post, most recent first, 20 at a time. */
export function LikersDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const meId = useSession().user?.id;
  const likers = useInfiniteQuery(postLikersQueryOptions(postId));
  const rows: PostLiker[] = likers.data?.pages.flatMap((page) => page.likers) ?? [];
  const total = likers.data?.pages[0]?.total;
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="ui-people-dialog post-likers">
      <ModalHeader
        titleId={titleId}
        title={
          total === undefined ? t('POSTS.LIKERS_TITLE') : t('POSTS.LIKERS_TITLE_COUNT', { count: total })
        }
        closeLabel={t('COMMON.CLOSE')}
        onClose={onClose}
        className="ui-people-dialog__header"
        closeClassName="ui-people-dialog__close"
      />
      {likers.isPending ? (
        <SkeletonRows count={LIKERS_SKELETON_ROWS} label={t('POSTS.LIKERS_LOADING')} />
      ) : rows.length === 0 && likers.isError ? (
        <div className="post-likers__error ui-flex ui-column ui-start ui-gap-2">
          <Alert kind="error">
            {t(isNetworkError(likers.error) ? 'POSTS.LIKERS_OFFLINE' : 'POSTS.LIKERS_FAILED')}
          </Alert>
          <Button variant="secondary" size="small" onClick={() => void likers.refetch()}>
            {t('POSTS.RETRY')}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="post-likers__empty">{t('POSTS.LIKERS_EMPTY')}</p>
      ) : (
        <>
          <ul className="ui-people-dialog__list post-likers__list" aria-labelledby={titleId}>
            {rows.map((liker) => (
              <DialogPersonRow
                key={liker.id}
                person={liker}
                meId={meId}
                meLabel={(name) => t('POSTS.LIKER_ME', { name })}
                onClose={onClose}
              />
            ))}
          </ul>
          {likers.isFetchingNextPage ? (
            <Spinner label={t('POSTS.LIKERS_LOADING_MORE')} />
          ) : likers.isError ? (
            <div className="post-likers__error ui-flex ui-column ui-start ui-gap-2">
              <Alert kind="error">{t('POSTS.LIKERS_FAILED')}</Alert>
              <Button variant="secondary" size="small" onClick={() => void likers.fetchNextPage()}>
                {t('POSTS.RETRY')}
              </Button>
            </div>
          ) : likers.hasNextPage ? (
            <Button variant="secondary" size="small" onClick={() => void likers.fetchNextPage()}>
              {t('POSTS.LIKERS_MORE')}
            </Button>
          ) : null}
        </>
      )}
    </Modal>
  );
}
