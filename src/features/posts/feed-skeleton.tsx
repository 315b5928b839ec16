// The feed's loading state, shared by the screen (before its list has loaded) and the list.
import { useT } from '@/lib/i18n';
import { Skeleton } from '@/ui/skeleton';

/** Spec §9: skeleton rows 5. */
export const FEED_SKELETON_CARDS = 5;

function PostSkeleton() {
  return (
    <div className="post-card post-card--skeleton" data-testid="post-skeleton">
      <div className="post-card__header ui-flex ui-center ui-gap-3">
        <Skeleton width={50} height={50} round />
        <div className="post-card__meta ui-flex ui-column ui-gap-1">
          <Skeleton width="40%" />
          <Skeleton width="25%" height="0.75rem" />
        </div>
      </div>
      <Skeleton height="4rem" />
    </div>
  );
}

export function FeedSkeleton({ count = FEED_SKELETON_CARDS }: { count?: number }) {
  const t = useT();
  return (
    <div
      role="status"
      aria-label={t('POSTS.LOADING')}
      className="feed__list ui-flex ui-column ui-gap-4 ui-bare-list"
    >
      {Array.from({ length: count }, (_, i) => (
        <PostSkeleton key={i} />
      ))}
    </div>
  );
}
