// Who liked a post: the short line under it ("Liked by you, Anna and 3 others", from the names this
// device knows) and the dialog it opens (likers-dialog.tsx), listing every liker.
import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { friendsOf, friendsQueryOptions } from '@/features/people';
import { useSession } from '@/lib/auth/session';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import { HeartIcon } from '@/ui/icons';
import { postLikersQueryOptions } from './api/post-likers';
import type { LocalPost } from './data/types';
import { likedByLine, likedByText } from './liked-by-line';
import './liked-by.css';

// The line shows on the feed's first post card; the dialog loads when it opens.
const LikersDialog = lazy(() => import('./likers-dialog').then((m) => ({ default: m.LikersDialog })));

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
      {open ? (
        <Suspense fallback={null}>
          <LikersDialog postId={post.id} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
