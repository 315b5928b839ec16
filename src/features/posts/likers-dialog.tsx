// The dialog listing every member who liked a post (GET /posts/{id}/likes, paged), each linking to
// their profile; opened from the "liked by" line (liked-by.tsx).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { PostLiker } from '@/contract/posts';
import { isNetworkError } from '@/lib/http/api-client';
import { useSession } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import { Alert, Button, Modal, ModalHeader, SkeletonRows, Spinner } from '@/ui';
import { DialogPersonRow } from '@/ui/dialog-person-row';
import { postLikersQueryOptions } from './api/post-likers';

/** Skeleton rows while the first page of likers loads (spec §9: skeleton rows 5). */
const LIKERS_SKELETON_ROWS = 5;

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
