import { useRef, useState, type FormEvent } from 'react';
import { COMMENT_CONTENT_MAX, type CommentSort } from '@/contract/constants';
import { useSession } from '@/lib/auth/session';
import { displayName } from '@/lib/display-name';
import { formatDate, useT } from '@/lib/i18n';
import { Button, ConfirmDialog, TextArea } from '@/ui';
import {
  commentText,
  deleteComment,
  editComment,
  saveComment,
  syncReplies,
  useComments,
  useCommentsRefresh,
  type LocalComment,
} from './data';
import { AuthorAvatar } from './post-card';

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
  const toggleReplies = () => {
    if (!showReplies) void syncReplies(comment.id).catch(() => undefined); // offline: what is here
    setShowReplies(!showReplies);
  };
  return (
    <li className="comment" data-testid="comment">
      <div className="comment__meta">
        <AuthorAvatar author={comment.author} />
        <strong>{displayName(comment.author)}</strong>
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
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: comment.content }} />
      )}
      <div className="comment__actions">
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
    </li>
  );
}

/** A post's comments: newest first by default (or oldest), replies on demand, a composer. */
export function CommentsSection({ postId, postAuthorId }: { postId: string; postAuthorId: string }) {
  const t = useT();
  const me = useSession().user?.id ?? '';
  const [sortBy, setSortBy] = useState<CommentSort>('newest');
  const data = useComments(postId, sortBy);
  const { more, hasMore } = useCommentsRefresh(postId, sortBy);
  const [deleting, setDeleting] = useState<LocalComment | null>(null);
  const heading = useRef<HTMLHeadingElement | null>(null);
  return (
    <section className="comments" aria-labelledby={`comments-${postId}`}>
      <div className="comments__header">
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
      {data === undefined ? null : data.comments.length === 0 ? (
        <p>{t('COMMENTS.EMPTY')}</p>
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
      {hasMore ? (
        <Button variant="secondary" onClick={more}>
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
