// Hashtags and mentions of a post's or a comment's text (docs/SPEC-NOTES.md "Hashtags and
// mentions"; the rules in src/contract/hashtags.ts). A tag or a mention is found in the text as the
// reader sees it, never inside a link (the client does not link inside one either).
// A member mentioned is told (a `mention` notification, and a push under `pushMentions`) once per
// post or comment: not for their own text, not when they cannot read the post, not across a block.
import { hashtagKeysOf, MENTIONS_TOLD_MAX, mentionedUsernamesOf } from '../../../src/contract/hashtags';
import { htmlToText } from '../http/rich-text';
import { excerptOf } from '../notifications/excerpt';
import type { NotificationsService } from '../notifications/notifications-service';
import type { MentionsRepository } from './mentions-repository';

/** The plain text of sanitised rich text, without the text of its links. */
export function plainTextOf(html: string): string {
  return htmlToText(html.replace(/<a\b[^>]*>[\s\S]*?<\/a>/gi, ' '));
}

/** The keys of the tags of sanitised rich text. */
export const tagsOf = (html: string): string[] => hashtagKeysOf(plainTextOf(html));

export interface MentionsDeps {
  mentions: MentionsRepository;
  /** Whether `memberId` may read a post of `authorId` (the author, or a friend). */
  mayRead(memberId: string, authorId: string): Promise<boolean>;
  /** Whether either member blocked the other. */
  blocked(a: string, b: string): Promise<boolean>;
  notifications: Pick<NotificationsService, 'create'>;
  warn(err: unknown, message: string): void;
  now?: () => Date;
}

export interface MentioningText {
  /** Who wrote it. */
  actorId: string;
  postId: string;
  postAuthorId: string;
  /** The comment's id; null for the post's own text. */
  commentId: string | null;
  /** Sanitised rich text. */
  html: string;
}

export function mentionsService({
  mentions,
  mayRead,
  blocked,
  notifications,
  warn,
  now = () => new Date(),
}: MentionsDeps) {
  return {
    /**
     * Tells the members the text mentions who were not told of this post's or comment's mention
     * before. A failure is logged: the write it follows stands.
     */
    async tell({ actorId, postId, postAuthorId, commentId, html }: MentioningText): Promise<void> {
      try {
        const names = mentionedUsernamesOf(plainTextOf(html)).slice(0, MENTIONS_TOLD_MAX);
        if (names.length === 0) return;
        const excerpt = excerptOf(html, { html: true });
        for (const { id } of await mentions.membersNamed(names)) {
          if (id === actorId) continue;
          if (!(await mayRead(id, postAuthorId)) || (await blocked(id, actorId))) continue;
          const fresh = await mentions.record({
            sourceId: commentId ?? postId,
            memberId: id,
            postId,
            commentId,
            at: now().toISOString(),
          });
          if (!fresh) continue;
          await notifications.create(id, {
            type: 'mention',
            jsonPayload: {
              actorId,
              relatedFriendId: actorId,
              relatedPostId: postId,
              ...(commentId ? { relatedCommentId: commentId } : {}),
              excerpt,
            },
          });
        }
      } catch (err) {
        warn(err, 'mention notifications not stored');
      }
    },
  };
}

export type MentionsService = ReturnType<typeof mentionsService>;
