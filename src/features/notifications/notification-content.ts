// What a notification says and where a tap leads, from its type and payload (spec §3, §4).
// Every text names who did it ({name}: the `actor` the server joins, else the member the payload
// names, else "Someone") and, when the payload carries it, what ({excerpt}: the start of the
// comment, the liked post, the message's subject, the group's name; for the garage, the car).
import type { Notification } from '@/contract/notifications';
import { commentAnchor } from '@/lib/navigation';

export type NotificationKind =
  'message' | 'friend' | 'car' | 'carLog' | 'post' | 'comment' | 'chat' | 'other';

/** Where a tap goes; typed against the app's routes by the caller's navigate(). */
export type NotificationTarget =
  | { to: '/message/$id'; params: { id: string } }
  | { to: '/post/$id'; params: { id: string }; hash?: string }
  | { to: '/chat/$roomId'; params: { roomId: string } }
  | { to: '/car/$id'; params: { id: string } }
  | { to: '/my-cars/$carId/logs/$logId'; params: { carId: string; logId: string } }
  | { to: '/my-cars' }
  | { to: '/friends'; search?: { tab: 'requests' } }
  | { to: '/messages' | '/feed' | '/my-chat-groups' };

export interface NotificationContent {
  kind: NotificationKind;
  /** Catalog key of the text, with {name}; used when no excerpt is known. */
  key: string;
  /** Catalog key of the text with {name} and {excerpt}; null: the type has none. */
  excerptKey: string | null;
  /** The payload's excerpt (plain text), when it has one. */
  excerpt: string | null;
  /** The member whose name fills {name} when the notification carries no `actor`. */
  memberId: string | null;
  /** The car whose name fills {excerpt} (garage notifications). */
  carId: string | null;
  /** A car invitation's role, which fills {role}. */
  role?: string | null;
  /** null: nothing to open (an unknown type). */
  target: NotificationTarget | null;
}

const id = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

type Texts = Pick<NotificationContent, 'key' | 'excerptKey'>;
const texts = (key: string, excerptKey: string | null = null): Texts => ({ key, excerptKey });

function friendTexts(action: unknown): Texts {
  if (action === 'requested') return texts('NOTIFICATIONS.FRIEND_REQUESTED');
  if (action === 'accepted') return texts('NOTIFICATIONS.FRIEND_ACCEPTED');
  return texts('NOTIFICATIONS.FRIEND_OTHER');
}

/** A chat event opens its room when it names one (a group or room I was removed from: the list). */
function chatTarget(payload: Record<string, unknown>): NotificationTarget {
  const roomId = id(payload.relatedChatRoomId);
  const gone = payload.action === 'removed' || payload.action === 'deleted';
  return roomId && !gone ? { to: '/chat/$roomId', params: { roomId } } : { to: '/my-chat-groups' };
}

function chatTexts(type: string, action: unknown): Texts {
  if (type === 'chatmessage') return texts('NOTIFICATIONS.CHAT_MESSAGE');
  if (action === 'added') return texts('NOTIFICATIONS.CHAT_ADDED', 'NOTIFICATIONS.CHAT_ADDED_EXCERPT');
  return texts(type === 'chatgroup' ? 'NOTIFICATIONS.CHAT_GROUP' : 'NOTIFICATIONS.CHAT_ROOM');
}

function moderationTexts(action: unknown, outcome: unknown): Texts {
  if (action === 'report-closed')
    return texts(outcome === 'dismiss' ? 'NOTIFICATIONS.REPORT_DISMISSED' : 'NOTIFICATIONS.REPORT_ACTED');
  const key =
    action === 'content-removed'
      ? 'NOTIFICATIONS.MODERATION_REMOVED'
      : action === 'suspended'
        ? 'NOTIFICATIONS.MODERATION_SUSPENDED'
        : 'NOTIFICATIONS.MODERATION_WARNED';
  return texts(key, `${key}_EXCERPT`);
}

function postTarget(payload: Record<string, unknown>, commentId: string | null): NotificationTarget {
  const postId = id(payload.relatedPostId);
  if (!postId) return { to: '/feed' };
  return commentId
    ? { to: '/post/$id', params: { id: postId }, hash: commentAnchor(commentId) }
    : { to: '/post/$id', params: { id: postId } };
}

function carTarget(carId: string | null, action: unknown): NotificationTarget {
  return carId && action !== 'deleted' ? { to: '/car/$id', params: { id: carId } } : { to: '/my-cars' };
}

export function describeNotification({
  type,
  jsonPayload,
  actor,
}: Pick<Notification, 'type' | 'jsonPayload'> & Partial<Pick<Notification, 'actor'>>): NotificationContent {
  // Features add small facts such as `action` beside the spec's related ids.
  const payload = jsonPayload as Record<string, unknown>;
  const action = payload.action;
  const base = {
    excerpt: id(payload.excerpt),
    memberId: actor?.id ?? id(payload.actorId) ?? id(payload.relatedFriendId) ?? id(payload.senderId),
    carId: null,
  };
  switch (type) {
    case 'message': {
      const messageId = id(payload.relatedMessageId);
      return {
        kind: 'message',
        ...texts('NOTIFICATIONS.MESSAGE', 'NOTIFICATIONS.MESSAGE_EXCERPT'),
        ...base,
        target: messageId ? { to: '/message/$id', params: { id: messageId } } : { to: '/messages' },
      };
    }
    case 'friend':
      return {
        kind: 'friend',
        ...friendTexts(action),
        ...base,
        // A request waits for an answer on the friends screen's requests tab.
        target: action === 'requested' ? { to: '/friends', search: { tab: 'requests' } } : { to: '/friends' },
      };
    case 'car': {
      const carId = id(payload.relatedCarId);
      return {
        kind: 'car',
        ...texts('NOTIFICATIONS.CAR', 'NOTIFICATIONS.CAR_EXCERPT'),
        ...base,
        carId,
        target: carTarget(carId, action),
      };
    }
    // The owner shares a car with me: its page, where the invitation is answered.
    case 'car-invite': {
      const carId = id(payload.relatedCarId);
      return {
        kind: 'car',
        ...texts('NOTIFICATIONS.CAR_INVITE', 'NOTIFICATIONS.CAR_INVITE_EXCERPT'),
        ...base,
        carId,
        role: id(payload.role),
        target: carTarget(carId, undefined),
      };
    }
    // A car offered to me with its logbook, or my offer answered: the offers and the
    // sold records are in the garage; a declined offer leaves the car with me (its page).
    case 'car-transfer': {
      const carId = id(payload.relatedCarId);
      const key =
        action === 'accepted'
          ? 'NOTIFICATIONS.CAR_TRANSFER_ACCEPTED'
          : action === 'declined'
            ? 'NOTIFICATIONS.CAR_TRANSFER_DECLINED'
            : action === 'cancelled'
              ? 'NOTIFICATIONS.CAR_TRANSFER_CANCELLED'
              : 'NOTIFICATIONS.CAR_TRANSFER_OFFERED';
      return {
        kind: 'car',
        ...texts(key, `${key}_EXCERPT`),
        ...base,
        target: action === 'declined' ? carTarget(carId, undefined) : { to: '/my-cars' },
      };
    }
    case 'car log': {
      const carId = id(payload.relatedCarId);
      const logId = id(payload.relatedCarLogId);
      // A deleted entry has no page left: its car is the nearest thing.
      const target: NotificationTarget =
        carId && logId && action !== 'deleted'
          ? { to: '/my-cars/$carId/logs/$logId', params: { carId, logId } }
          : carTarget(carId, undefined);
      return {
        kind: 'carLog',
        ...texts('NOTIFICATIONS.CAR_LOG', 'NOTIFICATIONS.CAR_LOG_EXCERPT'),
        ...base,
        carId,
        target,
      };
    }
    case 'post':
      return {
        kind: 'post',
        ...(action === 'liked'
          ? texts('NOTIFICATIONS.POST_LIKED', 'NOTIFICATIONS.POST_LIKED_EXCERPT')
          : texts('NOTIFICATIONS.POST_OTHER', 'NOTIFICATIONS.POST_OTHER_EXCERPT')),
        ...base,
        target: postTarget(payload, null),
      };
    case 'comment':
      return {
        kind: 'comment',
        ...(action === 'replied'
          ? texts('NOTIFICATIONS.COMMENT_REPLIED', 'NOTIFICATIONS.COMMENT_REPLIED_EXCERPT')
          : texts('NOTIFICATIONS.COMMENTED', 'NOTIFICATIONS.COMMENTED_EXCERPT')),
        ...base,
        target: postTarget(payload, id(payload.relatedCommentId)),
      };
    // A member mentioned me (@username) in a post or a comment: it opens the post, at the comment.
    case 'mention': {
      const commentId = id(payload.relatedCommentId);
      return {
        kind: 'comment',
        ...(commentId
          ? texts('NOTIFICATIONS.MENTIONED_COMMENT', 'NOTIFICATIONS.MENTIONED_COMMENT_EXCERPT')
          : texts('NOTIFICATIONS.MENTIONED_POST', 'NOTIFICATIONS.MENTIONED_POST_EXCERPT')),
        ...base,
        target: postTarget(payload, commentId),
      };
    }
    case 'chatmessage':
    case 'chatroom':
    case 'chatgroup':
      return { kind: 'chat', ...chatTexts(type, action), ...base, target: chatTarget(payload) };
    // A reminder came due: it opens its car.
    case 'reminder': {
      const carId = id(payload.relatedCarId);
      return {
        kind: 'car',
        // "“Oil change” is overdue on Blue Alpine": the reminder's title and its car.
        ...(payload.state === 'overdue'
          ? texts('NOTIFICATIONS.REMINDER_OVERDUE', 'NOTIFICATIONS.REMINDER_OVERDUE_EXCERPT')
          : texts('NOTIFICATIONS.REMINDER_SOON', 'NOTIFICATIONS.REMINDER_SOON_EXCERPT')),
        ...base,
        carId,
        target: carTarget(carId, action),
      };
    }
    // The moderators acted on my content (why: their note), or on a thing I reported (the outcome).
    case 'moderation':
      return {
        kind: 'other',
        ...moderationTexts(action, payload.outcome),
        ...base,
        excerpt: id(payload.note),
        target: null,
      };
    default:
      return { kind: 'other', ...texts('NOTIFICATIONS.OTHER'), ...base, target: null };
  }
}

/** The ones the garage names its car in (its name fills {excerpt} in their texts). */
export const namesCar = (content: NotificationContent) => content.kind === 'car' || content.kind === 'carLog';

// Kept apart (the data layer's read marks need them, not the texts): see ./related.
export { RELATED_FIELD, isAbout } from './related';
