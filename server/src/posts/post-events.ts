// What the posts feature tells sockets (spec §3 "Post-updated socket message", §4): `postUpdated`
// to every socket that joined the post (join_post), and a realtime-only `post` notification to the
// author and their friends when a post appears, changes or goes, so that open feeds refresh live.
// Stored notifications (likes, comments, replies) go through the notifications service instead.
import type { FastifyInstance } from 'fastify';
import type { PostFeedAction } from '../../../src/contract/posts';
import type { PostUpdateMessage } from '../../../src/contract/constants';
import { REALTIME_ONLY_ID, type NotificationEvent } from '../../../src/contract/socket-events';
import { memberRoom } from '../realtime/realtime';
import { blockedIdsOf } from '../trust/trust-checks-repository';

export interface PostEvents {
  /**
   * Tells the post's room. With `actorId` (who liked, commented or edited a comment), the members
   * blocked either way with them are left out: nothing they do reaches the other, live or not
   * (docs/SPEC-NOTES.md "Trust").
   */
  postUpdated(postId: string, message: PostUpdateMessage, actorId?: string): void;
  /** Tells the author's devices and their friends' that the feed changed. */
  feedChanged(authorId: string, friendIds: string[], postId: string, action: PostFeedAction): void;
}

export function feedEvent(
  authorId: string,
  postId: string,
  action: PostFeedAction,
  now = new Date(),
): NotificationEvent {
  return {
    id: REALTIME_ONLY_ID,
    type: 'post',
    jsonPayload: { relatedPostId: postId, relatedFriendId: authorId, action },
    createdAt: now.toISOString(),
  };
}

/** Sends through `app.realtime` when the app has it; a failed push never fails the write. */
export function postEvents(app: FastifyInstance): PostEvents {
  const send = (what: string, fn: () => void) => {
    // An app built without the realtime module has no one to tell.
    if (!app.hasDecorator('realtime')) return;
    try {
      fn();
    } catch (err) {
      app.log.warn({ err }, `${what} push failed`);
    }
  };
  return {
    postUpdated: (postId, message, actorId) => {
      if (!app.hasDecorator('realtime')) return;
      if (!actorId) {
        send('postUpdated', () => app.realtime.toPost(postId).emit('postUpdated', { postId, message }));
        return;
      }
      blockedIdsOf(app.db.kysely, actorId).then(
        (blocked) =>
          send('postUpdated', () =>
            app.realtime
              .toPost(postId)
              .except([...blocked].map(memberRoom))
              .emit('postUpdated', { postId, message }),
          ),
        (err: unknown) => app.log.warn({ err }, 'postUpdated push failed'),
      );
    },
    feedChanged: (authorId, friendIds, postId, action) =>
      send('feed', () =>
        // One emit to every room at once: with the Redis adapter, one publish.
        app.realtime.io
          .to([authorId, ...friendIds].map(memberRoom))
          .emit('notification', feedEvent(authorId, postId, action)),
      ),
  };
}
