import { useEffect, useRef, useState, type FormEvent } from 'react';
import { COMMENT_CONTENT_MAX, type CommentSort } from '@/contract/constants';
import { useSession } from '@/lib/auth/session';
import { displayName } from '@/lib/text/display-name';
import { isNetworkError } from '@/lib/http/api-client';
import { formatDate, useT } from '@/lib/i18n';
import { commentAnchor } from '@/lib/navigation';
import { Alert, Button, ConfirmDialog, LinkedRichText, SkeletonRows, Spinner, TextArea } from '@/ui';
import {
  commentText,
  deleteComment,
  editComment,
  saveComment,
  useCommentPages,
  useComments,
  useReplyPages,
  type CommentPaging,
  type LocalComment,
  type PagingError,
} from './data';
import { Avatar } from '@/ui/avatar';
import { AuthorLink } from './author-link';
import { TrustMenu } from '@/features/trust';

/** Writes a comment, or a reply when `parentCommentId` is given (through the outbox: works offline). */
export function Composer({
  postId,
  parentCommentId,
  editing,
  onDone,
  onCancel,
}: {
  postId: string;
  parentCommentId?: string;
  /** The comment being changed: the composer starts with its text and saves over it. */
  editing?: LocalComment;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const [text, setText] = useState(() => (editing ? commentText(editing.content) : ''));
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    if (trimmed.length > COMMENT_CONTENT_MAX) {
      setError(t('COMMENTS.TOO_LONG', { max: COMMENT_CONTENT_MAX }));
      return;
    }
    setBusy(true);
    try {
      if (editing) await editComment(editing.id, trimmed);
      else await saveComment({ postId, text: trimmed, parentCommentId: parentCommentId ?? null });
      setText('');
      setError(undefined);
      onDone?.();
    } catch {
      setError(t('COMMENTS.SAVE_FAILED'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="composer" onSubmit={(e) => void submit(e)}>
      <TextArea
        label={t(
          editing
            ? 'COMMENTS.EDIT_LABEL'
            : parentCommentId
              ? 'COMMENTS.REPLY_LABEL'
              : 'COMMENTS.COMMENT_LABEL',
        )}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={COMMENT_CONTENT_MAX}
        error={error}
      />
      <div className="composer__actions">
        <Button type="submit" size="small" busy={busy} disabled={!text.trim()}>
          {t(editing ? 'COMMENTS.SAVE' : parentCommentId ? 'COMMENTS.SEND_REPLY' : 'COMMENTS.SEND')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" size="small" onClick={onCancel}>
            {t('POSTS.CANCEL')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** How many of a list are neither shown (synced rows) nor loaded: what "more" would bring. */
function remaining(paging: CommentPaging, shown: number, fallbackTotal?: number): number {
  const total = paging.total ?? (paging.refreshing ? null : (fallbackTotal ?? null));
  return total === null ? 0 : Math.max(0, total - Math.max(paging.loaded, shown));
}

const synced = (list: LocalComment[] | undefined) => list?.filter((c) => !c.syncState).length ?? 0;

type NoticeId =
  | 'COMMENTS.MORE_OFFLINE'
  | 'COMMENTS.MORE_FAILED'
  | 'COMMENTS.OFFLINE_DATA'
  | 'COMMENTS.REFRESH_FAILED'
  | 'COMMENTS.EMPTY_OFFLINE'
  | 'COMMENTS.LOAD_FAILED'
  | 'COMMENTS.REPLIES_OFFLINE'
  | 'COMMENTS.REPLIES_FAILED';

/** Why a page did not come, and a way to ask again; what shows already stays. */
function PagingNotice({
  error,
  list,
  shownSome,
  onRetry,
}: {
  error: PagingError;
  list: 'comments' | 'replies';
  shownSome: boolean;
  onRetry: () => void;
}) {
  const t = useT();
  const offline = isNetworkError(error.cause);
  let id: NoticeId | null;
  if (list === 'replies')
    id =
      error.during === 'first' && shownSome
        ? null
        : offline
          ? 'COMMENTS.REPLIES_OFFLINE'
          : 'COMMENTS.REPLIES_FAILED';
  else if (error.during === 'more') id = offline ? 'COMMENTS.MORE_OFFLINE' : 'COMMENTS.MORE_FAILED';
  else if (shownSome) id = offline ? 'COMMENTS.OFFLINE_DATA' : 'COMMENTS.REFRESH_FAILED';
  else id = offline ? 'COMMENTS.EMPTY_OFFLINE' : 'COMMENTS.LOAD_FAILED';
  if (!id) return null;
  // A first page missing while saved ones show is news, not an alarm.
  const quiet = error.during === 'first' && shownSome;
  return (
    <Alert kind={quiet ? 'info' : 'error'}>
      <div className="comments__notice ui-flex ui-wrap ui-center ui-between ui-gap-2">
        <span>{t(id)}</span>
        <Button variant="secondary" size="small" onClick={onRetry}>
          {t('COMMENTS.RETRY')}
        </Button>
      </div>
    </Alert>
  );
}

function CommentItem({
  comment,
  replies,
  me,
  canModerate,
  onDelete,
}: {
  comment: LocalComment;
  replies?: LocalComment[];
  me: string;
  canModerate: boolean;
  onDelete: (comment: LocalComment) => void;
}) {
  const t = useT();
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const isTop = comment.parentCommentId === null;
  // Open, its replies come page by page; those already on this device show at once, offline too.
  const paging = useReplyPages(comment.id, isTop && showReplies);
  const shownReplies = synced(replies);
  const moreReplies = remaining(paging, shownReplies, comment.repliesCount);
  const toggleReplies = () => setShowReplies(!showReplies);
  const anchor = commentAnchor(comment.id);
  const item = useRef<HTMLLIElement>(null);
  // Opened at this comment (a notification about it): it comes into view once it shows.
  useEffect(() => {
    if (window.location.hash !== `#${anchor}`) return;
    item.current?.scrollIntoView?.({ block: 'center' });
    item.current?.focus({ preventScroll: true });
  }, [anchor]);
  return (
    <li className="comment" data-testid="comment" id={anchor} ref={item} tabIndex={-1}>
      <div className="comment__meta ui-flex ui-gap-2 ui-wrap">
        <AuthorLink authorId={comment.author.id} decorative>
          <Avatar person={comment.author} look="post-avatar" testId={null} />
        </AuthorLink>
        <AuthorLink authorId={comment.author.id}>
          <strong>{displayName(comment.author)}</strong>
        </AuthorLink>
        <time dateTime={comment.createdAt}>
          {formatDate(comment.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
        {comment.syncState ? <span role="status">{t('POSTS.PENDING')}</span> : null}
      </div>
      {editing ? (
        <Composer
          postId={comment.postId}
          editing={comment}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <LinkedRichText className="rich-text" html={comment.content} />
      )}
      <div className="comment__actions ui-flex ui-wrap ui-gap-1">
        {isTop ? (
          <Button variant="ghost" size="small" onClick={() => setReplying(!replying)}>
            {t('COMMENTS.REPLY')}
          </Button>
        ) : null}
        {isTop && comment.repliesCount > 0 ? (
          <Button variant="ghost" size="small" aria-expanded={showReplies} onClick={toggleReplies}>
            {t('COMMENTS.REPLIES_COUNT', { count: comment.repliesCount })}
          </Button>
        ) : null}
        {comment.author.id === me && !editing ? (
          <Button variant="ghost" size="small" onClick={() => setEditing(true)}>
            {t('COMMENTS.EDIT')}
          </Button>
        ) : null}
        {comment.author.id === me || canModerate ? (
          <Button variant="ghost" size="small" onClick={() => onDelete(comment)}>
            {t('COMMENTS.DELETE')}
          </Button>
        ) : null}
        {comment.author.id !== me ? (
          <TrustMenu
            targetType="comment"
            targetId={comment.id}
            authorId={comment.author.id}
            label={t('TRUST.COMMENT_BY', { name: displayName(comment.author) })}
          />
        ) : null}
      </div>
      {replying ? (
        <Composer
          postId={comment.postId}
          parentCommentId={comment.id}
          onDone={() => {
            setReplying(false);
            setShowReplies(true);
          }}
        />
      ) : null}
      {(showReplies || replying) && replies?.length ? (
        <ul className="comment__replies" aria-label={t('COMMENTS.REPLIES')}>
          {replies.map((reply) => (
            <CommentItem
              key={reply.id}
              comment={reply}
              me={me}
              canModerate={canModerate}
              onDelete={onDelete}
            />
          ))}
        </ul>
      ) : null}
      {showReplies ? (
        <div className="comment__more">
          {!replies?.length && paging.refreshing ? (
            <SkeletonRows
              count={Math.min(3, comment.repliesCount || 1)}
              label={t('COMMENTS.LOADING_REPLIES')}
            />
          ) : null}
          {paging.error ? (
            <PagingNotice
              error={paging.error}
              list="replies"
              shownSome={Boolean(replies?.length)}
              onRetry={() => void paging.retry()}
            />
          ) : null}
          {paging.loadingMore ? (
            <Spinner label={t('COMMENTS.LOADING_REPLIES')} />
          ) : moreReplies > 0 && paging.error?.during !== 'more' ? (
            <Button variant="ghost" size="small" onClick={() => void paging.more()}>
              {t('COMMENTS.MORE_REPLIES', { count: moreReplies })}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * A post's comments: newest first by default (or oldest), COMMENTS_PAGE_SIZE at a time, replies on
 * demand, a composer. What came from the server is kept on this device and reads offline.
 */
export function CommentsSection({ postId, postAuthorId }: { postId: string; postAuthorId: string }) {
  const t = useT();
  const me = useSession().user?.id ?? '';
  const [sortBy, setSortBy] = useState<CommentSort>('newest');
  const data = useComments(postId, sortBy);
  const paging = useCommentPages(postId, sortBy);
  const shownSome = Boolean(data?.comments.length);
  const more = data ? remaining(paging, synced(data.comments)) : 0;
  const [deleting, setDeleting] = useState<LocalComment | null>(null);
  const heading = useRef<HTMLHeadingElement | null>(null);
  /** The paging failure, where it happened: above the list (the first page) or below it (more). */
  const notice = (during: 'first' | 'more') =>
    paging.error?.during === during ? (
      <PagingNotice
        error={paging.error}
        list="comments"
        shownSome={shownSome}
        onRetry={() => void paging.retry()}
      />
    ) : null;

  return (
    <section className="comments" aria-labelledby={`comments-${postId}`}>
      <div className="comments__header ui-flex ui-wrap ui-between ui-center">
        <h2 id={`comments-${postId}`} ref={heading}>
          {t('COMMENTS.TITLE')}
        </h2>
        <Button
          variant="secondary"
          size="small"
          onClick={() => setSortBy(sortBy === 'newest' ? 'oldest' : 'newest')}
        >
          {t(sortBy === 'newest' ? 'COMMENTS.SHOW_OLDEST' : 'COMMENTS.SHOW_NEWEST')}
        </Button>
      </div>
      <Composer postId={postId} />
      {notice('first')}
      {data === undefined || (!shownSome && paging.total === null && !paging.error) ? (
        <SkeletonRows count={3} label={t('COMMENTS.LOADING')} />
      ) : data.comments.length === 0 ? (
        paging.error ? null : (
          <p className="comments__empty">{t('COMMENTS.EMPTY')}</p>
        )
      ) : (
        <ul className="comments__list" aria-label={t('COMMENTS.TITLE')}>
          {data.comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              replies={data.replies.get(comment.id)}
              me={me}
              canModerate={postAuthorId === me}
              onDelete={setDeleting}
            />
          ))}
        </ul>
      )}
      {notice('more')}
      {paging.loadingMore ? (
        <Spinner label={t('COMMENTS.LOADING_MORE')} />
      ) : more > 0 && paging.error?.during !== 'more' ? (
        <Button variant="secondary" onClick={() => void paging.more()}>
          {t('COMMENTS.LOAD_MORE')}
        </Button>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('COMMENTS.DELETE_TITLE')}
          message={t('COMMENTS.DELETE_TEXT')}
          cancelLabel={t('POSTS.CANCEL')}
          confirmLabel={t('COMMENTS.DELETE')}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const target = deleting;
            setDeleting(null);
            void deleteComment(target.id).catch(() => undefined);
          }}
        />
      ) : null}
    </section>
  );
}
