// What a notification says and where a tap leads, from its type and payload (spec §3, §4).
// The payload carries ids only: texts name the member when their name is known (relatedFriendId,
// looked up separately) and fall back to a text without a name.
import type { Notification } from '@/contract/notifications';

export type NotificationKind =
  'message' | 'friend' | 'car' | 'carLog' | 'post' | 'comment' | 'chat' | 'other';

/** Where a tap goes; typed against the app's routes by the caller's navigate(). */
export type NotificationTarget =
  | { to: '/message/$id'; params: { id: string } }
  | { to: '/chat/$roomId'; params: { roomId: string } }
  | { to: '/edit-car-log/$carId/$logId'; params: { carId: string; logId: string } }
  | { to: '/my-cars'; selectCarId?: string }
  | { to: '/friends'; search?: { tab: 'requests' } }
  | { to: '/messages' | '/my-posts' | '/my-chat-groups' };

export interface NotificationContent {
  kind: NotificationKind;
  /** Catalog key of the text with {name}; used when the member's name is known. */
  namedKey: string | null;
  /** Catalog key of the text without a name. */
  textKey: string;
  /** The member whose name fills {name}. */
  memberId: string | null;
  /** null: nothing to open (an unknown type). */
  target: NotificationTarget | null;
}

const id = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

function friendTexts(action: unknown): Pick<NotificationContent, 'namedKey' | 'textKey'> {
  if (action === 'requested')
    return {
      namedKey: 'NOTIFICATIONS.FRIEND_REQUESTED',
      textKey: 'NOTIFICATIONS.FRIEND_REQUESTED_ANONYMOUS',
    };
  if (action === 'accepted')
    return { namedKey: 'NOTIFICATIONS.FRIEND_ACCEPTED', textKey: 'NOTIFICATIONS.FRIEND_ACCEPTED_ANONYMOUS' };
  return { namedKey: 'NOTIFICATIONS.FRIEND_OTHER', textKey: 'NOTIFICATIONS.FRIEND_OTHER_ANONYMOUS' };
}

/** A chat event opens its room when it names one (a group or room I was removed from: the list). */
function chatTarget(payload: Record<string, unknown>): NotificationTarget {
  const roomId = id(payload.relatedChatRoomId);
  const gone = payload.action === 'removed' || payload.action === 'deleted';
  return roomId && !gone ? { to: '/chat/$roomId', params: { roomId } } : { to: '/my-chat-groups' };
}

function carTarget(carId: string | null): NotificationTarget {
  return carId ? { to: '/my-cars', selectCarId: carId } : { to: '/my-cars' };
}

export function describeNotification({
  type,
  jsonPayload,
}: Pick<Notification, 'type' | 'jsonPayload'>): NotificationContent {
  // Features add small facts such as `action` beside the spec's related ids.
  const payload = jsonPayload as Record<string, unknown>;
  const memberId = id(payload.relatedFriendId);
  switch (type) {
    case 'message': {
      const messageId = id(payload.relatedMessageId);
      return {
        kind: 'message',
        namedKey: 'NOTIFICATIONS.MESSAGE',
        textKey: 'NOTIFICATIONS.MESSAGE_ANONYMOUS',
        memberId,
        target: messageId ? { to: '/message/$id', params: { id: messageId } } : { to: '/messages' },
      };
    }
    case 'friend':
      return {
        kind: 'friend',
        ...friendTexts(payload.action),
        memberId,
        // A request waits for an answer on the friends screen's requests tab.
        target:
          payload.action === 'requested'
            ? { to: '/friends', search: { tab: 'requests' } }
            : { to: '/friends' },
      };
    case 'car':
      return {
        kind: 'car',
        namedKey: null,
        textKey: 'NOTIFICATIONS.CAR',
        memberId: null,
        target: carTarget(id(payload.relatedCarId)),
      };
    case 'car log': {
      const carId = id(payload.relatedCarId);
      const logId = id(payload.relatedCarLogId);
      // A deleted entry has no page left: its car's logbook is the nearest thing.
      const target: NotificationTarget =
        carId && logId && payload.action !== 'deleted'
          ? { to: '/edit-car-log/$carId/$logId', params: { carId, logId } }
          : carTarget(carId);
      return { kind: 'carLog', namedKey: null, textKey: 'NOTIFICATIONS.CAR_LOG', memberId: null, target };
    }
    // Post pages come with a later issue; the feed is the nearest screen until then.
    case 'post':
      return {
        kind: 'post',
        namedKey: null,
        textKey: 'NOTIFICATIONS.POST',
        memberId: null,
        target: { to: '/my-posts' },
      };
    case 'comment':
      return {
        kind: 'comment',
        namedKey: null,
        textKey: 'NOTIFICATIONS.COMMENT',
        memberId: null,
        target: { to: '/my-posts' },
      };
    case 'chatmessage':
      return {
        kind: 'chat',
        namedKey: 'NOTIFICATIONS.CHAT_MESSAGE',
        textKey: 'NOTIFICATIONS.CHAT_MESSAGE_ANONYMOUS',
        memberId,
        target: chatTarget(payload),
      };
    case 'chatroom':
      return {
        kind: 'chat',
        namedKey: null,
        textKey: 'NOTIFICATIONS.CHAT_ROOM',
        memberId: null,
        target: chatTarget(payload),
      };
    case 'chatgroup':
      return {
        kind: 'chat',
        namedKey: null,
        textKey: 'NOTIFICATIONS.CHAT_GROUP',
        memberId: null,
        target: chatTarget(payload),
      };
    // A reminder came due (issue 16): it opens its car.
    case 'reminder':
      return {
        kind: 'car',
        namedKey: null,
        textKey:
          payload.state === 'overdue' ? 'NOTIFICATIONS.REMINDER_OVERDUE' : 'NOTIFICATIONS.REMINDER_SOON',
        memberId: null,
        target: carTarget(id(payload.relatedCarId)),
      };
    default:
      return { kind: 'other', namedKey: null, textKey: 'NOTIFICATIONS.OTHER', memberId: null, target: null };
  }
}
