import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isNetworkError } from '@/lib/http/api-client';
import { useT } from '@/lib/i18n';
import { realtime } from '@/lib/realtime/socket';
import { BackButton, EmptyState, Page, SkeletonRows } from '@/ui';
import { CommentsSection } from './comments-section';
import { syncPost, usePost } from './data';
import { PostCard } from './post-card';
import './posts.css';

/**
 * One post with its comments (spec §2). While open, it is in the post's socket room: a
 * `postUpdated` (a like, a comment) refreshes the post and (the comments section) its first
 * comments, so they show live.
 */
export function PostScreen({ postId }: { postId: string }) {
  const t = useT();
  const post = usePost(postId);
  const navigate = useNavigate();
  // A post not on this device yet (opened from a notification) is not "gone" before the server says so.
  const [asked, setAsked] = useState<string | null>(null);

  useEffect(() => {
    void syncPost(postId)
      .catch((error: unknown) => {
        if (!isNetworkError(error)) console.warn('post not refreshed', error);
      })
      .finally(() => setAsked(postId));
    realtime.joinPost(postId);
    const off = realtime.on('postUpdated', (event) => {
      if (event.postId !== postId) return;
      void syncPost(postId).catch(() => undefined); // its comments: the comments section's paging
    });
    return () => {
      off();
      realtime.leavePost(postId);
    };
  }, [postId]);

  return (
    <Page back={<BackButton />} title={t('POSTS.POST_TITLE')}>
      <div className="post-page">
        {post === undefined || (post === null && asked !== postId) ? (
          <SkeletonRows count={1} label={t('POSTS.LOADING')} />
        ) : post === null ? (
          <EmptyState
            title={t('POSTS.NOT_FOUND')}
            action={
              <Link to="/feed" className="ui-button ui-button--secondary">
                {t('COMMON.GO_HOME')}
              </Link>
            }
          />
        ) : (
          <>
            <PostCard post={post} linkToPost={false} onDeleted={() => void navigate({ to: '/feed' })} />
            <CommentsSection postId={post.id} postAuthorId={post.author.id} />
          </>
        )}
      </div>
    </Page>
  );
}
