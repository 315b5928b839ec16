// Which notifications an opened item marks read, apart from the notifications' texts
// (notification-content.ts): the bell's data layer loads at start-up and needs only this.
import type {
  NOTIFICATION_RELATED_FIELDS,
  Notification,
  NotificationRelatedType,
} from '@/contract/notifications';

/**
 * What opening an item marks read (POST /notifications/read-related): the kind of item and the
 * payload field that names it (src/contract/notifications.ts). `friend` only matches 'friend'
 * notifications, as on the server.
 */
// The contract's map is a value the client does not import (types only): checked against it here.
export const RELATED_FIELD: typeof NOTIFICATION_RELATED_FIELDS = {
  message: 'relatedMessageId',
  'friend-request': 'relatedFriendRequestId',
  friend: 'relatedFriendId',
  post: 'relatedPostId',
  comment: 'relatedCommentId',
  chatroom: 'relatedChatRoomId',
  chatgroup: 'relatedChatGroupId',
  car: 'relatedCarId',
  'car-log': 'relatedCarLogId',
};

/** Whether the notification points at that item (what read-related marks read). */
export function isAbout(
  notification: Pick<Notification, 'type' | 'jsonPayload'>,
  relatedType: NotificationRelatedType,
  relatedId: string,
): boolean {
  if (relatedType === 'friend' && notification.type !== 'friend') return false;
  const field: string = RELATED_FIELD[relatedType];
  return (notification.jsonPayload as Record<string, unknown>)[field] === relatedId;
}
