// What a member may report (only what they can see: 404 otherwise, as if it did not exist) and the
// thing as it is now, kept with the report for the moderators. A private message shares that
// message, and only it, with the moderators.
import type { Kysely } from 'kysely';
import type { ReportedContent, ReportTargetType } from '../../../src/contract/trust';
import type { Database } from '../db/schema';
import { hasRow } from '../db/paging';
import { notFound } from '../http/errors';
import { areFriends } from '../people/friendship-repository';
import { blockedEitherWay, hasBlocked } from './trust-checks-repository';
import '../posts/posts-tables';
import '../messages/messages-table';
import '../chat/chat-tables';

const NAMES: Record<ReportTargetType, string> = {
  user: 'User',
  post: 'Post',
  comment: 'Comment',
  message: 'Message',
  'chat-message': 'Chat message',
  car: 'Car',
};

/** The thing as `memberId` sees it now, or 404 when they cannot see it. */
export async function reportTarget(
  db: Kysely<Database>,
  memberId: string,
  type: ReportTargetType,
  id: string,
): Promise<ReportedContent> {
  const found = await read(db, memberId, type, id);
  if (!found) throw notFound(NAMES[type]);
  return found;
}

/** A post `memberId` may read: theirs, or a friend's who has not blocked them. */
async function readablePost(db: Kysely<Database>, memberId: string, postId: string) {
  const post = await db
    .selectFrom('posts')
    .select(['id', 'author_id', 'content'])
    .where('id', '=', postId)
    .executeTakeFirst();
  if (!post) return null;
  if (post.author_id === memberId) return post;
  if (!(await areFriends(db, memberId, post.author_id))) return null;
  return (await blockedEitherWay(db, memberId, post.author_id)) ? null : post;
}

async function read(
  db: Kysely<Database>,
  memberId: string,
  type: ReportTargetType,
  id: string,
): Promise<ReportedContent | null> {
  switch (type) {
    case 'user': {
      const user = await db
        .selectFrom('users')
        .select(['id', 'username', 'first_name', 'last_name', 'city', 'bio', 'avatar'])
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!user || user.id === memberId || (await hasBlocked(db, user.id, memberId))) return null;
      return {
        authorId: user.id,
        text: user.bio ?? '',
        fields: {
          username: user.username,
          firstName: user.first_name,
          lastName: user.last_name,
          city: user.city,
          avatar: user.avatar,
        },
      };
    }
    case 'post': {
      const post = await readablePost(db, memberId, id);
      return post ? { authorId: post.author_id, text: post.content, fields: {} } : null;
    }
    case 'comment': {
      const comment = await db
        .selectFrom('comments')
        .select(['id', 'post_id', 'author_id', 'content'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!comment || !(await readablePost(db, memberId, comment.post_id))) return null;
      if (await blockedEitherWay(db, memberId, comment.author_id)) return null;
      return { authorId: comment.author_id, text: comment.content, fields: { postId: comment.post_id } };
    }
    case 'message': {
      const message = await db
        .selectFrom('messages')
        .select(['sender_id', 'recipient_id', 'subject', 'content', 'sender_deleted', 'recipient_deleted'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!message) return null;
      const mine =
        (message.recipient_id === memberId && Number(message.recipient_deleted) === 0) ||
        (message.sender_id === memberId && Number(message.sender_deleted) === 0);
      if (!mine) return null;
      return {
        authorId: message.sender_id,
        text: message.content,
        fields: { subject: message.subject, recipientId: message.recipient_id },
      };
    }
    case 'chat-message': {
      const line = await db
        .selectFrom('chat_messages')
        .select(['chat_room_id', 'sender_id', 'content'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!line) return null;
      const inRoom = await hasRow(
        db
          .selectFrom('chat_room_participants')
          .where('chat_room_id', '=', line.chat_room_id)
          .where('member_id', '=', memberId),
      );
      return inRoom
        ? { authorId: line.sender_id, text: line.content, fields: { chatRoomId: line.chat_room_id } }
        : null;
    }
    case 'car': {
      const car = await db
        .selectFrom('cars')
        .select(['id', 'owner_id', 'make', 'model', 'nickname', 'description', 'image'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!car) return null;
      const readable =
        car.owner_id === memberId ||
        (await hasRow(
          db
            .selectFrom('car_members')
            .where('car_id', '=', id)
            .where('user_id', '=', memberId)
            .where('status', '=', 'accepted'),
        )) ||
        ((await areFriends(db, memberId, car.owner_id)) &&
          !(await blockedEitherWay(db, memberId, car.owner_id)));
      if (!readable) return null;
      return {
        authorId: car.owner_id,
        text: car.description ?? '',
        fields: { make: car.make, model: car.model, nickname: car.nickname, image: car.image },
      };
    }
  }
}
