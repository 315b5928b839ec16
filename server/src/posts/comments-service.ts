// Comments and replies: read and written by those who may read the post; edited by their author;
// deleted by their author or the post's. Notifications: the post's author for a comment on their
// post, a comment's author for a reply to it; never for one's own action.
import { randomUUID } from 'node:crypto';
import {
  type Comment,
  type CommentDeleted,
  type CommentInput,
  type CommentListQuery,
  type RepliesQuery,
} from '../../../src/contract/posts';
import { COMMENT_CONTENT_MAX } from '../../../src/contract/constants';
import { sanitizeRichText } from '../http/rich-text';
import { AppError, badRequest, conflict, notFound, foundOr404 } from '../http/errors';
import { excerptOf } from '../notifications/excerpt';
import type { NotificationsService } from '../notifications/notifications-service';
import type { CommentsRepository } from './comments-repository';
import type { PostEvents } from './post-events';
import type { PostHead } from './posts-repository';
import type { MentionsService } from './mentions-service';

interface Deps {
  comments: CommentsRepository;
  /** The post's head when the member may read it, else throws 404 (posts-service `readable`). */
  readablePost(memberId: string, postId: string): Promise<PostHead>;
  notifications: Pick<NotificationsService, 'create'>;
  /** Tells the members a comment mentions (absent: nobody is told). A comment's tags are links only. */
  mentions?: Pick<MentionsService, 'tell'>;
  events: Pick<PostEvents, 'postUpdated'>;
  warn(err: unknown, message: string): void;
  /** The members whose comments the member does not see: blocked either way (server/src/trust). */
  hiddenAuthors?: (memberId: string) => Promise<Set<string>>;
  now?: () => Date;
}

function cleanComment(html: string): string {
  const clean = sanitizeRichText(html);
  if (clean.textLength === 0 || clean.textLength > COMMENT_CONTENT_MAX) {
    throw badRequest('Some fields are missing or invalid.', [
      { field: 'body.content', message: `must have 1 to ${COMMENT_CONTENT_MAX} characters of text` },
    ]);
  }
  return clean.html;
}

export function commentsService({
  comments,
  readablePost,
  notifications,
  mentions = { tell: async () => undefined },
  warn,
  events,
  hiddenAuthors = async () => new Set<string>(),
  now = () => new Date(),
}: Deps) {
  /** The page without the comments of members blocked either way (the total is the post's count). */
  async function shown<T extends { items: Comment[] }>(memberId: string, page: T): Promise<T> {
    const hidden = await hiddenAuthors(memberId);
    return hidden.size === 0 ? page : { ...page, items: page.items.filter((c) => !hidden.has(c.author.id)) };
  }

  /** The comment with its post's head, when the member may read the post; else 404. */
  async function visible(memberId: string, id: string): Promise<{ comment: Comment; post: PostHead }> {
    const comment = await comments.find(id);
    if (!comment) throw notFound('Comment');
    try {
      return { comment, post: await readablePost(memberId, comment.postId) };
    } catch (error) {
      // A post the member may not read hides its comments as well.
      if (error instanceof AppError && error.statusCode === 404) throw notFound('Comment');
      throw error;
    }
  }

  async function load(id: string): Promise<Comment> {
    return foundOr404(await comments.find(id), 'Comment');
  }

  async function tell(memberId: string, type: 'comment', jsonPayload: Record<string, unknown>) {
    try {
      await notifications.create(memberId, { type, jsonPayload });
    } catch (err) {
      warn(err, 'comment notification not stored');
    }
  }

  return {
    async list(memberId: string, postId: string, query: CommentListQuery) {
      await readablePost(memberId, postId);
      return shown(memberId, await comments.listTop(postId, query));
    },

    /** A comment's replies, oldest first; `total` is its repliesCount. */
    async replies(memberId: string, id: string, query: RepliesQuery) {
      const { comment } = await visible(memberId, id);
      if ((await hiddenAuthors(memberId)).has(comment.author.id)) throw notFound('Comment');
      return shown(memberId, { items: await comments.listReplies(id, query), total: comment.repliesCount });
    },

    async get(memberId: string, id: string): Promise<Comment> {
      const { comment } = await visible(memberId, id);
      if ((await hiddenAuthors(memberId)).has(comment.author.id)) throw notFound('Comment');
      return comment;
    },

    /**
     * Comments on a post the member may read (404 otherwise); with `parentCommentId`, replies to
     * a comment of the same post. `created: false` when the member already sent this client id.
     */
    async create(memberId: string, input: CommentInput): Promise<{ comment: Comment; created: boolean }> {
      if (input.id) {
        const stored = await comments.find(input.id);
        if (stored) return { comment: replayed(memberId, stored), created: false };
      }
      const post = await readablePost(memberId, input.postId);
      const parentId = input.parentCommentId ?? null;
      const parent = parentId === null ? undefined : await comments.find(parentId);
      if (parentId !== null && (!parent || parent.postId !== post.id)) {
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'body.parentCommentId', message: 'must be a comment of the same post' },
        ]);
      }
      const at = now().toISOString();
      const id = input.id ?? randomUUID();
      const content = cleanComment(input.content);
      const inserted = await comments.insert({
        id,
        post_id: post.id,
        author_id: memberId,
        parent_comment_id: parentId,
        content,
        created_at: at,
        updated_at: at,
      });
      if (!inserted) {
        // The same client id raced in from another request: answer what won.
        const stored = await comments.find(id);
        if (!stored) throw conflict('This id is already in use.');
        return { comment: replayed(memberId, stored), created: false };
      }
      const related = {
        relatedPostId: post.id,
        relatedCommentId: id,
        relatedFriendId: memberId,
        actorId: memberId,
        excerpt: excerptOf(content, { html: true }),
      };
      // One notification per person: a reply to the post author's own comment tells them once.
      if (parent && parent.author.id !== memberId)
        await tell(parent.author.id, 'comment', {
          ...related,
          action: 'replied',
          parentCommentId: parent.id,
        });
      if (post.author_id !== memberId && post.author_id !== parent?.author.id)
        await tell(post.author_id, 'comment', { ...related, action: 'commented' });
      await mentions.tell({
        actorId: memberId,
        postId: post.id,
        postAuthorId: post.author_id,
        commentId: id,
        html: content,
      });
      events.postUpdated(post.id, 'commented', memberId);
      return { comment: await load(id), created: true };
    },

    /** The author edits their comment; anyone else gets 404. */
    async update(memberId: string, id: string, content: string): Promise<Comment> {
      const { comment, post } = await visible(memberId, id);
      if (comment.author.id !== memberId) throw notFound('Comment');
      const clean = cleanComment(content);
      await comments.updateContent(id, clean, now().toISOString());
      // Only a mention new to this comment tells its member.
      await mentions.tell({
        actorId: memberId,
        postId: post.id,
        postAuthorId: post.author_id,
        commentId: id,
        html: clean,
      });
      events.postUpdated(comment.postId, 'comment-edited', memberId);
      return load(id);
    },

    /** The moderators removed the comment (and its replies): gone for everyone. */
    async removeByModerators(id: string): Promise<void> {
      const comment = foundOr404(await comments.find(id), 'Comment');
      await comments.delete(id, comment.postId);
      events.postUpdated(comment.postId, 'comment-deleted');
    },

    /** Its author, or the post's author, deletes a comment and its replies; anyone else gets 404. */
    async remove(memberId: string, id: string): Promise<CommentDeleted> {
      const { comment, post } = await visible(memberId, id);
      if (comment.author.id !== memberId && post.author_id !== memberId) throw notFound('Comment');
      const commentsCount = await comments.delete(id, post.id);
      events.postUpdated(post.id, 'comment-deleted');
      return { id, postId: post.id, commentsCount };
    },
  };
}

/** A create repeated with a used id: the stored comment when it is this member's, else 409. */
function replayed(memberId: string, stored: Comment): Comment {
  // Someone else's id: refuse without telling what it is.
  if (stored.author.id !== memberId)
    throw conflict('This id is already in use.', [{ field: 'body.id', message: 'is already in use' }]);
  return stored;
}

export type CommentsService = ReturnType<typeof commentsService>;
